//! Stage 1, `#[packed(...)]` tokens → typed attributes, and nothing else.
//!
//! Each key is parsed at once into its model type ([`crate::model`]), keeping the key
//! (for errors about the key) and the span of the value. What is wrong with one key's
//! own value (an unknown name, a string where an integer belongs, a duplicate key) is
//! reported here, to the [`Diagnostics`], and parsing goes on, so every mistake is
//! reported in one build. Whether keys fit together and fit the item is the model's
//! business ([`crate::ast`]).

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

use crate::diag::Diagnostics;
use crate::model::{
    choice, Choice, Conventions, Endian, EntropyValues, FloatLit, Header, Int, Len, NamedLen,
    Preset, RangeBounds, ReprInt, Spanned, TagWidth, TimeUnit, TimeWidth,
};

/// The helper attribute's name: `#[packed(...)]`.
const ATTRIBUTE: &str = "packed";

choice! {
    /// The keys of a struct's or enum's `#[packed(...)]`.
    pub(crate) enum ContainerKey ("packed container attribute") {
        Len = "len",
        Int = "int",
        Endian = "endian",
        Header = "header",
        Conventions = "conventions",
        Layout = "layout",
        Tag = "tag",
        Kind = "kind",
        Crate = "crate",
        Bound = "bound",
        Bitpack = "bitpack",
        Growable = "growable",
    }
}

choice! {
    /// The keys of a field's `#[packed(...)]`.
    pub(crate) enum FieldKey ("packed field attribute") {
        Len = "len",
        Max = "max",
        Skip = "skip",
        With = "with",
        Unit = "unit",
        Width = "width",
        Serde = "serde",
        Range = "range",
        Precision = "precision",
        Bits = "bits",
        Entropy = "entropy",
        Align = "align",
        AlignBeforeData = "align_before_data",
        Default = "default",
    }
}

choice! {
    /// The keys of an enum variant's `#[packed(...)]`.
    pub(crate) enum VariantKey ("packed variant attribute") {
        Tag = "tag",
        Other = "other",
    }
}

/// One key's parsed value.
pub(crate) struct Attr<T> {
    /// The key as written, where errors about the key point.
    pub(crate) key: syn::Path,
    pub(crate) value: T,
    /// The value's span (the key's, for a key without a value).
    pub(crate) span: Span,
}

impl<T: Clone> Attr<T> {
    pub(crate) fn spanned(&self) -> Spanned<T> {
        Spanned {
            value: self.value.clone(),
            span: self.span,
        }
    }
}

/// Attributes of a struct or enum.
#[derive(Default)]
pub(crate) struct Container {
    pub(crate) len: Option<Attr<Len>>,
    pub(crate) int: Option<Attr<Int>>,
    pub(crate) endian: Option<Attr<Endian>>,
    pub(crate) header: Option<Attr<Header>>,
    pub(crate) conventions: Option<Attr<Conventions>>,
    pub(crate) layout: Option<Attr<Preset>>,
    pub(crate) tag: Option<Attr<TagWidth>>,
    pub(crate) kind: Option<Attr<i64>>,
    /// Made absolute: `::path` unless it starts with `crate`.
    pub(crate) krate: Option<Attr<syn::Path>>,
    pub(crate) bound: Option<Attr<Vec<syn::WherePredicate>>>,
    /// `bitpack`: the fields in one bit-packing session.
    pub(crate) bitpack: Option<Attr<()>>,
    pub(crate) growable: Option<Attr<()>>,
    /// Every known key written, valid value or not, in order.
    pub(crate) written: Vec<ContainerKey>,
    /// `#[repr(...)]`'s integer, if any.
    pub(crate) repr_int: Option<Spanned<ReprInt>>,
    /// The `packed` in `#[repr(packed)]`, if written.
    pub(crate) repr_packed: Option<syn::Path>,
}

