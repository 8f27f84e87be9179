use packed_core::Packed;

#[derive(Packed)]
#[packed(kind = "7")]
struct Order {
    id: u64,
}

fn main() {
    let _ = packed_core::to_vec(&Order { id: 1 });
}
