use packed_core::Packed;

#[derive(Packed)]
#[packed(lenn = "u8")]
struct Message {
    name: String,
}

fn main() {
    // Only the attribute error is reported: the derive still provides the impls.
    let _ = packed_core::to_vec(&Message {
        name: String::new(),
    });
}
