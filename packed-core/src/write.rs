//! Byte sinks: the [`Writer`] trait and its implementations.

use alloc::{string::String, vec::Vec};

use crate::EncodeError;

/// What a run of bytes is for, as reported to [`Writer::begin_frame`]. Used by
/// [`explain`](crate::explain) to attribute every byte; ordinary writers ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A format header (YAS's `yas0017`).
    Header,
    /// A length prefix.
    Length,
    /// An enum tag or a fieldless enum's YAS size byte.
    Tag,
    /// An `Option`'s presence flag.
    Flag,
    /// Data: integers, floats, bools, string bytes.
    Value,
}

/// One step of a field path, as reported to [`Writer::push_path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSeg {
    /// A named field (`sku`) or a tuple field (`0`).
    Field(&'static str),
    /// An element of a sequence.
    Index(usize),
    /// The variant of an enum.
    Variant(&'static str),
}

/// A destination for encoded bytes.
///
/// Only [`write_bytes`](Writer::write_bytes) is required. The hooks
/// ([`begin_frame`](Writer::begin_frame), [`push_path`](Writer::push_path), ...) tell
/// introspecting writers what the bytes mean; their default bodies are empty and
/// inline away, so the ordinary encode path pays nothing for them.
pub trait Writer {
    /// Appends `bytes`.
    ///
    /// # Errors
    /// Whatever the sink reports; [`Vec<u8>`] never fails.
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError>;

    /// Appends one byte.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[inline]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.write_bytes(&[byte])
    }

    /// Appends `bytes` whose number is known only at run time: the contents of a
    /// string or of a slice of numbers. The default calls
    /// [`write_bytes`](Writer::write_bytes); `Vec<u8>` copies short ones without a call
    /// to `memcpy`.
    ///
    /// # Errors
    /// As [`write_bytes`](Writer::write_bytes).
    #[doc(hidden)]
    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.write_bytes(bytes)
    }

    /// The bytes written until [`end_frame`](Writer::end_frame) play `role`.
    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        let _ = role;
    }

    /// Ends the run started by [`begin_frame`](Writer::begin_frame).
    #[inline(always)]
    fn end_frame(&mut self) {}

    /// The bytes that follow belong to `seg`, inside the current path.
    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        let _ = seg;
    }

    /// Leaves the innermost path step.
    #[inline(always)]
    fn pop_path(&mut self) {}

    /// Whether a derived struct of fixed size may hand over its bytes in one
    /// [`write_bytes`](Writer::write_bytes) call, without the per-field hooks: true for
    /// `Vec<u8>` and [`IoWriter`]. The default, false, keeps a writer that overrides the
    /// hooks seeing every field.
    #[doc(hidden)]
    #[inline(always)]
    fn takes_runs(&self) -> bool {
        false
    }
}

impl Writer for Vec<u8> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.extend_from_slice(bytes);
        Ok(())
    }

    /// One byte as a one-byte slice: with `push` instead, the seed document's encode
    /// (11 one-byte lengths) measured 4% slower in `compare` and 14% in isolation.
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        self.extend_from_slice(&[byte]);
        Ok(())
    }

    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        append_short(self, bytes);
        Ok(())
    }

    #[inline(always)]
    fn takes_runs(&self) -> bool {
        true
    }
}

