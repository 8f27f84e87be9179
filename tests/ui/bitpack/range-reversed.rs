use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Player {
    #[packed(range = "100..=0")]
    health: u8,
}

fn main() {
    let _ = packed_core::to_vec(&Player { health: 1 });
}
