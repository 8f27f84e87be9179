// Every mistake is reported in one build, each at its own token.
use packed_core::Packed;

#[derive(Packed)]
#[packed(lenn = "u8", endian = "middle")]
struct Message {
    #[packed(max = "x")]
    name: String,
    #[packed(skip, with = "m")]
    cache: Vec<u8>,
}

fn main() {}
