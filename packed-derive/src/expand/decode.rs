//! `impl Decode`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};

use super::emit::{
    self, binding, fields_ctx, reported_at, Trait, COUNT, CTX, DE, OUT, PACKED, READER, READER_TY,
    TAG, TAG_OFFSET, VALUE, VARIANT_FN,
};
use super::field::{self, in_style, nest, nest_group, parts, Part, Spelling};
use super::{bitpack, fast, growable, repr};
use crate::ast::{Container, Data, Field, Style, Variant};
use crate::bound;
use crate::model::{ReprInt, Spanned, Tag};

/// What `impl Decode` says that depends on the type's shape.
struct Shape {
    /// `MIN_WIRE`: the fewest bytes a value takes.
    min_wire: TokenStream,
    /// The body of `decode`.
    decode: TokenStream,
    /// The body of `decode_in_place`, for structs.
    in_place: Option<TokenStream>,
    /// `decode_contiguous`, for fieldless enums.
    contiguous: TokenStream,
}

pub(super) fn impl_decode(cont: &Container<'_>) -> TokenStream {
    let trait_path = Trait::Decode.path();
    let where_c = emit::where_clause(cont.generics, bound::predicates(cont, &trait_path, true));
    let header = Trait::Decode.impl_header(cont.ident, cont.generics, &where_c);
    let name = syn::ext::IdentExt::unraw(cont.ident).to_string();
    let Shape {
        min_wire,
        decode: body,
        in_place,
        contiguous,
    } = match &cont.data {
        Data::Struct(style, fields) => struct_shape(cont, *style, fields),
        Data::Tagged(tag, variants) => tagged_shape(cont, *tag, variants, &name),
        Data::Repr(repr, _) => repr_shape(repr, &name),
    };
    // A bit-packed type's fields move to `BitUnpacked`, its body opens the session.
    let (body, bit_fields) = bitpack::decode_session(cont, body);
    let min_wire = bitpack::min_wire(cont, min_wire);
    // A growable record reads its size around the body (the session, for a bit-packed
    // one); its elements are records too, so it keeps no contiguous form of its own.
    let min_wire = growable::min_wire(cont, min_wire);
    let body = growable::decode(cont, body);
    let contiguous = if cont.growable {
        TokenStream::new()
    } else {
        contiguous
    };
    let fixed_size = fast::fixed_size(cont, Trait::Decode);
    let inline = fast::inline_attr(cont);
    // A bit-packed type's fields are read in its session only: no `decode_in_place` of
    // its own reading them outside.
    let in_place = in_place.filter(|_| !cont.bitpack).map(|in_place| {
        let in_place = growable::decode(cont, in_place);
        let sig = emit::decode_fn(
            "decode_in_place",
            quote!(&mut self, #READER: &mut #READER_TY,),
            quote!(()),
        );
        quote! {
            #inline
            #sig {
                #in_place
            }
        }
    });
    let decode = emit::decode_fn("decode", quote!(#READER: &mut #READER_TY,), quote!(Self));
    let decode_header = emit::decode_fn(
        "decode_header",
        quote!(#READER: &mut #READER_TY,),
        quote!(()),
    );
    let reserves = reserves_ahead(cont);
    let error_path = error_path(cont);
    let inner = fields_ctx();
    quote! {
        #[automatically_derived]
        #header {
            const MIN_WIRE: #PACKED::__private::usize = #min_wire;
            const RESERVES_AHEAD: #PACKED::__private::bool = #reserves;

            #fixed_size

            #inline
            #decode {
                #body
            }

            #in_place

            #contiguous

            #[inline]
            #decode_header {
                #PACKED::__private::read_header::<#inner, #READER_TY>(#READER)
            }

            #error_path
        }

        #bit_fields
    }
}

