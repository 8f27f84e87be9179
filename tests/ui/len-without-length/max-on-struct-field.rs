use packed_core::Packed;

#[derive(Packed)]
struct Inner {
    name: String,
}

#[derive(Packed)]
struct Outer {
    #[packed(max = 4)]
    inner: Inner,
}

fn main() {
    let _ = packed_core::to_vec(&Outer {
        inner: Inner {
            name: String::new(),
        },
    });
}
