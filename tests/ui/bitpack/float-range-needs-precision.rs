use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Position {
    #[packed(range = "-1.0..=1.0")]
    x: f32,
    #[packed(precision = 0.01)]
    y: f32,
    #[packed(range = "-1.0..=1.0", precision = 0.01, bits = 8)]
    z: f32,
}

fn main() {
    let _ = packed_core::to_vec(&Position { x: 0.0, y: 0.0, z: 0.0 });
}
