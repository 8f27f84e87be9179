use packed_core::Packed;

type Meters = f32;

#[derive(Packed)]
#[packed(bitpack)]
struct Position {
    #[packed(range = "-1000.0..=1000.0", precision = 0.00001)]
    x: f32,
    #[packed(range = "-1.0..=1.0", bits = 25)]
    y: f32,
    #[packed(range = "1.0..=1.0", bits = 8)]
    z: f64,
    #[packed(range = "-1.0..=1.0", precision = -0.5)]
    w: f64,
    #[packed(range = "-1.0..=1.0", precision = 0.1)]
    alias: Meters,
}

fn main() {
    let _ = packed_core::to_vec(&Position { x: 0.0, y: 0.0, z: 0.0, w: 0.0, alias: 0.0 });
}