/// Appends `bytes` to `v`. Strings in records are short, and a call to `memcpy` for a
/// few bytes costs more than the copy: a run of 4 to 32 bytes that fits in the spare
/// capacity is moved as two overlapping words (4, 8 or 16 bytes each, the first and
/// the last of the run). Anything else is an ordinary `extend`.
///
/// On the seed document (11 strings of 4 to 12 bytes) `memcpy` was 60% of the encode's
/// samples under `perf`; with the word copies the encode went from 52 to 36 ns in
/// `compare`, 0.67x speedy's, where it had been level with it. Going up to 32 bytes
/// (the log's dates and most of its request lines) took the log encode from 195 to
/// 144 µs in an interleaved A/B.
///
/// Constant-size runs must not come here: their bytes are usually in registers, and two
/// overlapping loads from a stack copy of them stall on store forwarding.
#[inline(always)]
#[allow(unsafe_code)]
fn append_short(v: &mut Vec<u8>, bytes: &[u8]) {
    let n = bytes.len();
    let len = v.len();
    if !(4..=32).contains(&n) || v.capacity() - len < n {
        v.extend_from_slice(bytes);
        return;
    }
    let src = bytes.as_ptr();
    // SAFETY: with `w` the word size (16 for `n >= 16`, 8 for `n >= 8`, else 4, so
    // `w <= n <= 2 * w`):
    // reads: `src` is valid for `n` bytes, and both words lie inside them
    // (`w <= n`, so `src + n - w >= src`). Writes: `dst` is the start of the spare
    // capacity, of at least `n` bytes, and both words lie in its first `n` bytes.
    // The words cover `0..n` because `n <= 2 * w`, so after them the first `n` spare
    // bytes are initialized and `set_len(len + n)` is sound. Unaligned reads and writes
    // have no alignment requirement. `bytes` cannot overlap the spare capacity: it is a
    // shared borrow, and `v` is borrowed mutably. Tested on every length from 0 to 40 at
    // every spare capacity from 0 to 36, under AddressSanitizer in CI (`short_runs_*`).
    unsafe {
        let dst = v.as_mut_ptr().add(len);
        // The first and the last `size_of::<$w>()` bytes, each as one word. (Integer
        // words: as `[u8; W]` arrays the same copies took 3 more instructions per log
        // record, under cachegrind.)
        macro_rules! copy_ends {
            ($w:ty) => {{
                let w = core::mem::size_of::<$w>();
                let head = src.cast::<$w>().read_unaligned();
                let tail = src.add(n - w).cast::<$w>().read_unaligned();
                dst.cast::<$w>().write_unaligned(head);
                dst.add(n - w).cast::<$w>().write_unaligned(tail);
            }};
        }
        if n >= 16 {
            copy_ends!(u128);
        } else if n >= 8 {
            copy_ends!(u64);
        } else {
            copy_ends!(u32);
        }
        v.set_len(len + n);
    }
}

/// Appends `add` to `s` the way [`append_short`] appends bytes: what an owned string's
/// decode uses, since `String::from` and `push_str` call `memcpy` too.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn push_str_short(s: &mut String, add: &str) {
    // SAFETY: `append_short` appends exactly the bytes of `add` (or, if it panics while
    // growing, nothing), and `add` is UTF-8, so `s` stays UTF-8.
    append_short(unsafe { s.as_mut_vec() }, add.as_bytes());
}

impl<W: Writer + ?Sized> Writer for &mut W {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_bytes(bytes)
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), EncodeError> {
        (**self).write_byte(byte)
    }
    #[inline(always)]
    fn write_var_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write_var_bytes(bytes)
    }
    #[inline(always)]
    fn begin_frame(&mut self, role: Role) {
        (**self).begin_frame(role);
    }
    #[inline(always)]
    fn end_frame(&mut self) {
        (**self).end_frame();
    }
    #[inline(always)]
    fn push_path(&mut self, seg: PathSeg) {
        (**self).push_path(seg);
    }
    #[inline(always)]
    fn pop_path(&mut self) {
        (**self).pop_path();
    }
    #[inline(always)]
    fn takes_runs(&self) -> bool {
        (**self).takes_runs()
    }
}

/// Counts bytes instead of writing them: what [`encoded_len`](crate::encoded_len) runs on.
#[derive(Debug, Default, Clone, Copy)]
pub struct SizeCounter {
    /// Bytes "written" so far.
    pub len: usize,
}

impl Writer for SizeCounter {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.len += bytes.len();
        Ok(())
    }
    #[inline(always)]
    fn write_byte(&mut self, _byte: u8) -> Result<(), EncodeError> {
        self.len += 1;
        Ok(())
    }
}

/// Adapts a [`std::io::Write`] sink. Every field is a separate `write_all`, so wrap an
/// unbuffered sink (a file, a socket) in a [`std::io::BufWriter`].
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoWriter<W> {
    inner: W,
    written: usize,
}

#[cfg(feature = "std")]
impl<W: std::io::Write> IoWriter<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Self { inner, written: 0 }
    }
    /// Bytes written so far.
    pub fn written(&self) -> usize {
        self.written
    }
    /// Returns the sink.
    pub fn into_inner(self) -> W {
        self.inner
    }
}

#[cfg(feature = "std")]
impl<W: std::io::Write> Writer for IoWriter<W> {
    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.inner
            .write_all(bytes)
            .map_err(|e| EncodeError::Io(e.kind()))?;
        self.written += bytes.len();
        Ok(())
    }

    #[inline(always)]
    fn takes_runs(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Vec<u8>`'s word copies against the byte-by-byte result, on every length from 0
    /// to 40, every spare capacity from 0 to 36, and 0, 1 or 7 bytes already written.
    /// Each run ends where its allocation ends, so a read past it would leave the
    /// allocation (the fuzz targets run this path under AddressSanitizer).
    #[test]
    fn short_runs_every_length_and_spare_capacity() {
        for n in 0..=40usize {
            let run: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(37) ^ 0xA5).collect();
            for spare in 0..=36 {
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
