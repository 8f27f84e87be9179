//! The ASCII fast path of UTF-8 checking.
//!
//! Short strings dominate records, and `core::str::from_utf8` costs about a hundred
//! instructions on one of them; an ASCII scan of a string of up to 64 bytes costs a
//! few, in a fixed number of words. Only a string with a byte from 0x80 up goes to
//! `core::str::from_utf8`, which then decides, so both accept exactly the same strings
//! and report the same offsets.

use alloc::{string::String, vec::Vec};

use crate::fast::copy::{copy_short, ASCII_HIGH, SHORT_MAX};
use crate::DecodeError;

/// `bytes` as a `str`, or [`DecodeError::InvalidUtf8`] (`start` is their offset).
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
pub(crate) fn str_from_utf8(bytes: &[u8], start: usize) -> Result<&str, DecodeError> {
    if is_ascii(bytes) {
        // SAFETY: every byte is below 0x80, and a sequence of ASCII bytes is valid
        // UTF-8 (each byte is a one-byte code point). Hostile input for both paths:
        // the `utf8_fast_path_*` tests below.
        Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        core::str::from_utf8(bytes).map_err(|e| invalid_utf8(start, &e))
    }
}

/// `bytes` as a `String`, without copying them, or [`DecodeError::InvalidUtf8`]
/// (`start` is their offset): [`str_from_utf8`] for owned bytes (a string read from a
/// stream, or from between the byte boundaries of a bit-packing session).
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
pub(crate) fn string_from_utf8(bytes: Vec<u8>, start: usize) -> Result<String, DecodeError> {
    if is_ascii(&bytes) {
        // SAFETY: as in `str_from_utf8`: every byte is below 0x80, so the bytes are
        // valid UTF-8. Hostile input: `utf8_fast_path_owned` below.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    } else {
        String::from_utf8(bytes).map_err(|e| invalid_utf8(start, &e.utf8_error()))
    }
}

/// `bytes` copied into a new `String`, or [`DecodeError::InvalidUtf8`] (`start` is
/// their offset): what an owned string's decode does with the bytes a slice lends.
///
/// A string of up to 64 bytes is copied and checked in one pass over the same words
/// ([`copy_short`]'s, which give the ASCII check as they are stored into the new
/// allocation), so its bytes are read once, its length is classified once, and no
/// `memcpy` is called; a longer one is checked, then copied. Bytes from 0x80 up send the copy to
/// `String::from_utf8`, which decides on the same bytes, so the accepted strings and
/// the offsets of errors are [`str_from_utf8`]'s.
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(unsafe_code)]
pub(crate) fn string_from_slice(bytes: &[u8], start: usize) -> Result<String, DecodeError> {
    let n = bytes.len();
    // One test for both ends (an empty string wraps to above `SHORT_MAX`): empty and
    // long strings take the ordinary way, which allocates nothing for the empty one.
    if n.wrapping_sub(1) >= SHORT_MAX {
        return string_from_long(bytes, start);
    }
    let mut v = Vec::<u8>::with_capacity(n);
    // SAFETY: `1 <= n <= SHORT_MAX`; `bytes` is valid for reads of `n` bytes, the new
    // allocation for writes of `n` (its capacity), and a shared borrow cannot overlap
    // a new allocation. Tested on every length from 0 to 70 and every position of a
    // byte from 0x80 up, each string ending where its input ends
    // (`string_from_slice_every_length_and_position`, run under AddressSanitizer in
    // CI).
    let ascii = unsafe { copy_short(bytes.as_ptr(), v.as_mut_ptr(), n) };
    // SAFETY: `copy_short` initialized the first `n` bytes, and `n` is the capacity
    // asked for.
    unsafe { v.set_len(n) };
    if ascii {
        // SAFETY: every byte is below 0x80, so the bytes are valid UTF-8.
        Ok(unsafe { String::from_utf8_unchecked(v) })
    } else {
        string_from_non_ascii(v, start)
    }
}

// The two ways out of `string_from_slice`'s short ASCII path are calls, not inlined
// code: every owned string field of every type inlines `string_from_slice`, and with
// its rare paths (a second allocation, `from_utf8` twice) out of the way the short path
// keeps more of the caller's state in registers (PERF.md, "Compile time, session 7").

/// [`string_from_slice`] for an empty string or one longer than [`SHORT_MAX`].
#[inline(never)]
fn string_from_long(bytes: &[u8], start: usize) -> Result<String, DecodeError> {
    str_from_utf8(bytes, start).map(String::from)
}

/// [`string_from_slice`] for a short string with a byte from 0x80 up, already copied.
#[inline(never)]
fn string_from_non_ascii(v: Vec<u8>, start: usize) -> Result<String, DecodeError> {
    String::from_utf8(v).map_err(|e| invalid_utf8(start, &e.utf8_error()))
}

