use packed_core::Packed;

#[derive(Packed)]
#[packed(tag = "u64")]
enum Shape {
    Circle(u32),
    Square(u32),
}

fn main() {
    let _ = packed_core::to_vec(&Shape::Circle(1));
}
