use packed_core::Packed;

#[derive(Packed)]
#[packed(growable)]
enum Event {
    #[packed(tag = 1)]
    Start(u32),
    Stop,
    #[packed(tag = 1)]
    Pause,
}

// A discriminant and a `tag` collide too.
#[derive(Packed)]
#[repr(u8)]
enum Command {
    Go(u8) = 3,
    #[packed(tag = 3)]
    Halt,
}

fn main() {}