/// Whether every byte is below 0x80. `<[u8]>::is_ascii` goes a byte at a time below 64
/// bytes, so a string of up to 64 bytes is checked in a fixed number of words instead:
/// four of 16 bytes, two of 8, two of 4 or three single bytes, overlapping where the
/// string is shorter than their sum.
#[cfg_attr(not(debug_assertions), inline(always))]
fn is_ascii(b: &[u8]) -> bool {
    let n = b.len();
    // The `W` bytes at `at` as a number (`at + W <= n` on every call below; a word out
    // of range would count as not ASCII).
    fn word<const W: usize>(b: &[u8], at: usize) -> u128 {
        b.get(at..at + W).map_or(ASCII_HIGH, |w| {
            let mut x = [0u8; 16];
            x[..W].copy_from_slice(w);
            u128::from_le_bytes(x)
        })
    }
    match n {
        // Four 16-byte words at 0, 16, 32 and 48, each moved back to end by `n` at the
        // latest: no loop and no branch on the length inside the class.
        16..=64 => {
            let at = |k: usize| (16 * k).min(n - 16);
            (word::<16>(b, at(0))
                | word::<16>(b, at(1))
                | word::<16>(b, at(2))
                | word::<16>(b, at(3)))
                & ASCII_HIGH
                == 0
        }
        // 0..8 and n-8..n.
        8..=15 => (word::<8>(b, 0) | word::<8>(b, n - 8)) & ASCII_HIGH == 0,
        // 0..4 and n-4..n.
        4..=7 => (word::<4>(b, 0) | word::<4>(b, n - 4)) & ASCII_HIGH == 0,
        // The first, middle and last byte are all the bytes there are.
        1..=3 => (b[0] | b[n / 2] | b[n - 1]) & 0x80 == 0,
        0 => true,
        _ => b.is_ascii(),
    }
}

/// [`DecodeError::InvalidUtf8`] at the first invalid byte of a string starting at
/// `start`.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn invalid_utf8(start: usize, e: &core::str::Utf8Error) -> DecodeError {
    crate::error::cold_path();
    DecodeError::InvalidUtf8 {
        offset: start + e.valid_up_to(),
    }
}

#[cfg(test)]
mod tests {
    //! The ASCII fast path of [`str_from_utf8`](super::str_from_utf8) must accept
    //! exactly what `core::str::from_utf8` accepts, and report the same offsets.

    use alloc::{string::String, vec, vec::Vec};

    use crate::DecodeError;

    /// `bytes` behind a one-byte compact length prefix (all cases are under 128 bytes).
    fn framed(bytes: &[u8]) -> Vec<u8> {
        let mut v = Vec::with_capacity(bytes.len() + 1);
        v.push(u8::try_from(bytes.len()).unwrap());
        v.extend_from_slice(bytes);
        v
    }

    /// Decodes `bytes` as `&str`, `String` and in place into a `String`; all three
    /// must agree.
    fn decode_all(bytes: &[u8]) -> Result<String, DecodeError> {
        let input = framed(bytes);
        let borrowed = crate::from_slice::<&str>(&input).map(String::from);
        let owned = crate::from_slice::<String>(&input);
        let mut reused = String::from("previous contents");
        let in_place = crate::from_slice_into(&input, &mut reused).map(|()| reused);
        assert_eq!(borrowed, owned, "{bytes:02x?}");
        assert_eq!(owned, in_place, "{bytes:02x?}");
        owned.map_err(crate::Error::into_kind)
    }

    #[test]
    fn utf8_fast_path_accepts_ascii_and_valid_utf8() {
        // Lengths 0..=70 cover every branch of the scan, and of the word copies of owned
        // and in-place decodes (into a string of 17 bytes' capacity: some grow).
        for n in 0..=70 {
            let s: String = (0..n).map(|i| char::from(b' ' + (i % 95) as u8)).collect();
            assert_eq!(decode_all(s.as_bytes()).unwrap(), s);
        }
        // Every ASCII byte, 0x00..=0x7F, in two strings (a one-byte prefix holds 127).
        for half in [0..0x40u8, 0x40..0x80] {
            let bytes: Vec<u8> = half.collect();
            assert_eq!(decode_all(&bytes).unwrap().as_bytes(), &bytes[..]);
        }
        // Multi-byte sequences take the checked path.
        for s in [
            "h\u{e9}llo",
            "\u{20ac}",
            "\u{1f600}",
            "abcdefghijklmnop\u{7ff}",
        ] {
            assert_eq!(decode_all(s.as_bytes()).unwrap(), s);
        }
    }

