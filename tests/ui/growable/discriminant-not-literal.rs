use packed_core::Packed;

const BASE: u8 = 4;

#[derive(Packed)]
#[repr(u8)]
enum Event {
    Start(u32) = BASE,
    Stop = 1 << 3,
}

#[derive(Packed)]
#[repr(i8)]
enum Signed {
    Minus(u8) = -1,
}

fn main() {}