/// Attributes of a field.
#[derive(Default)]
pub(crate) struct Field {
    pub(crate) len: Option<Attr<Len>>,
    pub(crate) max: Option<Attr<usize>>,
    pub(crate) skip: Option<Attr<()>>,
    pub(crate) with: Option<Attr<syn::Path>>,
    pub(crate) unit: Option<Attr<TimeUnit>>,
    pub(crate) width: Option<Attr<TimeWidth>>,
    pub(crate) serde: Option<Attr<()>>,
    pub(crate) range: Option<Attr<RangeBounds>>,
    pub(crate) precision: Option<Attr<FloatLit>>,
    pub(crate) bits: Option<Attr<u32>>,
    pub(crate) entropy: Option<Attr<EntropyValues>>,
    pub(crate) align: Option<Attr<()>>,
    pub(crate) align_before_data: Option<Attr<bool>>,
    pub(crate) default: Option<Attr<syn::Expr>>,
    /// Every known key written, in order, for reporting a conflict at the later one.
    pub(crate) written: Vec<FieldKey>,
}

/// Attributes of an enum variant.
#[derive(Default)]
pub(crate) struct Variant {
    /// `tag = N`: the variant's tag.
    pub(crate) tag: Option<Attr<u64>>,
    /// `other`: the variant unknown tags decode to.
    pub(crate) other: Option<Attr<()>>,
}

/// Where an attribute sits, for messages.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Container,
    Variant,
    Field,
}

impl Place {
    fn name(self) -> &'static str {
        match self {
            Self::Container => "container",
            Self::Variant => "variant",
            Self::Field => "field",
        }
    }

    fn accepts(self, key: &str) -> bool {
        match self {
            Self::Container => ContainerKey::from_name(key).is_some(),
            Self::Variant => VariantKey::from_name(key).is_some(),
            Self::Field => FieldKey::from_name(key).is_some(),
        }
    }
}

/// Sets `slot` to `value` if it parsed; a key given twice is an error at the second.
fn set_once<T>(
    diag: &Diagnostics,
    slot: &mut Option<Attr<T>>,
    key: &syn::Path,
    value: Option<Spanned<T>>,
) {
    let Some(Spanned { value, span }) = value else {
        return;
    };
    if slot.is_some() {
        diag.error(
            key,
            format_args!("duplicate packed attribute `{}`", key_name(key)),
        );
    } else {
        *slot = Some(Attr {
            key: key.clone(),
            value,
            span,
        });
    }
}

fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map_or_else(|| quote::quote!(#path).to_string(), ToString::to_string)
}

/// Reports a key that is not valid in `place`, and consumes its value.
fn unknown_key(diag: &Diagnostics, meta: &ParseNestedMeta<'_>, place: Place) -> syn::Result<()> {
    let name = key_name(&meta.path);
    let msg = if let Some(elsewhere) = [Place::Container, Place::Variant, Place::Field]
        .into_iter()
        .find(|p| *p != place && p.accepts(&name))
    {
        format!(
            "`{name}` is a packed {} attribute; it cannot be used on a {}",
            elsewhere.name(),
            place.name()
        )
    } else {
        match place {
            Place::Container => ContainerKey::unknown(&name),
            Place::Field => FieldKey::unknown(&name),
            Place::Variant => VariantKey::unknown(&name),
        }
    };
    diag.error(&meta.path, msg);
    skip_value(meta)
}

/// Consumes `= value` or `(...)` after a key, so parsing can go on after an error.
fn skip_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
    }
    Ok(())
}

/// Parses a key that takes no value (`skip`, `growable`, `other`, `bitpack`, `align`);
/// a value given is reported and consumed.
fn parse_flag(diag: &Diagnostics, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<Spanned<()>>> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        diag.error(
            &meta.path,
            format_args!("`{}` takes no value", key_name(&meta.path)),
        );
        skip_value(meta)?;
    }
    Ok(Some(Spanned {
        value: (),
        span: meta.path.span(),
    }))
}

