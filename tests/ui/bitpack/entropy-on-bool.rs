use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Flags {
    #[packed(entropy = [1, 0])]
    on: bool,
}

fn main() {
    let _ = packed_core::to_vec(&Flags { on: true });
}
