use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Ports {
    #[packed(entropy = [0, -1])]
    small: u8,
    #[packed(entropy = [127, 128])]
    signed: i8,
    #[packed(entropy = [65535, 65536], max = 4)]
    many: Vec<u16>,
    #[packed(entropy = [-2147483648, -2147483649])]
    pair: [i32; 2],
}

fn main() {}
