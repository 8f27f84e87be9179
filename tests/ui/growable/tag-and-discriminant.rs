use packed_core::Packed;

#[derive(Packed)]
#[repr(u8)]
enum Event {
    #[packed(tag = 4)]
    Start(u32) = 1,
    Stop,
}

fn main() {}
