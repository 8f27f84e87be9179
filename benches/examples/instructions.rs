//! One operation on one data set, repeated: a target for `valgrind --tool=cachegrind`,
//! whose instruction counts do not depend on the machine's load.
//!
//!     cargo build --release -p packed-benches --example instructions
//!     valgrind --tool=cachegrind --cache-sim=no target/release/examples/instructions log decode 1
//!     valgrind --tool=cachegrind --cache-sim=no target/release/examples/instructions log decode 11
//!
//! The difference of the two totals, divided by 10, is the instructions of one call
//! (setup — generating the data set and the first encoding — cancels out).
//! Data sets: `document`, `log`, `mesh`. Operations: `encode` (into a reused buffer),
//! `to_vec`, `decode` (owned), `borrowed` (`&str` twins; document and log only: the mesh has no strings),
//! `into` (decode in place into a reused value).

use std::hint::black_box;

// The allocator of `compare` and the criterion benchmarks, so that the counts are theirs.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use packed_benches::{
    generate_logs, generate_mesh, seed_document, Document, DocumentRef, Logs, LogsRef, Mesh,
};

/// Runs `$op` `$n` times on `$value` (type `$owned`; `$borrowed` is its `&str` twin).
macro_rules! run {
    ($value:expr, $owned:ty, $borrowed:ident, $op:expr, $n:expr) => {{
        let value: $owned = $value;
        let bytes = packed_core::to_vec(&value).unwrap();
        let mut buf = Vec::with_capacity(bytes.len());
        let mut slot = <$owned>::default();
        for _ in 0..$n {
            match $op {
                "encode" => {
                    buf.clear();
                    packed_core::encode_into(black_box(&value), &mut buf).unwrap();
                    black_box(&buf);
                }
                "to_vec" => drop(black_box(packed_core::to_vec(black_box(&value)).unwrap())),
                "decode" => drop(black_box(
                    packed_core::from_slice::<$owned>(black_box(&bytes)).unwrap(),
                )),
                "borrowed" => drop(black_box(
                    packed_core::from_slice::<$borrowed<'_>>(black_box(&bytes)).unwrap(),
                )),
                "into" => {
                    packed_core::from_slice_into(black_box(&bytes), &mut slot).unwrap();
                    black_box(&slot);
                }
                other => panic!("unknown operation {other}"),
            }
        }
    }};
}

/// `Mesh` has no strings, so no borrowed twin: `borrowed` decodes it owned.
type MeshRef<'a> = Mesh;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, set, op, n] = &args[..] else {
        panic!(
            "usage: instructions <document|log|mesh> <encode|to_vec|decode|borrowed|into> <count>"
        )
    };
    let n: usize = n.parse().unwrap();
    match set.as_str() {
        "document" => run!(seed_document(), Document, DocumentRef, op.as_str(), n),
        "log" => run!(generate_logs(), Logs, LogsRef, op.as_str(), n),
        "mesh" => run!(generate_mesh(), Mesh, MeshRef, op.as_str(), n),
        other => panic!("unknown data set {other}"),
    }
}
