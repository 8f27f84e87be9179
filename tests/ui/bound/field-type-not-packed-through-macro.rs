// Through `macro_rules!`, the error for a field type without `Encode`/`Decode` still
// points at the type the user wrote: in an item given whole (`$i:item`) and in a
// `$t:ty` fragment.
use packed_core::Packed;

struct NotPacked;

macro_rules! packed_items {
    ($($i:item)*) => { $( #[derive(Packed)] $i )* };
}

macro_rules! packed_struct {
    ($name:ident { $($f:ident : $t:ty),* }) => {
        #[derive(Packed)]
        struct $name { $($f: $t),* }
    };
}

packed_items! {
    struct Given {
        id: u32,
        bad: NotPacked,
    }
}

packed_struct! { Built { id: u32, bad: NotPacked } }

fn main() {}
