use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(unit = "ms")]
    elapsed: u64,
}

fn main() {
    let _ = packed_core::to_vec(&Message { elapsed: 1 });
}
