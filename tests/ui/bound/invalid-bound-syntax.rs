use packed_core::Packed;

#[derive(Packed)]
#[packed(bound = "T packed_core::Packed")]
struct Wrapper<T> {
    value: T,
}

fn main() {
    let _ = packed_core::to_vec(&Wrapper { value: 1u8 });
}