/// Parses `= "name"` of a `T`.
fn parse_choice<T: Choice>(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<Option<Spanned<T>>> {
    Ok(choice_from(diag, &meta.value()?.parse()?))
}

/// The `T` that `lit` names; `None` after reporting a name of none.
fn choice_from<T: Choice>(diag: &Diagnostics, lit: &LitStr) -> Option<Spanned<T>> {
    let text = lit.value();
    let value = T::from_name(&text);
    if value.is_none() {
        diag.error(lit, T::unknown(&text));
    }
    value.map(|value| Spanned {
        value,
        span: lit.span(),
    })
}

/// Parses `len = "name"` or `len = path::To::Strategy`.
fn parse_len(diag: &Diagnostics, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<Spanned<Len>>> {
    let input = meta.value()?;
    if input.peek(LitStr) {
        return Ok(
            choice_from(diag, &input.parse()?).map(|named: Spanned<NamedLen>| Spanned {
                value: Len::Named(named.value),
                span: named.span,
            }),
        );
    }
    if input.peek(Token![::]) || input.peek(<syn::Ident as syn::ext::IdentExt>::peek_any) {
        let path: syn::Path = input.parse()?;
        // `len = u8`: a length prefix's name without its quotes, not a type.
        if let Some(name) = path.get_ident().map(ToString::to_string) {
            if NamedLen::TABLE.iter().any(|(n, _)| *n == name) {
                diag.error(
                    &path,
                    format_args!("the length prefix goes in quotes: `len = \"{name}\"`"),
                );
                return Ok(None);
            }
        }
        return Ok(Some(Spanned {
            span: path.span(),
            value: Len::Custom(path),
        }));
    }
    let value: syn::Expr = input.parse()?;
    diag.error(
        &value,
        format_args!(
            "`len` takes a length prefix in quotes, one of {}, or a path to a `LenPrefix` type",
            NamedLen::list()
        ),
    );
    Ok(None)
}

/// An integer attribute's type: its name in messages, and whether it takes a sign.
trait IntValue: std::str::FromStr {
    /// "an `i64`", for "`kind` must fit in an `i64`".
    const A_TYPE: &'static str;
    const SIGNED: bool;
}

impl IntValue for i64 {
    const A_TYPE: &'static str = "an `i64`";
    const SIGNED: bool = true;
}

impl IntValue for usize {
    const A_TYPE: &'static str = "a `usize`";
    const SIGNED: bool = false;
}

impl IntValue for u32 {
    const A_TYPE: &'static str = "a `u32`";
    const SIGNED: bool = false;
}

impl IntValue for u64 {
    const A_TYPE: &'static str = "a `u64`";
    const SIGNED: bool = false;
}

/// Parses `key = 7` (or `key = -7` for a signed `T`) into a `T`, spanned at the
/// literal. `None` after reporting a value that is not an integer literal, or one that
/// does not fit `T`.
fn parse_int<T: IntValue>(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
    example: &str,
) -> syn::Result<Option<Spanned<T>>> {
    let key = key_name(&meta.path);
    let value: syn::Expr = meta.value()?.parse()?;
    let int = |e: &syn::Expr| match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => Some(lit.clone()),
        _ => None,
    };
    let found = match &value {
        syn::Expr::Unary(u) if T::SIGNED && matches!(u.op, syn::UnOp::Neg(_)) => {
            int(&u.expr).map(|l| ("-", l))
        }
        e => int(e).map(|l| ("", l)),
    };
    if let Some((sign, lit)) = found {
        // Parsed with its sign, so `-9223372036854775808` fits.
        return Ok(match format!("{sign}{}", lit.base10_digits()).parse() {
            Ok(value) => Some(Spanned {
                value,
                span: lit.span(),
            }),
            Err(_) => {
                diag.error(&lit, format_args!("`{key}` must fit in {}", T::A_TYPE));
                None
            }
        });
    }
    let quoted = match &value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value().trim().to_owned()).filter(|t| t.parse::<i128>().is_ok()),
        _ => None,
    };
    match quoted {
        Some(t) => diag.error(
            &value,
            format_args!("`{key}` takes an integer without quotes: `{key} = {t}`"),
        ),
        None => {
            let what = if T::SIGNED {
                "an integer"
            } else {
                "a non-negative integer"
            };
            diag.error(
                &value,
                format_args!("`{key}` takes {what}, e.g. `{example}`"),
            );
        }
    }
    Ok(None)
}

