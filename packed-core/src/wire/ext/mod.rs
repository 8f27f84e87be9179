//! Impls for other crates' types, each behind the cargo feature of that crate's name:
//!
//! | feature | types | on the wire |
//! |---|---|---|
//! | `uuid` | `Uuid` | its 16 bytes, as `as_bytes` gives them (a `boost::uuids::uuid`) |
//! | `bytes` | `Bytes`, `BytesMut` | as `[u8]`: a length prefix, then the bytes |
//! | `smallvec` | `SmallVec<[T; N]>` | as `Vec<T>` |
//! | `arrayvec` | `ArrayVec<T, CAP>`, `ArrayString<CAP>` | as `Vec<T>` and `String`; a length over `CAP` is [`DecodeError::LengthOverCapacity`](crate::DecodeError::LengthOverCapacity) |
//! | `indexmap` | `IndexMap`, `IndexSet` | as the other maps and sets, entries in their order |
//! | `chrono` | `TimeDelta` (`chrono::Duration`), `DateTime<Utc>`, `NaiveDateTime` | as `Duration` and `SystemTime`: a count in the field's `unit`, signed |

#[cfg(feature = "arrayvec")]
mod arrayvec;
#[cfg(feature = "bytes")]
mod bytes;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "indexmap")]
mod indexmap;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "uuid")]
mod uuid;
