//! Short word copies: appending a few bytes to a `Vec<u8>` or a `String` without a
//! call to `memcpy`.
//!
//! Strings in records are short, and a call to `memcpy` for a dozen bytes costs more
//! than the copy (PERF.md: it dominated the seed document's encode). A run of up to 64
//! bytes is moved in a fixed number of words instead: what `Vec<u8>`'s
//! [`Writer::write_var_bytes`](crate::Writer) does with 1 to 64 bytes ([`append_short`]),
//! and what an owned string's decode does with 1 to 64 (checking them as ASCII from
//! the same words, [`copy_short`]).

use alloc::{string::String, vec::Vec};

/// Appends `bytes` to `v`: a run of 1 to 64 bytes that fits in the spare capacity in
/// words ([`copy_4_to_15`], [`copy_16_to_64`], [`copy_1_to_3`]), anything else (empty,
/// longer, or growing `v`) as an ordinary `extend`: a log's one-byte identities and
/// request lines of over 32 bytes no longer call `memcpy` (PERF.md, session 6).
///
/// Constant-size runs must not come here: their bytes are usually in registers, and
/// overlapping loads from a stack copy of them stall on store forwarding.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
pub(crate) fn append_short(v: &mut Vec<u8>, bytes: &[u8]) {
    let n = bytes.len();
    let len = v.len();
    let spare = v.capacity() - len;
    // SAFETY (the three blocks below): `n` is within the range of the copy each calls;
    // `bytes` is valid for reads of `n` bytes, and the spare capacity, which starts at
    // `len`, for writes of `spare >= n`. `bytes` cannot overlap the spare capacity: it
    // is a shared borrow, and `v` is borrowed mutably. The copy initializes the first
    // `n` spare bytes, so `set_len(len + n)` is sound. Tested on every length from 0 to
    // 70 at every spare capacity from 0 to 70 (`short_runs_*`, run under
    // AddressSanitizer in CI).
    //
    // Three ranges, each one test: the branch that picks a range goes the same way for
    // every string of a field whose lengths stay within one (the seed document's
    // strings and the log's user names from 4 to 15, the log's dates and request lines
    // from 16 up), and each range has its own copy. 4 to 15 first: the seed document's
    // strings then run straight through, as they did before the other ranges were
    // taken in words (a taken jump there and back slowed its encode: PERF.md, "The
    // log's encode, session 6").
    if n.wrapping_sub(4) <= 15 - 4 && spare >= n {
        unsafe {
            copy_4_to_15(bytes.as_ptr(), v.as_mut_ptr().add(len), n);
            v.set_len(len + n);
        }
    } else if n.wrapping_sub(16) <= SHORT_MAX - 16 && spare >= n {
        unsafe {
            copy_16_to_64(bytes.as_ptr(), v.as_mut_ptr().add(len), n);
            v.set_len(len + n);
        }
    } else if n.wrapping_sub(1) < 3 && spare >= n {
        unsafe {
            copy_1_to_3(bytes.as_ptr(), v.as_mut_ptr().add(len), n);
            v.set_len(len + n);
        }
    } else {
        v.extend_from_slice(bytes);
    }
}

/// The longest run [`copy_short`] copies.
pub(crate) const SHORT_MAX: usize = 64;

/// Copies the `$w`-sized words at the offsets given from `src` to `dst` and evaluates
/// to whether none has a byte from 0x80 up: [`copy_short`]'s ASCII test, which the
/// encode's appends leave unused (the compiler drops it). Integer words, not
/// `[u8; W]` arrays: the arrays compile to more instructions.
macro_rules! copy_words {
    ($src:ident, $dst:ident; $w:ty; $($at:expr),+) => {{
        let mut or: $w = 0;
        $(
            // SAFETY: the caller's contract, and `at + size_of::<$w>() <= n` for every
            // offset of the length's class (each function below).
            let word = unsafe { $src.add($at).cast::<$w>().read_unaligned() };
            unsafe { $dst.add($at).cast::<$w>().write_unaligned(word) };
            or |= word;
        )+
        // The high bit of each byte of the word.
        or & (ASCII_HIGH as $w) == 0
    }};
}

