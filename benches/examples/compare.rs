//! The main job: the seed document under every layout and through the Rust peers, side
//! by side: bytes, encode and decode time, round trips per second.
//!
//! ```text
//! cargo run --release --example compare                      # tables on stdout
//! cargo run --release --example compare -- --out table.md    # also as Markdown
//! cargo run --release --example compare -- --out table.csv   # ... or CSV
//! cargo run --release --example compare -- --all             # plus log and mesh
//! cargo run --release --example compare -- --game            # the seed document and the game
//! ```
//!
//! All rows are measured interleaved in one run: every round times every row's encode,
//! decode and round trip for a fixed number of iterations (calibrated first to about
//! `BATCH` each), with the rows in a new shuffled order each round, and each figure is
//! the median over the rounds. So drift on a busy machine, and whatever one row leaves
//! behind for the next, hits every row alike and the ratios hold.
//!
//! Every row allocates through mimalloc, here and in the criterion benchmarks. Under
//! glibc's malloc, two thirds of an owned log decode (any codec's) was the allocator:
//! 40,000 strings freed into its fast bins and merged again before the next 1 MB
//! `Vec`, and fresh pages when it had trimmed the heap. How much of that a row paid
//! depended on the rows before it, so criterion medians of the log round trip swung by
//! 20% between runs, more than the codecs differ. Under mimalloc the same decode takes
//! 0.35x the time, for every codec, and what is left is the codecs' own work. Built
//! with `--features system-alloc`, every harness (this one, `one_op`, `cold`, the
//! criterion benchmarks) uses the system's allocator instead, to measure the
//! allocation-heavy rows under both.

use std::rc::Rc;
use std::time::Duration;

use packed_benches::{seed_document, Document, Row, SplitMix64};

#[path = "../benches/peers.rs"]
mod peers;

#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Target duration of one timed batch.
const BATCH: Duration = Duration::from_micros(500);
/// Rounds over all rows; the reported figure is the median.
const ROUNDS: usize = 61;

/// What `--help` prints: each option and what it adds to the default output.
const HELP: &str = "\
usage: compare [--all] [--game] [--rounds N] [--rows A,B,...] [--out FILE.md | --out FILE.csv]

Without options: the seed document's size under every layout and through the UBJSON
envelope, by role and by field; then encode, decode and round-trip times of every
layout and of the Rust peers (speedy, bitcode, bincode, postcard, borsh, wincode),
measured interleaved; then the compact encoding annotated byte by byte.

