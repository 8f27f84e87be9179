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
//! of it and refuses a set padding bit ([`DecodeError::InvalidPadding`]). Errors about
//! the bits say where they are as a bit offset from the start of the input.
//!
//! [`BitWriter`] and [`BitReader`] are the session's writer and reader. Which one a
//! value sees is chosen by its context ([`Session`]), so a session is opened once, at
//! the outermost bit-packed type.

use alloc::{borrow::Cow, vec::Vec};

use crate::ctx::{Bits, Bytes, Session};
use crate::explain::{PathSeg, Role};
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
        let mut bits = BitReader::new(r);
        let value = T::decode_fields::<C::InBits, BitReader<'_, 'de, R>>(&mut bits)?;
        bits.finish()?;
        Ok(value)
    }
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
}

/// Whether values under `C` are inside a bit-packing session. A constant.
#[inline(always)]
pub(crate) fn in_session<C: Ctx>() -> bool {
    <C::Session as Session>::BIT_PACKING
}

/// Mask of the low `bits` bits (`bits` at most 64).
#[inline(always)]
fn low_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The writer of a bit-packing session over `W`: collects bits least significant
/// first and hands them to `W` as whole bytes, eight at a time (or, if `W` packs bits
/// itself, as `explain`'s recorder does, hands it every write as it comes).
pub struct BitWriter<'a, W: Writer + ?Sized> {
    inner: &'a mut W,
    /// Bits not handed to `inner` yet, the oldest in the lowest bits.
    acc: u64,
    /// How many bits of `acc` are in use: 0 to 63.
    used: u32,
}

impl<'a, W: Writer + ?Sized> BitWriter<'a, W> {
    /// Opens a session on `inner`, which is at a byte boundary.
    #[inline(always)]
    pub(crate) fn new(inner: &'a mut W) -> Self {
        Self {
            inner,
            acc: 0,
            used: 0,
        }
    }

    /// Appends the low `bits` bits of `value`, whose other bits are zero.
    #[inline(always)]
    fn push(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        debug_assert!(bits <= 64 && value & !low_bits(bits) == 0);
        let used = self.used;
        self.acc |= value << used;
        let total = used + bits;
        if total < 64 {
            self.used = total;
            return Ok(());
        }
        let word = self.acc;
        // The bits of `value` that did not fit: its top `total - 64`. In two shifts, so
        // that `used == 0` (all of a 64-bit value fitted) needs no branch.
        self.acc = (value >> 1) >> (63 - used);
        self.used = total - 64;
        self.inner.write_bytes(&word.to_le_bytes())
    }

    /// Hands the whole bytes collected to `inner`; only at a byte boundary.
    #[inline]
    fn flush_bytes(&mut self) -> Result<(), EncodeError> {
        debug_assert!(self.used % 8 == 0);
        let n = (self.used / 8) as usize;
        let word = self.acc;
        self.acc = 0;
        self.used = 0;
        self.inner.write_bytes(&word.to_le_bytes()[..n])
    }

    /// Pads to a byte boundary with zero bits.
    #[inline]
    fn pad(&mut self) -> Result<(), EncodeError> {
        let padding = self.used.wrapping_neg() % 8;
        if padding == 0 {
            return Ok(());
        }
        // The padding bits of `acc` are zero already.
        self.used += padding;
        if self.used == 64 {
            return self.flush_bytes();
        }
        Ok(())
    }

    /// Closes the session: pads the last byte with zero bits and hands it over.
    ///
    /// # Errors
    /// From the inner writer.
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.align_bits();
        }
        self.pad()?;
        if self.used == 0 {
            return Ok(());
        }
        self.flush_bytes()
    }

    /// Appends `bytes` as 8 bits each, more than 8 of them: at a byte boundary in one
    /// piece, else 7 at a time.
    #[inline(never)]
    fn write_long(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if self.used % 8 == 0 {
            self.flush_bytes()?;
            return self.inner.write_bytes(bytes);
        }
        for chunk in bytes.chunks(7) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.push(u64::from_le_bytes(word), 8 * chunk.len() as u32)?;
        }
        Ok(())
    }
}

