//! A service that receives envelopes of several kinds on one channel and
//! routes each to its handler: typed records decoded with `packed-core`, and
//! a raw-bytes kind handled without decoding.
//!
//! Run with `cargo run -p ubjson-envelope --example dispatch`.

use packed_core::Packed;
use ubjson_envelope::{to_vec, to_vec_with, wrap, Dispatcher, EnvelopeError, Mode};

#[derive(Packed, Debug)]
#[packed(kind = 1)]
struct Order {
    id: String,
    qty: i32,
    price_minor: i64,
}

#[derive(Packed, Debug)]
#[packed(kind = 2)]
struct Cancel {
    id: String,
}

/// Kind 3 carries an opaque blob: the handler sees the borrowed payload.
const KIND_BLOB: i64 = 3;

enum Event {
    Ordered { id: String, total_minor: i64 },
    Cancelled(String),
    Blob(usize),
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Ordered { id, total_minor } => write!(f, "order {id}, total {total_minor}"),
            Event::Cancelled(id) => write!(f, "cancel {id}"),
            Event::Blob(len) => write!(f, "blob of {len} bytes"),
        }
    }
}

fn main() -> Result<(), EnvelopeError> {
    let service = Dispatcher::<Event>::new()
        .on_record(|o: Order| {
            Ok(Event::Ordered {
                total_minor: o.price_minor * i64::from(o.qty),
                id: o.id,
            })
        })
        .on_record(|c: Cancel| Ok(Event::Cancelled(c.id)))
        .on(KIND_BLOB, |payload| Ok(Event::Blob(payload.len())));

    // What arrives on the wire: both envelope modes, mixed kinds.
    let inbox = vec![
        to_vec(&Order {
            id: "ytglvmbsd".into(),
            qty: 3,
            price_minor: 46267,
        })?,
        to_vec_with(
            &Cancel {
                id: "ytglvmbsd".into(),
            },
            Mode::FixedInt32,
        )?,
        wrap(KIND_BLOB, &[0u8; 300], Mode::Minimal)?,
        wrap(99, b"unknown kind", Mode::Minimal)?,
        b"not an envelope".to_vec(),
    ];

    for message in &inbox {
        match service.dispatch(message) {
            Ok(event) => println!("{:>3} bytes -> {event}", message.len()),
            Err(e) => println!("{:>3} bytes -> error: {e}", message.len()),
        }
    }
    Ok(())
}
