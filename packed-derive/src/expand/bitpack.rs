//! `#[packed(bitpack)]`: the type's fields in one bit-packing session, and the bit
//! codings of its fields (`range`, `precision`, `bits`, `entropy`,
//! `align_before_data`) and `align`.
//!
//! A bit-packed type's `encode` and `decode` only open the session (or join the one
//! open: `packed_core::ctx::Session`); its fields are written by `BitPacked` and
//! `BitUnpacked`, whose bodies are what `encode` and `decode` would be without the
//! session. A coded field is written by `EncodeBits` / `DecodeBits` with its coding as
//! a constant built here.
//!
//! Consecutive scalar fields of known width (a `bool`, an integer or float with a
//! range) form groups of at most 56 bits ([`groups`]), read as one and split, and
//! written as one where the writer does not watch fields: the bytes are the same, the
//! reads and writes fewer (the bit-packed twin of the scalar runs of plain structs).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::emit::{
    self, binding, reported_at, Trait, BIT_GROUP, CTX, DE, PACKED, READER, READER_TY, WRITER,
    WRITER_TY,
};
use super::field::Part;
use crate::ast::{Container, Field};
use crate::bound;
use crate::model::{bit_length, BitCoding, Choice, EntropyValues, ReprInt, Spanned};

/// `encode`'s body and the `BitPacked` impl that writes the fields with
/// `fields_body`, for a bit-packed type; `fields_body` as `encode`'s body otherwise.
pub(super) fn encode_session(
    cont: &Container<'_>,
    fields_body: TokenStream,
) -> (TokenStream, TokenStream) {
    if !cont.bitpack {
        return (fields_body, TokenStream::new());
    }
    let where_c = emit::where_clause(
        cont.generics,
        bound::predicates(cont, &Trait::Encode.path(), false),
    );
    let header = Trait::BitPacked.impl_header(cont.ident, cont.generics, &where_c);
    let sig = emit::encode_fn("encode_fields", quote!(&self, #WRITER: &mut #WRITER_TY,));
    let body = quote! {
        #PACKED::__private::encode_bit_packed::<#CTX, Self, #WRITER_TY>(self, #WRITER)
    };
    (body, fields_impl(&header, &sig, &fields_body))
}

/// The impl (`header`) of `BitPacked` or `BitUnpacked` with its one method, `sig`, whose
/// body is `fields_body`.
fn fields_impl(header: &TokenStream, sig: &TokenStream, fields_body: &TokenStream) -> TokenStream {
    quote! {
        #[automatically_derived]
        #header {
            #[inline]
            #sig {
                #fields_body
            }
        }
    }
}