impl<W: Writer + ?Sized> Writer for BitWriter<'_, W> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_bytes(bytes);
        }
        if bytes.len() > 8 {
            return self.write_long(bytes);
        }
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        self.push(u64::from_le_bytes(word), 8 * bytes.len() as u32)
    }

    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_byte(byte);
        }
        self.push(u64::from(byte), 8)
    }

    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.write_bytes(bytes)
    }

    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        self.inner.begin_frame(role);
    }

    #[inline(always)]
    fn end_frame(&mut self) {
        self.inner.end_frame();
    }

    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        self.inner.push_path(seg);
    }

    #[inline(always)]
    fn pop_path(&mut self) {
        self.inner.pop_path();
    }

    #[inline(always)]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_bits(value, bits);
        }
        self.push(value, bits)
    }

    #[inline(always)]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.align_bits();
        }
        self.pad()
    }

    #[inline(always)]
    fn bits_pending(&self) -> bool {
        if self.inner.packs_bits() {
            return self.inner.bits_pending();
        }
        self.used % 8 != 0
    }

    #[inline(always)]
    fn packs_bits(&self) -> bool {
        true
    }
}

/// The reader of a bit-packing session over `R`. From a slice it reads the bits
/// straight from the input the slice lends ([`Reader::lend_unread`]) and skips them on
/// the inner reader when the session ends; from a stream it reads byte by byte, never
/// past the session's last byte.
pub struct BitReader<'a, 'de, R: Reader<'de> + ?Sized> {
    inner: &'a mut R,
    /// The input from the session's first byte, if the inner reader lends it.
    input: Option<&'de [u8]>,
    /// Bits of the session read so far.
    pos: usize,
    /// From a stream: the bits of the bytes taken from `inner` but not read yet, the
    /// oldest in the lowest bits, and how many there are (0 to 7 between reads).
    acc: u128,
    avail: u32,
    /// `inner`'s offset where the session starts.
    start: usize,
}