/// Copies `n` bytes from `src` to `dst` in a fixed number of words, without a call to
/// `memcpy`, and returns whether every byte is below 0x80 (ASCII), from the same
/// words: by length, single bytes at 0, `n / 2` and `n - 1` (1 to 3 bytes), two words
/// of 4, 8 or 16 bytes at 0 and `n - W` (4 to 32 bytes), or four words of 16 bytes at
/// 0, 16, `min(32, n - 16)` and `n - 16` (33 to 64). The words of each class cover
/// every byte of `0..n` (`n <= 2 W` for two words; each of the four starts at or
/// before the end of the one before) and none outside it (`W <= n`).
///
/// Out of line: every owned string field of every type inlines the decode that calls
/// it, and as a leaf function (no call inside, so no registers to save) the call costs
/// a few instructions where its four length classes inlined cost each type's decode a
/// few dozen lines of code to optimise (PERF.md, "Compile time, session 7").
///
/// # Safety
/// `1 <= n <= SHORT_MAX`, `src` valid for reads of `n` bytes, `dst` for writes of `n`
/// bytes, and the two ranges do not overlap. Afterwards `dst[..n]` is initialized.
#[inline(never)]
#[allow(unsafe_code)]
pub(crate) unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) -> bool {
    debug_assert!((1..=SHORT_MAX).contains(&n));
    // Longest first: records' longer strings are the ones the time goes to.
    if n >= 16 {
        if n <= 32 {
            copy_words!(src, dst; u128; 0, n - 16)
        } else {
            copy_words!(src, dst; u128; 0, 16, 32.min(n - 16), n - 16)
        }
    } else if n >= 8 {
        copy_words!(src, dst; u64; 0, n - 8)
    } else if n >= 4 {
        copy_words!(src, dst; u32; 0, n - 4)
    } else {
        copy_words!(src, dst; u8; 0, n / 2, n - 1)
    }
}

/// Copies `4..=15` bytes: two words of 8 (from 8 bytes) or of 4, at 0 and `n - W`.
///
/// # Safety
/// `4 <= n <= 15`, `src` valid for reads of `n` bytes, `dst` for writes of `n` bytes,
/// and the two ranges do not overlap. Afterwards `dst[..n]` is initialized.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
unsafe fn copy_4_to_15(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((4..=15).contains(&n));
    if n >= 8 {
        let _ = copy_words!(src, dst; u64; 0, n - 8);
    } else {
        let _ = copy_words!(src, dst; u32; 0, n - 4);
    }
}

/// Copies `16..=SHORT_MAX` bytes as four words of 16 whose offsets are clamped to the
/// last one, `n - 16` (a run of up to 32 bytes repeats its first or last word; each
/// word starts at or before the end of the one before). [`copy_short`] tests whether
/// the length is above 32 instead: a branch that a log's request lines, from 24 to 41
/// bytes, send either way from one record to the next, so that the processor guesses
/// it wrong a third of the time (PERF.md, session 6). The decode keeps that test: its
/// four words cost more there (each also tested as ASCII) than the guesses they save.
///
/// # Safety
/// `16 <= n <= SHORT_MAX`, otherwise as [`copy_4_to_15`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
unsafe fn copy_16_to_64(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((16..=SHORT_MAX).contains(&n));
    let last = n - 16;
    let _ = copy_words!(src, dst; u128; 0, 16.min(last), 32.min(last), last);
}

/// Copies `1..=3` bytes: single bytes at 0, `n / 2` and `n - 1`.
///
/// # Safety
/// `1 <= n <= 3`, otherwise as [`copy_4_to_15`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
unsafe fn copy_1_to_3(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((1..=3).contains(&n));
    let _ = copy_words!(src, dst; u8; 0, n / 2, n - 1);
}

