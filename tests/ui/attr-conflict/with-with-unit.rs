use std::time::Duration;

use packed_core::Packed;

mod millis {}

#[derive(Packed)]
struct Message {
    #[packed(with = "millis", unit = "ms")]
    elapsed: Duration,
    #[packed(width = "i32", skip)]
    skipped: Duration,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        elapsed: Duration::ZERO,
        skipped: Duration::ZERO,
    });
}