impl<'a, 'de, R: Reader<'de> + ?Sized> BitReader<'a, 'de, R> {
    /// Opens a session on `inner`, which is at a byte boundary.
    #[inline(always)]
    pub(crate) fn new(inner: &'a mut R) -> Self {
        Self {
            input: inner.lend_unread(),
            start: inner.offset(),
            inner,
            pos: 0,
            acc: 0,
            avail: 0,
        }
    }

    /// Closes the session: reads the padding of the last byte, which must be zero bits,
    /// and moves the inner reader past the session.
    ///
    /// # Errors
    /// [`DecodeError::InvalidPadding`].
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), DecodeError> {
        self.align_bits()?;
        if self.input.is_some() {
            self.inner.borrow_bytes(self.pos / 8)?;
        }
        Ok(())
    }

    /// The error for reading `bits` more bits where fewer are left. From a slice
    /// limited by [`Limits::max_bytes`](crate::Limits::max_bytes), the inner reader's
    /// own error, which says so.
    #[cold]
    #[inline(never)]
    fn exhausted(&mut self, bits: u32) -> DecodeError {
        let bit_offset = self.start * 8 + self.pos;
        let remaining = match self.input {
            Some(input) => {
                let left = input.len() * 8 - self.pos;
                if self.inner.borrow_bytes(input.len()).is_ok() {
                    if let Err(e @ DecodeError::ByteLimitExceeded { .. }) = self.inner.read_byte()
                    {
                        return e;
                    }
                }
                left
            }
            None => self.avail as usize,
        };
        DecodeError::UnexpectedEndOfBits {
            bit_offset,
            needed: bits as usize,
            remaining,
        }
    }

    /// Reads `bits` bits (at most 64) from the lent input.
    #[inline(always)]
    fn read_lent(&mut self, input: &'de [u8], bits: u32) -> Result<u64, DecodeError> {
        let end = self.pos + bits as usize;
        if end > input.len() * 8 {
            return Err(self.exhausted(bits));
        }
        let byte = self.pos / 8;
        let shift = (self.pos % 8) as u32;
        let value = match input.get(byte..byte + 8) {
            Some(word) => {
                let mut word: [u8; 8] = word.try_into().unwrap_or_default();
                let mut v = u64::from_le_bytes(core::mem::take(&mut word)) >> shift;
                if shift + bits > 64 {
                    // The top bits are in the ninth byte, which `end` shows is there.
                    v |= u64::from(input.get(byte + 8).copied().unwrap_or(0)) << (64 - shift);
                }
                v
            }
            None => {
                // Near the end of the input: the bits left, zero beyond them.
                let mut word = [0u8; 16];
                let tail = &input[byte..];
                word[..tail.len()].copy_from_slice(tail);
                (u128::from_le_bytes(word) >> shift) as u64
            }
        };
        self.pos = end;
        Ok(value & low_bits(bits))
    }

    /// Reads `bits` bits (at most 64) from a stream, taking bytes from it as needed.
    #[inline]
    fn read_streamed(&mut self, bits: u32) -> Result<u64, DecodeError> {
        while self.avail < bits {
            let byte = match self.inner.read_byte() {
                Ok(b) => b,
                Err(DecodeError::UnexpectedEnd { .. }) => return Err(self.exhausted(bits)),
                Err(e) => return Err(e),
            };
            self.acc |= u128::from(byte) << self.avail;
            self.avail += 8;
        }
        let value = self.acc as u64 & low_bits(bits);
        self.acc >>= bits;
        self.avail -= bits;
        self.pos += bits as usize;
        Ok(value)
    }

    /// Whether the stream is at a byte boundary.
    #[inline(always)]
    fn aligned(&self) -> bool {
        self.pos % 8 == 0
    }

    /// The lent input's next `n` whole bytes at a byte boundary, consumed, or `None`
    /// to read them bit by bit. `Err` if fewer are left.
    #[inline(always)]
    fn take_aligned(&mut self, n: usize) -> Result<Option<&'de [u8]>, DecodeError> {
        let Some(input) = self.input else {
            return Ok(None);
        };
        if !self.aligned() {
            return Ok(None);
        }
        match input.get(self.pos / 8..).and_then(|rest| rest.get(..n)) {
            Some(bytes) => {
                self.pos += 8 * n;
                Ok(Some(bytes))
            }
            None => Err(self.exhausted(u32::try_from(8 * n).unwrap_or(u32::MAX))),
        }
    }

    /// Checks that `n` more bytes are left, before anything is allocated for them.
    #[inline]
    fn check_left(&mut self, n: usize) -> Result<(), DecodeError> {
        if let Some(input) = self.input {
            if n.saturating_mul(8) > input.len() * 8 - self.pos {
                return Err(self.exhausted(u32::try_from(8 * n).unwrap_or(u32::MAX)));
            }
        }
        Ok(())
    }
}

