//! A UBJSON Draft 12 codec, byte-minimal on write and safe on hostile input,
//! and the `kind` + `payload` envelope that carries `packed-core` records.
//!
//! # The envelope
//!
//! An envelope is the UBJSON object `{"kind": <integer>, "payload": [$U#n …]}`.
//! [`wrap`] writes it around raw bytes, [`unwrap`] reads the kind and a
//! borrowed payload back; [`to_vec`] and [`from_slice`] do the same for a
//! record type with a `#[packed(kind = N)]`, checking the kind.
//!
//! ```
//! use ubjson_envelope::{unwrap, wrap, Mode};
//!
//! let bytes = wrap(1, &[0xAB, 0xAB], Mode::Minimal)?;
//! assert_eq!(bytes.len(), 2 + 25);
//! assert_eq!(unwrap(&bytes)?, (1, &[0xAB, 0xAB][..]));
//!
//! // The 37-byte form of the seed benchmark's C writer.
//! let fixed = wrap(1, &[0xAB, 0xAB], Mode::FixedInt32)?;
//! assert_eq!(fixed.len(), 2 + 37);
//! assert_eq!(unwrap(&fixed)?, (1, &[0xAB, 0xAB][..]));
//! # Ok::<(), ubjson_envelope::EnvelopeError>(())
//! ```
//!
//! Overhead in bytes (kind in -128..=127 for [`Mode::Minimal`]):
//!
//! | payload bytes | 0 | 255 | 256 | 32767 | 32768 |
//! | --- | --- | --- | --- | --- | --- |
//! | [`Mode::Minimal`] | 25 | 25 | 26 | 26 | 28 |
//! | [`Mode::FixedInt32`] | 37 | 37 | 37 | 37 | 37 |
//!
//! With several kinds on one channel, a [`Dispatcher`] routes each envelope
//! to the handler for its kind.
//!
//! # The codec
//!
//! [`Value`] covers every Draft 12 type. [`Value::to_vec`] writes each
//! integer, length and count with its smallest marker, and containers typed
//! where that is shorter; a float keeps its width (`d` or `D`) and a string
//! of one character stays `S`, as the [`Value`] holds them (the rules are in
//! the [`mod@write`] module);
//! [`Value::from_slice`] reads every valid form, borrows strings,
//! keys and bytes from the input, and rejects every invalid one with an
//! [`Error`] that says what and at which byte offset.
//!
//! ```
//! use ubjson_envelope::Value;
//!
//! let v = Value::from_slice(b"{U\x02idI\x01\x2CU\x04nameSU\x03bob}")?;
//! assert_eq!(v.get("id"), Some(&Value::Int(300)));
//! assert_eq!(v.get("name").and_then(Value::as_str), Some("bob"));
//! assert_eq!(v.to_vec(), b"{U\x02idI\x01\x2CU\x04nameSU\x03bob}");
//! # Ok::<(), ubjson_envelope::Error>(())
//! ```
//!
//! # Hostile input
//!
//! Decoding never panics, never reserves memory for more elements than the
//! rest of the input can hold (counting it once however deep the counted
//! containers nest: a count inside a counted container is checked against the
//! bytes its enclosing containers' later elements do not need), and stops at
//! the [`Limits`] (nesting depth
//! 128, 2^24 elements per container, 2^16 zero-size `$Z`/`$T`/`$F` elements
//! per document by default). The crate has no `unsafe` code.
//!
//! # Features
//!
//! - `std` (default): [`Value::write_to`] for [`std::io::Write`]. Without it
//!   the crate is `#![no_std]` and needs only `alloc`.
#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![deny(rustdoc::broken_intra_doc_links)]

extern crate alloc;

mod dispatch;
mod envelope;
mod error;
mod marker;
pub mod read;
mod typed;
mod value;
pub mod write;

pub use dispatch::Dispatcher;
pub use envelope::{envelope_len, unwrap, wrap, wrap_into, Mode};
pub use error::{EnvelopeError, EnvelopeKey, Error, Limit};
pub use marker::Marker;
pub use read::Limits;
pub use typed::{explain, from_slice, to_vec, to_vec_with, write_into};
pub use value::{Char, HighPrecision, Value};

/// Compiles and runs the README's examples as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
