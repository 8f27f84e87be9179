use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Request {
    #[packed(entropy = [80, "http"])]
    port: u16,
    #[packed(entropy = [])]
    method: String,
    #[packed(entropy = "GET")]
    verb: String,
    #[packed(entropy = [1.5])]
    ratio: f32,
}

fn main() {}
