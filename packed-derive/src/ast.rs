//! The checked model the code generator reads: no raw attributes, no token streams
//! apart from user-written types and paths.

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::attr::{self, Choice, LenSpec};
use crate::ctxt::Ctxt;

/// A derive input.
pub(crate) struct Container<'a> {
    pub(crate) original: &'a syn::DeriveInput,
    pub(crate) attrs: attr::Container,
    pub(crate) data: Data<'a>,
}

pub(crate) enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    /// An enum written as variant index, then fields.
    Tagged(Vec<Variant<'a>>),
    /// A fieldless `#[repr(int)]` enum written as its integer.
    Repr(Vec<&'a syn::Ident>),
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
}

pub(crate) struct Field<'a> {
    pub(crate) member: syn::Member,
    /// The name used in field paths (`sku`, `0`).
    pub(crate) name: String,
    pub(crate) ty: &'a syn::Type,
    pub(crate) attrs: attr::Field,
}

impl Field<'_> {
    /// Whether the field is written through its type's `Encode`/`Decode`.
    pub(crate) fn is_plain(&self) -> bool {
        self.attrs.skip.is_none() && self.attrs.with.is_none()
    }

    /// Whether the field is written through its type's `Encode`/`Decode` with no field
    /// attribute at all (no `len` or `max` either): its encoding is its type's.
    pub(crate) fn is_bare(&self) -> bool {
        self.is_plain() && self.attrs.len.is_none() && self.attrs.max.is_none()
    }
}

fn style(fields: &syn::Fields) -> Style {
    match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    }
}

fn fields<'a>(cx: &Ctxt, fields: &'a syn::Fields) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let attrs = attr::Field::from_ast(cx, &f.attrs);
            check_field(cx, &attrs);
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
                        span: crate::expand::reported_at(f.ty.span()),
                    }),
                    i.to_string(),
                ),
            };
            Field {
                member,
                name,
                ty: &f.ty,
                attrs,
            }
        })
        .collect()
}

/// `skip` and `with` replace the field's encoding, so nothing else may shape it.
fn check_field(cx: &Ctxt, a: &attr::Field) {
    let later = |x: &'static str, px: &syn::Path, y: &'static str, py: &syn::Path| {
        let pos = |k: &str| a.order.iter().position(|o| o == k);
        let at = if pos(x) > pos(y) {
            px.clone()
        } else {
            py.clone()
        };
        cx.error(at, format_args!("`{x}` cannot be combined with `{y}`"));
    };
    if let Some(skip) = &a.skip {
        if let Some((_, key)) = &a.len {
            later("skip", skip, "len", key);
        }
        if let Some((_, _, key)) = &a.max {
            later("skip", skip, "max", key);
        }
        if let Some((_, key)) = &a.with {
            later("skip", skip, "with", key);
        }
    }
    if let Some((_, with)) = &a.with {
        if let Some((_, key)) = &a.len {
            later("with", with, "len", key);
        }
        if let Some((_, _, key)) = &a.max {
            later("with", with, "max", key);
        }
    }
}

impl<'a> Container<'a> {
    /// Builds and checks the model; `None` if the input cannot be modelled at all.
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = attr::Container::from_ast(cx, input);
        let data = match &input.data {
            syn::Data::Struct(s) => {
                if let Some((_, key)) = &attrs.tag {
                    cx.error(key, "`tag` is only allowed on enums");
                }
                Data::Struct(style(&s.fields), fields(cx, &s.fields))
            }
            syn::Data::Enum(e) => {
                if e.variants.is_empty() {
                    cx.error(&input.ident, "packed cannot derive for an enum with no variants: no value could be decoded");
                    return None;
                }
                for v in &e.variants {
                    attr::variant(cx, &v.attrs);
                }
                let fieldless = e.variants.iter().all(|v| v.fields.is_empty());
                match (&attrs.repr_int, fieldless) {
                    (Some(_), true) => {
                        if let Some((_, key)) = &attrs.tag {
                            cx.error(key, "`tag` cannot be used on a fieldless `#[repr(int)]` enum, which is written as its integer");
                        }
                        Data::Repr(e.variants.iter().map(|v| &v.ident).collect())
                    }
                    _ => {
                        let variants: Vec<_> = e
                            .variants
                            .iter()
                            .map(|v| Variant {
                                ident: &v.ident,
                                style: style(&v.fields),
                                fields: fields(cx, &v.fields),
                            })
                            .collect();
                        let cap = match attrs.tag.as_ref().map(|(c, _)| c.value) {
                            Some("u16") => 1 << 16,
                            Some("u32") => 1 << 32,
                            _ => 1 << 8,
                        };
                        if variants.len() as u64 > cap {
                            cx.error(&input.ident, format_args!(
                                "{} variants do not fit the enum's tag; use `#[packed(tag = \"u16\")]`",
                                variants.len()
                            ));
                        }
                        Data::Tagged(variants)
                    }
                }
            }
            syn::Data::Union(u) => {
                cx.error(
                    u.union_token,
                    "packed does not support unions: a union has no field to write in order",
                );
                return None;
            }
        };
        Some(Self {
            original: input,
            attrs,
            data,
        })
    }

    /// Every field, of every variant.
    pub(crate) fn all_fields(&self) -> Box<dyn Iterator<Item = &Field<'a>> + '_> {
        match &self.data {
            Data::Struct(_, f) => Box::new(f.iter()),
            Data::Tagged(v) => Box::new(v.iter().flat_map(|v| v.fields.iter())),
            Data::Repr(_) => Box::new(std::iter::empty()),
        }
    }

    /// The container's layout, if it sets one: the five strategy choices, each from
    /// its own key, else the `layout` preset, else the default.
    pub(crate) fn own_layout(&self) -> Option<OwnLayout> {
        let a = &self.attrs;
        if a.len.is_none()
            && a.int.is_none()
            && a.endian.is_none()
            && a.header.is_none()
            && a.enums.is_none()
            && a.layout.is_none()
        {
            return None;
        }
        let preset = a.layout.as_ref().map_or("bitsery", |c| c.value);
        let (len, int, header, enums) = match preset {
            "yas" => ("u64", "fixed", "yas", "yas"),
            "yas-noheader" => ("u64", "fixed", "none", "yas"),
            "yas-compacted" => ("yas-compacted", "yas-compacted", "yas", "yas"),
            "varint" => ("varint", "varint", "none", "plain"),
            _ => ("compact", "fixed", "none", "plain"),
        };
        let pick = |c: &Option<Choice>, d: &'static str| c.as_ref().map_or(d, |c| c.value);
        Some(OwnLayout {
            len: a.len.clone().unwrap_or(LenSpec::Preset(Choice {
                value: len,
                span: Span::call_site(),
            })),
            int: pick(&a.int, int),
            endian: pick(&a.endian, "little"),
            header: pick(&a.header, header),
            enums: pick(&a.enums, enums),
        })
    }
}

/// A container's resolved layout.
pub(crate) struct OwnLayout {
    pub(crate) len: LenSpec,
    pub(crate) int: &'static str,
    pub(crate) endian: &'static str,
    pub(crate) header: &'static str,
    pub(crate) enums: &'static str,
}