/// The high bit of each of 16 bytes: the bits set in a word of bytes from 0x80 up.
pub(crate) const ASCII_HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;

/// Up to 8 bytes as a little-endian number, read as two overlapping words where they
/// are 2 bytes or more: no call to `memcpy` for the bytes of a short string. What a
/// bit-packing session reads a few bytes with: its writer's bytes into the
/// accumulator, its reader's last bytes of a slice (the load to [`append_word`]'s
/// store).
#[inline(always)]
pub(crate) fn le_word(b: &[u8]) -> u64 {
    /// `W` bytes at `at` (`at + W <= b.len()` on every call below).
    fn at<const W: usize>(b: &[u8], at: usize) -> u64 {
        let mut x = [0u8; 8];
        if let Some(w) = b.get(at..at + W) {
            x[..W].copy_from_slice(w);
        }
        u64::from_le_bytes(x)
    }
    let n = b.len();
    match n {
        4..=8 => at::<4>(b, 0) | at::<4>(b, n - 4) << (8 * (n - 4)),
        2..=3 => at::<2>(b, 0) | at::<2>(b, n - 2) << (8 * (n - 2)),
        1 => u64::from(b[0]),
        _ => 0,
    }
}

/// Appends the low `k` bytes of `word` (little-endian; `k` at most 8) to `v` without a
/// call to `memcpy`: one 8-byte store where the spare capacity holds 8 bytes, else two
/// overlapping stores of 4, 2 or 1 bytes inside the `k` (where the spare capacity holds
/// `k`), else an ordinary `extend`. What a bit-packing session's reader uses for bytes
/// between byte boundaries, which it takes from its accumulator a word at a time.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
pub(crate) fn append_word(v: &mut Vec<u8>, word: u64, k: usize) {
    let k = k.min(8);
    let len = v.len();
    let spare = v.capacity() - len;
    if spare < k {
        v.extend_from_slice(&word.to_le_bytes()[..k]);
        return;
    }
    // SAFETY: the spare capacity starts at `len` and holds `spare >= k` bytes. The
    // 8-byte store is taken only where `spare >= 8`; otherwise every store lies in the
    // first `k` spare bytes: with `w` the store size (4 for `k >= 4`, 2 for `k >= 2`,
    // else 1, so `w <= k <= 2 * w`), one at 0 and one at `k - w`, which together cover
    // `0..k`. So every store stays inside the allocation, and after them the first `k`
    // spare bytes are initialized and `set_len(len + k)` is sound. Unaligned stores
    // have no alignment requirement. Tested on every `k` at every spare capacity from
    // 0 to 16 (`word_appends_*`), and at the end of an allocation of exactly the
    // string's length by the bit reader's tests under AddressSanitizer in CI.
    unsafe {
        let dst = v.as_mut_ptr().add(len);
        if spare >= 8 {
            dst.cast::<u64>().write_unaligned(word.to_le());
        } else if k >= 4 {
            dst.cast::<u32>().write_unaligned((word as u32).to_le());
            dst.add(k - 4)
                .cast::<u32>()
                .write_unaligned(((word >> (8 * (k - 4))) as u32).to_le());
        } else if k >= 2 {
            dst.cast::<u16>().write_unaligned((word as u16).to_le());
            dst.add(k - 2)
                .cast::<u16>()
                .write_unaligned(((word >> (8 * (k - 2))) as u16).to_le());
        } else if k == 1 {
            dst.write(word as u8);
        }
        v.set_len(len + k);
    }
}

