//! Stage 2, the checked model of the input: the container, its variants and fields,
//! each with its attributes as model types ([`crate::model`]), and every check on how
//! the attributes fit together and fit the item (conflicting field keys, `tag` on a
//! struct or a `#[repr(int)]` enum, too many variants for the tag, `repr(packed)`,
//! shapes that cannot be derived, bit packing's keys outside a `bitpack` type, ranges
//! that are reversed or do not fit the field's type). The generator reads this model
//! only.

use syn::spanned::Spanned as _;

use crate::attr::{self, Attr, FieldKey};
use crate::diag::Diagnostics;
use crate::expand::emit::reported_at;
use crate::model::{
    bit_length, BitCoding, Bound, Choice, EntropyValues, FloatTy, Len, OwnLayout, Preset,
    RangeBounds, ReprInt, Spanned, Tag, TimeUnit, TimeWidth,
};

/// A derive input.
pub(crate) struct Container<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) generics: &'a syn::Generics,
    /// The runtime crate's path: `::packed_core` unless `crate = "..."`.
    pub(crate) krate: syn::Path,
    pub(crate) layout: OwnLayout,
    pub(crate) kind: Option<Spanned<i64>>,
    /// `bound = "..."`: the where-predicates in place of the inferred ones.
    pub(crate) bound: Option<Vec<syn::WherePredicate>>,
    /// `bitpack`: the fields are written in one bit-packing session.
    pub(crate) bitpack: bool,
    /// `growable`: the type is a growable record (a 4-byte size, then its body).
    pub(crate) growable: bool,
    pub(crate) data: Data<'a>,
}

pub(crate) enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    /// An enum written as variant index, then fields.
    Tagged(Tag, Vec<Variant<'a>>),
    /// A fieldless `#[repr(int)]` enum written as its integer (the span: the repr's).
    Repr(Spanned<ReprInt>, Vec<Variant<'a>>),
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Style {
    Named,
    Tuple,
    Unit,
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) style: Style,
    pub(crate) fields: Vec<Field<'a>>,
    /// The tag the variant is written with: its `tag = N`, its discriminant, or the
    /// previous variant's plus one (0 for the first). Unused by `#[repr(int)]` enums,
    /// which write their discriminant.
    pub(crate) tag: u64,
    /// `other`: unknown tags decode to this (unit) variant.
    pub(crate) other: bool,
}

pub(crate) struct Field<'a> {
    pub(crate) member: syn::Member,
    /// The name used in field paths (`sku`, `0`).
    pub(crate) name: String,
    pub(crate) ty: &'a syn::Type,
    pub(crate) coding: Coding,
    /// Whether the type holds a `'static` lifetime argument (`Cow<'static, str>`): it
    /// is decoded as a `Decode<'static>` through a reader that lends nothing, so its
    /// `Cow`s come out owned from an input of any lifetime.
    pub(crate) owned: bool,
    /// `align`: the bit stream is padded to a byte before the field.
    pub(crate) align: bool,
    /// `default = "..."`: the value the field takes when it is not read (skipped, or
    /// not held by an older growable record); else its type's `Default`.
    pub(crate) default: Option<syn::Expr>,
    /// Whether the field is in a growable record, which may end before it (not in a
    /// bit-packed one, whose session reads every field).
    pub(crate) in_record: bool,
}

/// How a field is written.
pub(crate) enum Coding {
    /// Through its type's `Encode`/`Decode`, under the type's context narrowed by the
    /// field's `len` and `max`; or, with a bit coding, through that (the elements
    /// of a sequence each, under the same context).
    Type {
        len: Option<Spanned<Len>>,
        max: Option<Spanned<usize>>,
        /// `unit` and `width` (either given; the other at its default): how chrono
        /// counts in the field's value are written. The span: the first key's value.
        time: Option<Spanned<(TimeUnit, TimeWidth)>>,
        bits: Option<Spanned<BitCoding>>,
    },
    /// `skip`: not written; decoded as `Default::default()`.
    Skip,
    /// `with = "module"`: through `module::encode` and `module::decode`.
    With(syn::Path),
    /// `serde` (the key's span): through the type's serde impls
    /// (`packed_core::__private::SerdeField`, feature `serde`).
    Serde(proc_macro2::Span),
}

