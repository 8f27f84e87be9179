// A length prefix named without its quotes: the error says to quote it.
use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(len = u8)]
    name: String,
}

fn main() {}