/// Appends `add` to `s` the way [`append_short`] appends bytes: what an owned string's
/// decode in place uses, since `push_str` calls `memcpy` too.
#[cfg_attr(not(debug_assertions), inline)]
#[allow(unsafe_code)]
pub(crate) fn push_str_short(s: &mut String, add: &str) {
    // SAFETY: `append_short` appends exactly the bytes of `add` (or, if it panics while
    // growing, nothing), and `add` is UTF-8, so `s` stays UTF-8.
    append_short(unsafe { s.as_mut_vec() }, add.as_bytes());
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use crate::Writer;

    /// `Vec<u8>`'s word copies against the byte-by-byte result, on every length from 0
    /// to 40, every spare capacity from 0 to 36, and 0, 1 or 7 bytes already written.
    /// Each run ends where its allocation ends, so a read past it would leave the
    /// allocation (the fuzz targets run this path under AddressSanitizer).
    #[test]
    fn short_runs_every_length_and_spare_capacity() {
        for n in 0..=70usize {
            let run: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(37) ^ 0xA5).collect();
            for spare in 0..=70 {
                for before in [0usize, 1, 7] {
                    let mut v = Vec::with_capacity(before + spare);
                    assert_eq!(v.capacity(), before + spare);
                    v.extend((0..before).map(|i| 0xF0 | i as u8));
                    v.write_var_bytes(&run).unwrap();
                    assert_eq!(v.len(), before + n, "n {n} spare {spare} before {before}");
                    assert!(v[..before]
                        .iter()
                        .enumerate()
                        .all(|(i, &b)| b == 0xF0 | i as u8));
                    assert_eq!(
                        &v[before..],
                        &run[..],
                        "n {n} spare {spare} before {before}"
                    );
                }
            }
        }
    }

    /// A word's low bytes appended at every count and spare capacity, after 0, 1 or 7
    /// bytes: the bytes are the word's, nothing past them changes the vector's length.
    #[test]
    fn word_appends_every_count_and_spare_capacity() {
        let word = 0x8877_6655_4433_2211u64;
        for k in 0..=8usize {
            for spare in 0..=16 {
                for before in [0usize, 1, 7] {
                    let mut v = Vec::with_capacity(before + spare);
                    v.extend((0..before).map(|i| 0xF0 | i as u8));
                    super::append_word(&mut v, word, k);
                    assert_eq!(v.len(), before + k);
                    assert_eq!(
                        &v[before..],
                        &word.to_le_bytes()[..k],
                        "k {k} spare {spare}"
                    );
                    assert!(v[..before]
                        .iter()
                        .enumerate()
                        .all(|(i, &b)| b == 0xF0 | i as u8));
                }
            }
        }
    }

    /// Every length from 0 to 8 reads as the bytes' little-endian number (the two
    /// overlapping words agree where they overlap), and the input is never read past.
    #[test]
    fn le_word_reads_every_length() {
        let bytes = [0x11u8, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88];
        for n in 0..=8 {
            let mut padded = [0u8; 8];
            padded[..n].copy_from_slice(&bytes[..n]);
            // An allocation of exactly `n` bytes, so a read past it shows under
            // AddressSanitizer.
            let exact: Vec<u8> = bytes[..n].to_vec();
            assert_eq!(super::le_word(&exact), u64::from_le_bytes(padded), "n {n}");
        }
        assert_eq!(super::le_word(&[0xAB, 0xCD, 0xEF]), 0x00EF_CDAB);
    }

    /// Runs written back to back: each starts where the last ended, and the spare
    /// capacity runs out (and the vector grows) on the way.
    #[test]
    fn short_runs_back_to_back() {
        let words = [
            "zbug",
            "tifpue",
            "njtkyptftjld",
            "",
            "x",
            "abcdefgh",
            "0123456789abcdef",
            "12/Mar/2024:07:41:09 +0000",
            "GET /ab/cdefghij.html HTTP/1.1",
        ];
        let mut v = Vec::with_capacity(40);
        let mut expected = Vec::new();
        for w in words.iter().cycle().take(21) {
            v.write_var_bytes(w.as_bytes()).unwrap();
            expected.extend(w.bytes());
            assert_eq!(v, expected);
        }
    }
}
