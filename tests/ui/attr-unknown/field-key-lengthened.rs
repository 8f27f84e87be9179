// Keys lengthened from the short names users reach for (`length` for `len`, `maximum`
// for `max`, `skipped` for `skip`; misspelled too): the error names the key they start
// with.
use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(lenght = "u8")]
    name: String,
    #[packed(maximum = 16)]
    tags: Vec<u8>,
    #[packed(skipped)]
    cache: u64,
}

fn main() {}
