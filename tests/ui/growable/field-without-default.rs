use packed_core::Packed;

#[derive(Packed)]
struct Handle(u32);

// An older record may end before `handle`, which then needs a value.
#[derive(Packed)]
#[packed(growable)]
struct Record {
    id: u32,
    handle: Handle,
}

fn main() {}
