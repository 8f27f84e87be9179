//! `#[packed(...)]` → typed attributes. Each key is parsed into its typed value at once,
//! keeping the span of what the user wrote; mistakes go to the [`Ctxt`] and parsing
//! continues, so every mistake is reported in one build.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{LitInt, LitStr, Token};

use crate::ctxt::Ctxt;
use crate::symbol::{self, CONTAINER_KEYS, FIELD_KEYS, PACKED};

/// A string value from a closed set, with the span of its literal.
#[derive(Clone)]
pub(crate) struct Choice {
    pub(crate) value: &'static str,
    pub(crate) span: Span,
}

/// A `len = ...` value: a preset name or a path to a `LenPrefix` type.
#[derive(Clone)]
pub(crate) enum LenSpec {
    Preset(Choice),
    Custom(syn::Path),
}

impl LenSpec {
    pub(crate) fn span(&self) -> Span {
        match self {
            Self::Preset(c) => c.span,
            Self::Custom(p) => p.span(),
        }
    }
}

/// Attributes of a struct or enum.
#[derive(Default)]
pub(crate) struct Container {
    pub(crate) len: Option<LenSpec>,
    pub(crate) int: Option<Choice>,
    pub(crate) endian: Option<Choice>,
    pub(crate) header: Option<Choice>,
    pub(crate) enums: Option<Choice>,
    pub(crate) layout: Option<Choice>,
    pub(crate) tag: Option<(Choice, syn::Path)>,
    pub(crate) kind: Option<(i64, Span)>,
    pub(crate) krate: Option<syn::Path>,
    pub(crate) bound: Option<Vec<syn::WherePredicate>>,
    /// `#[repr(...)]` integer type, if any.
    pub(crate) repr_int: Option<syn::Ident>,
}

/// Attributes of a field.
#[derive(Default)]
pub(crate) struct Field {
    pub(crate) len: Option<(LenSpec, syn::Path)>,
    pub(crate) max: Option<(usize, LitInt, syn::Path)>,
    pub(crate) skip: Option<syn::Path>,
    pub(crate) with: Option<(syn::Path, syn::Path)>,
    /// Keys in the order written, for reporting a conflict at the later one.
    pub(crate) order: Vec<String>,
}

/// Where an attribute sits, for messages.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Place {
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
    fn keys(self) -> &'static [&'static str] {
        match self {
            Self::Container => CONTAINER_KEYS,
            Self::Variant => &[],
            Self::Field => FIELD_KEYS,
        }
    }
}

/// Sets `slot` once; a second value is an error at the second key.
fn set_once<T>(cx: &Ctxt, slot: &mut Option<T>, value: T, key: &syn::Path) {
    if slot.is_some() {
        cx.error(
            key,
            format_args!("duplicate packed attribute `{}`", key_name(key)),
        );
    } else {
        *slot = Some(value);
    }
}

fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map_or_else(|| quote::quote!(#path).to_string(), ToString::to_string)
}

/// Reports a key that is not valid in `place`, and consumes its value.
fn unknown_key(cx: &Ctxt, meta: &ParseNestedMeta<'_>, place: Place) -> syn::Result<()> {
    let name = key_name(&meta.path);
    let msg = if let Some(elsewhere) = [Place::Container, Place::Field]
        .into_iter()
        .find(|p| *p != place && p.keys().contains(&name.as_str()))
    {
        format!(
            "`{name}` is a packed {} attribute; it cannot be used on a {}",
            elsewhere.name(),
            place.name()
        )
    } else if place.keys().is_empty() {
        format!(
            "unknown packed {} attribute `{name}`; variants take no packed attributes",
            place.name()
        )
    } else {
        let mut msg = format!(
            "unknown packed {} attribute `{name}`; expected one of {}",
            place.name(),
            symbol::list(place.keys())
        );
        if let Some(s) = symbol::suggest(&name, place.keys()) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        msg
    };
    cx.error(&meta.path, msg);
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

/// Parses `= "one-of"` against `choices`.
fn parse_choice(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    what: &str,
    choices: &'static [&'static str],
) -> syn::Result<Option<Choice>> {
    Ok(parse_choice_from(cx, meta.value()?.parse()?, what, choices))
}

/// Parses `len = "preset"` or `len = path::To::Strategy`.
fn parse_len(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<LenSpec>> {
    let input = meta.value()?;
    if input.peek(LitStr) {
        return Ok(
            parse_choice_from(cx, input.parse()?, "length prefix", symbol::LEN_PRESETS)
                .map(LenSpec::Preset),
        );
    }
    if input.peek(Token![::]) || input.peek(<syn::Ident as syn::ext::IdentExt>::peek_any) {
        return Ok(Some(LenSpec::Custom(input.parse()?)));
    }
    let value: syn::Expr = input.parse()?;
    cx.error(
        &value,
        format_args!(
            "`len` takes a length prefix in quotes, one of {}, or a path to a `LenPrefix` type",
            symbol::list(symbol::LEN_PRESETS)
        ),
    );
    Ok(None)
}

/// Parses `key = 7` (or `key = -7` if `signed`): whether it is negated, and the literal.
/// `None` after reporting a value that is not an integer literal.
fn parse_int(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    key: &str,
    example: &str,
    signed: bool,
) -> syn::Result<Option<(bool, LitInt)>> {
    let value: syn::Expr = meta.value()?.parse()?;
    let int = |e: &syn::Expr| match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => Some(lit.clone()),
        _ => None,
    };
    let found = match &value {
        syn::Expr::Unary(u) if signed && matches!(u.op, syn::UnOp::Neg(_)) => {
            int(&u.expr).map(|l| (true, l))
        }
        e => int(e).map(|l| (false, l)),
    };
    if found.is_some() {
        return Ok(found);
    }
    let quoted = match &value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value().trim().to_owned()).filter(|t| t.parse::<i128>().is_ok()),
        _ => None,
    };
    match quoted {
        Some(t) => cx.error(
            &value,
            format_args!("`{key}` takes an integer without quotes: `{key} = {t}`"),
        ),
        None => {
            let what = if signed {
                "an integer"
            } else {
                "a non-negative integer"
            };
            cx.error(
                &value,
                format_args!("`{key}` takes {what}, e.g. `{example}`"),
            );
        }
    }
    Ok(None)
}

