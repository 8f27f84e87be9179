//! Reads bytes written by the real C++ library Bitsery into a Rust struct.
//!
//! The C++ side (Bitsery 5.2.4, `bitsery::DefaultConfig`):
//!
//! ```cpp
//! struct Meta { std::string region; int32_t version; };
//! struct Item { std::string sku; int32_t qty; int64_t price_minor; };
//! struct Document { std::string id; int32_t status; Meta meta; std::vector<Item> items; };
//!
//! template <typename S> void serialize(S& s, Document& d) {
//!     s.text1b(d.id, 64); s.value4b(d.status); s.object(d.meta);
//!     s.container(d.items, 1000);
//! }
//! // Meta: s.text1b(region, 64); s.value4b(version);
//! // Item: s.text1b(sku, 64); s.value4b(qty); s.value8b(price_minor);
//! ```
//!
//! The Rust side declares the same fields in the same order and derives `Packed`: the
//! default layout is Bitsery's (compact lengths, little-endian, no header), and the
//! `max` on each field is Bitsery's `maxSize`, checked on decode.
//!
//! ```sh
//! cargo run -p packed-core --example read_bitsery                 # the repository's golden file
//! cargo run -p packed-core --example read_bitsery -- FILE.hex     # another one (hex text)
//! ```
//!
//! The default file is `testdata/golden/bitsery-le_document.hex`: bytes the real
//! Bitsery wrote, kept as hex text, in the repository (not in the published crate).

use packed_core::Packed;

#[derive(Packed, Debug, PartialEq)]
struct Meta {
    #[packed(max = 64)]
    region: String,
    version: i32,
}

#[derive(Packed, Debug, PartialEq)]
struct Item {
    #[packed(max = 64)]
    sku: String,
    qty: i32,
    price_minor: i64,
}

#[derive(Packed, Debug, PartialEq)]
struct Document {
    #[packed(max = 64)]
    id: String,
    status: i32,
    meta: Meta,
    #[packed(max = 1000)]
    items: Vec<Item>,
}

/// The bytes of a golden file: lowercase hex on one line.
fn unhex(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim();
    if text.len() % 2 != 0 {
        return Err("odd number of hex digits".into());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|e| format!("at {i}: {e}")))
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/golden/bitsery-le_document.hex"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{path}: {e} (pass a Bitsery output file as hex text)"))?;
    let bytes = unhex(&text)?;

    let doc: Document = packed_core::from_slice(&bytes)?;
    println!("{} bytes from Bitsery: {doc:#?}", bytes.len());
    assert_eq!(doc.id, "doc-000123");
    assert_eq!(doc.items.len(), 8);
    assert_eq!(doc.items[7].price_minor, -8999);

    // Writing it back gives Bitsery's bytes exactly.
    assert_eq!(packed_core::to_vec(&doc)?, bytes);
    // And where every byte went:
    println!("{}", packed_core::explain(&doc.meta)?);
    Ok(())
}
