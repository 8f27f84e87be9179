//! One row's encode, decode or round trip of a data set, repeated: a driver for
//! instruction counts, which do not depend on the machine's load.
//!
//! ```text
//! cargo build --release -p packed-benches --example profile
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/profile game "packed bit-packed" decode 100
//! ```
//!
//! Subtract a run with 0 iterations (the data set's generation and the row's own
//! checks) and divide by the iterations for the count of one operation. Rows are
//! named as in `compare`'s tables; data sets are `document` and `game`.

use std::rc::Rc;

#[path = "../benches/peers.rs"]
mod peers;

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: profile document|game ROW encode|decode|roundtrip ITERATIONS";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [set, row, phase, iters] = args.as_slice() else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let iters: u64 = iters.parse().expect("ITERATIONS is a number");
    let mut rows = match set.as_str() {
        "document" => {
            let doc = Rc::new(packed_benches::seed_document());
            let mut rows = packed_benches::document_layout_rows(&doc);
            rows.extend(peers::rows(&Rc::new(peers::Document::from(&*doc))));
            rows
        }
        "game" => {
            let game = Rc::new(packed_benches::generate_game());
            let mut rows = packed_benches::game_rows(&game);
            rows.extend(peers::rows(&Rc::new(peers::Game::from(&*game))));
            rows
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let Some(r) = rows.iter_mut().find(|r| r.name == row) else {
        let names: Vec<_> = rows.iter().map(|r| r.name).collect();
        eprintln!("no row {row:?}; rows: {names:?}");
        std::process::exit(2);
    };
    let took = match phase.as_str() {
        "encode" => (r.encode)(iters),
        "decode" => (r.decode)(iters),
        "roundtrip" => (r.roundtrip)(iters),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    println!("{} bytes, {iters} x {phase}: {took:?}", r.bytes.len());
}
