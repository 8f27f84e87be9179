// A mistake on a generic, borrowing type: the stub impls keep its generics, so the
// uses below report nothing more.
use packed_core::Packed;

#[derive(Packed)]
#[packed(lenn = "u8")]
struct View<'a, T, const N: usize> {
    name: &'a str,
    items: [T; N],
}

fn main() {
    let v = View {
        name: "a",
        items: [1u8; 2],
    };
    let bytes = packed_core::to_vec(&v).unwrap();
    let _: View<'_, u8, 2> = packed_core::from_slice(&bytes).unwrap();
}
