use packed_core::Packed;

// A growable record's fields are read and written in place, as any other struct's:
// `#[repr(packed)]` is refused with or without `growable`.
#[derive(Packed)]
#[packed(growable)]
#[repr(C, packed)]
struct Header {
    id: u32,
    len: u16,
}

fn main() {}
