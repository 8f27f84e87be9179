// A type with no packed decoding at all, read from a stream: the message is about the
// missing `Decode`, not about borrowing.
struct Plain {
    _x: u8,
}

fn main() {
    let input: &[u8] = &[1];
    let _ = packed_core::from_reader::<Plain, _>(input);
}
