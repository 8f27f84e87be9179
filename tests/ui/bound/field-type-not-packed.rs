// A field whose type implements neither `Encode` nor `Decode`: each error points at
// that field's type (named, tuple and variant fields, and inside a `Vec`), not at the
// derive.
use packed_core::Packed;

struct NotPacked;

#[derive(Packed)]
struct Message {
    id: u32,
    bad: NotPacked,
    many: Vec<NotPacked>,
}

#[derive(Packed)]
struct Pair(u8, NotPacked);

#[derive(Packed)]
enum Choice {
    A(NotPacked),
    B { inner: NotPacked },
}

fn main() {}
