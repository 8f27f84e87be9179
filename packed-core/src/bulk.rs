//! [`Bulk`]: sequences of plain-old-data records as one copy each way.

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::impls::seq::{claim, read_len, write_len};
use crate::layout::Layout;
use crate::num::{Endian, IntCodec};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Codes a `Vec<T>` of plain-old-data records (`T: bytemuck::Pod`: vertices, triangles,
/// samples) as one copy of their memory each way. Use it on a field with `with`:
///
/// ```
/// use packed_core::Packed;
///
/// #[derive(Packed, Clone, Copy, PartialEq, Debug, bytemuck::Pod, bytemuck::Zeroable)]
/// #[repr(C)]
/// struct Vertex { x: f32, y: f32, z: f32 }
///
/// #[derive(Packed, PartialEq, Debug)]
/// struct Plain { vertices: Vec<Vertex> }
///
/// #[derive(Packed, PartialEq, Debug)]
/// struct Fast {
///     #[packed(with = "packed_core::Bulk::<Vertex>")]
///     vertices: Vec<Vertex>,
/// }
///
/// let vertices = vec![Vertex { x: 1.0, y: 2.0, z: 3.0 }; 3];
/// let bytes = packed_core::to_vec(&Fast { vertices: vertices.clone() })?;
/// // The same bytes as without the attribute.
/// assert_eq!(bytes, packed_core::to_vec(&Plain { vertices: vertices.clone() })?);
/// assert_eq!(packed_core::from_slice::<Fast>(&bytes)?.vertices, vertices);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The plain derive is already close: a derived struct of fixed size is written as one
/// run and read from one slice, with the per-field checks folded away (the crate
/// documentation's "Speed"), so a `Vec` of them costs one short loop per element.
/// `Bulk` removes that loop where the element's memory is its encoding.
///
/// The bytes are always those of the plain derive: a length prefix, then each element.
/// `Bulk` copies memory only where that memory is the encoding, which is checked at
/// compile time: the element type is numbers, arrays of them, or a derived struct of
/// them with no padding, no field attributes and no layout of its own (the derive
/// compares sizes and field offsets), and the layout has fixed-width integers in the
/// host's byte order. Anywhere else (varint or compacted integers, the other byte
/// order, a type that does not qualify) it codes element by element, so the attribute
/// can change the speed but never the bytes.
///
/// Decoding copies from the input without zero-filling first and never allocates for
/// more elements than the input holds; malformed input gives the plain derive's kinds of
/// error ([`DecodeError::LengthExceedsInput`] may come where the plain derive, which
/// checks a smaller minimum size per element, reports [`DecodeError::UnexpectedEnd`]).
/// Per-element paths are not reported to [`explain`](crate::explain): the elements are
/// one run of bytes.
pub struct Bulk<T>(PhantomData<fn() -> T>, core::convert::Infallible);

impl<T: bytemuck::Pod + Encode> Bulk<T> {
    /// Whether elements under context `C` are coded as their memory image: the type's
    /// encoding is its memory ([`Encode::IMAGE`]), integers are fixed-width in the host's
    /// byte order (floats always are), and the type is not zero-sized (nothing to copy,
    /// and `chunks_exact(0)` would panic). All constants: the branch folds away.
    #[inline(always)]
    fn image<C: Ctx>() -> bool {
        T::IMAGE
            && <<C::Layout as Layout>::Int as IntCodec>::FIXED
            && <<C::Layout as Layout>::Endian as Endian>::BIG == cfg!(target_endian = "big")
            && core::mem::size_of::<T>() != 0
    }
}

impl<T: bytemuck::Pod + Encode> Bulk<T> {
    /// Writes `items` as a length prefix and their memory (the `with` encode function).
    ///
    /// # Errors
    /// As `Vec<T>`'s encode: the length does not fit the prefix or the field's `max`.
    #[inline]
    pub fn encode<C: Ctx, W: Writer + ?Sized>(items: &[T], w: &mut W) -> Result<(), EncodeError> {
        if !Self::image::<C>() {
            return items.encode::<C, W>(w);
        }
        write_len::<C, W>(items.len(), w)?;
        w.write_bytes(bytemuck::cast_slice(items))
    }
}

impl<T: bytemuck::Pod + Encode> Bulk<T> {
    /// Reads a length prefix and that many elements (the `with` decode function).
    ///
    /// # Errors
    /// As `Vec<T>`'s decode: [`DecodeError::LengthExceedsInput`] if the input cannot hold
    /// the elements, [`DecodeError::UnexpectedEnd`], [`DecodeError::LengthOverMax`].
    #[inline]
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Vec<T>, DecodeError>
    where
        T: Decode<'de>,
    {
        if !Self::image::<C>() {
            return Vec::<T>::decode::<C, R>(r);
        }
        let size = core::mem::size_of::<T>();
        let (offset, len) = read_len::<C, R>(r)?;
        claim::<T, R>(offset, len, size, r)?;
        let Some(total) = len.checked_mul(size) else {
            return Err(DecodeError::LengthExceedsInput {
                offset,
                len: len as u64,
                remaining: 0,
            });
        };
        let mut out = Vec::new();
        read_pod(total, r, &mut out)?;
        Ok(out)
    }
}

/// Appends the `T`s in the next `total` bytes (a multiple of `size_of::<T>() > 0`) to
/// `out`: borrowed from a slice, streamed in bounded chunks otherwise, and copied once,
/// without zero-filling `out` first. Input need not be aligned.
#[inline]
pub(crate) fn read_pod<'de, T: bytemuck::Pod, R: Reader<'de> + ?Sized>(
    total: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    let bytes = r.read_cow(total)?;
    out.reserve(total / core::mem::size_of::<T>());
    out.extend(
        bytes
            .chunks_exact(core::mem::size_of::<T>())
            .map(bytemuck::pod_read_unaligned::<T>),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use crate::{layout, DecodeError, Packed};

    #[derive(Packed, Clone, Copy, PartialEq, Debug, bytemuck::Pod, bytemuck::Zeroable)]
    #[packed(crate = "crate")]
    #[repr(C)]
    struct Vertex {
        x: f32,
        id: u32,
        pos: [i16; 2],
    }

    #[derive(Packed, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Plain {
        vertices: Vec<Vertex>,
    }

    #[derive(Packed, PartialEq, Debug)]
    #[packed(crate = "crate")]
    struct Fast {
        #[packed(with = "crate::Bulk::<Vertex>")]
        vertices: Vec<Vertex>,
    }

    fn vertices(n: usize) -> Vec<Vertex> {
        (0..n)
            .map(|i| Vertex {
                x: i as f32 * 0.5,
                id: 300 * i as u32,
                pos: [-(i as i16), 7],
            })
            .collect()
    }

    /// The same bytes as the plain derive under every layout (bulk under the fixed
    /// little-endian ones, element by element under the others), and back.
    #[test]
    fn bulk_bytes_equal_plain_bytes() {
        // 0, 1 and 200 elements: 200 takes Bitsery's two-byte length prefix.
        for n in [0, 1, 200] {
            let plain = Plain {
                vertices: vertices(n),
            };
            let fast = Fast {
                vertices: vertices(n),
            };
            macro_rules! check {
                ($($l:ty),*) => {$({
                    let p = crate::to_vec_as::<$l, _>(&plain).unwrap();
                    assert_eq!(crate::to_vec_as::<$l, _>(&fast).unwrap(), p, "{}", stringify!($l));
                    assert_eq!(crate::from_slice_as::<$l, Fast>(&p).unwrap(), fast);
                })*};
            }
            check!(
                layout::Bitsery,
                layout::Yas,
                layout::YasBig,
                layout::YasCompacted,
                layout::Varint
            );
            // Own layout, and through a stream.
            let bytes = crate::to_vec(&fast).unwrap();
            assert_eq!(bytes, crate::to_vec(&plain).unwrap());
            assert_eq!(crate::from_reader::<Fast, _>(&bytes[..]).unwrap(), fast);
        }
    }

    /// Hostile input: every truncation of a valid message, lengths far beyond the
    /// input, from a slice and from a stream: a typed error, no panic, no allocation
    /// beyond the input.
    #[test]
    fn bulk_rejects_hostile_input() {
        let bytes = crate::to_vec(&Fast {
            vertices: vertices(3),
        })
        .unwrap();
        // One length byte (3), then 3 * 12 bytes.
        assert_eq!(bytes.len(), 1 + 3 * 12);
        for cut in 0..bytes.len() {
            let slice = crate::from_slice::<Fast>(&bytes[..cut]);
            assert!(
                matches!(
                    slice,
                    Err(DecodeError::UnexpectedEnd { .. } | DecodeError::LengthExceedsInput { .. })
                ),
                "cut {cut}: {slice:?}"
            );
            let stream = crate::from_reader::<Fast, _>(&bytes[..cut]);
            assert!(
                matches!(stream, Err(DecodeError::UnexpectedEnd { .. })),
                "cut {cut}: {stream:?}"
            );
        }
        // Bitsery's 4-byte length form: 0xC0 | len >> 24, len >> 16, then len as a u16
        // little-endian; len = 0x3FFF_FFFF elements of 12 bytes, with 2 bytes of input.
        let huge = [0xFF, 0xFF, 0xFF, 0xFF, 0, 0];
        assert_eq!(
            crate::from_slice::<Fast>(&huge),
            Err(DecodeError::LengthExceedsInput {
                offset: 0,
                len: 0x3FFF_FFFF,
                remaining: 2
            })
        );
        assert!(matches!(
            crate::from_reader::<Fast, _>(&huge[..]),
            Err(DecodeError::UnexpectedEnd { .. })
        ));
        // A u64 length whose byte count overflows `usize`, from a stream (no remaining
        // count to check it against first).
        let mut yas = Vec::from(*b"yas0017");
        yas.extend_from_slice(&u64::MAX.to_le_bytes());
        let mut r = crate::IoReader::new(&yas[..]);
        let got = crate::decode_with::<crate::RootAs<layout::Yas>, Fast, _>(&mut r);
        assert_eq!(
            got,
            Err(DecodeError::LengthExceedsInput {
                offset: 7,
                len: u64::MAX,
                remaining: 0
            })
        );
    }

    /// `IMAGE` holds exactly for types whose memory is their encoding.
    #[test]
    fn image_is_decided_at_compile_time() {
        use crate::Encode;

        #[derive(Packed, Clone, Copy)]
        #[packed(crate = "crate")]
        #[repr(C)]
        struct Padded {
            a: u8,
            b: u32,
        }

        #[derive(Packed, Clone, Copy, PartialEq, Debug, bytemuck::Pod, bytemuck::Zeroable)]
        #[packed(crate = "crate", int = "varint")]
        #[repr(C)]
        struct OwnLayout {
            a: u32,
        }

        #[derive(Packed, Clone, Copy)]
        #[packed(crate = "crate")]
        #[repr(C)]
        struct Flag {
            on: bool,
        }

        #[derive(Packed, Clone, Copy)]
        #[packed(crate = "crate")]
        #[repr(C)]
        struct Nested(Vertex, [f32; 2]);

        // Checked when the test compiles.
        const {
            assert!(<u32 as Encode>::IMAGE && <[f32; 3] as Encode>::IMAGE);
            assert!(<Vertex as Encode>::IMAGE && <Nested as Encode>::IMAGE);
            assert!(!<Padded as Encode>::IMAGE, "3 bytes of padding after `a`");
            assert!(
                !<OwnLayout as Encode>::IMAGE,
                "varint integers are not memory"
            );
            assert!(
                !<Flag as Encode>::IMAGE && !<bool as Encode>::IMAGE,
                "bool bytes are checked"
            );
            assert!(!<usize as Encode>::IMAGE && !<Option<u8> as Encode>::IMAGE);
        }

        // Bulk on a Pod type whose encoding is not its memory falls back, so the
        // bytes are still the plain derive's: 7 as LEB128 is one byte.
        #[derive(Packed, PartialEq, Debug)]
        #[packed(crate = "crate")]
        struct Fallback {
            #[packed(with = "crate::Bulk::<OwnLayout>")]
            items: Vec<OwnLayout>,
        }
        let v = Fallback {
            items: alloc::vec![OwnLayout { a: 7 }, OwnLayout { a: 300 }],
        };
        let bytes = crate::to_vec(&v).unwrap();
        assert_eq!(bytes, [2, 7, 0xAC, 0x02]);
        assert_eq!(crate::from_slice::<Fallback>(&bytes).unwrap(), v);
    }
}
