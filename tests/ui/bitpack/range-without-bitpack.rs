use packed_core::Packed;

#[derive(Packed)]
struct Player {
    #[packed(range = "0..=100")]
    health: u8,
    #[packed(align)]
    armor: u8,
}

fn main() {
    let _ = packed_core::to_vec(&Player { health: 1, armor: 2 });
}