/// `decode`'s body and the `BitUnpacked` impl that reads the fields with
/// `fields_body`, for a bit-packed type; `fields_body` as `decode`'s body otherwise.
pub(super) fn decode_session(
    cont: &Container<'_>,
    fields_body: TokenStream,
) -> (TokenStream, TokenStream) {
    if !cont.bitpack {
        return (fields_body, TokenStream::new());
    }
    let where_c = emit::where_clause(
        cont.generics,
        bound::predicates(cont, &Trait::Decode.path(), true),
    );
    let header = Trait::BitUnpacked.impl_header(cont.ident, cont.generics, &where_c);
    let sig = emit::decode_fn(
        "decode_fields",
        quote!(#READER: &mut #READER_TY,),
        quote!(Self),
    );
    // A growable one's session is its record's body, read as Bitsery reads it.
    let open = if cont.growable {
        quote!(decode_bit_packed_record)
    } else {
        quote!(decode_bit_packed)
    };
    let body = quote! {
        #PACKED::__private::#open::<#CTX, Self, #READER_TY>(#READER)
    };
    (body, fields_impl(&header, &sig, &fields_body))
}

/// `MIN_WIRE` of a bit-packed type whose fields' sum is `sum`: at most 1, since a
/// session may pack all its fields into one byte (or, nested in another session, a
/// bit); fields with a bit coding take no part, they may take no bit at all.
pub(super) fn min_wire(cont: &Container<'_>, sum: TokenStream) -> TokenStream {
    if !cont.bitpack {
        return sum;
    }
    quote!(if #sum > 0usize { 1usize } else { 0usize })
}

/// Whether `f` counts towards its type's `MIN_WIRE`: written through its type, with
/// no bit coding.
pub(super) fn counts_min_wire(f: &Field<'_>) -> bool {
    f.is_plain() && f.bit_coding().is_none()
}

/// The statement before field `f` that pads to a byte, for `align`.
pub(super) fn align_write(f: &Field<'_>) -> TokenStream {
    if !f.align {
        return TokenStream::new();
    }
    quote!(#PACKED::__private::align_before_field(#WRITER)?;)
}

/// [`align_write`], decoding: skips the padding, which must be zero.
pub(super) fn align_read(f: &Field<'_>) -> TokenStream {
    if !f.align {
        return TokenStream::new();
    }
    quote!(#PACKED::__private::skip_align_before_field(#READER)?;)
}

/// The call that writes `f`, reached through the reference `access`, with its coding,
/// under context `ctx`; reported at `at` (the field's type).
pub(super) fn write_coded(
    cont: &Container<'_>,
    f: &Field<'_>,
    coding: &Spanned<BitCoding>,
    access: &TokenStream,
    ctx: &TokenStream,
    at: Span,
) -> TokenStream {
    let (w_ty, w) = (WRITER_TY.at(at), WRITER.at(at));
    let ty = f.ty;
    let at = reported_at(at);
    if let BitCoding::UnalignedOption = coding.value {
        return quote_spanned!(at=>
            #PACKED::__private::encode_option_unaligned::<#ctx, _, #w_ty>(#access, #w)?;
        );
    }
    let value = coding_value(cont, f, coding);
    quote_spanned!(at=>
        <#ty as #PACKED::__private::EncodeBits<_>>::encode_bits::<#ctx, #w_ty>(#access, &#value, #w)?;
    )
}

/// The expression that reads `f` with its coding, under context `ctx`; reported at
/// `at` (the field's type).
pub(super) fn read_coded(
    cont: &Container<'_>,
    f: &Field<'_>,
    coding: &Spanned<BitCoding>,
    ctx: &TokenStream,
    at: Span,
) -> TokenStream {
    let (r_ty, r, de) = (READER_TY.at(at), READER.at(at), DE.at(at));
    let ty = f.ty;
    let at = reported_at(at);
    if let BitCoding::UnalignedOption = coding.value {
        return quote_spanned!(at=>
            #PACKED::__private::decode_option_unaligned::<#ctx, _, #r_ty>(#r)?
        );
    }
    let value = coding_value(cont, f, coding);
    quote_spanned!(at=>
        <#ty as #PACKED::__private::DecodeBits<#de, _>>::decode_bits::<#ctx, #r_ty>(&#value, #r)?
    )
}

/// The coding of `f` as a value of its `packed_core` type (`IntRange { .. }`, ...),
/// every number worked out here.
fn coding_value(cont: &Container<'_>, f: &Field<'_>, coding: &Spanned<BitCoding>) -> TokenStream {
    let field = format!("{}.{}", cont.ident, f.name);
    let span = reported_at(coding.span);
    match &coding.value {
        BitCoding::IntRange { min, max, text } => {
            let bits = bit_length(max.abs_diff(*min));
            let (min, max) = (int_literal(*min, span), int_literal(*max, span));
            quote_spanned! {span=>
                #PACKED::__private::IntRange {
                    min: #min,
                    max: #max,
                    bits: #bits,
                    field: #field,
                    range: #text,
                }
            }
        }
        BitCoding::FloatRange {
            float,
            min,
            max,
            bits,
            text,
        } => {
            let (min, max) = (float.literal(*min), float.literal(*max));
            quote_spanned! {span=>
                #PACKED::__private::FloatRange {
                    min: #min,
                    max: #max,
                    bits: #bits,
                    field: #field,
                    range: #text,
                }
            }
        }
        BitCoding::Entropy {
            values,
            align_before_data,
        } => {
            let bits = bit_length(values.len() as u128);
            let values = match values {
                EntropyValues::Ints(v) => {
                    let v = v.iter().map(|(tokens, _)| tokens);
                    quote!(#(#v),*)
                }
                EntropyValues::Strs(v) => quote!(#(#v),*),
            };
            quote_spanned! {span=>
                #PACKED::__private::Entropy {
                    values: &[#values],
                    bits: #bits,
                    align_before_data: #align_before_data,
                }
            }
        }
        BitCoding::UnalignedOption => unreachable!("an unaligned option has no coding value"),
    }
}

/// `v` as an `i128` literal.
fn int_literal(v: i128, span: Span) -> TokenStream {
    let lit = syn::LitInt::new(&format!("{}i128", v.unsigned_abs()), span);
    if v < 0 {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// The most bits a group holds: one read of the bit reader's accumulator.
const GROUP_BITS: u32 = 56;

/// The width of `f` in a group of bits, if it can join one: a `bool` without
/// attributes (1 bit), or an integer or float of its own type (not a sequence's) with a
/// range, without `align`, of at most [`GROUP_BITS`]. Only a guess from the type's
/// name: a shadowed `bool` or integer fails to compile, it never changes the bytes.
fn group_width(f: &Field<'_>) -> Option<u32> {
    let name = match f.ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident()?.to_string(),
        _ => return None,
    };
    if f.align {
        return None;
    }
    let width = match f.bit_coding().map(|c| &c.value) {
        None if f.is_bare() && name == "bool" => 1,
        Some(BitCoding::IntRange { min, max, .. })
            if ReprInt::from_name(&name).is_some_and(|i| i.written_as() == i) =>
        {
            bit_length(max.abs_diff(*min))
        }
        Some(BitCoding::FloatRange { float, bits, .. }) if float.name() == name => *bits,
        _ => return None,
    };
    (width <= GROUP_BITS).then_some(width)
}

/// A bit-packed struct's fields in order, runs of two or more that fit a group of
/// bits ([`group_width`], [`GROUP_BITS`] together) as [`Part::Bits`].
pub(super) fn groups(fields: &[Field<'_>]) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut group: Vec<usize> = Vec::new();
    let mut bits = 0;
    let close = |group: &mut Vec<usize>, parts: &mut Vec<Part>| match group.len() {
        0 => {}
        1 => parts.push(Part::One(group[0])),
        _ => parts.push(Part::Bits(core::mem::take(group))),
    };
    for (i, f) in fields.iter().enumerate() {
        match group_width(f) {
            Some(w) if bits + w <= GROUP_BITS => {
                group.push(i);
                bits += w;
            }
            Some(w) => {
                close(&mut group, &mut parts);
                group.clear();
                group.push(i);
                bits = w;
            }
            None => {
                close(&mut group, &mut parts);
                group.clear();
                bits = 0;
                parts.push(Part::One(i));
            }
        }
    }
    close(&mut group, &mut parts);
    parts
}

/// Each field of `group` with its offset in the group's bits, and the group's width.
fn layout<'f, 'a>(
    fields: &'f [Field<'a>],
    group: &[usize],
) -> (Vec<(usize, &'f Field<'a>, u32)>, u32) {
    let mut at = 0;
    let placed = group
        .iter()
        .map(|&i| {
            let f = &fields[i];
            let offset = at;
            at += group_width(f).expect("internal error: a grouped field has a width");
            (i, f, offset)
        })
        .collect();
    (placed, at)
}

/// Writes a group of bit-coded fields: their bits gathered into one number and
/// written at once, where the writer does not watch fields; else `one_by_one`, so
/// that `explain` sees each field's bits.
pub(super) fn write_group(
    cont: &Container<'_>,
    fields: &[Field<'_>],
    group: &[usize],
    one_by_one: TokenStream,
) -> TokenStream {
    let (placed, total) = layout(fields, group);
    let pieces = placed.iter().map(|&(_, f, offset)| {
        let m = &f.member;
        let piece = match f.bit_coding() {
            // A `bool`: `From` by its path, since the prelude may not be there.
            None => quote! {
                <#PACKED::__private::u64 as #PACKED::__private::From<#PACKED::__private::bool>>::from(self.#m)
            },
            Some(coding) => {
                let value = coding_value(cont, f, coding);
                quote!(#value.code(self.#m)?)
            }
        };
        quote!(#BIT_GROUP |= #piece << #offset;)
    });
    quote! {
        if #PACKED::Writer::takes_runs(#WRITER) {
            let mut #BIT_GROUP: #PACKED::__private::u64 = 0;
            #(#pieces)*
            #PACKED::Writer::write_bits(#WRITER, #BIT_GROUP, #total)?;
        } else {
            #one_by_one
        }
    }
}

/// Reads a group of bit-coded fields with one read, into their bindings.
pub(super) fn read_group(
    cont: &Container<'_>,
    fields: &[Field<'_>],
    group: &[usize],
) -> TokenStream {
    let (placed, total) = layout(fields, group);
    let reads = placed.iter().map(|&(i, f, offset)| {
        let b = binding(i);
        let value = match f.bit_coding() {
            None => quote!(#BIT_GROUP >> #offset & 1 != 0),
            Some(coding) => {
                let value = coding_value(cont, f, coding);
                let back = total - offset;
                quote!(#value.value(#BIT_GROUP >> #offset, #READER, #back)?)
            }
        };
        quote!(let #b = #value;)
    });
    quote! {
        let #BIT_GROUP = #PACKED::Reader::read_bits(#READER, #total)?;
        #(#reads)*
    }
}
