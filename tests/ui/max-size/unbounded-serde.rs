// A field written through serde has no bound (serde says nothing of a value's size):
// the compile-time error names `#[packed(serde)]` among the causes.
use packed_core::{MaxSize, Packed};

#[derive(serde::Serialize, serde::Deserialize)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Packed, MaxSize)]
struct Shape {
    id: u8,
    #[packed(serde)]
    at: Point,
}

const SHAPE: usize = packed_core::max_size::<Shape>();

fn main() {
    let _buffer = [0u8; SHAPE];
}
