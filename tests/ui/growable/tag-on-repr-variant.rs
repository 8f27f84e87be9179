use packed_core::Packed;

// A fieldless `#[repr]` enum is written as its discriminant: a tag does not apply.
#[derive(Packed)]
#[repr(u8)]
enum Level {
    Low = 1,
    #[packed(tag = 5)]
    High = 2,
}

fn main() {}
