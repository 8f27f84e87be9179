use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(serde, len = "u8")]
    tags: Vec<u32>,
}

fn main() {
    let _ = packed_core::to_vec(&Message { tags: vec![] });
}
