//! Criterion benchmarks: `packed` under every layout and its Rust peers, side by side,
//! on four data sets (the seed document, 10,000 log records, a 125,000-triangle
//! mesh, a game's state update of 1,000 players). Each data set has three groups, `<set>/encode`, `<set>/decode` and
//! `<set>/roundtrip`, with one benchmark per row and the encoded size as throughput.
//!
//! `cargo bench -p packed-benches` (all, a few minutes), or filtered:
//! `cargo bench -p packed-benches -- document/`. HTML reports: `target/criterion/`.

use std::rc::Rc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use packed_benches::Row;

#[path = "peers.rs"]
mod peers;

/// The same allocator for every row; why: the `compare` example's header.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Short runs: the whole suite takes a few minutes on two cores.
fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30)
        // A tenth of the default resamples: the analysis, not the sampling, is what
        // made the suite slow on two cores.
        .nresamples(10_000)
}

/// Benchmarks every row's encode, decode and round trip, in three groups.
fn bench_set(c: &mut Criterion, set: &str, rows: &mut [Row]) {
    for (op, pick) in [
        (
            "encode",
            (|r: &mut Row| &mut r.encode) as fn(&mut Row) -> &mut packed_benches::Timed,
        ),
        ("decode", |r: &mut Row| &mut r.decode),
        ("roundtrip", |r: &mut Row| &mut r.roundtrip),
    ] {
        let mut group = c.benchmark_group(format!("{set}/{op}"));
        for row in rows.iter_mut().filter(|r| op != "encode" || !r.same_encode) {
            group.throughput(Throughput::Bytes(row.bytes.len() as u64));
            let name = row.name;
            let timed = pick(row);
            group.bench_function(name, |b| b.iter_custom(&mut *timed));
        }
        group.finish();
    }
}

fn document(c: &mut Criterion) {
    let doc = Rc::new(packed_benches::seed_document());
    let peer_doc = Rc::new(peers::Document::from(&*doc));
    let mut rows = packed_benches::document_layout_rows(&doc);
    rows.extend(packed_benches::document_special_rows(&doc));
    rows.extend(peers::rows(&peer_doc));
    bench_set(c, "document", &mut rows);
}

fn log(c: &mut Criterion) {
    let logs = Rc::new(packed_benches::generate_logs());
    let peer_logs = Rc::new(peers::Logs::from(&*logs));
    let mut rows = packed_benches::log_rows(&logs);
    rows.extend(peers::rows(&peer_logs));
    bench_set(c, "log", &mut rows);
}

fn mesh(c: &mut Criterion) {
    let mesh = Rc::new(packed_benches::generate_mesh());
    let peer_mesh = Rc::new(peers::Mesh::from(&*mesh));
    let mut rows = packed_benches::mesh_rows(&mesh);
    rows.extend(peers::rows(&peer_mesh));
    bench_set(c, "mesh", &mut rows);
}

fn game(c: &mut Criterion) {
    let game = Rc::new(packed_benches::generate_game());
    let peer_game = Rc::new(peers::Game::from(&*game));
    let mut rows = packed_benches::game_rows(&game);
    rows.extend(peers::rows(&peer_game));
    bench_set(c, "game", &mut rows);
}

criterion_group! {
    name = benches;
    config = config();
    targets = document, log, mesh, game
}
criterion_main!(benches);