/// Parses `key = "..."`; `None` after reporting a value that is not a string literal.
fn parse_str(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    key: &str,
    example: &str,
) -> syn::Result<Option<LitStr>> {
    let value: syn::Expr = meta.value()?.parse()?;
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(lit),
        ..
    }) = value
    {
        return Ok(Some(lit));
    }
    cx.error(
        &value,
        format_args!("`{key}` takes a string literal, e.g. `{example}`"),
    );
    Ok(None)
}

fn parse_choice_from(
    cx: &Ctxt,
    lit: LitStr,
    what: &str,
    choices: &'static [&'static str],
) -> Option<Choice> {
    let text = lit.value();
    if let Some(value) = choices.iter().find(|c| **c == text) {
        return Some(Choice {
            value,
            span: lit.span(),
        });
    }
    let mut msg = format!(
        "unknown {what} `{text}`; expected one of {}",
        symbol::list(choices)
    );
    if let Some(s) = symbol::suggest(&text, choices) {
        msg.push_str(&format!(" (did you mean `{s}`?)"));
    }
    cx.error(&lit, msg);
    None
}

/// Runs `f` on every key of every `#[packed(...)]` in `attrs`.
fn for_each_key(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(&ParseNestedMeta<'_>) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(PACKED)) {
        if let syn::Meta::Path(_) = attr.meta {
            cx.error(attr, "expected `#[packed(...)]` with at least one key");
            continue;
        }
        if let Err(e) = attr.parse_nested_meta(|meta| f(&meta)) {
            cx.syn_error(e);
        }
    }
}

