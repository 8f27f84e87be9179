use packed_core::Packed;

#[derive(Packed)]
#[packed(conventions = "yass")]
struct Message {
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
