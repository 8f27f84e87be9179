use packed_core::Packed;

#[derive(Packed)]
#[repr(C, packed)]
struct Header {
    magic: u16,
    len: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Header { magic: 1, len: 2 });
}
