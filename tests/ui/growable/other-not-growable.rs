use packed_core::Packed;

// Without the record's size, an unknown variant's fields could not be skipped.
#[derive(Packed)]
enum Event {
    Start(u32),
    #[packed(other)]
    Unknown,
}

fn main() {}
