//! How fast the bytes get there. Every `unsafe` block of the crate is in this module.
//!
//! The format files (`wire/`) say what the bytes are, one value at a time, field by
//! field. This module holds the faster ways to the same bytes, and nothing here may
//! change them:
//!
//! | path | what | where |
//! |---|---|---|
//! | field by field | every value through its `encode` / `decode`, every field through the writer's and reader's hooks | `wire/`, the derive |
//! | fixed-size run | a value whose size is fixed under the layout is written into a stack buffer and handed over in one call, and read from one borrowed slice: one bounds check per value, not per field | [`run`] |
//! | memory image | a slice of values whose memory is their encoding is one copy each way | [`image`] |
//! | bulk copies | a slice of numbers is one copy each way where the layout writes them as their memory | [`vec`](mod@vec) |
//! | word copies | a short string is moved as two overlapping words, not a call to `memcpy`; an ASCII string is checked in words | [`copy`], [`utf8`] |
//! | in-slot elements | a decoded element is built in its `Vec` slot, not copied there | [`vec::push_with`] |
//! | bit words | a bit-packing session's reader takes its bits from a lent slice in place, a word at a time (one 8-byte load per read, its position in a register, long unaligned runs 8 bytes from the 9 they straddle), not a byte at a time into an accumulator as from a stream (`wire/bits/stream.rs`) | [`bits`](mod@bits) |
//! | float ranges | an `f32` range's division is a multiplication by the reciprocal in `f64`, the same quotient | [`quantise`] |
//!
//! **The invariant:** every path writes the bytes the field-by-field path writes, and
//! accepts and rejects the input it accepts and rejects, with the same errors at the
//! same offsets. A path that cannot keep that (a stream, which cannot lend a run; a
//! writer that watches every field, as `explain` does; input too short for the whole
//! run) is not taken. The tests beside each path compare it with the field-by-field
//! path, on hostile input too, and every `unsafe` block has a `SAFETY` comment and a
//! test that puts its copies at the edge of their allocation (run under
//! AddressSanitizer in CI).
//!
//! # The hidden hooks
//!
//! The public traits carry a few methods that are hidden from their docs: each is
//! declared once, on its trait, and says there which path it serves. All of them:
//!
//! | hook | on | serves | default |
//! |---|---|---|---|
//! | `fixed_size::<C>()` | [`Encode`], [`Decode`] | speed: runs and images ([`FixedSize`]) | varies |
//! | `encode_slice(items, first_index, w)` | [`Encode`] | speed: bulk copies and images of slices (numbers override it) | [`encode_slice`] |
//! | `decode_append(n, r, out)` | [`Decode`] | speed: bulk copies, images and runs of slices (numbers override it) | [`decode_append`] |
//! | `encode_contiguous(items, w)` | [`Encode`] | wire format: the element form of a contiguous sequence (YAS copies raw enums without their size byte) | `encode_slice` |
//! | `decode_contiguous(n, r, out)` | [`Decode`] | wire format: as `encode_contiguous` | `decode_append` |
//! | `encoded_size::<C>()` | [`Encode`] | speed: `to_vec` allocates once, by the size added up from the value's parts (strings, sequences, `Option`, pointers, derived types; exact where the encode succeeds) | the encode run over a [`SizeCounter`](crate::SizeCounter) |
//! | `contiguous_size::<C>(items)` | [`Encode`] | speed: as `encoded_size`, for the elements of a contiguous sequence (a type with its own `encode_contiguous` counts that) | fixed size × count, else the elements' `encoded_size` |
//! | `encode_header::<C>(w)` | [`Encode`] | wire format: the header of a top-level message (a derived type's own) | the context's layout's header |
//! | `decode_header::<C>(r)` | [`Decode`] | wire format: as `encode_header` | the context's layout's header |
//! | `write_var_bytes(bytes)` | [`Writer`] | speed: word copies (`Vec<u8>` overrides it) | `write_bytes` |
//! | `takes_runs()` | [`Writer`] | speed: runs and images may bypass the per-field hooks (false for a writer that watches them, as `explain`'s does) | false |
//! | `lends_runs()` | [`Reader`] | speed: runs and images may borrow a value's bytes at once (true for a slice) | false |
//! | `write_bits(v, n)`, `align_bits()`, `bits_pending()` | [`Writer`] | wire format: bit packing (a session's writer collects bits; numbers between byte boundaries go out little-endian) | whole bytes, nothing, false |
//! | `packs_bits()` | [`Writer`] | `explain`: a writer that packs bits itself gets a session's writes as they come | false |
//! | `read_bits(n)`, `align_bits()`, `bits_pending()`, `bit_offset()` | [`Reader`] | wire format: bit packing, and the bit offsets of its errors | whole bytes, nothing, false, 8 × `offset` |
//! | `past_limit()` | [`Reader`] | errors: a length claim cut short by [`Limits::max_bytes`](crate::Limits::max_bytes), not by the input, is reported as the limit's error (a slice longer than its limit; asked once, after a failed decode) | `None` |
//! | `lend_unread()` | [`Reader`] | speed: a session reads its bits straight from a slice's input ([`bits`](mod@bits)) | `None` |
//! | `record_position()`, `patch_record_size(position, size)` | [`Writer`] | wire format: a growable record's size written back once its body is written (`Vec<u8>`, `SizeCounter`, `explain`) | none: the body is counted first |
//! | `open_window(start, end, reserves)`, `close_window(window)`, `window_left(end)` | [`Reader`] | wire format: reads stop at a growable record's end, what is left of it says which fields are there, and its unread tail is skipped (slices and streams) | reads are not stopped (an overrun is caught at the close); what is left is counted from the offset; the tail is read and dropped |
//! | `HEADER_SIZE` | [`MaxSize`](crate::MaxSize) | wire format: the header's length in a top-level message's bound (a derived type's own, a pointer's pointee's) | the context's layout's header |
//! | `SIZE` | [`IntCodec`](crate::num::IntCodec), [`Conventions`](crate::layout::Conventions) | wire format: how many bytes an integer or a fieldless enum takes at most, for `MaxSize` | (sealed) / unbounded |
//!
//! Public, documented on their traits: [`Decode::MIN_WIRE`] and
//! [`Reader::check_zero_width`] / [`Reader::count_zero_width`] (safety: what a length
//! prefix may claim, and the per-document budget of elements that take no input), and
//! the [`Writer`] hooks `begin_frame`, `end_frame`, `push_path`, `pop_path` (what
//! `explain` records).

