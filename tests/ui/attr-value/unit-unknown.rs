use std::time::Duration;

use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(unit = "msec")]
    elapsed: Duration,
    #[packed(width = "u32")]
    other: Duration,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        elapsed: Duration::ZERO,
        other: Duration::ZERO,
    });
}