impl Field<'_> {
    /// Whether the field is written through its type's `Encode`/`Decode`.
    pub(crate) fn is_plain(&self) -> bool {
        matches!(self.coding, Coding::Type { .. })
    }

    /// Whether the field is written through its type's `Encode`/`Decode` with no field
    /// attribute at all (no `len`, `max`, `unit`, `width`, bit coding or `align`
    /// either): its encoding is its type's.
    pub(crate) fn is_bare(&self) -> bool {
        !self.align
            && matches!(
                self.coding,
                Coding::Type {
                    len: None,
                    max: None,
                    time: None,
                    bits: None,
                }
            )
    }

    /// The field's bit coding, if it has one.
    pub(crate) fn bit_coding(&self) -> Option<&Spanned<BitCoding>> {
        match &self.coding {
            Coding::Type { bits, .. } => bits.as_ref(),
            Coding::Skip | Coding::With(_) | Coding::Serde(_) => None,
        }
    }
}

fn style(fields: &syn::Fields) -> Style {
    match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    }
}

/// Whether `ty` has `'static` as a lifetime argument anywhere (`Cow<'static, str>`,
/// `Vec<Cow<'static, [u8]>>`); a reference's own lifetime (`&'static str`) does not
/// count: it cannot be decoded owned.
fn holds_static(ty: &syn::Type) -> bool {
    struct Find(bool);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_generic_argument(&mut self, arg: &'ast syn::GenericArgument) {
            if matches!(arg, syn::GenericArgument::Lifetime(l) if l.ident == "static") {
                self.0 = true;
            }
            syn::visit::visit_generic_argument(self, arg);
        }
    }
    let mut find = Find(false);
    syn::visit::Visit::visit_type(&mut find, ty);
    find.0
}

/// The fields of a struct or variant; `growable`: whether they are in a growable
/// record; `bitpack`: whether they are in a bit-packing session.
fn fields<'a>(
    diag: &Diagnostics,
    fields: &'a syn::Fields,
    growable: bool,
    bitpack: bool,
) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut attrs = attr::Field::from_ast(diag, &f.attrs);
            let default = attrs.default.take();
            if let Some(d) = &default {
                if !growable && attrs.skip.is_none() {
                    diag.error(
                        &d.key,
                        "`default` gives the value of a field that is not read: a `skip` field, \
                         or a field of a `#[packed(growable)]` type that an older record does \
                         not hold; add `#[packed(growable)]` to the type, or remove `default`",
                    );
                } else if bitpack && attrs.skip.is_none() {
                    diag.error(
                        &d.key,
                        "`default` cannot apply in a growable record that is also `bitpack`: its \
                         fields are bits, and an older record's last byte does not say where its \
                         bits end, so the fields it lacks read as zero bits (as Bitsery reads \
                         them); remove `default`",
                    );
                }
            }
            let align = attrs.align.is_some() && bitpack;
            let coding = coding(diag, attrs, &f.ty, bitpack);
            let (member, name) = match &f.ident {
                Some(id) => (
                    syn::Member::Named(id.clone()),
                    id.to_string().trim_start_matches("r#").to_owned(),
                ),
                // The index is the derive's token: reported at the field's type, resolved
                // with the rest of the generated code.
                None => (
                    syn::Member::Unnamed(syn::Index {
                        index: i as u32,
                        span: reported_at(f.ty.span()),
                    }),
                    i.to_string(),
                ),
            };
            Field {
                member,
                name,
                ty: &f.ty,
                coding,
                owned: holds_static(&f.ty),
                align,
                default: default.map(|d| d.value),
                // A bit-packed record's fields are all read, in its session.
                in_record: growable && !bitpack,
            }
        })
        .collect()
}

