// A string without `max` has no bound: asking for the type's `max_size` in a constant
// is a compile-time error that says why.
use packed_core::{MaxSize, Packed};

#[derive(Packed, MaxSize)]
struct Chat {
    from: u32,
    text: String,
}

const CHAT: usize = packed_core::max_size::<Chat>();

fn main() {
    let _buffer = [0u8; CHAT];
}