    #[test]
    fn utf8_fast_path_rejects_hostile_bytes() {
        // (string bytes, offset of the first invalid byte in the framed input). The
        // frame is one length byte, so a string's byte i is at offset 1 + i.
        let cases: [(&[u8], usize); 9] = [
            (&[0x80], 1),                    // lone continuation byte
            (&[0xFF], 1),                    // never valid in UTF-8
            (&[b'a', 0xC0, 0x80], 2),        // overlong NUL after 1 ASCII byte
            (&[0xED, 0xA0, 0x80], 1),        // UTF-16 surrogate U+D800
            (&[b'a', b'b', 0xE2, 0x82], 3),  // truncated 3-byte sequence
            (&[0xF4, 0x90, 0x80, 0x80], 1),  // above U+10FFFF
            (b"0123456789abcdef\xFE", 17),   // after a full ASCII word run
            (b"0123456\x80", 8),             // last byte of the first word
            (b"ok\xE2\x82\xACthen\xC3", 10), // valid euro sign, then truncated
        ];
        for (bytes, offset) in cases {
            assert_eq!(
                decode_all(bytes),
                Err(DecodeError::InvalidUtf8 { offset }),
                "{bytes:02x?}"
            );
        }
    }

    /// The word-wise ASCII check sees every byte: on every length from 1 to 70, one
    /// byte that is not ASCII at any position sends the string to the full check, which
    /// rejects a lone 0xFF at that position and accepts a two-byte `é` there.
    #[test]
    fn utf8_fast_path_sees_every_position() {
        for n in 1..=70usize {
            for i in 0..n {
                let mut bad = vec![b'a'; n];
                bad[i] = 0xFF;
                assert_eq!(
                    decode_all(&bad),
                    Err(DecodeError::InvalidUtf8 { offset: 1 + i }),
                    "n {n} at {i}"
                );
                if i + 1 < n {
                    let mut good = vec![b'a'; n];
                    good[i..i + 2].copy_from_slice("\u{e9}".as_bytes());
                    assert_eq!(decode_all(&good).unwrap().as_bytes(), &good[..]);
                }
            }
        }
    }

    /// The owned path (`string_from_utf8`: a stream's strings, and a bit-packing
    /// session's between byte boundaries) accepts and rejects what `core` does, at the
    /// same offsets, on every length and position of a bad byte.
    #[test]
    fn utf8_fast_path_owned() {
        for n in 0..=70usize {
            let ascii: Vec<u8> = (0..n).map(|i| b' ' + (i % 95) as u8).collect();
            let s = super::string_from_utf8(ascii.clone(), 5).unwrap();
            assert_eq!(s.as_bytes(), &ascii[..]);
            for i in 0..n {
                let mut bad = ascii.clone();
                bad[i] = 0xFF;
                assert_eq!(
                    super::string_from_utf8(bad, 5),
                    Err(DecodeError::InvalidUtf8 { offset: 5 + i }),
                    "n {n} at {i}"
                );
                if i + 1 < n {
                    let mut good = ascii.clone();
                    good[i..i + 2].copy_from_slice("\u{e9}".as_bytes());
                    let s = super::string_from_utf8(good.clone(), 0).unwrap();
                    assert_eq!(s.as_bytes(), &good[..]);
                }
            }
        }
    }

    /// The owned string a slice lends its bytes to (`string_from_slice`: one pass that
    /// copies and checks the same words) accepts and rejects what `core` does, at the
    /// same offsets, on every length from 0 to 70 with a byte from 0x80 up at every
    /// position (0xFF, never valid; a lone continuation byte; the first byte of a
    /// valid two-byte `é`). Each string is the whole of an allocation of exactly its
    /// length, so a word read or written past either end leaves it (reported under
    /// AddressSanitizer in CI).
    #[test]
    fn string_from_slice_every_length_and_position() {
        let check = |bytes: &[u8]| {
            let exact: Vec<u8> = bytes.to_vec();
            assert_eq!(exact.capacity(), exact.len());
            let expected = core::str::from_utf8(&exact).map(String::from).map_err(|e| {
                DecodeError::InvalidUtf8 {
                    offset: 9 + e.valid_up_to(),
                }
            });
            let got = super::string_from_slice(&exact, 9);
            assert_eq!(got, expected, "{bytes:02x?}");
            if let Ok(s) = got {
                assert_eq!(s.capacity(), s.len());
            }
        };
        for n in 0..=70usize {
            let ascii: Vec<u8> = (0..n).map(|i| b' ' + (i % 95) as u8).collect();
            check(&ascii);
            for i in 0..n {
                for bad in [0xFF, 0x80] {
                    let mut b = ascii.clone();
                    b[i] = bad;
                    check(&b);
                }
                if i + 1 < n {
                    let mut good = ascii.clone();
                    good[i..i + 2].copy_from_slice("\u{e9}".as_bytes());
                    check(&good);
                }
            }
        }
    }
}