impl<'de, R: Reader<'de> + ?Sized> Reader<'de> for BitReader<'_, 'de, R> {
    #[inline]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        if let Some(bytes) = self.take_aligned(out.len())? {
            out.copy_from_slice(bytes);
            return Ok(());
        }
        if self.input.is_none() && self.avail == 0 {
            return match self.inner.read_into(out) {
                Ok(()) => {
                    self.pos += 8 * out.len();
                    Ok(())
                }
                Err(DecodeError::UnexpectedEnd { .. }) => {
                    Err(self.exhausted(u32::try_from(8 * out.len()).unwrap_or(u32::MAX)))
                }
                Err(e) => Err(e),
            };
        }
        for chunk in out.chunks_mut(7) {
            let v = self.read_bits(8 * chunk.len() as u32)?;
            chunk.copy_from_slice(&v.to_le_bytes()[..chunk.len()]);
        }
        Ok(())
    }

    #[inline(always)]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.read_bits(8)? as u8)
    }

    /// Borrows at a byte boundary of a slice's session; between boundaries the bytes
    /// are not in the input as they are, so a `&str` or `&[u8]` there is
    /// [`DecodeError::CannotBorrow`] (decode a `String` or `Cow<str>`).
    #[inline]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        match self.take_aligned(n)? {
            Some(bytes) => Ok(bytes),
            None => Err(DecodeError::CannotBorrow {
                offset: self.offset(),
            }),
        }
    }

    #[inline]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.check_left(n)?;
        if let Some(bytes) = self.take_aligned(n)? {
            out.extend_from_slice(bytes);
            return Ok(());
        }
        // A stream's bytes arrive as they are read: allocate for them in steps.
        const CHUNK: usize = 64 * 1024;
        let mut left = n;
        while left > 0 {
            let step = left.min(CHUNK);
            let start = out.len();
            out.resize(start + step, 0);
            self.read_into(&mut out[start..])?;
            left -= step;
        }
        Ok(())
    }

    #[inline]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        if let Some(bytes) = self.take_aligned(n)? {
            return Ok(Cow::Borrowed(bytes));
        }
        let mut v = Vec::new();
        self.read_append(n, &mut v)?;
        Ok(Cow::Owned(v))
    }

    #[inline(always)]
    fn offset(&self) -> usize {
        self.start + self.pos / 8
    }

    /// Inside a session, the **bits** left: every value of `MIN_WIRE` `m` takes at
    /// least `m` bits there (a `bool` one, a byte eight), so length claims checked
    /// against it stay sound.
    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        self.input.map(|input| input.len() * 8 - self.pos)
    }

    #[inline(always)]
    fn enter(&mut self) -> Result<(), DecodeError> {
        self.inner.enter()
    }

    #[inline(always)]
    fn leave(&mut self) {
        self.inner.leave();
    }

    #[inline]
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.inner.check_zero_width(offset, n)
    }

    #[inline]
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.inner.count_zero_width(offset)
    }

    #[inline(always)]
    fn read_bits(&mut self, bits: u32) -> Result<u64, DecodeError> {
        match self.input {
            Some(input) => self.read_lent(input, bits),
            None => self.read_streamed(bits),
        }
    }

    #[inline]
    fn align_bits(&mut self) -> Result<(), DecodeError> {
        let padding = self.pos.wrapping_neg() % 8;
        if padding == 0 {
            return Ok(());
        }
        let bit_offset = self.bit_offset();
        if self.read_bits(padding as u32)? != 0 {
            return Err(DecodeError::InvalidPadding { bit_offset });
        }
        Ok(())
    }

    #[inline(always)]
    fn bits_pending(&self) -> bool {
        !self.aligned()
    }

    #[inline(always)]
    fn bit_offset(&self) -> usize {
        self.start * 8 + self.pos
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{BitReader, BitWriter};
    use crate::{DecodeError, Reader, SliceReader, Writer};

    /// The writer's bits are the reader's, at every width and offset, and the
    /// session's last byte is padded with zero bits.
    #[test]
    fn bits_round_trip_at_every_offset() {
        for lead in 0..64u32 {
            for width in 0..=64u32 {
                let value = 0xA5C3_96F0_0F69_3C5Au64 & super::low_bits(width);
                let mut out = Vec::new();
                let mut w = BitWriter::new(&mut out);
                w.write_bits(u64::from(lead > 0), lead.min(1)).unwrap();
                w.write_bits(0, lead.saturating_sub(1)).unwrap();
                w.write_bits(value, width).unwrap();
                w.write_bytes(&[0xEE; 11]).unwrap();
                w.finish().unwrap();
                let bits = lead + width + 88;
                assert_eq!(out.len(), bits.div_ceil(8) as usize, "{lead} {width}");
                let mut r = SliceReader::new(&out);
                let mut br = BitReader::new(&mut r);
                assert_eq!(br.read_bits(lead).unwrap(), u64::from(lead > 0));
                assert_eq!(br.read_bits(width).unwrap(), value, "{lead} {width}");
                let mut tail = [0u8; 11];
                br.read_into(&mut tail).unwrap();
                assert_eq!(tail, [0xEE; 11]);
                br.finish().unwrap();
                assert!(r.rest().is_empty());
            }
        }
    }

    /// A set padding bit at the session's end is an error at its bit offset.
    #[test]
    fn set_padding_is_refused() {
        let mut r = SliceReader::new(&[0b0000_0101]);
        let mut br = BitReader::new(&mut r);
        assert_eq!(br.read_bits(1).unwrap(), 1);
        assert_eq!(
            br.finish(),
            Err(DecodeError::InvalidPadding { bit_offset: 1 })
        );
    }
}
