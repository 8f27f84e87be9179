use packed_core::Packed;

#[derive(Packed)]
struct Message {
    #[packed(maxlen = 16)]
    name: String,
}

fn main() {
    let _ = packed_core::to_vec(&Message {
        name: String::new(),
    });
}
