//! What locating errors costs when nothing fails: the top-level functions, which find
//! an error's field path after a failure (`packed_core::Error`), beside the bodies they
//! had before, written out with `Config`'s low-level calls (`encode_to`,
//! `decode_from`), on the seed document and the 10,000 log records, in one run.
//!
//! `cargo bench -p packed-benches --bench error_path`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use packed_benches::{Document, Logs};
use packed_core::{Decode, DecodeError, Encode, EncodeError, SizeCounter, SliceReader};

#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `to_vec` as it was: count, then write, errors as they come.
fn to_vec_before<T: Encode>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let c = packed_core::config();
    let mut counter = SizeCounter::default();
    c.encode_to(value, &mut counter)?;
    let mut buf = Vec::with_capacity(counter.len);
    c.encode_to(value, &mut buf)?;
    Ok(buf)
}

/// `from_slice` as it was: decode, then check that nothing is left.
fn from_slice_before<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, DecodeError> {
    let mut r = SliceReader::new(bytes);
    let v = packed_core::config().decode_from(&mut r)?;
    match r.rest().len() {
        0 => Ok(v),
        remaining => Err(DecodeError::TrailingBytes {
            offset: bytes.len() - remaining,
            remaining,
        }),
    }
}

fn pair<T: Encode + for<'de> Decode<'de>>(c: &mut Criterion, set: &str, value: &T) {
    let bytes = packed_core::to_vec(value).unwrap();
    let mut g = c.benchmark_group(format!("error_path/{set}"));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("encode/before", |b| {
        b.iter(|| to_vec_before(black_box(value)).unwrap())
    });
    g.bench_function("encode/after", |b| {
        b.iter(|| packed_core::to_vec(black_box(value)).unwrap())
    });
    g.bench_function("decode/before", |b| {
        b.iter(|| from_slice_before::<T>(black_box(&bytes)).unwrap())
    });
    g.bench_function("decode/after", |b| {
        b.iter(|| packed_core::from_slice::<T>(black_box(&bytes)).unwrap())
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    pair::<Document>(c, "document", &packed_benches::seed_document());
    pair::<Logs>(c, "log", &packed_benches::generate_logs());
}

criterion_group! {
    name = error_path;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(40);
    targets = benches
}
criterion_main!(error_path);
