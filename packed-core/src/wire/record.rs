//! Growable records (`#[packed(growable)]`): Bitsery's `ext::Growable`, the frame that
//! lets a record gain fields without breaking old readers or old data.
//!
//! A growable record is a 4-byte unsigned size, then its body (its fields, or an
//! enum's tag and the variant's fields, as usual). The size is a plain `u32` in the
//! layout's byte order (never compacted or LEB128, under any layout: Bitsery writes
//! it with `writeBytes<4>`, and the YAS layouts use the same frame) and counts its own
//! 4 bytes and the body. Nested records and every element of a sequence of records
//! carry their own size.
//!
//! Reading, a record's fields stop at its end: a field the reader expects that the
//! record does not hold (it was written by an older version) takes its default, and
//! a tail the reader does not know (a newer version's fields) is skipped, so the
//! reader continues after the record. A field is in a record whole or not at all:
//! a record that ends inside one is an error, as is a size below 4 or one that reaches
//! past the input or the enclosing record. (Bitsery reads zeros for a value cut by the
//! record's end, and does not check the size.)
//!
//! A growable record cannot be inside a bit-packing session (a field of a
//! `#[packed(bitpack)]` type): its size counts bytes, which the bits around it do not
//! fill, so that is an error ([`EncodeError::RecordInBitPacking`],
//! [`DecodeError::RecordInBitPacking`]). A type that is both growable and bit-packed
//! holds its session inside its record (Bitsery's safe pattern): the session's end
//! pads to a byte before the size is taken.
//!
//! Writing, the size is written back over 4 reserved bytes once the body is written,
//! where the writer can ([`Writer::record_position`]); a stream's body is counted first
//! instead, so the message is never held in memory, and then checked to write what it
//! was counted at.

use crate::explain::{framed, Role};
use crate::layout::Layout;
use crate::num::Endian;
use crate::wire::bits::in_session;
use crate::{Ctx, Decode, DecodeError, EncodeError, Reader, SizeCounter, Writer};

/// The bytes of a record's size.
const SIZE_BYTES: usize = 4;

/// The body of a growable record: what is inside the size, written under the same
/// context as the record. The derive implements it for `#[packed(growable)]` types, and
/// their `encode` is [`write_record`] of it; a stream writes the body twice, once into
/// a [`SizeCounter`].
pub trait RecordBody {
    /// Writes the record's body under context `C` (the record's own, which the body
    /// enters as `encode` would).
    ///
    /// # Errors
    /// As [`Encode::encode`](crate::Encode::encode).
    fn encode_body<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError>;
}

/// The byte order of the size of a record whose fields use context `F`.
type SizeOrder<F> = <<F as Ctx>::Layout as Layout>::Endian;

/// Writes `value` as a growable record: its size, then its body under context `C`. The
/// size is in the byte order of `F`, the context of the record's fields.
///
/// # Errors
/// From the body and the writer; [`EncodeError::RecordTooLarge`] if the record does
/// not fit its size; [`EncodeError::RecordLengthChanged`] if a writer that cannot go
/// back took another number of bytes for the body than it was counted at.
#[inline]
pub fn write_record<C: Ctx, F: Ctx, T: RecordBody + ?Sized, W: Writer + ?Sized>(
    value: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    if in_session::<F>() {
        return Err(EncodeError::RecordInBitPacking {
            type_name: core::any::type_name::<T>(),
        });
    }
    if let Some(start) = w.record_position() {
        framed(w, Role::Size, |w| w.write_bytes(&[0; SIZE_BYTES]))?;
        value.encode_body::<C, W>(w)?;
        let end = w.record_position().unwrap_or(start);
        let size = record_size(end - start)?;
        w.patch_record_size(start, SizeOrder::<F>::bytes(size));
        return Ok(());
    }
    let mut body = SizeCounter::default();
    value.encode_body::<C, SizeCounter>(&mut body)?;
    let size = record_size(body.len.saturating_add(SIZE_BYTES))?;
    framed(w, Role::Size, |w| SizeOrder::<F>::write(size, w))?;
    let start = w.bytes_written();
    value.encode_body::<C, W>(w)?;
    // The size is already out: a body that writes another length than it was counted
    // at (an `Encode` impl or `with` module that is not deterministic) would leave a
    // record that misframes everything after it, so it is an error where the writer
    // can tell.
    match (start, w.bytes_written()) {
        (Some(start), Some(end)) if end - start != body.len => {
            Err(EncodeError::RecordLengthChanged {
                counted: body.len.saturating_add(SIZE_BYTES),
                written: (end - start).saturating_add(SIZE_BYTES),
            })
        }
        _ => Ok(()),
    }
}

/// A record's size as its 4-byte value.
#[inline]
fn record_size(size: usize) -> Result<u32, EncodeError> {
    u32::try_from(size).map_err(|_| EncodeError::RecordTooLarge { size })
}

/// A growable record being read: where it ends, for the fields' presence.
#[derive(Debug, Clone, Copy)]
pub struct Record {
    end: usize,
}

impl Record {
    /// Whether the record holds more of its body at the reader's position: whether the
    /// next field was written. A field the record does not hold takes its default.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn has_more<'de, R: Reader<'de> + ?Sized>(self, r: &R) -> bool {
        r.window_left(self.end) != 0
    }

    /// Whether the record holds the whole of a `T` of fixed size under `C` at the
    /// reader's position: a group of scalar fields, all of them there, read as one run.
    /// False where `T`'s size varies.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn holds<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(self, r: &R) -> bool {
        let n = T::fixed_size::<C>().bytes();
        n != 0 && r.window_left(self.end) >= n
    }
}

/// Reads a growable record of type `T`: its size, in the byte order of `F` (the
/// context of its fields), then its body with `body`, which reads the fields the record
/// holds ([`Record::has_more`], [`Record::holds`]); then skips what of the body was not
/// read.
///
/// # Errors
/// [`DecodeError::RecordSizeTooSmall`] and [`DecodeError::RecordSizeTooLarge`] for a
/// size that cannot be right; [`DecodeError::RecordEndsInsideField`] if a value reaches
/// past the record's end; errors of the body.
#[inline]
pub fn read_record<'de, F: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized, V>(
    r: &mut R,
    body: impl FnOnce(&mut R, Record) -> Result<V, DecodeError>,
) -> Result<V, DecodeError> {
    if in_session::<F>() {
        return Err(DecodeError::RecordInBitPacking {
            bit_offset: r.bit_offset(),
            type_name: core::any::type_name::<T>(),
        });
    }
    let start = r.offset();
    let size: u32 = SizeOrder::<F>::read(r)?;
    if (size as usize) < SIZE_BYTES {
        return Err(DecodeError::RecordSizeTooSmall {
            offset: start,
            size,
        });
    }
    let end = start.saturating_add(size as usize);
    let window = r.open_window(start, end, T::RESERVES_AHEAD)?;
    match body(r, Record { end }) {
        Ok(v) => {
            r.close_window(window)?;
            Ok(v)
        }
        Err(e) => Err(crossing(e, end)),
    }
}

/// `e`, or [`DecodeError::RecordEndsInsideField`] if it is a read cut by the end of the
/// record (the window stops reads there with [`DecodeError::UnexpectedEnd`]). A nested
/// record, which ends first, has already said so for its own.
#[cold]
#[inline(never)]
fn crossing(e: DecodeError, record_end: usize) -> DecodeError {
    match e {
        DecodeError::UnexpectedEnd { offset, needed, .. }
            if offset.saturating_add(needed) > record_end =>
        {
            DecodeError::RecordEndsInsideField { offset, record_end }
        }
        e => e,
    }
}
