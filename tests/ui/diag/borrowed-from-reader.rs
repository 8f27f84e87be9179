// A borrowing type read from a stream: the error says to decode it with `from_slice`.
use packed_core::Packed;

#[derive(Packed, Debug)]
struct Line<'a> {
    text: &'a str,
}

fn main() {
    let input: &[u8] = &[1, b'a'];
    let _ = packed_core::from_reader::<Line, _>(input);
}
