use packed_core::Packed;

#[derive(Packed)]
#[packed(len = "u8", int = "fixed", len = "u16")]
struct Message {
    name: String,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        name: String::new(),
    });
}