/// The field's coding. `skip` and `with` replace the field's encoding, so nothing
/// else may shape it, and a value has one bit coding at most: each conflict is
/// reported at the later of the two keys.
fn coding(diag: &Diagnostics, a: attr::Field, ty: &syn::Type, bitpack: bool) -> Coding {
    fn key(k: FieldKey, path: Option<&syn::Path>) -> Option<(FieldKey, &syn::Path)> {
        path.map(|p| (k, p))
    }
    let skip = key(FieldKey::Skip, a.skip.as_ref().map(|x| &x.key));
    let with = key(FieldKey::With, a.with.as_ref().map(|x| &x.key));
    let serde = key(FieldKey::Serde, a.serde.as_ref().map(|x| &x.key));
    let len = key(FieldKey::Len, a.len.as_ref().map(|x| &x.key));
    let max = key(FieldKey::Max, a.max.as_ref().map(|x| &x.key));
    let range = key(FieldKey::Range, a.range.as_ref().map(|x| &x.key));
    let precision = key(FieldKey::Precision, a.precision.as_ref().map(|x| &x.key));
    let bits = key(FieldKey::Bits, a.bits.as_ref().map(|x| &x.key));
    let entropy = key(FieldKey::Entropy, a.entropy.as_ref().map(|x| &x.key));
    let align = key(FieldKey::Align, a.align.as_ref().map(|x| &x.key));
    let unit = key(FieldKey::Unit, a.unit.as_ref().map(|x| &x.key));
    let width = key(FieldKey::Width, a.width.as_ref().map(|x| &x.key));
    let unaligned = key(
        FieldKey::AlignBeforeData,
        a.align_before_data.as_ref().map(|x| &x.key),
    );
    let pos = |key: FieldKey| a.written.iter().position(|w| *w == key);
    let mut conflicts = vec![
        (skip, len),
        (skip, max),
        (skip, with),
        (skip, unit),
        (skip, width),
        (with, len),
        (with, max),
        (with, unit),
        (with, width),
        (skip, serde),
        (with, serde),
        (serde, len),
        (serde, max),
        (serde, unit),
        (serde, width),
    ];
    for coded in [range, precision, bits, entropy, unaligned] {
        conflicts.extend([(skip, coded), (with, coded), (serde, coded)]);
    }
    conflicts.extend([
        (skip, align),
        (entropy, range),
        (entropy, precision),
        (entropy, bits),
    ]);
    for (replacing, other) in conflicts {
        if let (Some((x, x_path)), Some((y, y_path))) = (replacing, other) {
            let later = if pos(x) > pos(y) { x_path } else { y_path };
            diag.error(
                later,
                format_args!("`{}` cannot be combined with `{}`", x.name(), y.name()),
            );
        }
    }
    let time = time_form(&a);
    if !bitpack {
        for (k, path) in [range, precision, bits, entropy, align, unaligned]
            .into_iter()
            .flatten()
        {
            diag.error(
                path,
                format_args!(
                    "`{}` needs `#[packed(bitpack)]` on the struct or enum: it shapes a \
                     field inside a bit-packing session",
                    k.name()
                ),
            );
        }
    }
    match (&a.skip, &a.with, &a.serde) {
        (Some(_), _, _) => Coding::Skip,
        (None, Some(with), _) => Coding::With(with.value.clone()),
        (None, None, Some(serde)) => Coding::Serde(serde.span),
        (None, None, None) => Coding::Type {
            len: a.len.as_ref().map(Attr::spanned),
            max: a.max.as_ref().map(Attr::spanned),
            time,
            bits: if bitpack {
                bit_coding(diag, &a, ty)
            } else {
                None
            },
        },
    }
}

/// A field's `unit` and `width`, either at its default if only the other is given;
/// `None` without both.
fn time_form(a: &attr::Field) -> Option<Spanned<(TimeUnit, TimeWidth)>> {
    let span = a
        .unit
        .as_ref()
        .map(|u| u.span)
        .or(a.width.as_ref().map(|w| w.span))?;
    let unit = a.unit.as_ref().map_or(TimeUnit::DEFAULT, |u| u.value);
    let width = a.width.as_ref().map_or(TimeWidth::DEFAULT, |w| w.value);
    Some(Spanned {
        value: (unit, width),
        span,
    })
}

