// A borrowing type read from a stream. The compiler checks the higher-ranked bound
// before any `on_unimplemented` applies, so the message is rustc's own ("not general
// enough"); `from_reader`'s docs show it and say to use `from_slice`. Pinned here so
// that a rustc that lets the crate word it shows up as a change.
use packed_core::Packed;

#[derive(Packed, Debug)]
struct Line<'a> {
    text: &'a str,
}

fn main() {
    let input: &[u8] = &[1, b'a'];
    let _ = packed_core::from_reader::<Line, _>(input);
}
