//! One operation of one row in a loop, nothing else timed or printed: the program to
//! run under `valgrind --tool=cachegrind` (or `perf stat`) for instruction counts that
//! do not depend on the machine's load.
//!
//! ```text
//! cargo build --release -p packed-benches --example one_op
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/one_op log serde roundtrip 20
//! ```
//!
//! Arguments: the data set (`document`, `log`, `mesh`, `game`), the row (`derive`: the
//! derived impls under Bitsery's layout, the `packed compact` row; `serde`:
//! `packed_core::serde` on the peers' serde types, the `packed serde` row; `bincode`:
//! bincode 2's serde path; `bitcode`; `bitpacked`: the bit-packed twin of the document
//! or the game, the `packed bit-packed` row), the operation (`encode`, `decode`,
//! `roundtrip`) and the number of iterations. Setting up the row (making the data set, one checked round
//! trip) costs the same whatever the count, so the difference between two counts,
//! divided by the difference of the counts, is the cost of one operation.

use std::rc::Rc;

use packed_benches::{row, BitPacked, DocumentBits, GameBits, PackedAs, Row};

#[path = "../benches/peers.rs"]
#[allow(dead_code, reason = "four of the peers are used here")]
mod peers;

/// The same allocator as the other harnesses.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: one_op document|log|mesh|game derive|serde|bincode|bitcode|bitpacked \
                     encode|decode|roundtrip ITERATIONS";

/// The rows of a data set whose packed type is `T` and whose peers' mirror is `S`
/// (`bitpacked` is picked in `main`: only the document and the game have a bit-packed
/// twin).
fn pick<T, S>(value: T, which: &str) -> Row
where
    T: packed_core::Packed + PartialEq + core::fmt::Debug + 'static,
    S: for<'a> From<&'a T> + PartialEq + core::fmt::Debug + 'static,
    peers::PackedSerde: packed_benches::Format<S>,
    peers::BincodeSerde: packed_benches::Format<S>,
    peers::Bitcode: packed_benches::Format<S>,
{
    match which {
        "derive" => row::<PackedAs<packed_core::layout::Bitsery>, T>(&Rc::new(value)),
        "serde" => row::<peers::PackedSerde, S>(&Rc::new(S::from(&value))),
        "bincode" => row::<peers::BincodeSerde, S>(&Rc::new(S::from(&value))),
        "bitcode" => row::<peers::Bitcode, S>(&Rc::new(S::from(&value))),
        _ => panic!("{USAGE}"),
    }
}

/// The `packed bit-packed` row of `value`'s bit-packed twin `B`.
fn bit_packed<T, B>(value: &T) -> Row
where
    B: for<'a> From<&'a T> + packed_core::Packed + PartialEq + core::fmt::Debug + 'static,
{
    row::<BitPacked, B>(&Rc::new(B::from(value)))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [set, which, op, iters] = <[String; 4]>::try_from(args).expect(USAGE);
    let iters: u64 = iters.parse().expect(USAGE);
    let mut row = match set.as_str() {
        "document" if which == "bitpacked" => {
            bit_packed::<_, DocumentBits>(&packed_benches::seed_document())
        }
        "document" => pick::<_, peers::Document>(packed_benches::seed_document(), &which),
        "game" if which == "bitpacked" => {
            bit_packed::<_, GameBits>(&packed_benches::generate_game())
        }
        "game" => pick::<_, peers::Game>(packed_benches::generate_game(), &which),
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
