use packed_core::Packed;

// `default` is the value of a field that is not read; every field of a plain record is.
#[derive(Packed)]
struct Record {
    id: u32,
    #[packed(default = "7")]
    level: u8,
}

fn main() {}
