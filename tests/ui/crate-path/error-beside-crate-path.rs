// With `crate = "..."`, the stub impls emitted beside an error also go through that
// path: no "unused import" warning, no unresolved `::packed_core`.
mod runtime {
    pub use packed_core::*;
}

#[derive(runtime::Packed)]
#[packed(crate = "crate::runtime", lenn = "u8")]
struct Message {
    name: String,
}

fn main() {}
