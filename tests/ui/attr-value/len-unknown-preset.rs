use packed_core::Packed;

#[derive(Packed)]
#[packed(len = "u65")]
struct Message {
    name: String,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        name: String::new(),
    });
}
