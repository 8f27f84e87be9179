use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Flags {
    #[packed(range = "0..=1")]
    on: bool,
    #[packed(range = "0..=10")]
    name: String,
    #[packed(align_before_data = false)]
    port: u16,
    #[packed(align_before_data = "no")]
    maybe: Option<u16>,
    #[packed(bits = 65)]
    wide: u64,
    #[packed(range = "0..=10")]
    huge: u128,
}

fn main() {}
