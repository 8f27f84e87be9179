//! Memory images: types whose memory is their encoding, copied in one piece.
//!
//! Under a layout with fixed-width integers in the host's byte order, a number's
//! encoding is its memory, and so is that of an array of numbers or a struct of them
//! without padding. A slice of such values is written as one copy of its memory and a
//! `Vec` of them is read as one copy of the input. Whether a type qualifies is
//! evidence, not a flag: an [`ImageProof`] can only be made with `unsafe`, by this module
//! for numbers and arrays, and by the derive for a struct whose fields all have one and
//! whose size and field offsets leave no gap (checked by the compiler). It travels in the
//! type's [`FixedSize`](super::FixedSize) under a context.

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::layout::Layout;
use crate::num::{Endian, IntCodec, Num};
use crate::{Ctx, Decode, DecodeError, Encode, Reader, Writer};

/// Evidence that `T` is a memory image under the context whose
/// [`FixedSize`](super::FixedSize) carries it: all its bytes are initialised (no
/// padding), every sequence of `size_of::<T>()` bytes is a valid `T`, and its encoding
/// under that context is exactly its memory.
pub struct ImageProof<T: ?Sized>(PhantomData<fn() -> T>);

impl<T: ?Sized> Clone for ImageProof<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: ?Sized> Copy for ImageProof<T> {}

impl<T: ?Sized> ImageProof<T> {
    /// The proof for `T`.
    ///
    /// # Safety
    /// `T` has no padding or other uninitialised bytes, every sequence of
    /// `size_of::<T>()` bytes is a valid `T`, and `T`'s encoding under the context the
    /// proof is returned for (by the `fixed_size` hook) is exactly its memory.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    #[allow(unsafe_code)]
    pub const unsafe fn new_unchecked() -> Self {
        Self(PhantomData)
    }
}

impl<T> ImageProof<T> {
    /// The memory of `items`: their encoding, under the proof's context.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn as_bytes(self, items: &[T]) -> &[u8] {
        // SAFETY: `items` is one live allocation of `size_of_val(items)` bytes, all of
        // them initialised (the proof: no padding), borrowed for the returned lifetime;
        // `u8` has alignment 1. Exercised by the `image_*` tests below.
        #[allow(unsafe_code)]
        unsafe {
            core::slice::from_raw_parts(items.as_ptr().cast::<u8>(), core::mem::size_of_val(items))
        }
    }

    /// Appends the `T`s whose memory is `bytes` to `out`, copying each once (no
    /// zero-filling first). `bytes` is whole values: its length is a multiple of
    /// `size_of::<T>()` (a shorter tail is ignored, and zero-sized `T`s append nothing).
    /// The input needs no alignment.
    #[inline]
    pub fn extend_from_bytes(self, bytes: &[u8], out: &mut Vec<T>) {
        let size = core::mem::size_of::<T>();
        if size == 0 {
            return;
        }
        // One `memcpy` into the spare capacity: steadier across allocators than a
        // vector loop of `read_unaligned` values (PERF.md).
        let n = bytes.len() / size;
        out.reserve(n);
        let len = out.len();
        // SAFETY: `reserve` made room for `n` more values, so the destination, the
        // spare capacity, is valid for `n * size` bytes; the source is the first
        // `n * size` of `bytes`' bytes. They cannot overlap: `bytes` is a shared borrow
        // and `out` a mutable one. A byte copy needs no alignment. The copied bytes are
        // `n` valid `T`s (any bytes of a `T`'s size are one: the proof), so
        // `set_len(len + n)` is sound. Hostile input (lengths that are not whole
        // values, empty input, reuse of a non-empty vector): the `image_*` tests below.
        #[allow(unsafe_code)]
        unsafe {
            core::ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                out.as_mut_ptr().add(len).cast::<u8>(),
                n * size,
            );
            out.set_len(len + n);
        }
    }
}

/// The proof for a number (an integer or a float) under context `C`, where `C` writes
/// numbers as their memory ([`is_encoding`]).
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn number<C: Ctx, N: Num>() -> Option<ImageProof<N>> {
    if !is_encoding::<C>() {
        return None;
    }
    // SAFETY: `N: bytemuck::Pod` (a bound of `Num`): no padding, and every bit pattern
    // is a valid value. Under `C` numbers are written at full width in the host's byte
    // order, so a number is its memory (that is `Endian::bytes` in the host's order).
    #[allow(unsafe_code)]
    unsafe {
        Some(ImageProof::new_unchecked())
    }
}

