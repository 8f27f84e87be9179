use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack = true)]
struct Flags {
    on: bool,
}

#[derive(Packed)]
#[packed(bitpack)]
#[repr(u8)]
enum Level {
    Low = 1,
    High = 2,
}

fn main() {}