options:
  --all          adds three more timing tables: the log (10,000 records with strings),
                 the mesh (125,000 triangles of plain numbers) and the game (a state
                 update of 1,000 players, with the bit-packed layout), each through
                 every layout and peer. Takes several times as long.
  --game         adds only the game's table (sizes and times).
  --rounds N     the number of interleaved rounds each figure is the median of
                 (default 61; --all's extra tables take half as many). Fewer is
                 faster and noisier.
  --rows A,B,... times only the rows with these names (as the tables print them,
                 e.g. \"packed compact,packed serde,bincode2 serde\"), in every table
                 that has them; ratios are to the first row left. Quicker, for
                 comparing a few rows side by side.
  --out FILE     also writes the timing tables to FILE: CSV if its name ends in
                 .csv, Markdown otherwise (--out=FILE works too).
  -h, --help     prints this.
";

/// Command-line options.
struct Options {
    out: Option<String>,
    all: bool,
    game: bool,
    rounds: usize,
    /// Row names to keep (`--rows`); all rows when empty.
    rows: Vec<String>,
}

fn parse_args() -> Options {
    let mut o = Options {
        out: None,
        all: false,
        game: false,
        rounds: ROUNDS,
        rows: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => o.out = args.next(),
            "--all" => o.all = true,
            "--game" => o.game = true,
            "--rounds" => {
                o.rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(ROUNDS)
                    .max(1)
            }
            "--rows" => {
                o.rows = args
                    .next()
                    .map(|names| names.split(',').map(|n| n.trim().to_owned()).collect())
                    .unwrap_or_default()
            }
            "--help" | "-h" => {
                print!("{HELP}");
                std::process::exit(0);
            }
            s if s.starts_with("--out=") => o.out = Some(s["--out=".len()..].to_owned()),
            // `cargo bench`/`cargo test` style flags are ignored.
            _ => {}
        }
    }
    o
}

fn hex(bytes: &[u8], n: usize) -> String {
    let shown: Vec<String> = bytes.iter().take(n).map(|b| format!("{b:02x}")).collect();
    let more = if bytes.len() > n { " …" } else { "" };
    format!("{}{more}", shown.join(" "))
}

/// The size table: each layout's bytes and first bytes.
fn print_sizes(rows: &[Row]) {
    let base = rows[0].bytes.len();
    println!("seed document under each layout\n");
    println!(
        "{:<30} {:>6} {:>7}  first bytes",
        "layout", "bytes", "vs 1st"
    );
    for r in rows {
        let diff = r.bytes.len() as isize - base as isize;
        println!(
            "{:<30} {:>6} {:>+7}  {}",
            r.name,
            r.bytes.len(),
            diff,
            hex(&r.bytes, 24)
        );
    }
}

/// Median timings of one row, in nanoseconds per operation.
struct Timing {
    name: &'static str,
    bytes: usize,
    encode: f64,
    decode: f64,
    roundtrip: f64,
}

/// Iterations that make one batch of `op` last about [`BATCH`].
fn calibrate(op: &mut packed_benches::Timed) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = op(iters);
        if t >= BATCH / 4 || iters >= 1 << 30 {
            let per = t.as_secs_f64() / iters as f64;
            return ((BATCH.as_secs_f64() / per.max(1e-12)) as u64).clamp(1, 1 << 30);
        }
        iters *= 4;
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Times every row interleaved: `rounds` rounds, each timing every row's three
/// operations once, in a new order each round (a fixed-seed shuffle). A fixed order,
/// even rotated, gives every row the same neighbour: the mesh row after a row that
/// frees 6 MB measured 1.3x slower than the same copy elsewhere.
fn measure(rows: &mut [Row], rounds: usize) -> Vec<Timing> {
    let iters: Vec<[u64; 3]> = rows
        .iter_mut()
        .map(|r| {
            [
                calibrate(&mut r.encode),
                calibrate(&mut r.decode),
                calibrate(&mut r.roundtrip),
            ]
        })
        .collect();
    let mut samples = vec![[(); 3].map(|()| Vec::with_capacity(rounds)); rows.len()];
    let mut rng = SplitMix64::new(packed_benches::SEED);
    let mut order: Vec<usize> = (0..rows.len()).collect();
    for _ in 0..rounds {
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k as u64 + 1) as usize);
        }
        for &i in &order {
            let r = &mut rows[i];
            for (op, timed) in [&mut r.encode, &mut r.decode, &mut r.roundtrip]
                .into_iter()
                .enumerate()
            {
                let n = iters[i][op];
                samples[i][op].push(timed(n).as_secs_f64() * 1e9 / n as f64);
            }
        }
    }
    rows.iter()
        .zip(&mut samples)
        .map(|(r, [e, d, rt])| Timing {
            name: r.name,
            bytes: r.bytes.len(),
            encode: median(e),
            decode: median(d),
            roundtrip: median(rt),
        })
        .collect()
}

/// A table: a title and its timings; ratios are to the first row.
struct Table {
    title: &'static str,
    rows: Vec<Timing>,
}

const HEADER: [&str; 7] = [
    "format",
    "bytes",
    "encode ns",
    "decode ns",
    "round trip ns",
    "round trips/s",
    "rt vs compact",
];

/// The cells of one row.
fn cells(t: &Timing, base: &Timing) -> [String; 7] {
    let ns = |v: f64| {
        if v >= 10_000.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.1}")
        }
    };
    [
        t.name.to_owned(),
        t.bytes.to_string(),
        ns(t.encode),
        ns(t.decode),
        ns(t.roundtrip),
        format!("{:.0}", 1e9 / t.roundtrip),
        format!("{:.2}x", t.roundtrip / base.roundtrip),
    ]
}

fn print_table(t: &Table) {
    println!("\n{}\n", t.title);
    let widths = [26, 7, 10, 10, 14, 14, 14];
    let line = |c: &[String]| {
        let mut s = format!("{:<w$}", c[0], w = widths[0]);
        for (cell, w) in c[1..].iter().zip(&widths[1..]) {
            s.push_str(&format!(" {cell:>w$}"));
        }
        println!("{s}");
    };
    line(&HEADER.map(str::to_owned));
    for r in &t.rows {
        line(&cells(r, &t.rows[0]));
    }
}

/// Writes the tables as Markdown, or as CSV when `path` ends in `.csv`.
fn write_tables(path: &str, tables: &[Table]) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let mut s = String::new();
    if path.ends_with(".csv") {
        let _ = writeln!(s, "set,{}", HEADER.join(","));
        for t in tables {
            for r in &t.rows {
                let _ = writeln!(s, "\"{}\",{}", t.title, cells(r, &t.rows[0]).join(","));
            }
        }
    } else {
        for t in tables {
            let _ = writeln!(s, "### {}\n", t.title);
            let _ = writeln!(s, "| {} |", HEADER.join(" | "));
            let _ = writeln!(s, "|---|{}", "---:|".repeat(HEADER.len() - 1));
            for r in &t.rows {
                let _ = writeln!(s, "| {} |", cells(r, &t.rows[0]).join(" | "));
            }
            s.push('\n');
        }
    }
    std::fs::write(path, s)
}

