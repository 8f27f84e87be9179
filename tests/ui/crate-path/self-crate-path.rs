use packed_core::Packed;

mod reexport {
    pub use packed_core::*;
}

#[derive(Packed)]
#[packed(crate = "self::reexport")]
struct Message {
    id: u32,
}

fn main() {
    let _ = reexport::to_vec(&Message { id: 1 });
}
