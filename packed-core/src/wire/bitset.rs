//! [`Bitset<N>`](crate::cpp::Bitset), a `std::bitset<N>`: ⌈N/8⌉ bytes, bit `i` in byte
//! `i / 8` at bit `i % 8`; under YAS's conventions behind the bit count `N` (a length)
//! and the byte count (a `std::vector<uint8_t>`'s length), as `types/std/bitset.hpp`
//! writes them. Bitsery's `ext::StdBitset` writes the bytes alone, and inside a
//! bit-packing session the bits past the last whole byte as single bits
//! (`serializeLeftoverImpl`), not as one more byte.

use super::bits::in_session;
use super::seq::{length_mismatch, read_len, write_len};
use crate::cpp::Bitset;
use crate::explain::{framed, Role};
use crate::fast::{run, FixedSize};
use crate::layout::{Conventions, Layout};
use crate::len::LenPrefix;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Whether the bit and byte counts come first under `C` (YAS).
#[cfg_attr(not(debug_assertions), inline(always))]
fn counted<C: Ctx>() -> bool {
    <<C::Layout as Layout>::Conventions as Conventions>::BITSET_COUNT
}

/// How many of a `Bitset<N>`'s bytes are written whole under `C`, and whether the
/// bits past them follow as single bits: inside a bit-packing session the `N % 8` bits
/// past the last whole byte are (Bitsery's `serializeLeftoverImpl`); elsewhere they are
/// one more byte, whose high bits are padding.
#[cfg_attr(not(debug_assertions), inline(always))]
fn whole_bytes<C: Ctx, const N: usize>() -> (usize, bool) {
    if in_session::<C>() && N % 8 != 0 {
        (N / 8, true)
    } else {
        (N.div_ceil(8), false)
    }
}

/// The fixed size of a `Bitset<N>` under `C`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn size<C: Ctx, const N: usize>() -> FixedSize<Bitset<N>> {
    // Inside a session its last bits are bits, and a value's bytes depend on the bit
    // offset it starts at: no run stands for it, as for numbers there.
    if in_session::<C>() {
        return FixedSize::VARIES;
    }
    let bytes = N.div_ceil(8);
    if !counted::<C>() {
        return FixedSize::of(bytes);
    }
    let len = |n| <<C::Layout as Layout>::Len as LenPrefix>::size_of(n);
    FixedSize::of(run::run_size(&[len(N), len(bytes), bytes]))
}

impl<const N: usize> Encode for Bitset<N> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        size::<C, N>()
    }
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        let bytes = N.div_ceil(8);
        if counted::<C>() {
            write_len::<C, W>(N, w)?;
            write_len::<C, W>(bytes, w)?;
        }
        framed(w, Role::Value, |w| {
            let (whole, leftover_bits) = whole_bytes::<C, N>();
            (0..whole).try_for_each(|k| w.write_byte(self.byte(k)))?;
            if leftover_bits {
                w.write_bits(u64::from(self.byte(whole)), (N % 8) as u32)?;
            }
            Ok(())
        })
    }
}

/// A count other than `N` or ⌈N/8⌉ is [`DecodeError::LengthMismatch`]; a bit set past
/// `N`, [`DecodeError::BitsetPadding`].
impl<'de, const N: usize> Decode<'de> for Bitset<N> {
    const MIN_WIRE: usize = N.div_ceil(8);
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        size::<C, N>()
    }
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let bytes = N.div_ceil(8);
        if counted::<C>() {
            for expected in [N, bytes] {
                let (offset, len) = read_len::<C, R>(r)?;
                if len != expected {
                    return Err(length_mismatch(offset, expected, len));
                }
            }
        }
        let mut bits = [false; N];
        let (whole, leftover_bits) = whole_bytes::<C, N>();
        for k in 0..whole {
            let offset = r.offset();
            let byte = r.read_byte()?;
            for (j, bit) in (0..8).map(|j| (j, byte >> j & 1 != 0)) {
                match bits.get_mut(k * 8 + j) {
                    Some(slot) => *slot = bit,
                    None if bit => return Err(DecodeError::BitsetPadding { offset }),
                    None => {}
                }
            }
        }
        if leftover_bits {
            let last = r.read_bits((N % 8) as u32)?;
            for (j, slot) in bits[whole * 8..].iter_mut().enumerate() {
                *slot = last >> j & 1 != 0;
            }
        }
        Ok(Bitset(bits))
    }
}
