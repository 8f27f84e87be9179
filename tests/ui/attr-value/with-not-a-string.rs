use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(with = as_text)]
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
