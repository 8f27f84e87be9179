//! Fixed-size runs: one bounds check per value instead of one per field.
//!
//! Under a context with fixed-width integers, a derived struct of numbers, `bool`s,
//! `char`s, arrays and tuples of them (and of such structs) encodes to the same number
//! of bytes whatever its value: its [`fixed_size`](crate::Encode::fixed_size). Such a
//! value is written into a stack buffer of that size and handed to the writer in one
//! call, and read from one borrowed slice of that size. Inside the run every position
//! is a constant, so the compiler folds the per-field checks away; the bytes are the
//! same as field by field.
//!
//! Nothing here changes what is written or accepted: a run is taken only where the
//! sizes agree, and where the input is too short the field-by-field path runs instead,
//! so errors keep their exact offsets.

use alloc::{borrow::Cow, vec::Vec};

use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// The size of a run of values of the given fixed sizes: their sum, or 0 if any of
/// them is 0 (variable or empty), or if the sum overflows. Constant after inlining.
#[inline(always)]
#[must_use]
pub const fn run_size(sizes: &[usize]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < sizes.len() {
        if sizes[i] == 0 {
            return 0;
        }
        total = match total.checked_add(sizes[i]) {
            Some(t) => t,
            None => return 0,
        };
        i += 1;
    }
    total
}

/// The largest value written through a stack buffer. Bigger fixed-size values are rare
/// (large arrays of bytes are one copy anyway) and go field by field.
const MAX_RUN: usize = 256;

/// Whether a `T` is written under `C` as one run: its size is fixed (and at most
/// 256 bytes) and the writer takes runs. Constant once inlined; the derive branches
/// on it before writing field by field.
#[inline(always)]
pub fn write_as_run<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(w: &W) -> bool {
    let n = T::fixed_size::<C>();
    n != 0 && n <= MAX_RUN && w.takes_runs()
}

/// Writes `v` as one run: encodes it into a stack buffer of its fixed size, then hands
/// the buffer to the writer. Only after [`write_as_run`] said yes.
#[inline(always)]
pub fn encode_run<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(
    v: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    let n = T::fixed_size::<C>();
    // Three buffer sizes, so a 12-byte vector does not zero 256 bytes. The branch is
    // on constants.
    if n <= 16 {
        encode_in::<C, T, W, 16>(v, n, w)
    } else if n <= 64 {
        encode_in::<C, T, W, 64>(v, n, w)
    } else {
        encode_in::<C, T, W, MAX_RUN>(v, n, w)
    }
}

#[inline(always)]
fn encode_in<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized, const B: usize>(
    v: &T,
    n: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    let mut buf = [0u8; B];
    let Some(bytes) = buf.get_mut(..n) else {
        return Err(size_mismatch_w());
    };
    let mut run = RunWriter {
        rest: bytes,
        over: false,
    };
    v.encode::<C, RunWriter<'_>>(&mut run)?;
    if run.over || !run.rest.is_empty() {
        return Err(size_mismatch_w());
    }
    w.write_bytes(&buf[..n])
}

/// Whether a `T` is read under `C` as one run: its size is fixed, the reader can lend
/// that many bytes (a slice, not a stream, and not a run already) and has them. Where
/// the input is short the fields are read one by one, so the error names the field.
#[inline(always)]
pub fn read_as_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(r: &R) -> bool {
    read_as_runs::<C, T, R>(1, r)
}

/// Whether `r` can lend `n` values of `size` bytes each (`size` not 0) in one slice:
/// it lends runs (a slice, not a stream, and not a run already) and has that many
/// bytes left.
#[inline(always)]
pub(crate) fn lends<'de, R: Reader<'de> + ?Sized>(r: &R, size: usize, n: usize) -> bool {
    size != 0
        && r.lends_runs()
        && matches!(
            (r.remaining(), size.checked_mul(n)),
            (Some(left), Some(total)) if left >= total
        )
}

/// Reads a `T` from one borrowed run of its fixed size. Only after [`read_as_run`]
/// said yes.
///
/// A run counts as one level of nesting against [`Limits::max_depth`](crate::Limits),
/// as the struct would field by field; what is inside it is bounded by the type.
#[inline(always)]
pub fn decode_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    r.enter()?;
    let v = read_run::<C, T, R>(r)?;
    r.leave();
    Ok(v)
}

/// [`decode_run`] for a value that is not a level of nesting: a tuple, a run of scalar
/// fields.
#[inline(always)]
pub fn decode_flat_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    read_run::<C, T, R>(r)
}

