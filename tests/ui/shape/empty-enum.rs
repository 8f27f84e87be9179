use packed_core::Packed;

#[derive(Packed)]
enum Never {}

fn main() {}
