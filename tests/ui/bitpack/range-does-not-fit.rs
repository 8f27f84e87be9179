use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Player {
    #[packed(range = "0..=300")]
    health: u8,
    #[packed(range = "-1..=10")]
    items: Vec<u16>,
    #[packed(bits = 8)]
    level: i8,
}

fn main() {
    let _ = packed_core::to_vec(&Player { health: 1, items: Vec::new(), level: 0 });
}
