use packed_core::Packed;

#[derive(Packed)]
enum Event {
    Start(u32),
    #[packed(tag = 256)]
    Stop,
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
