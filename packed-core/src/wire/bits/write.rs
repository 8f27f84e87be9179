//! A session's writer: bits collected least significant first, handed over as whole
//! bytes.

use super::low_bits;
use crate::explain::{PathSeg, Role};
use crate::fast::copy::le_word;
use crate::{EncodeError, Writer};

/// The writer of a bit-packing session over `W`: collects bits least significant
/// first and hands them to `W` as whole bytes, eight at a time (or, if `W` packs bits
/// itself, as `explain`'s recorder does, hands it every write as it comes).
pub(crate) struct BitWriter<'a, W: Writer + ?Sized> {
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
    /// piece, else 8 at a time (each one word read, [`le_word`]). Takes the writer's
    /// bits by value and gives them back, so that no call takes the writer's address
    /// and its bits can stay in registers on the inline paths.
    #[inline(never)]
    fn write_long(
        inner: &mut W,
        acc: u64,
        used: u32,
        bytes: &[u8],
    ) -> Result<(u64, u32), EncodeError> {
        let mut w = BitWriter { inner, acc, used };
        if w.used % 8 == 0 {
            w.flush_bytes()?;
            w.inner.write_bytes(bytes)?;
        } else {
            for chunk in bytes.chunks(8) {
                w.push(le_word(chunk), 8 * chunk.len() as u32)?;
            }
        }
        Ok((w.acc, w.used))
    }
}

impl<W: Writer + ?Sized> Writer for BitWriter<'_, W> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if self.inner.packs_bits() {
            return self.inner.write_bytes(bytes);
        }
        if bytes.len() > 8 {
            let (acc, used) = Self::write_long(self.inner, self.acc, self.used, bytes)?;
            self.acc = acc;
            self.used = used;
            return Ok(());
        }
        self.push(le_word(bytes), 8 * bytes.len() as u32)
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

    /// The sink's: whether it watches fields (`explain`'s does). No run or image
    /// reaches a session's writer (numbers have no fixed size inside one); groups of
    /// bit-coded fields are written in one piece where the sink takes runs.
    #[inline(always)]
    fn takes_runs(&self) -> bool {
        self.inner.takes_runs()
    }
}
