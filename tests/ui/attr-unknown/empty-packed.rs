use packed_core::Packed;

#[derive(Packed)]
#[packed()]
struct Message {
    #[packed()]
    name: String,
}

#[derive(Packed)]
enum Shape {
    #[packed()]
    Dot,
}

fn main() {}
