// A growable record that is also bit-packed reads the fields an older record lacks as
// zero bits, as Bitsery does (its last byte does not say where its bits end), so
// `default` cannot apply there; on a `skip` field it still gives the value.
use packed_core::Packed;

#[derive(Packed)]
#[packed(growable, bitpack)]
struct State {
    #[packed(range = "0..=100")]
    health: u8,
    #[packed(default = "true")]
    alive: bool,
    #[packed(skip, default = "7")]
    cached: u32,
}

fn main() {}