/// What a field's bit coding applies to: its type, or for a sequence or array, its
/// elements' (`Vec<u16>`: `u16`), by the type's name.
enum Element {
    Int(ReprInt),
    Float(FloatTy),
    /// `bool`, `char`, strings: no range applies.
    NotNumber,
    /// A name the derive does not know (an alias, a parameter): checked by the
    /// compiler where the coding is used.
    Unknown,
}

fn element(ty: &syn::Type) -> Element {
    match ty {
        syn::Type::Array(a) => element(&a.elem),
        syn::Type::Slice(s) => element(&s.elem),
        syn::Type::Paren(p) => element(&p.elem),
        syn::Type::Group(g) => element(&g.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return Element::Unknown;
            };
            let name = last.ident.to_string();
            if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                let first = args.args.iter().find_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                });
                return match (name.as_str(), first) {
                    ("Vec" | "VecDeque" | "Box", Some(inner)) => element(inner),
                    ("Cow", _) => Element::NotNumber,
                    _ => Element::Unknown,
                };
            }
            if let Some(int) = ReprInt::from_name(&name) {
                return Element::Int(int);
            }
            if let Some(float) = FloatTy::from_name(&name) {
                return Element::Float(float);
            }
            match name.as_str() {
                "bool" | "char" | "String" | "str" => Element::NotNumber,
                _ => Element::Unknown,
            }
        }
        syn::Type::Reference(r) => element(&r.elem),
        _ => Element::Unknown,
    }
}

/// Whether `ty` is written as an `Option<...>`.
fn is_option(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Option"),
        syn::Type::Paren(p) => is_option(&p.elem),
        syn::Type::Group(g) => is_option(&g.elem),
        _ => false,
    }
}

/// The least and greatest value of an integer type, `None` past 64 bits (Bitsery's
/// ranges stop there).
fn int_bounds(int: ReprInt) -> Option<(i128, i128)> {
    Some(match int.written_as() {
        ReprInt::U8 => (0, u8::MAX.into()),
        ReprInt::U16 => (0, u16::MAX.into()),
        ReprInt::U32 => (0, u32::MAX.into()),
        ReprInt::U64 => (0, u64::MAX.into()),
        ReprInt::I8 => (i8::MIN.into(), i8::MAX.into()),
        ReprInt::I16 => (i16::MIN.into(), i16::MAX.into()),
        ReprInt::I32 => (i32::MIN.into(), i32::MAX.into()),
        ReprInt::I64 => (i64::MIN.into(), i64::MAX.into()),
        ReprInt::U128 | ReprInt::I128 | ReprInt::Usize | ReprInt::Isize => return None,
    })
}

/// The bit coding of a field of a `bitpack` type, checked against the field's type
/// (its elements'); `None` without one, or after reporting a mistake.
fn bit_coding(diag: &Diagnostics, a: &attr::Field, ty: &syn::Type) -> Option<Spanned<BitCoding>> {
    let elem = element(ty);
    if let Some(entropy) = &a.entropy {
        if matches!(elem, Element::Float(_)) {
            diag.error(
                &entropy.key,
                "`entropy` applies to integers and strings, not floats",
            );
            return None;
        }
        // Checked here rather than left to the compiler, which reports a negative value
        // of an unsigned field as "`u8: Neg` is not satisfied", and one past the type as
        // an overflowing literal at the derive.
        if let (Element::Int(int), EntropyValues::Ints(values)) = (&elem, &entropy.value) {
            if let Some((lo, hi)) = int_bounds(*int) {
                for (tokens, value) in values {
                    if value.is_some_and(|v| v < lo || v > hi) {
                        diag.error(
                            tokens,
                            format_args!(
                                "this `entropy` value does not fit the field's type `{}` \
                                 ({lo}..={hi})",
                                int.name()
                            ),
                        );
                        return None;
                    }
                }
            }
        }
        let align_before_data = a.align_before_data.as_ref().is_none_or(|b| b.value);
        return Some(Spanned {
            value: BitCoding::Entropy {
                values: entropy.value.clone(),
                align_before_data,
            },
            span: entropy.span,
        });
    }
    if let Some(abd) = &a.align_before_data {
        if !is_option(ty) {
            diag.error(
                &abd.key,
                "`align_before_data` applies to `Option` fields (Bitsery's `StdOptional`) and \
                 to fields with `entropy`",
            );
            return None;
        }
        if a.range.is_some() || a.bits.is_some() || a.precision.is_some() {
            // Reported below as not applying to an `Option`.
        } else {
            return (!abd.value).then(|| Spanned {
                value: BitCoding::UnalignedOption,
                span: abd.span,
            });
        }
    }
    if let (Some(precision), None) = (&a.precision, &a.range) {
        diag.error(
            &precision.key,
            "`precision` needs `range = \"MIN..=MAX\"` beside it",
        );
        return None;
    }
    let (key, span) = match (&a.range, &a.bits) {
        (Some(r), _) => (&r.key, r.span),
        (None, Some(b)) => (&b.key, b.span),
        (None, None) => return None,
    };
    let is_float = a.precision.is_some()
        || a.range.as_ref().is_some_and(|r| r.value.is_float())
        || matches!(elem, Element::Float(_));
    let coding = if is_float {
        float_range(diag, a, &elem, key)
    } else {
        int_range(diag, a, &elem, key)
    };
    coding.map(|value| Spanned { value, span })
}