/// The proof for an array of memory images.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn array<T, const N: usize>(_element: ImageProof<T>) -> ImageProof<[T; N]> {
    // SAFETY: an array is its elements back to back, with no padding between or after
    // them, and its encoding is its elements' one after another (with the elements'
    // context, which has the array's layout), so it is a memory image when its element
    // type is one (the argument).
    #[allow(unsafe_code)]
    unsafe {
        ImageProof::new_unchecked()
    }
}

/// Whether numbers are written as their memory under context `C`: integers at full
/// width and in the host's byte order (floats always are). A constant once inlined.
#[cfg_attr(not(debug_assertions), inline)]
#[must_use]
pub(crate) fn is_encoding<C: Ctx>() -> bool {
    <<C::Layout as Layout>::Int as IntCodec>::FIXED
        && <<C::Layout as Layout>::Endian as Endian>::BIG == cfg!(target_endian = "big")
}

/// The proof for writing a slice of `T` as its memory under `C` to `w`: the type is an
/// image under `C`, takes space, and the writer does not watch elements.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_proof<C: Ctx, T: Encode, W: Writer + ?Sized>(w: &W) -> Option<ImageProof<T>> {
    match T::fixed_size::<C>().image() {
        Some(proof) if core::mem::size_of::<T>() != 0 && w.takes_runs() => Some(proof),
        _ => None,
    }
}

/// The proof for reading `n` values of `T` under `C` as one copy from `r`: the type is
/// an image under `C`, and the reader can lend all their bytes, which it has.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn read_proof<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &R,
) -> Option<ImageProof<T>> {
    let fixed = T::fixed_size::<C>();
    match fixed.image() {
        Some(proof)
            if super::run::lends(r, core::mem::size_of::<T>(), n)
                && fixed.levels() <= r.depth_left() =>
        {
            Some(proof)
        }
        _ => None,
    }
}

