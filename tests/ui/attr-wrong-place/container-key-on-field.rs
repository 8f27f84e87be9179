use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(endian = "big")]
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