/// A float range: `range` with `precision` or `bits`, on `f32` or `f64` elements.
fn float_range(
    diag: &Diagnostics,
    a: &attr::Field,
    elem: &Element,
    key: &syn::Path,
) -> Option<BitCoding> {
    let Element::Float(float) = *elem else {
        diag.error(
            key,
            "a float range needs the field's type written as `f32` or `f64` (or a `Vec`, \
             `VecDeque`, `Box<[_]>` or array of them)",
        );
        return None;
    };
    let Some(range) = &a.range else {
        diag.error(
            key,
            "`bits` on a float needs `range = \"MIN..=MAX\"` beside it",
        );
        return None;
    };
    let RangeBounds { min, max, text } = &range.value;
    let (min, max) = (min.as_float(float), max.as_float(float));
    // A literal finite as an `f64` may not be as an `f32` (`1e300`).
    if !(min.is_finite() && max.is_finite()) {
        diag.error(
            &range.key,
            format_args!("the range `{text}` does not fit `{}`", float.name()),
        );
        return None;
    }
    // Both are finite, so `<` decides.
    if min >= max {
        diag.error(
            &range.key,
            format_args!("the range `{text}` is empty or reversed: a float range needs MIN < MAX"),
        );
        return None;
    }
    let max_bits = float.max_bits();
    let bits = match (&a.precision, &a.bits) {
        (Some(p), Some(b)) => {
            let later = if a.written.iter().position(|k| *k == FieldKey::Precision)
                > a.written.iter().position(|k| *k == FieldKey::Bits)
            {
                &p.key
            } else {
                &b.key
            };
            diag.error(
                later,
                "`precision` and `bits` both give a float range's bits: use one",
            );
            return None;
        }
        (Some(p), None) => {
            let step = float.parse(&p.value);
            if step <= 0.0 {
                diag.error(&p.key, "`precision` must be greater than 0");
                return None;
            }
            if !step.is_finite() {
                diag.error(
                    &p.key,
                    format_args!("`precision` does not fit `{}`", float.name()),
                );
                return None;
            }
            match float.precision_bits(min, max, &p.value) {
                Some(bits) if (1..=max_bits).contains(&bits) => bits,
                other => {
                    let need = other.map_or_else(|| "more than 64".to_owned(), |b| b.to_string());
                    diag.error(
                        &p.key,
                        format_args!(
                            "`precision` over `{text}` needs {need} bits; `{}` holds 1 to \
                             {max_bits} exactly (give a coarser precision or use `bits`)",
                            float.name()
                        ),
                    );
                    return None;
                }
            }
        }
        (None, Some(b)) => {
            if !(1..=max_bits).contains(&b.value) {
                diag.error(
                    &b.key,
                    format_args!(
                        "a float range of `{}` takes 1 to {max_bits} `bits`",
                        float.name()
                    ),
                );
                return None;
            }
            b.value
        }
        (None, None) => {
            diag.error(
                &range.key,
                "a float range needs `precision = P` or `bits = N` beside it",
            );
            return None;
        }
    };
    Some(BitCoding::FloatRange {
        float,
        min,
        max,
        bits,
        text: text.clone(),
    })
}

