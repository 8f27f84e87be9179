use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Player {
    #[packed(range = "0..100")]
    health: u8,
    #[packed(range = "zero..=9")]
    level: u8,
    #[packed(range = 100)]
    armor: u8,
}

fn main() {
    let _ = packed_core::to_vec(&Player { health: 1, level: 2, armor: 3 });
}