pub(crate) mod bits;
pub(crate) mod copy;
mod fixed_size;
pub(crate) mod image;
pub(crate) mod quantise;
pub(crate) mod run;
pub(crate) mod utf8;
pub(crate) mod vec;

use alloc::vec::Vec;

pub use self::fixed_size::FixedSize;
pub use self::image::ImageProof;
use crate::{explain, Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Writes a slice of values as `encode` writes each of them: one copy of their memory
/// where they are an image under `C` and the writer does not watch elements, else
/// element by element, numbered from `first_index` for `explain`. The default of the
/// `encode_slice` hook.
///
/// # Errors
/// From the elements' `encode` and the writer.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn encode_slice<C: Ctx, T: Encode, W: Writer + ?Sized>(
    items: &[T],
    first_index: usize,
    w: &mut W,
) -> Result<(), EncodeError> {
    if let Some(proof) = image::write_proof::<C, T, W>(w) {
        return w.write_var_bytes(proof.as_bytes(items));
    }
    explain::elements(w, first_index, items, |w, item| item.encode::<C, W>(w))
}

/// Appends `n` values to `out`, each read as `decode` reads it: one copy of the input
/// where they are an image under `C` and the reader lends their bytes, one run each
/// from one borrowed slice where their size is fixed, else one by one, each built in
/// its slot. The default of the `decode_append` hook; the caller has checked `n`
/// against the input.
///
/// # Errors
/// From the elements' `decode`.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn decode_append<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    n: usize,
    r: &mut R,
    out: &mut Vec<T>,
) -> Result<(), DecodeError> {
    if let Some(proof) = image::read_proof::<C, T, R>(n, r) {
        return image::decode_image(proof, n, r, out);
    }
    if run::read_as_runs::<C, T, R>(n, r) {
        return run::decode_runs::<C, T, R>(n, r, out);
    }
    for _ in 0..n {
        vec::push_with(out, || T::decode::<C, R>(r))?;
    }
    Ok(())
}
