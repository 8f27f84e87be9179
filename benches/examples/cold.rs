//! One row's encode timed one operation at a time, after something else has run: the
//! first encode of a `compare` batch, on its own.
//!
//! ```text
//! cargo build --release -p packed-benches --example cold
//! taskset -c 1 target/release/examples/cold log derive 200
//! ```
//!
//! Arguments: the data set (`document`, `log`, `mesh`), the row (`derive`, `bitcode`,
//! `speedy`) and the number of samples. For each sample it times one encode right
//! after another (warm), one after the row's own decode (as in `compare`, where the
//! rows' decodes and round trips run between encode batches), and one after 64 MB of
//! other memory has been written (cold: nothing of the value or the output buffer in
//! any cache). Prints the median of each, in µs.

use std::rc::Rc;
use std::time::Instant;

use packed_benches::{row, PackedAs, Row};

#[path = "../benches/peers.rs"]
#[allow(dead_code, reason = "three of the peers are used here")]
mod peers;

#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: cold document|log|mesh derive|bitcode|speedy SAMPLES";

fn pick<T, S>(value: T, which: &str) -> Row
where
    T: packed_core::Packed + PartialEq + Clone + core::fmt::Debug + 'static,
    S: for<'a> From<&'a T> + PartialEq + core::fmt::Debug + 'static,
    peers::Bitcode: packed_benches::Format<S>,
    peers::Speedy: packed_benches::Format<S>,
{
    match which {
        "derive" => row::<PackedAs<packed_core::layout::Bitsery>, T>(&Rc::new(value)),
        // The value as the peers get it: a copy made after the data set, whose strings
        // have their exact capacity and sit in record order.
        "derive-copy" => {
            let copy = value.clone();
            let row = row::<PackedAs<packed_core::layout::Bitsery>, T>(&Rc::new(copy));
            drop(value);
            row
        }
        "bitcode" => row::<peers::Bitcode, S>(&Rc::new(S::from(&value))),
        "speedy" => row::<peers::Speedy, S>(&Rc::new(S::from(&value))),
        _ => panic!("{USAGE}"),
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [set, which, samples] = <[String; 3]>::try_from(args).expect(USAGE);
    let samples: usize = samples.parse().expect(USAGE);
    let mut row = match set.as_str() {
        "document" => pick::<_, peers::Document>(packed_benches::seed_document(), &which),
        "log" => pick::<_, peers::Logs>(packed_benches::generate_logs(), &which),
        // The first 500 records: everything in the core's own caches.
        "log500" => {
            let mut logs = packed_benches::generate_logs();
            logs.logs.truncate(500);
            pick::<_, peers::Logs>(logs, &which)
        }
        "mesh" => pick::<_, peers::Mesh>(packed_benches::generate_mesh(), &which),
        _ => panic!("{USAGE}"),
    };
    let mut other = vec![0u8; 64 << 20];
    let (mut warm, mut after_decode, mut cold) = (Vec::new(), Vec::new(), Vec::new());
    let us = |t: std::time::Duration| t.as_secs_f64() * 1e6;
    for i in 0..samples {
        (row.encode)(1);
        warm.push(us((row.encode)(1)));
        (row.decode)(1);
        after_decode.push(us((row.encode)(1)));
        let start = Instant::now();
        for chunk in other.chunks_mut(4096) {
            chunk[0] = chunk[0].wrapping_add(i as u8);
            chunk.fill(i as u8);
        }
        std::hint::black_box(&other);
        let _ = start;
        cold.push(us((row.encode)(1)));
    }
    println!(
        "{set} {which}: warm {:.1} µs, after its decode {:.1} µs, cold {:.1} µs",
        median(&mut warm),
        median(&mut after_decode),
        median(&mut cold)
    );
}
