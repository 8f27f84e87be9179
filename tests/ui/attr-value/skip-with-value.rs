use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(skip = true)]
    cache: Vec<u8>,
}

fn main() {
    let _ = packed_core::to_vec(&Message { cache: Vec::new() });
}