/// The seed document: every layout, borrowed and in-place decode, then the peers; and
/// how many of the rows are layouts.
fn document_rows(doc: &Rc<Document>) -> (Vec<Row>, usize) {
    let mut rows = packed_benches::document_layout_rows(doc);
    let layouts = rows.len();
    rows.extend(packed_benches::document_special_rows(doc));
    rows.extend(peers::rows(&Rc::new(peers::Document::from(&**doc))));
    (rows, layouts)
}

fn log_rows() -> Vec<Row> {
    let logs = Rc::new(packed_benches::generate_logs());
    let mut rows = packed_benches::log_rows(&logs);
    rows.extend(peers::rows(&Rc::new(peers::Logs::from(&*logs))));
    rows
}

fn game_rows() -> Vec<Row> {
    let game = Rc::new(packed_benches::generate_game());
    let mut rows = packed_benches::game_rows(&game);
    rows.extend(peers::rows(&Rc::new(peers::Game::from(&*game))));
    rows
}

fn mesh_rows() -> Vec<Row> {
    let mesh = Rc::new(packed_benches::generate_mesh());
    let mut rows = packed_benches::mesh_rows(&mesh);
    rows.extend(peers::rows(&Rc::new(peers::Mesh::from(&*mesh))));
    rows
}

/// Where the bytes go: the seed document under each layout and in the envelope, by
/// role and by field (`packed_core::compare`), then its compact encoding annotated
/// byte by byte (`packed_core::explain`).
fn print_explanations(doc: &Document) {
    use packed_core::layout;
    use ubjson_envelope::Mode;
    let table = packed_core::compare(doc)
        .layout::<layout::Bitsery>("compact")
        .and_then(|t| t.layout::<layout::Yas>("YAS"))
        .and_then(|t| t.layout::<layout::YasNoHeader>("YAS no header"))
        .and_then(|t| t.layout::<layout::YasCompacted>("YAS compacted"))
        .expect("the seed document fits every layout")
        .row(
            "compact, growable items",
            packed_core::explain(&packed_benches::GrowableDocument::from(doc))
                .expect("the growable document encodes"),
        )
        .row(
            "envelope fixed-int32",
            ubjson_envelope::explain(doc, Mode::FixedInt32).expect("fits the envelope"),
        )
        .row(
            "envelope minimal",
            ubjson_envelope::explain(doc, Mode::Minimal).expect("fits the envelope"),
        )
        .row(
            "bit-packed",
            packed_core::explain(&packed_benches::DocumentBits::from(doc))
                .expect("the seed document is in its ranges"),
        );
    println!("\nwhere the bytes go (seed document)\n\n{table}");
    let dump = packed_core::explain(doc).expect("the seed document encodes");
    println!("the compact encoding, byte by byte\n\n{dump}");
}

/// The rows named in `names`, or all of them when it is empty.
fn keep(rows: Vec<Row>, names: &[String]) -> Vec<Row> {
    if names.is_empty() {
        return rows;
    }
    rows.into_iter()
        .filter(|r| names.iter().any(|n| n == r.name))
        .collect()
}

fn main() {
    let opts = parse_args();
    let doc = Rc::new(seed_document());
    let (rows, layouts) = document_rows(&doc);
    print_sizes(&rows[..layouts]);

    let mut tables = vec![Table {
        title: "seed document",
        rows: measure(&mut keep(rows, &opts.rows), opts.rounds),
    }];
    if opts.all || opts.game {
        tables.push(Table {
            title: "game (a state update of 1,000 players)",
            rows: measure(&mut keep(game_rows(), &opts.rows), opts.rounds),
        });
    }
    if opts.all {
        // Fewer rounds: each batch of these is already long.
        let rounds = (opts.rounds / 2).max(1);
        tables.push(Table {
            title: "log (10,000 records)",
            rows: measure(&mut keep(log_rows(), &opts.rows), rounds),
        });
        tables.push(Table {
            title: "mesh (125,000 triangles)",
            rows: measure(&mut keep(mesh_rows(), &opts.rows), rounds),
        });
    }
    // A table none of whose rows `--rows` kept.
    tables.retain(|t| !t.rows.is_empty());
    for t in &tables {
        print_table(t);
    }
    println!(
        "\n(median of {} interleaved rounds; ns per operation; ratios to the first row)",
        opts.rounds
    );
    print_explanations(&doc);
    if let Some(path) = &opts.out {
        match write_tables(path, &tables) {
            Ok(()) => println!("wrote {path}"),
            Err(e) => {
                eprintln!("cannot write {path}: {e}");
                std::process::exit(1);
            }
        }
    }
}
