use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Request {
    // The same number in two spellings.
    #[packed(entropy = [80, 443, 0x50])]
    port: u16,
    #[packed(entropy = ["GET", "POST", "GET"])]
    method: String,
    #[packed(entropy = [-1, 0, -1_i8])]
    delta: i8,
}

fn main() {}
