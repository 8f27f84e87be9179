// A skipped field takes its type's `Default` when read: a type without one is reported
// at the field's type, with what to do, not at the derive.
use packed_core::Packed;

struct Cache(u8);

#[derive(Packed)]
struct Message {
    id: u32,
    #[packed(skip)]
    cache: Cache,
}

fn main() {}
