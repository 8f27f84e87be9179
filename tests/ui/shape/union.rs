use packed_core::Packed;

#[derive(Packed)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
