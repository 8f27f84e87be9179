// A field type with no encoding: the error says to derive `Packed` for it or to give
// the field a `with` module.
use packed_core::Packed;

struct Timestamp(u64);

#[derive(Packed)]
struct Event {
    at: Timestamp,
}

fn main() {}
