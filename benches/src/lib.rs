//! Data sets shared by the benchmarks and the `compare` example: the seed document of
//! the serialization suite that motivates `packed` (wire-format.md, section 5).

use packed_core::Packed;

/// The document's `meta` record.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct Meta {
    /// Region name.
    pub region: String,
    /// Schema version.
    pub version: i32,
}

/// One line item.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct Item {
    /// Stock-keeping unit.
    pub sku: String,
    /// Quantity.
    pub qty: i32,
    /// Price in minor units.
    pub price_minor: i64,
}

/// The seed document: fields in this order, nested records inline. No container
/// attributes, so it takes whatever layout it is encoded with (Bitsery by default).
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// Identifier.
    pub id: String,
    /// Status code.
    pub status: i32,
    /// Metadata.
    pub meta: Meta,
    /// Line items.
    pub items: Vec<Item>,
}

/// The seed document's values (the suite's generator, seed 42).
#[must_use]
pub fn seed_document() -> Document {
    const ITEMS: [(&str, i32, i64); 8] = [
        ("zbug", 87, 46267),
        ("tifpue", 50, 24457),
        ("uziae", 100, 78673),
        ("njtkyptftjld", 89, 37068),
        ("ottbfguc", 7, 95464),
        ("rjjbieheamk", 100, 54541),
        ("timcpxmw", 1, 91342),
        ("wynmiebf", 48, 12806),
    ];
    Document {
        id: "ytglvmbsd".into(),
        status: 2,
        meta: Meta { region: "hokq".into(), version: 3 },
        items: ITEMS
            .iter()
            .map(|&(sku, qty, price_minor)| Item { sku: sku.into(), qty, price_minor })
            .collect(),
    }
}
