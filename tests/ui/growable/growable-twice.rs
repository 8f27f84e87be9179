use packed_core::Packed;

#[derive(Packed)]
#[packed(growable)]
#[packed(growable)]
struct Record {
    id: u32,
}

fn main() {}
