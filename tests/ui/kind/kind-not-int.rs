use packed_core::{Kind, Packed};

#[derive(Packed)]
#[packed(kind = "order")]
struct Order {
    id: u64,
}

fn main() {
    let _ = packed_core::to_vec(&Order { id: 1 });
    let _ = Order::KIND;
}