/// An expression that syn parses only with its `full` feature, which this crate leaves
/// off to build faster (a block, `if`, `match`, a closure): its tokens as they are, in
/// parentheses, for rustc to check where the derive places them. Other parse errors
/// (`"1 +"`) stay ours.
fn verbatim_expr(lit: &LitStr, e: syn::Error) -> syn::Result<syn::Expr> {
    if !e.to_string().starts_with("unsupported expression") {
        return Err(e);
    }
    let tokens: proc_macro2::TokenStream = lit.parse()?;
    Ok(syn::Expr::Verbatim(
        quote::quote_spanned!(lit.span()=> (#tokens)),
    ))
}

/// Parses `key = "..."` and then the string's contents with `parse`; `None` after
/// reporting a value that is not a string literal, or contents that do not parse
/// (`invalid {what}: ...`).
fn parse_str<T>(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
    example: &str,
    what: &str,
    parse: impl FnOnce(&LitStr) -> syn::Result<T>,
) -> syn::Result<Option<Spanned<T>>> {
    let key = key_name(&meta.path);
    let value: syn::Expr = meta.value()?.parse()?;
    let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(lit),
        ..
    }) = value
    else {
        diag.error(
            &value,
            format_args!("`{key}` takes a string literal, e.g. `{example}`"),
        );
        return Ok(None);
    };
    match parse(&lit) {
        Ok(value) => Ok(Some(Spanned {
            value,
            span: lit.span(),
        })),
        Err(e) => {
            diag.push(syn::Error::new(lit.span(), format!("invalid {what}: {e}")));
            Ok(None)
        }
    }
}

/// Parses `precision = 0.01`: a float (or integer) literal, without a suffix.
fn parse_precision(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<Option<Spanned<FloatLit>>> {
    let value: syn::Expr = meta.value()?.parse()?;
    let digits = |e: &syn::Expr| match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(f),
            ..
        }) if f.suffix().is_empty() => Some(f.base10_digits().to_owned()),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) if i.suffix().is_empty() => Some(i.base10_digits().to_owned()),
        _ => None,
    };
    // A negative precision parses, to be refused by the model as not above 0.
    let text = match &value {
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
            digits(&u.expr).map(|d| format!("-{d}"))
        }
        e => digits(e),
    };
    let lit = text.as_deref().and_then(FloatLit::parse);
    if lit.is_none() {
        diag.error(
            &value,
            "`precision` takes a number without quotes or suffix, e.g. `precision = 0.01`",
        );
    }
    let span = value.span();
    Ok(lit.map(|value| Spanned { value, span }))
}

