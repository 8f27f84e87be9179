use packed_core::Packed;

#[derive(Packed)]
#[repr(u8)]
#[packed(tag = "u16")]
enum Status {
    Active = 1,
    Closed = 2,
}

fn main() {
    let _ = packed_core::to_vec(&Status::Active);
}
