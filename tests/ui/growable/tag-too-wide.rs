use packed_core::Packed;

#[derive(Packed)]
#[packed(tag = "u8")]
enum Event {
    Start(u32),
    #[packed(tag = 256)]
    Stop,
}

// Without `tag`, a tag is a `std::variant` index in the conventions' form: Bitsery's
// size prefix holds at most 2^30 - 1.
#[derive(Packed)]
enum Indexed {
    #[packed(tag = 1073741824)]
    Far,
}

#[derive(Packed)]
#[packed(tag = "u16")]
enum Wide {
    #[packed(tag = 65535)]
    Last,
    // One past the largest tag: there is none left.
    After,
}

fn main() {}
