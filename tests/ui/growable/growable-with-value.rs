use packed_core::Packed;

#[derive(Packed)]
#[packed(growable = true)]
struct Record {
    id: u32,
}

fn main() {}