/// Appends `n` values of `T` read as one copy. Only after [`read_proof`] gave the
/// proof (their levels of nesting fit the depth limit, so they enter none).
#[inline]
pub(crate) fn decode_image<'de, T, R: Reader<'de> + ?Sized>(
    proof: ImageProof<T>,
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    let bytes = r.borrow_bytes(n * core::mem::size_of::<T>())?;
    proof.extend_from_bytes(bytes, out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloc::{vec, vec::Vec};

    use super::ImageProof;
    use crate::ctx::Root;
    use crate::{layout, Decode, DecodeError, Encode, Packed};

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Vertex {
        x: f32,
        id: u32,
        pos: [i16; 2],
    }

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Pair<T>(T, T);

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate")]
    #[repr(C)]
    struct Padded {
        a: u8,
        b: u32,
    }

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Flag {
        on: bool,
        n: u8,
    }

    #[derive(Packed, Clone, Copy, PartialEq, Debug)]
    #[packed(crate = "crate", endian = "big")]
    struct Own {
        n: u32,
    }

    /// Whether `T` is a memory image under the Bitsery layout, the same for encoding and
    /// decoding.
    fn has<T: Encode + for<'de> Decode<'de>>() -> bool {
        let e = <T as Encode>::fixed_size::<Root>().is_image();
        assert_eq!(e, <T as Decode<'_>>::fixed_size::<Root>().is_image());
        e
    }

    #[test]
    fn image_proofs_exist_exactly_for_memory_images() {
        assert!(has::<u32>() && has::<f64>() && has::<[i16; 3]>());
        assert!(has::<Vertex>() && has::<[Vertex; 2]>() && has::<Pair<Vertex>>());
        assert!(has::<Pair<u64>>());
        assert!(!has::<Padded>(), "3 bytes of padding");
        assert!(!has::<Flag>() && !has::<bool>(), "a bool has invalid bytes");
        assert!(!has::<Own>(), "a type with its own layout");
        assert!(!has::<Pair<Padded>>() && !has::<usize>() && !has::<char>());
        // Not under a layout that does not write numbers as their memory.
        let big = <Vertex as Encode>::fixed_size::<crate::ctx::RootAs<layout::BitseryBig>>();
        assert_eq!((big.bytes(), big.is_image()), (12, false));
        let varint = <u32 as Encode>::fixed_size::<crate::ctx::RootAs<layout::Varint>>();
        assert_eq!((varint.bytes(), varint.is_image()), (0, false));
    }

    fn vertices(n: usize) -> Vec<Vertex> {
        (0..n)
            .map(|i| Vertex {
                x: i as f32 * 0.25,
                id: 70_000 * i as u32,
                pos: [-(i as i16), 3],
            })
            .collect()
    }

    /// By hand: `[Vertex { x: 0.0, id: 0, pos: [0, 3] }, Vertex { x: 0.25, id: 70000,
    /// pos: [-1, 3] }]` behind Bitsery's one-byte length, little-endian; 0.25f32 is
    /// 0x3E800000 and 70000 is 0x00011170.
    const TWO: [u8; 25] = [
        2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0x80, 0x3E, 0x70, 0x11, 0x01, 0, 0xFF, 0xFF,
        3, 0,
    ];

    #[test]
    fn image_bytes_are_the_field_by_field_bytes() {
        assert_eq!(crate::to_vec(&vertices(2)).unwrap(), TWO);
        assert_eq!(crate::from_slice::<Vec<Vertex>>(&TWO).unwrap(), vertices(2));
        // Big-endian: no image, element by element, and back.
        let big = crate::to_vec_as::<layout::YasBig, _>(&vertices(3)).unwrap();
        assert_eq!(&big[7..15], &3u64.to_be_bytes());
        // An element is 20 bytes: `x`, `id`, then `pos` as a `std::array`, its 8-byte
        // length first (YAS's conventions).
        assert_eq!(&big[15 + 20 + 4..15 + 20 + 8], &70_000u32.to_be_bytes());
        assert_eq!(&big[15 + 8..15 + 16], &2u64.to_be_bytes());
        assert_eq!(
            crate::from_slice_as::<layout::YasBig, Vec<Vertex>>(&big).unwrap(),
            vertices(3)
        );
        // `explain` still sees every element and field.
        let e = crate::explain(&vertices(2)).unwrap();
        assert!(e.spans().iter().any(|s| s.path == "[1].id"));
        // Appending to a vector that already holds values keeps them.
        let mut out = vertices(1);
        crate::from_slice_into(&TWO, &mut out).unwrap();
        assert_eq!(out, vertices(2));
        // Any number of elements, into a reused vector of any length.
        for n in [0, 1, 127, 128, 1000] {
            let bytes = crate::to_vec(&vertices(n)).unwrap();
            let mut reused = vertices(7);
            crate::from_slice_into(&bytes, &mut reused).unwrap();
            assert_eq!(reused, vertices(n));
            #[cfg(feature = "std")]
            assert_eq!(
                crate::from_reader::<Vec<Vertex>, _>(&bytes[..]).unwrap(),
                vertices(n)
            );
        }
    }

    /// Hostile input: truncated anywhere, a length beyond the input, the byte limit
    /// inside the run: typed errors, the same as from a stream, no panic.
    #[test]
    fn image_rejects_hostile_input() {
        for cut in 0..TWO.len() {
            let slice =
                crate::from_slice::<Vec<Vertex>>(&TWO[..cut]).map_err(crate::Error::into_kind);
            assert!(
                matches!(
                    slice,
                    Err(DecodeError::UnexpectedEnd { .. } | DecodeError::LengthExceedsInput { .. })
                ),
                "cut {cut}: {slice:?}"
            );
        }
        // 0x3FFF_FFFF elements of 12 bytes claimed by a 6-byte input.
        assert!(matches!(
            crate::from_slice::<Vec<Vertex>>(&[0xFF, 0xFF, 0xFF, 0xFF, 0, 0])
                .map_err(crate::Error::into_kind),
            Err(DecodeError::LengthExceedsInput { .. })
        ));
        // Cut inside the second vertex's `id` (13 + 4): that field is named.
        assert_eq!(
            crate::from_slice::<Vec<Vertex>>(&TWO[..20]).map_err(crate::Error::into_kind),
            Err(DecodeError::UnexpectedEnd {
                offset: 17,
                needed: 4,
                remaining: 3
            })
        );
    }

    #[test]
    fn extend_from_bytes_takes_whole_values_only() {
        let proof = <u32 as Decode<'_>>::fixed_size::<Root>().image().unwrap();
        let mut out = vec![9u32];
        proof.extend_from_bytes(&[1, 0, 0, 0, 2, 0, 0, 0, 3], &mut out);
        assert_eq!(out, [9, 1, 2]);
        proof.extend_from_bytes(&[], &mut out);
        proof.extend_from_bytes(&[5, 5, 5], &mut out);
        assert_eq!(out, [9, 1, 2]);
        assert_eq!(proof.as_bytes(&[0x0403_0201]), [1, 2, 3, 4]);
        // SAFETY: `()` has no bytes at all.
        #[allow(unsafe_code)]
        let unit: ImageProof<()> = unsafe { ImageProof::new_unchecked() };
        let mut units = Vec::new();
        unit.extend_from_bytes(&[1, 2, 3], &mut units);
        assert!(units.is_empty());
    }
}