/// Parses `entropy = [v1, v2, ...]`: integer literals (with an optional `-`) or
/// string literals, not both, at least one.
fn parse_entropy(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<Option<Spanned<EntropyValues>>> {
    let input = meta.value()?;
    if !input.peek(syn::token::Bracket) {
        let value: syn::Expr = input.parse()?;
        diag.error(
            &value,
            "`entropy` takes a list of the likely values, e.g. `entropy = [80, 443]` or \
             `entropy = [\"GET\", \"POST\"]`",
        );
        return Ok(None);
    }
    let content;
    let bracket = syn::bracketed!(content in input);
    let elems = Punctuated::<syn::Expr, Token![,]>::parse_terminated(&content)?;
    let mut ints = Vec::new();
    let mut strs = Vec::new();
    // Each value's identity, to find one listed twice: Bitsery codes a value by the
    // index of its first match, so a repeat is never used and is a mistake.
    let mut seen: Vec<EntropyKey> = Vec::new();
    for e in &elems {
        let key = entropy_key(e);
        // An integer's value, to check it against the field's type.
        let int_value = match &key {
            Some(EntropyKey::Int(v)) => Some(*v),
            _ => None,
        };
        if let Some(k) = key {
            if seen.contains(&k) {
                diag.error(
                    e,
                    "this `entropy` value is listed twice; a value is coded by its first place \
                     in the list, so the repeat would never be used",
                );
                return Ok(None);
            }
            seen.push(k);
        }
        let int = |e: &syn::Expr| {
            matches!(
                e,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(_),
                    ..
                })
            )
        };
        match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => strs.push(s.clone()),
            e if int(e) => ints.push((quote::quote!(#e), int_value)),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) && int(&u.expr) => {
                ints.push((quote::quote!(#e), int_value));
            }
            other => {
                diag.error(
                    other,
                    "an `entropy` value is an integer or a string literal",
                );
                return Ok(None);
            }
        }
    }
    let span = bracket.span.join();
    let values = match (ints.is_empty(), strs.is_empty()) {
        (true, true) => {
            diag.push(syn::Error::new(span, "`entropy` needs at least one value"));
            return Ok(None);
        }
        (false, false) => {
            diag.push(syn::Error::new(
                span,
                "`entropy` values are all integers or all strings, not both",
            ));
            return Ok(None);
        }
        (false, true) => EntropyValues::Ints(ints),
        (true, false) => EntropyValues::Strs(strs),
    };
    Ok(Some(Spanned {
        value: values,
        span,
    }))
}

/// What an `entropy` value is, whatever its spelling (`1`, `0x1`, `1_u16`): an integer
/// or a string.
#[derive(PartialEq)]
enum EntropyKey {
    Int(i128),
    Str(String),
}

/// The value of an `entropy` list element, where it is a literal that fits an `i128`
/// (any other element is refused or left to the compiler elsewhere).
fn entropy_key(e: &syn::Expr) -> Option<EntropyKey> {
    let int = |e: &syn::Expr| match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse::<i128>().ok(),
        _ => None,
    };
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(EntropyKey::Str(s.value())),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
            int(&u.expr).map(|v| EntropyKey::Int(-v))
        }
        e => int(e).map(EntropyKey::Int),
    }
}

/// Parses `key = true` or `key = false`.
fn parse_bool(
    diag: &Diagnostics,
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<Option<Spanned<bool>>> {
    let key = key_name(&meta.path);
    let value: syn::Expr = meta.value()?.parse()?;
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Bool(b),
        ..
    }) = &value
    {
        return Ok(Some(Spanned {
            value: b.value,
            span: b.span,
        }));
    }
    diag.error(&value, format_args!("`{key}` takes `true` or `false`"));
    Ok(None)
}

/// Runs `f` on every key of every `#[packed(...)]` in `attrs`.
fn for_each_meta(
    diag: &Diagnostics,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(&ParseNestedMeta<'_>) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(ATTRIBUTE)) {
        let empty = match &attr.meta {
            syn::Meta::Path(_) => true,
            syn::Meta::List(list) => list.tokens.is_empty(),
            syn::Meta::NameValue(_) => false,
        };
        if empty {
            diag.error(attr, "expected `#[packed(...)]` with at least one key");
            continue;
        }
        if let Err(e) = attr.parse_nested_meta(|meta| f(&meta)) {
            diag.push(e);
        }
    }
}