/// An integer range: `range = "MIN..=MAX"` or `bits = N`, fitting the elements' type.
fn int_range(
    diag: &Diagnostics,
    a: &attr::Field,
    elem: &Element,
    key: &syn::Path,
) -> Option<BitCoding> {
    if matches!(elem, Element::NotNumber) {
        diag.error(
            key,
            "`range` and `bits` apply to integers and floats (or sequences and arrays of \
             them)",
        );
        return None;
    }
    let (min, max, text) = match (&a.range, &a.bits) {
        (Some(_), Some(b)) => {
            diag.error(
                &b.key,
                "`range` and `bits` both give an integer's bits: use one (`bits = N` is \
                 `range = \"0..=2^N-1\"`)",
            );
            return None;
        }
        (Some(r), None) => {
            let (Bound::Int(min), Bound::Int(max)) = (&r.value.min, &r.value.max) else {
                unreachable!("a float bound makes a float range");
            };
            if min > max {
                diag.error(
                    &r.key,
                    format_args!("the range `{}` is reversed: MIN is above MAX", r.value.text),
                );
                return None;
            }
            if max.abs_diff(*min) > u128::from(u64::MAX) {
                diag.error(
                    &r.key,
                    format_args!("the range `{}` spans more than 64 bits", r.value.text),
                );
                return None;
            }
            (*min, *max, r.value.text.clone())
        }
        (None, Some(b)) => {
            if !(1..=64).contains(&b.value) {
                diag.error(&b.key, "an integer takes 1 to 64 `bits`");
                return None;
            }
            let max = (1i128 << b.value) - 1;
            (0, max, format!("0..={max}"))
        }
        (None, None) => return None,
    };
    if let Element::Int(int) = elem {
        let fits = int_bounds(*int).map(|(lo, hi)| lo <= min && max <= hi);
        match fits {
            Some(true) => {}
            Some(false) => {
                diag.error(
                    key,
                    format_args!(
                        "the range `{text}` does not fit the field's type `{}`",
                        int.name()
                    ),
                );
                return None;
            }
            None => {
                diag.error(
                    key,
                    format_args!(
                        "`{}` takes no range: ranges apply to integers of at most 64 bits \
                         (`u8`..`u64`, `i8`..`i64`)",
                        int.name()
                    ),
                );
                return None;
            }
        }
    }
    debug_assert!(bit_length(max.abs_diff(min)) <= 64);
    Some(BitCoding::IntRange { min, max, text })
}

/// The container's own layout: [`OwnLayout::Inherit`] without layout keys.
fn own_layout(a: &attr::Container) -> OwnLayout {
    if a.len.is_none()
        && a.int.is_none()
        && a.endian.is_none()
        && a.header.is_none()
        && a.conventions.is_none()
        && a.layout.is_none()
    {
        return OwnLayout::Inherit;
    }
    OwnLayout::Own {
        preset: a.layout.as_ref().map_or(Preset::DEFAULT, |p| p.value),
        len: a.len.as_ref().map(|v| v.value.clone()),
        int: a.int.as_ref().map(|v| v.value),
        endian: a.endian.as_ref().map(|v| v.value),
        header: a.header.as_ref().map(|v| v.value),
        conventions: a.conventions.as_ref().map(|v| v.value),
    }
}

