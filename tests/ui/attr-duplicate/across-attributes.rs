use packed_core::Packed;

#[derive(Packed)]
#[packed(layout = "yas")]
#[packed(layout = "bitsery")]
struct Message {
    name: String,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        name: String::new(),
    });
}