/// `error_path`, where `Self: Encode` holds in the `Decode` impl: without type
/// parameters or a `bound` attribute, the derived `Encode` has no bounds. One item per
/// type, none per field; elsewhere the trait's default reports no path.
fn error_path(cont: &Container<'_>) -> TokenStream {
    if cont.bound.is_some() || cont.generics.type_params().next().is_some() {
        return TokenStream::new();
    }
    // A type that borrows nothing is replayed through the decode `from_slice` already
    // compiled for it; one with lifetimes through a decode of its own.
    let replay = if cont.generics.lifetimes().next().is_none() {
        quote!(owned_decode_error_path)
    } else {
        quote!(decode_error_path)
    };
    quote! {
        fn error_path<#CTX: #PACKED::Ctx>(
            input: &#DE [#PACKED::__private::u8],
            limits: #PACKED::Limits,
            error: &#PACKED::DecodeError,
        ) -> #PACKED::__private::Option<#PACKED::__private::String> {
            #PACKED::__private::#replay::<#CTX, Self>(input, limits, error)
        }
    }
}

/// `RESERVES_AHEAD`: whether any written field's type may reserve memory ahead of the
/// input (a `with` field's decoder is not known, so it may), for every variant of an
/// enum. Fieldless enums and structs of numbers and strings reserve nothing.
fn reserves_ahead(cont: &Container<'_>) -> TokenStream {
    if cont.all_fields().any(|f| {
        matches!(
            f.coding,
            crate::ast::Coding::With(_) | crate::ast::Coding::Serde(_)
        )
    }) {
        return quote!(true);
    }
    let each = cont.all_fields().filter(|f| f.is_plain()).map(|f| {
        let ty = f.ty;
        let trait_path = Trait::Decode.path_for(f);
        quote!(<#ty as #trait_path>::RESERVES_AHEAD)
    });
    quote!(false #(|| #each)*)
}

/// A struct: one run where its size is fixed and the reader can lend it, else its
/// fields in order, consecutive scalars as one group; the same into `self` for
/// `decode_in_place`.
fn struct_shape(cont: &Container<'_>, style: Style, fields: &[Field<'_>]) -> Shape {
    let mins = fields
        .iter()
        .filter(|f| bitpack::counts_min_wire(f))
        .map(|f| {
            let ty = f.ty;
            let trait_path = Trait::Decode.path_for(f);
            quote!(<#ty as #trait_path>::MIN_WIRE)
        });
    // `if` the struct is read as one run, `return run`.
    let run = |run: TokenStream| {
        fast::run_fields(cont).map(|_| {
            quote! {
                if #PACKED::__private::read_as_run::<#CTX, Self, #READER_TY>(#READER) {
                    return #run;
                }
            }
        })
    };
    let run_decode = run(quote!(#PACKED::__private::decode_run::<#CTX, Self, #READER_TY>(#READER)));
    let checks = fields.iter().map(field::length_check);
    let build = struct_value(cont, style, fields);
    let decode = quote! {
        #run_decode
        #(#checks)*
        #PACKED::Reader::enter(#READER)?;
        let #VALUE = #build;
        #PACKED::Reader::leave(#READER);
        #PACKED::__private::Ok(#VALUE)
    };

    let run_in_place = run(quote! {
        #PACKED::__private::decode_run_in_place::<#CTX, Self, #READER_TY>(self, #READER)
    });
    let steps = parts(cont, fields).into_iter().map(|part| match part {
        Part::One(i) => read_field_in_place(cont, &fields[i]),
        // Only a bit-packed struct has groups of bits, and it has no `decode_in_place`
        // of its own; were it to, field by field is the same.
        Part::Bits(is) => {
            let each = is.iter().map(|&i| read_field_in_place(cont, &fields[i]));
            quote!(#(#each)*)
        }
        Part::Scalars(is) => {
            let (binds, read) = scalar_group(cont, fields, &is);
            let ms = is.iter().map(|&i| &fields[i].member);
            quote!(#read #(self.#ms = #binds;)*)
        }
    });
    let in_place = quote! {
        #run_in_place
        #PACKED::Reader::enter(#READER)?;
        #(#steps)*
        #PACKED::Reader::leave(#READER);
        #PACKED::__private::Ok(())
    };
    Shape {
        min_wire: quote!(0usize #(+ #mins)*),
        decode,
        in_place: Some(in_place),
        contiguous: TokenStream::new(),
    }
}

/// An enum: its tag, then the fields of the variant it names; an error naming the enum
/// for a tag that names none.
fn tagged_shape(cont: &Container<'_>, tag_ty: Tag, variants: &[Variant<'_>], name: &str) -> Shape {
    let inner = fields_ctx();
    let checks = variants
        .iter()
        .flat_map(|v| v.fields.iter())
        .map(field::length_check);
    let arms = variants.iter().map(|v| {
        let vi = v.ident;
        let tag = tag_ty.literal(v.tag, reported_at(vi.span()));
        let build = in_style(
            &quote!(Self::#vi),
            v.style,
            &v.fields,
            v.fields.iter().map(|f| read_field(cont, f)),
        );
        quote!(#tag => #build,)
    });
    // A tag no variant has: the `other` variant (whose record's unread rest is skipped),
    // else an error.
    let unknown = match variants.iter().find(|v| v.other) {
        Some(other) => {
            let other = other.ident;
            quote!(Self::#other)
        }
        None => quote! {
            return #PACKED::__private::Err(#PACKED::__private::unknown_variant(#TAG_OFFSET, #name, #PACKED::__private::tag_bits(#TAG)))
        },
    };
    let decode = quote! {
        #(#checks)*
        #PACKED::Reader::enter(#READER)?;
        let #TAG_OFFSET = #PACKED::Reader::offset(#READER);
        let #TAG = #PACKED::__private::read_tag::<#inner, #tag_ty, #READER_TY>(#READER)?;
        let #VALUE = match #TAG {
            #(#arms)*
            _ => #unknown,
        };
        #PACKED::Reader::leave(#READER);
        #PACKED::__private::Ok(#VALUE)
    };
    Shape {
        min_wire: quote!(1usize),
        decode,
        in_place: None,
        contiguous: TokenStream::new(),
    }
}

/// A fieldless `#[repr(int)]` enum: its discriminant, and `decode_contiguous` for
/// sequences of it (the layout may write those differently).
fn repr_shape(repr: &Spanned<ReprInt>, name: &str) -> Shape {
    let inner = fields_ctx();
    let wire = repr::wire_type(repr);
    let decode = quote! {
        #PACKED::__private::read_repr_value::<#inner, #wire, Self, #READER_TY>(#READER, #name, #VARIANT_FN)
    };
    let sig = emit::decode_fn(
        "decode_contiguous",
        quote! {
            #COUNT: #PACKED::__private::usize,
            #READER: &mut #READER_TY,
            #OUT: &mut #PACKED::__private::Vec<Self>,
        },
        quote!(()),
    );
    let contiguous = quote! {
        #[inline]
        #sig {
            #PACKED::__private::read_repr_elements::<#inner, #wire, Self, #READER_TY>(
                #COUNT, #READER, #OUT, #name, #VARIANT_FN,
            )
        }
    };
    Shape {
        min_wire: quote!(1usize),
        decode,
        in_place: None,
        contiguous,
    }
}

/// `Decode<'__de>`, with `'__de` and the trait's name reported at `at`.
fn decode_trait(at: Span) -> TokenStream {
    let de = DE.at(at);
    quote_spanned!(reported_at(at)=> #PACKED::Decode<#de>)
}

/// The call that reads field `f` through `callee`, reported at `at`: `decode`,
/// returning the value, or with `into`, `decode_in_place` into `self.into`.
fn call(f: &Field<'_>, callee: &TokenStream, at: Span, into: Option<&syn::Member>) -> TokenStream {
    let ctx = field::ctx(f);
    let (r_ty, r) = (READER_TY.at(at), READER.at(at));
    if f.owned && f.is_plain() {
        let ty = f.ty;
        return match into {
            None => quote_spanned!(reported_at(at)=>
                #PACKED::__private::decode_owned::<#ctx, #ty, #r_ty>(#r)?),
            Some(m) => quote_spanned!(reported_at(at)=>
                #PACKED::__private::decode_owned_in_place::<#ctx, #ty, #r_ty>(&mut self.#m, #r)?),
        };
    }
    let (method, place) = match into {
        None => ("decode", None),
        Some(m) => (
            "decode_in_place",
            Some(quote_spanned!(reported_at(at)=> &mut self.#m,)),
        ),
    };
    let method = syn::Ident::new(method, reported_at(at));
    quote_spanned!(reported_at(at)=> #callee::#method::<#ctx, #r_ty>(#place #r)?)
}

/// The expression that reads one field (where its growable record holds it): through
/// its type (or `with` module), or its bit coding; or its value when it is not read.
fn read_field(cont: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let absent = growable::absent_value(f);
    let read = match (field::callee(cont, f, decode_trait), f.bit_coding()) {
        (Some((_, at)), Some(coding)) => bitpack::read_coded(cont, f, coding, &field::ctx(f), at),
        (Some((callee, at)), None) => call(f, &callee, at, None),
        (None, _) => return absent,
    };
    let align = bitpack::align_read(f);
    let read = if align.is_empty() {
        read
    } else {
        quote!({ #align #read })
    };
    growable::where_present(f, read, absent)
}

/// Reads one field into `self`: in place, reusing its allocations, where it is read
/// through its type; else by assignment.
fn read_field_in_place(cont: &Container<'_>, f: &Field<'_>) -> TokenStream {
    let m = &f.member;
    match field::callee(cont, f, decode_trait) {
        Some((callee, at)) if f.is_plain() => {
            let read = call(f, &callee, at, Some(m));
            let absent = growable::absent_value(f);
            growable::where_present(
                f,
                quote_spanned!(reported_at(at)=> #read;),
                quote!(self.#m = #absent;),
            )
        }
        _ => {
            let read = read_field(cont, f);
            quote!(self.#m = #read;)
        }
    }
}

/// The struct's value, reading fields in order. With groups of scalar fields, a block
/// that reads each part into bindings first (a group as one tuple, one run where the
/// layout fixes its size), then builds the value; otherwise the plain constructor.
fn struct_value(cont: &Container<'_>, style: Style, fields: &[Field<'_>]) -> TokenStream {
    let parts = parts(cont, fields);
    if parts.iter().all(|p| matches!(p, Part::One(_))) {
        let reads = fields.iter().map(|f| read_field(cont, f));
        return in_style(&quote!(Self), style, fields, reads);
    }
    let reads = parts.iter().map(|part| match part {
        Part::One(i) => {
            let b = binding(*i);
            let read = read_field(cont, &fields[*i]);
            quote!(let #b = #read;)
        }
        Part::Scalars(is) => scalar_group(cont, fields, is).1,
        Part::Bits(is) => bitpack::read_group(cont, fields, is),
    });
    let binds = (0..fields.len()).map(|i| binding(i).into_token_stream());
    let value = in_style(&quote!(Self), style, fields, binds);
    quote!({ #(#reads)* #value })
}

/// The bindings of a group of scalar fields and the statement that reads them as one
/// `Fields` of a tuple (nested past sixteen fields).
fn scalar_group(
    cont: &Container<'_>,
    fields: &[Field<'_>],
    group: &[usize],
) -> (Vec<syn::Ident>, TokenStream) {
    let inner = fields_ctx();
    let trait_path = Trait::Decode.path();
    let binds: Vec<syn::Ident> = group.iter().map(|&i| binding(i)).collect();
    let pattern = nest(
        binds.iter().map(ToTokens::to_token_stream).collect(),
        Spelling::Value,
    );
    let tys = nest_group(fields, group, Spelling::Type, |f| f.ty.to_token_stream());
    let whole = quote!(<#tys as #trait_path>::decode::<#inner, #READER_TY>(#READER)?);
    let each = nest_group(fields, group, Spelling::Value, |f| read_field(cont, f));
    let read = growable::group(&fields[group[0]], &tys, whole, each);
    (binds, quote!(let #pattern = #read;))
}