impl Container {
    /// Parses the container's `#[packed(...)]` and `#[repr(...)]` attributes.
    pub(crate) fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut c = Self::default();
        for_each_key(cx, &input.attrs, |meta| {
            let p = &meta.path;
            let key = key_name(p);
            match key.as_str() {
                // len = "compact" | ... | path::To::Strategy
                "len" => {
                    if let Some(v) = parse_len(cx, meta)? {
                        set_once(cx, &mut c.len, v, p);
                    }
                }
                // int = "fixed" | "yas-compacted" | "varint"
                "int" => {
                    if let Some(v) =
                        parse_choice(cx, meta, "integer encoding", symbol::INT_PRESETS)?
                    {
                        set_once(cx, &mut c.int, v, p);
                    }
                }
                // endian = "little" | "big"
                "endian" => {
                    if let Some(v) = parse_choice(cx, meta, "byte order", symbol::ENDIAN_PRESETS)? {
                        set_once(cx, &mut c.endian, v, p);
                    }
                }
                // header = "none" | "yas"
                "header" => {
                    if let Some(v) = parse_choice(cx, meta, "header", symbol::HEADER_PRESETS)? {
                        set_once(cx, &mut c.header, v, p);
                    }
                }
                // enums = "plain" | "yas"
                "enums" => {
                    if let Some(v) = parse_choice(cx, meta, "enum form", symbol::ENUMS_PRESETS)? {
                        set_once(cx, &mut c.enums, v, p);
                    }
                }
                // layout = "bitsery" | "yas" | ...
                "layout" => {
                    if let Some(v) = parse_choice(cx, meta, "layout", symbol::LAYOUT_PRESETS)? {
                        set_once(cx, &mut c.layout, v, p);
                    }
                }
                // tag = "u8" | "u16" | "u32"
                "tag" => {
                    if let Some(v) = parse_choice(cx, meta, "tag width", symbol::TAG_PRESETS)? {
                        set_once(cx, &mut c.tag, (v, p.clone()), p);
                    }
                }
                // kind = 7 | kind = -7
                "kind" => {
                    if let Some((negative, lit)) = parse_int(cx, meta, "kind", "kind = 7", true)? {
                        // Parsed with its sign, so `-9223372036854775808` fits.
                        let text =
                            format!("{}{}", if negative { "-" } else { "" }, lit.base10_digits());
                        match text.parse::<i64>() {
                            Ok(v) => set_once(cx, &mut c.kind, (v, lit.span()), p),
                            Err(_) => cx.error(&lit, "`kind` must fit in an `i64`"),
                        }
                    }
                }
                // crate = "path::to::packed_core"
                "crate" => {
                    let example = "crate = \"::packed_core\"";
                    let Some(lit) = parse_str(cx, meta, "crate", example)? else {
                        return Ok(());
                    };
                    match lit.parse::<syn::Path>() {
                        Ok(path) => {
                            let first = path.segments.first().map(|s| s.ident.to_string());
                            if matches!(first.as_deref(), Some("self" | "super" | "Self")) {
                                cx.error(
                                    &lit,
                                    "`crate` must be an absolute path (`::packed_core`) or start with \
                                     `crate::`; `self`, `super` and `Self` are not allowed",
                                );
                            } else {
                                set_once(cx, &mut c.krate, absolute(path), p);
                            }
                        }
                        Err(e) => cx.syn_error(syn::Error::new(
                            lit.span(),
                            format!("invalid `crate` path: {e}"),
                        )),
                    }
                }
                // bound = "T: Encode, U: Default"
                "bound" => {
                    let example = "bound = \"T: packed_core::Packed\"";
                    let Some(lit) = parse_str(cx, meta, "bound", example)? else {
                        return Ok(());
                    };
                    match lit
                        .parse_with(Punctuated::<syn::WherePredicate, Token![,]>::parse_terminated)
                    {
                        Ok(preds) => set_once(cx, &mut c.bound, preds.into_iter().collect(), p),
                        Err(e) => cx.syn_error(syn::Error::new(
                            lit.span(),
                            format!("invalid `bound`: {e}"),
                        )),
                    }
                }
                _ => unknown_key(cx, meta, Place::Container)?,
            }
            Ok(())
        });
        for attr in input.attrs.iter().filter(|a| a.path().is_ident("repr")) {
            let _ = attr.parse_nested_meta(|meta| {
                let name = key_name(&meta.path);
                match name.as_str() {
                    "packed" => cx.error(
                        &meta.path,
                        "packed cannot derive for `#[repr(packed)]` types: their fields cannot be borrowed; \
                         remove `repr(packed)` (the `#[packed(...)]` attribute is unrelated to it)",
                    ),
                    "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
                    | "i128" | "isize" => c.repr_int = meta.path.get_ident().cloned(),
                    _ => {}
                }
                skip_value(&meta)
            });
        }
        c
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
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut f = Self::default();
        for_each_key(cx, attrs, |meta| {
            let p = &meta.path;
            f.order.push(key_name(p));
            match key_name(p).as_str() {
                // len = "u8" | path
                "len" => {
                    if let Some(v) = parse_len(cx, meta)? {
                        set_once(cx, &mut f.len, (v, p.clone()), p);
                    }
                }
                // max = 100
                "max" => {
                    if let Some((_, lit)) = parse_int(cx, meta, "max", "max = 100", false)? {
                        match lit.base10_parse::<usize>() {
                            Ok(n) => set_once(cx, &mut f.max, (n, lit, p.clone()), p),
                            Err(_) => cx.error(&lit, "`max` must fit in a `usize`"),
                        }
                    }
                }
                // skip
                "skip" => {
                    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
                        cx.error(p, "`skip` takes no value");
                        skip_value(meta)?;
                    }
                    set_once(cx, &mut f.skip, p.clone(), p);
                }
                // with = "module"
                "with" => {
                    let Some(lit) = parse_str(cx, meta, "with", "with = \"my_module\"")? else {
                        return Ok(());
                    };
                    match lit.parse::<syn::Path>() {
                        Ok(path) => set_once(cx, &mut f.with, (path, p.clone()), p),
                        Err(e) => cx.syn_error(syn::Error::new(
                            lit.span(),
                            format!("invalid `with` path: {e}"),
                        )),
                    }
                }
                _ => unknown_key(cx, meta, Place::Field)?,
            }
            Ok(())
        });
        f
    }
}

/// Variants take no attributes; any key is reported.
pub(crate) fn variant(cx: &Ctxt, attrs: &[syn::Attribute]) {
    for_each_key(cx, attrs, |meta| unknown_key(cx, meta, Place::Variant));
}
