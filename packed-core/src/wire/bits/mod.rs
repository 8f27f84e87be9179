//! Bit-packing sessions: Bitsery's `enableBitPacking`
//! (`details/adapter_bit_packing.h`, `serializer.h`).
//!
//! A `#[packed(bitpack)]` type writes its fields, and everything nested in them, as one
//! stream of bits, padded with zero bits to a byte at its end. Bit `k` of the stream is
//! bit `k mod 8` of byte `k / 8`: values are appended least significant bit first.
//! Inside the session:
//!
//! - a `bool` is one bit, an `Option`'s flag one bit followed by padding to the next
//!   byte (Bitsery's `StdOptional`);
//! - everything else is written as its bytes, each byte as 8 bits at the current bit
//!   offset: strings, sequences, length prefixes and LEB128 integers are **not**
//!   aligned. A number wider than a byte takes the layout's byte order only at a byte
//!   boundary; between boundaries its bits go out little-endian (Bitsery's
//!   `writeBytes` in a session);
//! - the bit codings of fields (`range`, `precision`, `bits`, `entropy`, in
//!   `wire/coded.rs`) write just the bits they need; `align` pads to the next byte.
//!
//! A bit-packed type nested in a session writes into it (Bitsery's `enableBitPacking`
//! inside a session is a no-op), so only the outermost one pads. Decoding mirrors all
//! of it and refuses a set padding bit ([`DecodeError::InvalidPadding`]).
//!
//! A type both `#[packed(growable)]` and `#[packed(bitpack)]` is a session inside a
//! record ([`Session::decode_packed_record`]), read as Bitsery reads one: the reader's
//! fields go on past the end of an older record's bits, reading zeros there (the fields
//! it lacks: 0, the range's minimum, `false`, `None`, empty), up to [`RECORD_ZERO_BITS`];
//! bytes a length claims are never zeros (an older record's missing string has length
//! 0); and the bits after the reader's fields in the record's last byte may be a newer
//! version's fields, so they are not checked as padding.
//!
//! Errors about the bits say where they are as a bit offset from the start of the
//! input, which stops where the input does (zeros read past a record's end are not the
//! input's), and, for [`DecodeError::UnexpectedEndOfBits`], how many bits were wanted
//! and how many the input had left.
//!
//! [`BitWriter`] (`write.rs`) and [`BitReader`] (`read.rs`) are the session's writer
//! and reader. Which one a value sees is chosen by its context ([`Session`]), so a
//! session is opened once, at the outermost bit-packed type. The reader takes its bits
//! from a [`Source`], its one piece of state that depends on how the input
//! is read: a stream's bytes one at a time into an accumulator ([`Streamed`],
//! `stream.rs`), or a slice's whole input in place, a word at a time ([`Lent`], in
//! [`fast::bits`](crate::fast::bits)).

mod read;
mod source;
mod stream;
#[cfg(test)]
mod tests;
mod write;

pub(crate) use self::read::BitReader;
pub(crate) use self::source::{Borrow, Source};
use self::stream::Streamed;
pub(crate) use self::write::BitWriter;
use crate::ctx::{Bits, Bytes, Session};
use crate::fast::bits::Lent;
use crate::{Ctx, DecodeError, EncodeError, Reader, Writer};

/// The fields of a `#[packed(bitpack)]` type, written inside a bit-packing session:
/// what the derive implements beside `Encode`, whose `encode` opens the session (or
/// joins the one open) and calls this.
pub trait BitPacked {
    /// Writes the fields under `C`, which is inside a session.
    ///
    /// # Errors
    /// As [`Encode::encode`](crate::Encode::encode).
    fn encode_fields<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError>;
}

/// [`BitPacked`] for decoding.
pub trait BitUnpacked<'de>: Sized {
    /// Reads the fields under `C`, which is inside a session.
    ///
    /// # Errors
    /// As [`Decode::decode`](crate::Decode::decode).
    fn decode_fields<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError>;
}

/// Outside a session: open one around the fields, and close it (padding to a byte).
impl Session for Bytes {
    const BIT_PACKING: bool = false;

    #[inline]
    fn encode_packed<C: Ctx, T: BitPacked + ?Sized, W: Writer + ?Sized>(
        value: &T,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let mut bits = BitWriter::new(w);
        value.encode_fields::<C::InBits, BitWriter<'_, W>>(&mut bits)?;
        bits.finish()
    }

    #[inline]
    fn decode_packed<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        decode_session::<C, T, R>(r, false)
    }

    /// A growable record's body that is a bit-packing session (a type both
    /// `#[packed(growable)]` and `#[packed(bitpack)]`: Bitsery's safe pattern, the
    /// session inside the record): opened as outside a session, read as Bitsery reads it
    /// (see the module's docs). The record itself is never inside a session
    /// (`read_record` refuses that first).
    #[inline(always)]
    fn decode_packed_record<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        decode_session::<C, T, R>(r, true)
    }
}

/// Opens a session on `r` (a growable record's body if `in_record`), reads a `T`'s
/// fields and closes it. Two readers, so that reading from a slice does not ask, bit
/// after bit, whether it reads from one: one on the input `r` lends, if it does (a
/// slice), else one that takes `r`'s bytes as a stream.
#[inline(always)]
fn decode_session<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
    in_record: bool,
) -> Result<T, DecodeError> {
    match r.lend_unread() {
        Some(input) => {
            let source = Lent::new(input, r.ledger());
            decode_in::<C, T, R, Lent<'de>>(BitReader::new(r, source, in_record))
        }
        None => {
            let record_bytes = if in_record { r.claim_bound() } else { None };
            let source = Streamed::new(record_bytes);
            decode_in::<C, T, R, Streamed>(BitReader::new(r, source, in_record))
        }
    }
}

/// Reads a `T`'s fields through `bits` and closes the session.
#[inline(always)]
fn decode_in<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized, S: Source<'de>>(
    mut bits: BitReader<'_, 'de, R, S>,
) -> Result<T, DecodeError> {
    let value = T::decode_fields::<C::InBits, BitReader<'_, 'de, R, S>>(&mut bits)?;
    bits.finish()?;
    Ok(value)
}

/// Inside a session: the fields go on in it.
impl Session for Bits {
    const BIT_PACKING: bool = true;

    #[inline(always)]
    fn encode_packed<C: Ctx, T: BitPacked + ?Sized, W: Writer + ?Sized>(
        value: &T,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        value.encode_fields::<C, W>(w)
    }

    #[inline(always)]
    fn decode_packed<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        T::decode_fields::<C, R>(r)
    }

    /// Not reached: `read_record` refuses a record inside a session before its body.
    #[cold]
    fn decode_packed_record<'de, C: Ctx, T: BitUnpacked<'de>, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<T, DecodeError> {
        Err(DecodeError::RecordInBitPacking {
            bit_offset: r.bit_offset(),
            type_name: core::any::type_name::<T>(),
        })
    }
}

/// Whether values under `C` are inside a bit-packing session. A constant.
#[inline(always)]
pub(crate) fn in_session<C: Ctx>() -> bool {
    <C::Session as Session>::BIT_PACKING
}

/// Mask of the low `bits` bits (`bits` at most 64).
#[inline(always)]
pub(crate) fn low_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The zero bits a growable bit-packed record may be read past its end: the fields an
/// older record lacks, up to 512 bytes of them. A bound, so that hostile input (a
/// record whose fields claim many elements, each read past its end from a stream, which
/// does not know its length) costs time and memory in proportion to its bytes.
pub const RECORD_ZERO_BITS: usize = 4096;
