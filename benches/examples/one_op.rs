//! One operation of one row in a loop, nothing else timed or printed: the program to
//! run under `valgrind --tool=cachegrind` (or `perf stat`) for instruction counts that
//! do not depend on the machine's load.
//!
//! ```text
//! cargo build --release -p packed-benches --example one_op
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/one_op log serde roundtrip 20
//! ```
//!
//! Arguments: the data set (`document`, `log`, `mesh`), the row (`derive`: the
//! derived impls under Bitsery's layout, the `packed compact` row; `serde`:
//! `packed_core::serde` on the peers' serde types, the `packed serde` row; `bincode`:
//! bincode 2's serde path), the operation (`encode`, `decode`, `roundtrip`) and the
//! number of iterations. Setting up the row (making the data set, one checked round
//! trip) costs the same whatever the count, so the difference between two counts,
//! divided by the difference of the counts, is the cost of one operation.

use std::rc::Rc;

use packed_benches::{row, PackedAs, Row};

#[path = "../benches/peers.rs"]
#[allow(dead_code, reason = "three of the peers are used here")]
mod peers;

/// The same allocator as the other harnesses.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str =
    "usage: one_op document|log|mesh derive|serde|bincode encode|decode|roundtrip ITERATIONS";

/// The three rows of a data set whose packed type is `T` and whose serde mirror is `S`.
fn pick<T, S>(value: T, which: &str) -> Row
where
    T: packed_core::Packed + PartialEq + core::fmt::Debug + 'static,
    S: for<'a> From<&'a T> + PartialEq + core::fmt::Debug + 'static,
    peers::PackedSerde: packed_benches::Format<S>,
    peers::BincodeSerde: packed_benches::Format<S>,
{
    match which {
        "derive" => row::<PackedAs<packed_core::layout::Bitsery>, T>(&Rc::new(value)),
        "serde" => row::<peers::PackedSerde, S>(&Rc::new(S::from(&value))),
        "bincode" => row::<peers::BincodeSerde, S>(&Rc::new(S::from(&value))),
        _ => panic!("{USAGE}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [set, which, op, iters] = <[String; 4]>::try_from(args).expect(USAGE);
    let iters: u64 = iters.parse().expect(USAGE);
    let mut row = match set.as_str() {
        "document" => pick::<_, peers::Document>(packed_benches::seed_document(), &which),
        "log" => pick::<_, peers::Logs>(packed_benches::generate_logs(), &which),
        "mesh" => pick::<_, peers::Mesh>(packed_benches::generate_mesh(), &which),
        _ => panic!("{USAGE}"),
    };
    let timed = match op.as_str() {
        "encode" => &mut row.encode,
        "decode" => &mut row.decode,
        "roundtrip" => &mut row.roundtrip,
        _ => panic!("{USAGE}"),
    };
    std::hint::black_box(timed(iters));
}
