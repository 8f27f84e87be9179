// A misspelled field key: the error names the key it is closest to.
use packed_core::Packed;

#[derive(Packed)]
#[packed(growable)]
struct Message {
    #[packed(defualt = "7")]
    id: u32,
}

fn main() {}
