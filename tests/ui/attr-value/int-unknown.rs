use packed_core::Packed;

#[derive(Packed)]
#[packed(int = "leb128")]
struct Message {
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
