use packed_core::Packed;

#[derive(Packed)]
enum Shape {
    Circle(u32),
    #[packed(skip)]
    Square(u32),
}

fn main() {
    let _ = packed_core::to_vec(&Shape::Circle(1));
}
