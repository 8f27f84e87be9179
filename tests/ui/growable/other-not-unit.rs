use packed_core::Packed;

#[derive(Packed)]
#[packed(growable)]
enum Event {
    Start(u32),
    #[packed(other)]
    Unknown(u32),
}

fn main() {}
