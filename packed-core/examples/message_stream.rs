//! A stream of messages in a file: a game server's log of player moves, written one
//! message at a time and read back until the end of the file.
//!
//! ```sh
//! cargo run -p packed-core --example message_stream
//! ```
//!
//! - [`to_writer`](packed_core::to_writer) encodes each message into a buffer and
//!   hands it to the file with one `write_all`: no `BufWriter` needed, one system call
//!   per message.
//! - [`messages`](packed_core::messages) reads from a `BufReader` (any `BufRead`), so
//!   the file is read in large chunks, never past a message, and the iterator ends
//!   (`None`) where the file ends between two messages. A file cut inside a message
//!   gives an error instead, here `UnexpectedEnd`.

use std::fs::File;
use std::io::BufReader;

use packed_core::{DecodeError, Packed};

#[derive(Packed, Debug, Clone, PartialEq)]
enum Action {
    Idle,
    Move { to: [f32; 3], running: bool },
    Say(#[packed(max = 140)] String),
}

#[derive(Packed, Debug, Clone, PartialEq)]
struct PlayerMove {
    tick: u64,
    player: u32,
    #[packed(max = 32)]
    name: String,
    action: Action,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::temp_dir().join(format!("packed-moves-{}.bin", std::process::id()));
    let moves: Vec<PlayerMove> = (0..1000u32)
        .map(|i| PlayerMove {
            tick: u64::from(i) * 16,
            player: i % 4,
            name: ["ann", "bob", "cyd", "dee"][(i % 4) as usize].into(),
            action: match i % 3 {
                0 => Action::Idle,
                1 => Action::Move {
                    to: [i as f32, 0.0, -1.5],
                    running: i % 2 == 0,
                },
                _ => Action::Say(format!("gg {i}")),
            },
        })
        .collect();

    // Write: one `write_all` per message, straight to the file.
    let file = File::create(&path)?;
    let mut written = 0;
    for m in &moves {
        written += packed_core::to_writer(m, &file)?;
    }
    drop(file);
    println!(
        "wrote {} messages, {written} bytes, to {}",
        moves.len(),
        path.display()
    );

    // Read until the end of the file.
    let mut read = Vec::new();
    for m in packed_core::messages::<PlayerMove, _>(BufReader::new(File::open(&path)?)) {
        read.push(m?);
    }
    assert_eq!(read, moves);
    println!("read {} messages back", read.len());

    // A file cut inside its last message: every whole message, then the error, then
    // the end.
    let bytes = std::fs::read(&path)?;
    let cut = &bytes[..bytes.len() - 3];
    let results: Vec<Result<PlayerMove, packed_core::Error<DecodeError>>> =
        packed_core::messages(cut).collect();
    assert_eq!(results.len(), moves.len());
    assert!(results[..moves.len() - 1].iter().all(Result::is_ok));
    match results.last() {
        Some(Err(e)) if matches!(e.kind(), DecodeError::UnexpectedEnd { .. }) => {
            println!("cut file: {e}")
        }
        other => panic!("expected the cut message's error, got {other:?}"),
    }
    std::fs::remove_file(&path)?;
    Ok(())
}
