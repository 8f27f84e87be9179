use packed_core::Packed;

#[derive(Packed)]
#[packed(growable)]
struct Record {
    id: u32,
    #[packed(default = 7)]
    level: u8,
    #[packed(default = "1 +")]
    other: u8,
}

fn main() {}