/// Runs `f` on every key of every `#[packed(...)]` in `attrs` that is a `K`; reports
/// any other key as not valid in `place`.
fn for_each_key<K: Choice>(
    diag: &Diagnostics,
    attrs: &[syn::Attribute],
    place: Place,
    mut f: impl FnMut(&ParseNestedMeta<'_>, K) -> syn::Result<()>,
) {
    for_each_meta(diag, attrs, |meta| {
        match K::from_name(&key_name(&meta.path)) {
            Some(key) => f(meta, key),
            None => unknown_key(diag, meta, place),
        }
    });
}

impl Container {
    /// Parses the container's `#[packed(...)]` and `#[repr(...)]` attributes.
    pub(crate) fn from_ast(diag: &Diagnostics, input: &syn::DeriveInput) -> Self {
        let mut c = Self::default();
        for_each_key(diag, &input.attrs, Place::Container, |meta, key| {
            let p = &meta.path;
            c.written.push(key);
            match key {
                // len = "name" | path::To::Strategy; the other choices: key = "name"
                ContainerKey::Len => set_once(diag, &mut c.len, p, parse_len(diag, meta)?),
                ContainerKey::Int => set_once(diag, &mut c.int, p, parse_choice(diag, meta)?),
                ContainerKey::Endian => {
                    set_once(diag, &mut c.endian, p, parse_choice(diag, meta)?);
                }
                ContainerKey::Header => {
                    set_once(diag, &mut c.header, p, parse_choice(diag, meta)?);
                }
                ContainerKey::Conventions => {
                    set_once(diag, &mut c.conventions, p, parse_choice(diag, meta)?);
                }
                ContainerKey::Layout => {
                    set_once(diag, &mut c.layout, p, parse_choice(diag, meta)?);
                }
                ContainerKey::Tag => set_once(diag, &mut c.tag, p, parse_choice(diag, meta)?),
                // kind = 7 | kind = -7
                ContainerKey::Kind => {
                    set_once(diag, &mut c.kind, p, parse_int(diag, meta, "kind = 7")?);
                }
                // crate = "path::to::packed_core"
                ContainerKey::Crate => {
                    let example = "crate = \"::packed_core\"";
                    let path = parse_str(diag, meta, example, "`crate` path", |lit| {
                        lit.parse::<syn::Path>()
                    })?;
                    let Some(path) = path else {
                        return Ok(());
                    };
                    let first = path.value.segments.first().map(|s| s.ident.to_string());
                    if matches!(first.as_deref(), Some("self" | "super" | "Self")) {
                        diag.push(syn::Error::new(
                            path.span,
                            "`crate` must be an absolute path (`::packed_core`) or start with \
                             `crate::`; `self`, `super` and `Self` are not allowed",
                        ));
                    } else {
                        let path = Spanned {
                            value: absolute(path.value),
                            span: path.span,
                        };
                        set_once(diag, &mut c.krate, p, Some(path));
                    }
                }
                // bound = "T: Encode, U: Default"
                ContainerKey::Bound => {
                    let example = "bound = \"T: packed_core::Packed\"";
                    let preds = parse_str(diag, meta, example, "`bound`", |lit| {
                        lit.parse_with(
                            Punctuated::<syn::WherePredicate, Token![,]>::parse_terminated,
                        )
                        .map(|preds| preds.into_iter().collect())
                    })?;
                    set_once(diag, &mut c.bound, p, preds);
                }
                // bitpack
                ContainerKey::Bitpack => set_once(diag, &mut c.bitpack, p, parse_flag(diag, meta)?),
                // growable
                ContainerKey::Growable => {
                    set_once(diag, &mut c.growable, p, parse_flag(diag, meta)?);
                }
            }
            Ok(())
        });
        for attr in input.attrs.iter().filter(|a| a.path().is_ident("repr")) {
            let _ = attr.parse_nested_meta(|meta| {
                let name = key_name(&meta.path);
                if name == "packed" {
                    c.repr_packed = Some(meta.path.clone());
                } else if let Some(value) = ReprInt::from_name(&name) {
                    let span = meta.path.span();
                    c.repr_int = Some(Spanned { value, span });
                }
                skip_value(&meta)
            });
        }
        c
    }
}

impl Container {
    /// The runtime crate's path: `::packed_core` unless `crate = "..."`.
    pub(crate) fn runtime_path(&self) -> syn::Path {
        self.krate
            .as_ref()
            .map_or_else(|| syn::parse_quote!(::packed_core), |k| k.value.clone())
    }
}

fn absolute(mut path: syn::Path) -> syn::Path {
    let starts_with_crate = path.segments.first().is_some_and(|s| s.ident == "crate");
    if !starts_with_crate {
        path.leading_colon = Some(Default::default());
    }
    path
}

impl Field {
    /// Parses a field's `#[packed(...)]`.
    pub(crate) fn from_ast(diag: &Diagnostics, attrs: &[syn::Attribute]) -> Self {
        let mut f = Self::default();
        for_each_key(diag, attrs, Place::Field, |meta, key| {
            let p = &meta.path;
            f.written.push(key);
            match key {
                // len = "name" | path::To::Strategy
                FieldKey::Len => set_once(diag, &mut f.len, p, parse_len(diag, meta)?),
                // max = 100
                FieldKey::Max => {
                    set_once(diag, &mut f.max, p, parse_int(diag, meta, "max = 100")?);
                }
                // skip
                FieldKey::Skip => set_once(diag, &mut f.skip, p, parse_flag(diag, meta)?),
                // with = "module"
                FieldKey::With => {
                    let example = "with = \"my_module\"";
                    let path = parse_str(diag, meta, example, "`with` path", |lit| {
                        lit.parse::<syn::Path>()
                    })?;
                    set_once(diag, &mut f.with, p, path);
                }
                // unit = "ms"; width = "i32"
                FieldKey::Unit => set_once(diag, &mut f.unit, p, parse_choice(diag, meta)?),
                FieldKey::Width => set_once(diag, &mut f.width, p, parse_choice(diag, meta)?),
                // serde
                FieldKey::Serde => set_once(diag, &mut f.serde, p, parse_flag(diag, meta)?),
                // range = "0..=100"
                FieldKey::Range => {
                    let example = "range = \"0..=100\"";
                    let range = parse_str(diag, meta, example, "`range`", |lit| {
                        RangeBounds::parse(&lit.value())
                            .map_err(|msg| syn::Error::new(lit.span(), msg))
                    })?;
                    set_once(diag, &mut f.range, p, range);
                }
                // precision = 0.01
                FieldKey::Precision => {
                    set_once(diag, &mut f.precision, p, parse_precision(diag, meta)?);
                }
                // bits = 10
                FieldKey::Bits => {
                    set_once(diag, &mut f.bits, p, parse_int(diag, meta, "bits = 10")?);
                }
                // entropy = ["GET", "POST"] | entropy = [80, 443]
                FieldKey::Entropy => set_once(diag, &mut f.entropy, p, parse_entropy(diag, meta)?),
                // align
                FieldKey::Align => set_once(diag, &mut f.align, p, parse_flag(diag, meta)?),
                // align_before_data = false
                FieldKey::AlignBeforeData => {
                    set_once(diag, &mut f.align_before_data, p, parse_bool(diag, meta)?);
                }
                // default = "expression"
                FieldKey::Default => {
                    let example = "default = \"7\"";
                    let expr = parse_str(diag, meta, example, "`default` expression", |lit| {
                        lit.parse::<syn::Expr>().or_else(|e| verbatim_expr(lit, e))
                    })?;
                    set_once(diag, &mut f.default, p, expr);
                }
            }
            Ok(())
        });
        f
    }
}

impl Variant {
    /// Parses a variant's `#[packed(...)]`.
    pub(crate) fn from_ast(diag: &Diagnostics, attrs: &[syn::Attribute]) -> Self {
        let mut v = Self::default();
        for_each_key(diag, attrs, Place::Variant, |meta, key| {
            let p = &meta.path;
            match key {
                // tag = 7
                VariantKey::Tag => {
                    set_once(diag, &mut v.tag, p, parse_int(diag, meta, "tag = 7")?);
                }
                // other
                VariantKey::Other => set_once(diag, &mut v.other, p, parse_flag(diag, meta)?),
            }
            Ok(())
        });
        v
    }
}