#[inline(always)]
fn read_run<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    let n = T::fixed_size::<C>();
    let base = r.offset();
    let mut run = RunReader {
        rest: r.borrow_bytes(n)?,
        end: base + n,
        over: false,
    };
    let v = T::decode::<C, RunReader<'de>>(&mut run)?;
    if run.over || !run.rest.is_empty() {
        return Err(size_mismatch_r(base));
    }
    Ok(v)
}

/// Whether `n` values of `T` are read under `C` as one run each, from one borrowed
/// slice: [`read_as_run`] for all of them at once.
#[inline(always)]
pub(crate) fn read_as_runs<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &R,
) -> bool {
    lends(r, T::fixed_size::<C>(), n)
}

/// Appends `n` values of `T`, each read from its own run of one slice taken with one
/// bounds check. Only after [`read_as_runs`] said yes. The values count as one level
/// of nesting, as each would field by field.
#[inline]
pub(crate) fn decode_runs<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    let size = T::fixed_size::<C>();
    let base = r.offset();
    r.enter()?;
    let bytes = r.borrow_bytes(size * n)?;
    out.reserve(n);
    let mut end = base;
    for chunk in bytes.chunks_exact(size) {
        end += size;
        let mut run = RunReader {
            rest: chunk,
            end,
            over: false,
        };
        let v = T::decode::<C, RunReader<'de>>(&mut run)?;
        if run.over || !run.rest.is_empty() {
            return Err(size_mismatch_r(end - size));
        }
        out.push(v);
    }
    r.leave();
    Ok(())
}

/// [`decode_run`] into `*v`: a fixed-size value owns no allocations to reuse.
#[inline(always)]
pub fn decode_run_in_place<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    v: &mut T,
    r: &mut R,
) -> Result<(), DecodeError> {
    *v = decode_run::<C, T, R>(r)?;
    Ok(())
}

#[cold]
#[inline(never)]
fn size_mismatch_w() -> EncodeError {
    EncodeError::Custom("a type's fixed_size does not match what it writes")
}

#[cold]
#[inline(never)]
fn size_mismatch_r(offset: usize) -> DecodeError {
    DecodeError::Custom {
        offset,
        message: "a type's fixed_size does not match what it reads",
    }
}

/// Writes into a buffer of exactly one value's size. Never fails: bytes past the end
/// (a `fixed_size` smaller than what the type writes) are counted in `over` and turned
/// into an error after the value, so the per-field path has no error branch and inlines.
struct RunWriter<'a> {
    rest: &'a mut [u8],
    over: bool,
}

impl Writer for RunWriter<'_> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if bytes.len() > self.rest.len() {
            self.over = true;
            return Ok(());
        }
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(bytes.len());
        head.copy_from_slice(bytes);
        self.rest = tail;
        Ok(())
    }
}

/// Reads from the borrowed bytes of exactly one value. Positions are constants once
/// the value's decoder is inlined, so its bounds checks fold away. Like [`RunWriter`]
/// it never fails: a read past the end (a `fixed_size` smaller than what the type
/// reads) yields zeros and sets `over`, which [`decode_run`] reports.
struct RunReader<'de> {
    rest: &'de [u8],
    /// Offset in the whole input just past the run.
    end: usize,
    over: bool,
}

impl<'de> RunReader<'de> {
    /// The next `n` bytes, or `n` zeros (borrowed from a static) past the end, or if
    /// more than that.
    #[inline(always)]
    fn take(&mut self, n: usize) -> &'de [u8] {
        static ZEROS: [u8; MAX_RUN] = [0; MAX_RUN];
        if n > self.rest.len() {
            self.over = true;
            return ZEROS.get(..n).unwrap_or(&[]);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        head
    }
}

impl<'de> Reader<'de> for RunReader<'de> {
    #[inline(always)]
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        let src = self.take(out.len());
        if src.len() == out.len() {
            out.copy_from_slice(src);
        } else {
            out.fill(0);
        }
        Ok(())
    }

    #[inline(always)]
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1).first().copied().unwrap_or(0))
    }

    #[inline(always)]
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        self.exact(n)
    }

    #[inline]
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        out.extend_from_slice(self.exact(n)?);
        Ok(())
    }

    #[inline]
    fn read_cow(&mut self, n: usize) -> Result<Cow<'de, [u8]>, DecodeError> {
        self.exact(n).map(Cow::Borrowed)
    }

    #[inline(always)]
    fn offset(&self) -> usize {
        self.end - self.rest.len()
    }

    #[inline(always)]
    fn remaining(&self) -> Option<usize> {
        Some(self.rest.len())
    }

    /// Nesting inside a run is bounded by the type; the run itself counted one level.
    #[inline(always)]
    fn enter(&mut self) -> Result<(), DecodeError> {
        Ok(())
    }

    #[inline(always)]
    fn leave(&mut self) {}
}

