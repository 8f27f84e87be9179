//! Quick end-to-end check of the seed document.
use packed_core::{layout, Packed};

#[derive(Packed, Debug, PartialEq, Clone)]
struct Meta {
    region: String,
    version: i32,
}
#[derive(Packed, Debug, PartialEq, Clone)]
struct Item {
    sku: String,
    qty: i32,
    price_minor: i64,
}
#[derive(Packed, Debug, PartialEq, Clone)]
struct Document {
    id: String,
    status: i32,
    meta: Meta,
    items: Vec<Item>,
}
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(layout = "yas")]
struct YasDocument {
    id: String,
    status: i32,
    meta: Meta,
    items: Vec<Item>,
}

#[derive(Packed, Debug, PartialEq)]
#[repr(i32)]
enum E32 {
    A = 1,
    B = 3,
}

#[derive(Packed, Debug, PartialEq)]
enum Shape<'a> {
    Unit,
    Tup(u8, &'a str),
    Named {
        x: Option<Box<Shape<'a>>>,
        #[packed(len = "u8", max = 3)]
        v: Vec<u16>,
    },
}

fn seed() -> Document {
    let items = [
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
        meta: Meta {
            region: "hokq".into(),
            version: 3,
        },
        items: items
            .iter()
            .map(|&(s, q, p)| Item {
                sku: s.into(),
                qty: q,
                price_minor: p,
            })
            .collect(),
    }
}

#[test]
fn seed_sizes() {
    let d = seed();
    let b = packed_core::to_vec(&d).unwrap();
    assert_eq!(b.len(), 190);
    assert_eq!(packed_core::from_slice::<Document>(&b).unwrap(), d);
    assert_eq!(
        packed_core::to_vec_as::<layout::Yas, _>(&d).unwrap().len(),
        274
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>(&d)
            .unwrap()
            .len(),
        267
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasCompacted, _>(&d)
            .unwrap()
            .len(),
        134
    );
    let y = YasDocument {
        id: d.id.clone(),
        status: d.status,
        meta: d.meta.clone(),
        items: d.items.clone(),
    };
    let yb = packed_core::to_vec(&y).unwrap();
    assert_eq!(yb.len(), 274);
    assert_eq!(&yb[..7], b"yas0017");
    assert_eq!(packed_core::from_slice::<YasDocument>(&yb).unwrap(), y);
    assert_eq!(packed_core::encoded_len(&y).unwrap(), 274);
    let e = packed_core::to_vec_as::<layout::Yas, _>(&E32::B).unwrap();
    assert_eq!(e, b"yas0017\x04\x03\x00\x00\x00");
    let s = Shape::Named {
        x: Some(Box::new(Shape::Tup(5, "hi"))),
        v: vec![1, 2],
    };
    let sb = packed_core::to_vec(&s).unwrap();
    assert_eq!(sb, [2, 1, 1, 5, 2, b'h', b'i', 2, 1, 0, 2, 0]);
    assert_eq!(packed_core::from_slice::<Shape>(&sb).unwrap(), s);
}