impl<'a> Container<'a> {
    /// Builds and checks the model from the input and its parsed attributes. `None` if
    /// the input cannot be modelled at all (always with an error).
    pub(crate) fn from_ast(
        diag: &Diagnostics,
        input: &'a syn::DeriveInput,
        attrs: &attr::Container,
    ) -> Option<Self> {
        if let Some(packed) = &attrs.repr_packed {
            diag.error(
                packed,
                "packed cannot derive for `#[repr(packed)]` types: their fields cannot be borrowed; \
                 remove `repr(packed)` (the `#[packed(...)]` attribute is unrelated to it)",
            );
        }
        let bitpack = attrs.bitpack.is_some();
        let growable = attrs.growable.is_some();
        let data = match &input.data {
            syn::Data::Struct(s) => {
                if let Some(tag) = &attrs.tag {
                    diag.error(&tag.key, "`tag` is only allowed on enums");
                }
                Data::Struct(style(&s.fields), fields(diag, &s.fields, growable, bitpack))
            }
            syn::Data::Enum(e) => {
                if e.variants.is_empty() {
                    diag.error(&input.ident, "packed cannot derive for an enum with no variants: no value could be decoded");
                    return None;
                }
                let fieldless = e.variants.iter().all(|v| v.fields.is_empty());
                let repr = attrs.repr_int.as_ref().filter(|_| fieldless);
                if let (Some(_), Some(tag)) = (repr, &attrs.tag) {
                    diag.error(&tag.key, "`tag` cannot be used on a fieldless `#[repr(int)]` enum, which is written as its integer");
                }
                if let (Some(_), Some(bitpack)) = (repr, &attrs.bitpack) {
                    diag.error(&bitpack.key, "`bitpack` cannot be used on a fieldless `#[repr(int)]` enum: it has no fields to pack");
                }
                let tag = attrs
                    .tag
                    .as_ref()
                    .map_or(Tag::Conventions, |t| Tag::Fixed(t.value));
                // Too many variants for the tag is said once, for the enum; each tag's
                // own range is checked where there are not.
                let fits = repr.is_some() || e.variants.len() as u64 <= tag.capacity();
                if !fits {
                    diag.error(
                        &input.ident,
                        format_args!(
                            "{} variants do not fit the enum's tag; use `#[packed(tag = \"u16\")]`",
                            e.variants.len()
                        ),
                    );
                }
                let tags = (repr.is_none() && fits).then_some(tag);
                let variants = variants(diag, &e.variants, growable, bitpack, repr.is_some(), tags);
                match repr {
                    Some(repr) => Data::Repr(repr.clone(), variants),
                    None => Data::Tagged(tag, variants),
                }
            }
            syn::Data::Union(u) => {
                diag.error(
                    u.union_token,
                    "packed does not support unions: a union has no field to write in order",
                );
                return None;
            }
        };
        Some(Self {
            growable,
            ident: &input.ident,
            generics: &input.generics,
            krate: attrs.runtime_path(),
            layout: own_layout(attrs),
            kind: attrs.kind.as_ref().map(Attr::spanned),
            bound: attrs.bound.as_ref().map(|b| b.value.clone()),
            bitpack,
            data,
        })
    }

    /// Every field, of every variant.
    pub(crate) fn all_fields(&self) -> Box<dyn Iterator<Item = &Field<'a>> + '_> {
        match &self.data {
            Data::Struct(_, f) => Box::new(f.iter()),
            Data::Tagged(_, v) => Box::new(v.iter().flat_map(|v| v.fields.iter())),
            Data::Repr(..) => Box::new(std::iter::empty()),
        }
    }
}