impl<'de> RunReader<'de> {
    /// `n` bytes that must exist (for callers that need them whatever their length).
    #[inline(always)]
    fn exact(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        let b = self.take(n);
        if b.len() == n {
            Ok(b)
        } else {
            Err(size_mismatch_r(self.end))
        }
    }
}

#[cfg(test)]
mod tests {
    //! Runs change speed, never bytes or errors: these compare them with the
    //! field-by-field path (a stream, which never takes a run, or a writer that sees
    //! every field) and with bytes worked out by hand.

    use alloc::{string::String, vec, vec::Vec};

    use super::run_size;
    use crate::{layout, Ctx, Decode, DecodeError, Encode, EncodeError, Packed, Reader, Writer};

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Vertex {
        x: f32,
        flag: bool,
        id: u16,
        pair: (u8, i8),
        pad: [u8; 2],
    }

    #[derive(Packed, Clone, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Shape {
        name: String,
        corners: Vec<Vertex>,
        centre: Vertex,
    }

    /// `Vertex { x: 1.5, flag, id: 0x0102, pair: (3, -1), pad: [9, 8] }`, by hand: 1.5f32
    /// is 0x3FC00000, little-endian.
    const VERTEX: [u8; 11] = [0, 0, 0xC0, 0x3F, 1, 2, 1, 3, 0xFF, 9, 8];

    fn vertex() -> Vertex {
        Vertex {
            x: 1.5,
            flag: true,
            id: 0x0102,
            pair: (3, -1),
            pad: [9, 8],
        }
    }

    type B = crate::Root;
    type V = crate::RootAs<layout::Varint>;

    #[test]
    fn run_size_is_zero_unless_every_part_is_fixed() {
        assert_eq!(run_size(&[]), 0);
        assert_eq!(run_size(&[4, 8, 1]), 13);
        assert_eq!(run_size(&[4, 0, 1]), 0);
        assert_eq!(run_size(&[usize::MAX, 1]), 0);
    }

    #[test]
    fn fixed_size_follows_the_layout() {
        assert_eq!(<Vertex as Encode>::fixed_size::<B>(), 11);
        assert_eq!(<Vertex as Decode<'_>>::fixed_size::<B>(), 11);
        assert_eq!(<[Vertex; 3] as Encode>::fixed_size::<B>(), 33);
        assert_eq!(<(u64, Vertex) as Decode<'_>>::fixed_size::<B>(), 19);
        assert_eq!(<char as Encode>::fixed_size::<B>(), 4);
        // Varint integers vary; floats and bools do not.
        assert_eq!(<Vertex as Encode>::fixed_size::<V>(), 0);
        assert_eq!(<(f64, bool) as Encode>::fixed_size::<V>(), 9);
        // Anything with a length, a tag or a flag varies.
        assert_eq!(<Shape as Encode>::fixed_size::<B>(), 0);
        assert_eq!(<Option<u8> as Encode>::fixed_size::<B>(), 0);
        assert_eq!(<[u8; 0] as Encode>::fixed_size::<B>(), 0);
        assert_eq!(<() as Encode>::fixed_size::<B>(), 0);
    }

    /// A writer that sees every field (as `explain` does) and one that takes runs
    /// write the same bytes, which are the hand-worked ones.
    #[test]
    fn runs_write_the_field_by_field_bytes() {
        struct Fields(Vec<u8>, usize);
        impl Writer for Fields {
            fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
                self.1 += 1;
                self.0.extend_from_slice(bytes);
                Ok(())
            }
        }
        let shape = Shape {
            name: "tri".into(),
            corners: vec![vertex(); 3],
            centre: vertex(),
        };
        let mut expected = vec![3, b't', b'r', b'i', 3];
        for _ in 0..4 {
            expected.extend_from_slice(&VERTEX);
        }
        assert_eq!(crate::to_vec(&shape).unwrap(), expected);
        let mut fields = Fields(Vec::new(), 0);
        crate::encode_with::<B, _, _>(&shape, &mut fields).unwrap();
        assert_eq!(fields.0, expected);
        // Field by field: 2 for the name, 1 length, 6 calls per vertex (the two
        // bytes of the array are one slice).
        assert_eq!(fields.1, 2 + 1 + 4 * 6);
        // `explain` still names every field.
        let e = crate::explain(&shape).unwrap();
        let paths: Vec<&str> = e.spans().iter().map(|s| s.path.as_str()).collect();
        assert!(paths.contains(&"corners[2].flag"), "{paths:?}");
        assert!(paths.contains(&"centre.id"), "{paths:?}");
        assert_eq!(crate::from_slice::<Shape>(&expected).unwrap(), shape);
    }

    /// A slice reader that never lends runs: the field-by-field path. (It implements
    /// only the required methods of [`Reader`].)
    struct NoRuns<'de>(crate::SliceReader<'de>);

    impl<'de> Reader<'de> for NoRuns<'de> {
        fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
            self.0.read_into(out)
        }
        fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
            self.0.borrow_bytes(n)
        }
        fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
            self.0.read_append(n, out)
        }
        fn offset(&self) -> usize {
            self.0.offset()
        }
        fn remaining(&self) -> Option<usize> {
            self.0.remaining()
        }
        fn enter(&mut self) -> Result<(), DecodeError> {
            self.0.enter()
        }
        fn leave(&mut self) {
            self.0.leave();
        }
    }

    /// `NoRuns` implements only the required methods: like any such reader it keeps
    /// no count of elements that take no input, and the defaults refuse them (and
    /// nothing else) rather than let them through unbounded.
    #[test]
    fn readers_without_a_count_refuse_zero_width_elements() {
        fn plain<T: for<'a> Decode<'a>>(bytes: &[u8]) -> Result<T, DecodeError> {
            crate::decode_with::<B, T, _>(&mut NoRuns(crate::SliceReader::new(bytes)))
        }
        let refused = DecodeError::ZeroWidthLimitExceeded {
            offset: 0,
            limit: 0,
        };
        assert_eq!(plain::<Vec<()>>(&[0]), Ok(vec![]));
        assert_eq!(plain::<Vec<()>>(&[1]), Err(refused.clone()));
        assert_eq!(plain::<[(); 1]>(&[]), Err(refused));
        // Elements that read input are not counted, even where `MIN_WIRE` is 0.
        assert_eq!(
            plain::<Vec<alloc::boxed::Box<u8>>>(&[2, 5, 6]),
            Ok(vec![5.into(), 6.into()])
        );
        assert_eq!(plain::<Vec<String>>(&[1, 0]), Ok(vec![String::new()]));
    }

    /// Decoding with runs and without agree on every input here, errors included, at
    /// the same offsets; so does decoding in place.
    fn both(bytes: &[u8]) -> Result<Shape, DecodeError> {
        let runs = crate::from_slice::<Shape>(bytes);
        let mut r = NoRuns(crate::SliceReader::new(bytes));
        let fields = crate::decode_with::<B, Shape, _>(&mut r);
        assert_eq!(runs, fields, "{bytes:02x?}");
        let mut reused = Shape {
            name: String::new(),
            corners: vec![vertex(); 5],
            centre: vertex(),
        };
        let in_place = crate::from_slice_into(bytes, &mut reused).map(|()| reused);
        if runs.is_ok() {
            assert_eq!(runs, in_place);
        }
        runs
    }

    #[test]
    fn runs_reject_what_the_fields_reject_at_the_same_offset() {
        let mut bytes = vec![0, 2];
        bytes.extend_from_slice(&VERTEX);
        bytes.extend_from_slice(&VERTEX);
        bytes.extend_from_slice(&VERTEX);
        assert!(both(&bytes).is_ok());
        // A bad bool in the second corner (offset 2 + 11 + 4), in the centre (2 + 22 +
        // 4), in a corner decoded in place.
        for at in [17, 28] {
            let mut bad = bytes.clone();
            bad[at] = 7;
            assert_eq!(
                both(&bad),
                Err(DecodeError::InvalidBool {
                    offset: at,
                    byte: 7
                })
            );
        }
        // Every truncation: the field that is cut short is named, as without runs.
        for cut in 0..bytes.len() {
            let got = both(&bytes[..cut]);
            assert!(
                matches!(
                    got,
                    Err(DecodeError::UnexpectedEnd { .. } | DecodeError::LengthExceedsInput { .. })
                ),
                "cut {cut}: {got:?}"
            );
        }
        // Cut inside the centre's `pair` (x 4, flag 1, id 2, then pair.0 at 24 + 7).
        assert_eq!(
            both(&bytes[..bytes.len() - 3]),
            Err(DecodeError::UnexpectedEnd {
                offset: 2 + 22 + 8,
                needed: 1,
                remaining: 0
            })
        );
    }

    /// A run counts as one level of nesting; what is inside is bounded by the type.
    #[test]
    fn a_run_is_one_level_deep() {
        let limits = |d| crate::Limits::DEFAULT.with_max_depth(d);
        let bytes = VERTEX;
        assert!(crate::from_slice_with_limits::<Vertex>(&bytes, limits(1)).is_ok());
        assert_eq!(
            crate::from_slice_with_limits::<Vertex>(&bytes, limits(0)),
            Err(DecodeError::DepthLimitExceeded {
                offset: 0,
                limit: 0
            })
        );
    }

    /// A line item: the derive groups `qty`, `price` and `flags` (consecutive scalars)
    /// into one tuple, one run under fixed-width integers.
    #[derive(Packed, Clone, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Line {
        sku: String,
        qty: i32,
        price: i64,
        flags: [bool; 2],
        note: String,
    }

    #[test]
    fn scalar_groups_keep_bytes_paths_errors_and_depth() {
        let line = Line {
            sku: "ab".into(),
            qty: -2,
            price: 300,
            flags: [true, false],
            note: String::new(),
        };
        // By hand: length 2, "ab", -2 as i32, 300 as i64, two bools, empty note.
        let expected = [
            2, b'a', b'b', 0xFE, 0xFF, 0xFF, 0xFF, 0x2C, 0x01, 0, 0, 0, 0, 0, 0, 1, 0, 0,
        ];
        assert_eq!(crate::to_vec(&line).unwrap(), expected);
        // Varint: no run (the group's size varies); zigzag -2 is 3, 300 is 600 =
        // LEB128 D8 04.
        assert_eq!(
            crate::to_vec_as::<layout::Varint, _>(&line).unwrap(),
            [2, b'a', b'b', 3, 0xD8, 0x04, 1, 0, 0]
        );
        let e = crate::explain(&line).unwrap();
        let paths: Vec<&str> = e.spans().iter().map(|s| s.path.as_str()).collect();
        assert_eq!(
            paths,
            ["sku", "sku", "qty", "price", "flags[0]", "flags[1]", "note"],
            "{paths:?}"
        );
        let decode = |bytes: &[u8]| {
            let runs = crate::from_slice::<Line>(bytes);
            let mut r = NoRuns(crate::SliceReader::new(bytes));
            let fields = crate::decode_with::<B, Line, _>(&mut r);
            assert_eq!(runs, fields, "{bytes:02x?}");
            let mut reused = line.clone();
            reused.qty = 9;
            let in_place = crate::from_slice_into(bytes, &mut reused).map(|()| reused);
            if runs.is_ok() {
                assert_eq!(runs, in_place);
            }
            runs
        };
        assert_eq!(decode(&expected).unwrap(), line);
        let mut bad = expected;
        bad[16] = 2;
        assert_eq!(
            decode(&bad),
            Err(DecodeError::InvalidBool {
                offset: 16,
                byte: 2
            })
        );
        for cut in 0..expected.len() {
            assert!(decode(&expected[..cut]).is_err());
        }
        // A group is not a level of nesting: one level is the struct's.
        let one = crate::Limits::DEFAULT.with_max_depth(1);
        assert_eq!(
            crate::from_slice_with_limits::<Line>(&expected, one).unwrap(),
            line
        );
    }

    /// A hand-written `fixed_size` that lies is an error, never wrong bytes or a
    /// panic, whichever way it lies.
    #[test]
    fn a_wrong_fixed_size_is_an_error() {
        struct Liar<const CLAIM: usize>(u32);
        impl<const CLAIM: usize> Encode for Liar<CLAIM> {
            fn fixed_size<C: Ctx>() -> usize {
                CLAIM
            }
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                self.0.encode::<C, W>(w)
            }
        }
        impl<'de, const CLAIM: usize> Decode<'de> for Liar<CLAIM> {
            fn fixed_size<C: Ctx>() -> usize {
                CLAIM
            }
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                u32::decode::<C, R>(r).map(Self)
            }
        }
        #[derive(Packed)]
        #[packed(crate = "crate")]
        struct Holds<const CLAIM: usize> {
            a: u8,
            liar: Liar<CLAIM>,
        }
        fn check<const CLAIM: usize>() {
            let v = Holds::<CLAIM> {
                a: 1,
                liar: Liar(2),
            };
            assert!(matches!(crate::to_vec(&v), Err(EncodeError::Custom(_))));
            let bytes = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0];
            assert!(matches!(
                crate::take_from_slice::<Holds<CLAIM>>(&bytes),
                Err(DecodeError::Custom { offset: 0, .. })
            ));
            let many = [&[2][..], &bytes].concat();
            assert!(matches!(
                crate::take_from_slice::<Vec<Holds<CLAIM>>>(&many),
                Err(DecodeError::Custom { offset: 1, .. })
            ));
        }
        check::<3>();
        check::<8>();
    }
}
