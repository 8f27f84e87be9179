//! The main job: the seed document under every layout, side by side.
//!
//! `cargo run --release --example compare`

use packed_benches::{seed_document, Document};
use packed_core::{layout, Layout};

/// One row: a layout's name and how to encode and decode the document with it.
struct Row {
    name: &'static str,
    encode: fn(&Document) -> Vec<u8>,
}

fn row<L: Layout>(name: &'static str) -> Row {
    Row {
        name,
        encode: |d| packed_core::to_vec_as::<L, _>(d).expect("the seed document fits every layout"),
    }
}

fn hex(bytes: &[u8], n: usize) -> String {
    let shown: Vec<String> = bytes.iter().take(n).map(|b| format!("{b:02x}")).collect();
    let more = if bytes.len() > n { " …" } else { "" };
    format!("{}{more}", shown.join(" "))
}

fn main() {
    let doc = seed_document();
    let rows = [
        row::<layout::Bitsery>("compact (Bitsery)"),
        row::<layout::Spec<packed_core::len::U8, packed_core::num::Fixed, packed_core::num::Little, layout::NoHeader, layout::PlainEnums>>("u8 lengths"),
        row::<layout::Spec<packed_core::len::U16, packed_core::num::Fixed, packed_core::num::Little, layout::NoHeader, layout::PlainEnums>>("u16 lengths"),
        row::<layout::Spec<packed_core::len::U32, packed_core::num::Fixed, packed_core::num::Little, layout::NoHeader, layout::PlainEnums>>("u32 lengths"),
        row::<layout::YasNoHeader>("u64 lengths (YAS, no header)"),
        row::<layout::Yas>("YAS binary (u64 + header)"),
        row::<layout::YasCompacted>("YAS compacted"),
        row::<layout::Varint>("varint (LEB128)"),
    ];
    let base = (rows[0].encode)(&doc).len();
    println!("seed document under each layout\n");
    println!("{:<30} {:>6} {:>7}  first bytes", "layout", "bytes", "vs 1st");
    for r in &rows {
        let bytes = (r.encode)(&doc);
        let diff = bytes.len() as isize - base as isize;
        println!("{:<30} {:>6} {:>+7}  {}", r.name, bytes.len(), diff, hex(&bytes, 24));
    }
}
