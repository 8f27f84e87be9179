// A `with` path that names no module: the error points at the attribute's string.
use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(with = "no_such_module")]
    id: u32,
}

fn main() {}
