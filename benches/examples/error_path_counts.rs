//! The success path of the top-level functions, for an instruction counter: encodes
//! (`to_vec`) or decodes (`from_slice`) the seed document or the 10,000 log records
//! `N` times. Instruction counts do not depend on the machine's load, so this measures
//! what error paths cost when nothing fails where timings cannot; run it under
//! cachegrind with `N` and with 0, and divide the difference by `N`:
//!
//! ```text
//! cargo build --release -p packed-benches --example error_path_counts
//! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//!     target/release/examples/error_path_counts decode-document 1000
//! ```
//!
//! Operations: `encode-document`, `decode-document`, `encode-log`, `decode-log`, and
//! `decode-document-reader`, `decode-log-reader` (the decode through
//! `Config::decode_from` and a trailing-bytes check, without `from_slice`),
//! `encode-document-writer`, `encode-log-writer` (a `SizeCounter` pass and
//! `Config::encode_to`, without `to_vec`). The
//! same source builds against any version of `packed-core` that has these functions,
//! so a count on this branch and one on `main` compare the two.

use std::hint::black_box;

use packed_benches::{Document, Logs};
use packed_core::{Decode, Encode, SizeCounter, SliceReader};

/// `to_vec`'s encode without its error handling: count, then write.
fn encode_counted<T: Encode>(value: &T) -> Vec<u8> {
    let c = packed_core::config();
    let mut counter = SizeCounter::default();
    c.encode_to(value, &mut counter).unwrap();
    let mut buf = Vec::with_capacity(counter.len);
    c.encode_to(value, &mut buf).unwrap();
    buf
}

/// `from_slice`'s decode without its error handling: `decode_from`, then no bytes left.
fn decode_whole<'de, T: Decode<'de>>(bytes: &'de [u8]) -> T {
    let mut r = SliceReader::new(bytes);
    let v = packed_core::config().decode_from(&mut r).unwrap();
    assert!(r.rest().is_empty());
    v
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args
        .next()
        .expect("an operation: encode-document, decode-document, ...");
    let n: usize = args.next().map_or(1, |n| n.parse().expect("a count"));
    let doc = packed_benches::seed_document();
    let logs = packed_benches::generate_logs();
    let doc_bytes = packed_core::to_vec(&doc).unwrap();
    let log_bytes = packed_core::to_vec(&logs).unwrap();
    let mut total = 0usize;
    for _ in 0..n {
        total += match op.as_str() {
            "encode-document" => packed_core::to_vec(black_box(&doc)).unwrap().len(),
            "decode-document" => {
                let d: Document = packed_core::from_slice(black_box(&doc_bytes)).unwrap();
                black_box(&d);
                1
            }
            "encode-log" => packed_core::to_vec(black_box(&logs)).unwrap().len(),
            "decode-log" => {
                let l: Logs = packed_core::from_slice(black_box(&log_bytes)).unwrap();
                black_box(&l);
                1
            }
            // The decode without the top-level function: what `from_slice` runs
            // before its error handling, for a comparison inside one build.
            "decode-document-reader" => {
                let d: Document = decode_whole(black_box(&doc_bytes));
                black_box(&d);
                1
            }
            "decode-log-reader" => {
                let l: Logs = decode_whole(black_box(&log_bytes));
                black_box(&l);
                1
            }
            "encode-document-writer" => encode_counted(black_box(&doc)).len(),
            "encode-log-writer" => encode_counted(black_box(&logs)).len(),
            other => panic!("unknown operation {other}"),
        };
    }
    println!(
        "{op} x{n}: {total} (DecodeError: {} bytes)",
        std::mem::size_of::<packed_core::DecodeError>()
    );
}
