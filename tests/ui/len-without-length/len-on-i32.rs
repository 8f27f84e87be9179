use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(len = "u8")]
    id: i32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