/// An enum's variants, with their tags and `other` checked: `repr`, whether the enum is
/// a fieldless `#[repr(int)]` one (written as its discriminant, so tags do not apply);
/// `tags`, the tag's type where tags are to be checked (not for `repr`, nor where there
/// are more variants than tags, which is reported for the enum).
fn variants<'a>(
    diag: &Diagnostics,
    input: &'a syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>,
    growable: bool,
    bitpack: bool,
    repr: bool,
    tags: Option<Tag>,
) -> Vec<Variant<'a>> {
    let mut out: Vec<Variant<'a>> = Vec::with_capacity(input.len());
    let mut other: Option<&syn::Ident> = None;
    let mut next = Some(0u64);
    // The valid tags so far, for duplicates.
    let mut seen: Vec<(u64, &syn::Ident)> = Vec::new();
    for v in input {
        let attrs = attr::Variant::from_ast(diag, &v.attrs);
        if let Some(o) = &attrs.other {
            if !v.fields.is_empty() {
                diag.error(
                    &o.key,
                    format_args!(
                        "`other` must be on a unit variant: unknown tags decode to it, and \
                         their fields are skipped, not read; `{}` has fields",
                        v.ident
                    ),
                );
            } else if let Some(first) = other {
                diag.error(
                    &o.key,
                    format_args!("only one variant can be `other`; `{first}` already is"),
                );
            } else if !growable && !repr {
                diag.error(
                    &o.key,
                    "`other` needs `#[packed(growable)]` on the enum: without the record's size, \
                     the fields of a variant this version does not know cannot be skipped",
                );
            }
            other = other.or(Some(&v.ident));
        }
        if repr {
            if let Some(t) = &attrs.tag {
                diag.error(
                    &t.key,
                    "`tag` cannot be used on a variant of a fieldless `#[repr(int)]` enum, \
                     which is written as its discriminant",
                );
            }
        }
        let tag = tags
            .filter(|_| !repr)
            .and_then(|form| variant_tag(diag, v, &attrs, &mut next, form, &seen));
        if let Some(tag) = tag {
            seen.push((tag, &v.ident));
        }
        out.push(Variant {
            ident: &v.ident,
            style: style(&v.fields),
            fields: fields(diag, &v.fields, growable, bitpack),
            tag: tag.unwrap_or(0),
            other: attrs.other.is_some(),
        });
    }
    out
}

/// Variant `v`'s tag: its `tag = N`, its discriminant (an integer literal), or `next`
/// (the previous tag plus one), checked against the tag's form and the valid tags of
/// the variants before it (`seen`). Sets `next` to the tag plus one. `None` after
/// reporting a tag that cannot be worked out (`next` is kept).
fn variant_tag(
    diag: &Diagnostics,
    v: &syn::Variant,
    attrs: &attr::Variant,
    next: &mut Option<u64>,
    form: Tag,
    seen: &[(u64, &syn::Ident)],
) -> Option<u64> {
    let explicit = match (&attrs.tag, &v.discriminant) {
        (Some(t), Some(_)) => {
            diag.error(
                &t.key,
                format_args!(
                    "`{}` has a discriminant and a `tag`; give one of them (the discriminant \
                     is the tag when there is no `tag`)",
                    v.ident
                ),
            );
            Some(t.value)
        }
        (Some(t), None) => Some(t.value),
        (None, Some((_, expr))) => Some(discriminant(diag, expr)?),
        (None, None) => None,
    };
    let Some(tag) = explicit.or(*next) else {
        diag.error(
            &v.ident,
            format_args!(
                "`{}` comes after the largest tag there is, so it has none; give it `tag = N`",
                v.ident
            ),
        );
        return None;
    };
    if u128::from(tag) >= u128::from(form.capacity()) {
        diag.error(
            &v.ident,
            format_args!(
                "the tag of `{}`, {tag}, does not fit {}; use a wider \
                 `#[packed(tag = \"...\")]` on the enum",
                v.ident,
                form.description()
            ),
        );
    } else if let Some((_, same)) = seen.iter().find(|(t, _)| *t == tag) {
        diag.error(
            &v.ident,
            format_args!(
                "`{}` has tag {tag}, as `{same}` has: every variant needs its own tag",
                v.ident
            ),
        );
    }
    *next = tag.checked_add(1);
    Some(tag)
}

/// The value of an enum's discriminant, which must be an integer literal to serve as
/// the tag; a negative one cannot (tags are unsigned). `None` after reporting.
fn discriminant(diag: &Diagnostics, expr: &syn::Expr) -> Option<u64> {
    let int = match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => lit,
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            ..
        }) => {
            diag.error(
                expr,
                "a negative discriminant cannot be a tag: tags are unsigned; give the variant \
                 `#[packed(tag = N)]`",
            );
            return None;
        }
        _ => {
            diag.error(
                expr,
                "the discriminant is the variant's tag, so it must be an integer literal here; \
                 or give the variant `#[packed(tag = N)]`",
            );
            return None;
        }
    };
    let tag = int.base10_parse::<u64>();
    if tag.is_err() {
        diag.error(int, "the discriminant does not fit a tag (a `u64`)");
    }
    tag.ok()
}
