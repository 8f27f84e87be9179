use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(skip, len = "u8")]
    cache: Vec<u8>,
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        cache: Vec::new(),
        id: 1,
    });
}
