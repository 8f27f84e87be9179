use packed_core::Packed;

#[derive(Packed)]
#[packed(growable, other)]
enum Event {
    Start(u32),
}

fn main() {}
