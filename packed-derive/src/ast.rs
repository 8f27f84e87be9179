//! Stage 2, the checked model of the input: the container, its variants and fields,
//! each with its attributes as model types ([`crate::model`]), and every check on how
//! the attributes fit together and fit the item (conflicting field keys, `tag` on a
//! struct or a `#[repr(int)]` enum, too many variants for the tag, `repr(packed)`,
//! shapes that cannot be derived). The generator reads this model only.

use syn::spanned::Spanned as _;

use crate::attr::{self, Attr, FieldKey};
use crate::diag::Diagnostics;
use crate::expand::emit::reported_at;
use crate::model::{Choice, Len, OwnLayout, Preset, ReprInt, Spanned, Tag, TimeUnit, TimeWidth};

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
    pub(crate) data: Data<'a>,
}

pub(crate) enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    /// An enum written as variant index, then fields.
    Tagged(Tag, Vec<Variant<'a>>),
    /// A fieldless `#[repr(int)]` enum written as its integer (the span: the repr's).
    Repr(Spanned<ReprInt>, Vec<&'a syn::Ident>),
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
    pub(crate) coding: Coding,
    /// Whether the type holds a `'static` lifetime argument (`Cow<'static, str>`): it
    /// is decoded as a `Decode<'static>` through a reader that lends nothing, so its
    /// `Cow`s come out owned from an input of any lifetime.
    pub(crate) owned: bool,
}

/// How a field is written.
pub(crate) enum Coding {
    /// Through its type's `Encode`/`Decode`, under the type's context narrowed by the
    /// field's `len` and `max`.
    Type {
        len: Option<Spanned<Len>>,
        max: Option<Spanned<usize>>,
        /// `unit` and `width` (either given; the other at its default): how chrono
        /// counts in the field's value are written. The span: the first key's value.
        time: Option<Spanned<(TimeUnit, TimeWidth)>>,
    },
    /// `skip`: not written; decoded as `Default::default()`.
    Skip,
    /// `with = "module"`: through `module::encode` and `module::decode`.
    With(syn::Path),
}

impl Field<'_> {
    /// Whether the field is written through its type's `Encode`/`Decode`.
    pub(crate) fn is_plain(&self) -> bool {
        matches!(self.coding, Coding::Type { .. })
    }

    /// Whether the field is written through its type's `Encode`/`Decode` with no field
    /// attribute at all (no `len`, `max`, `unit` or `width` either): its encoding is
    /// its type's.
    pub(crate) fn is_bare(&self) -> bool {
        matches!(
            self.coding,
            Coding::Type {
                len: None,
                max: None,
                time: None,
            }
        )
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

fn fields<'a>(diag: &Diagnostics, fields: &'a syn::Fields) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let attrs = attr::Field::from_ast(diag, &f.attrs);
            let coding = coding(diag, attrs);
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
            }
        })
        .collect()
}

/// The field's coding. `skip` and `with` replace the field's encoding, so nothing
/// else may shape it: each conflict is reported at the later of the two keys.
fn coding(diag: &Diagnostics, a: attr::Field) -> Coding {
    let skip = a.skip.as_ref().map(|s| (FieldKey::Skip, &s.key));
    let with = a.with.as_ref().map(|w| (FieldKey::With, &w.key));
    let len = a.len.as_ref().map(|l| (FieldKey::Len, &l.key));
    let max = a.max.as_ref().map(|m| (FieldKey::Max, &m.key));
    let unit = a.unit.as_ref().map(|u| (FieldKey::Unit, &u.key));
    let width = a.width.as_ref().map(|w| (FieldKey::Width, &w.key));
    let pos = |key: FieldKey| a.written.iter().position(|w| *w == key);
    for (replacing, other) in [
        (skip, len),
        (skip, max),
        (skip, with),
        (skip, unit),
        (skip, width),
        (with, len),
        (with, max),
        (with, unit),
        (with, width),
    ] {
        if let (Some((x, x_path)), Some((y, y_path))) = (replacing, other) {
            let later = if pos(x) > pos(y) { x_path } else { y_path };
            diag.error(
                later,
                format_args!("`{}` cannot be combined with `{}`", x.name(), y.name()),
            );
        }
    }
    let time = time_form(&a);
    match (&a.skip, a.with) {
        (Some(_), _) => Coding::Skip,
        (None, Some(with)) => Coding::With(with.value),
        (None, None) => Coding::Type {
            len: a.len.as_ref().map(Attr::spanned),
            max: a.max.as_ref().map(Attr::spanned),
            time,
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
        let data = match &input.data {
            syn::Data::Struct(s) => {
                if let Some(tag) = &attrs.tag {
                    diag.error(&tag.key, "`tag` is only allowed on enums");
                }
                Data::Struct(style(&s.fields), fields(diag, &s.fields))
            }
            syn::Data::Enum(e) => {
                if e.variants.is_empty() {
                    diag.error(&input.ident, "packed cannot derive for an enum with no variants: no value could be decoded");
                    return None;
                }
                for v in &e.variants {
                    attr::variant(diag, &v.attrs);
                }
                let fieldless = e.variants.iter().all(|v| v.fields.is_empty());
                match &attrs.repr_int {
                    Some(repr) if fieldless => {
                        if let Some(tag) = &attrs.tag {
                            diag.error(&tag.key, "`tag` cannot be used on a fieldless `#[repr(int)]` enum, which is written as its integer");
                        }
                        Data::Repr(repr.clone(), e.variants.iter().map(|v| &v.ident).collect())
                    }
                    _ => {
                        let variants: Vec<_> = e
                            .variants
                            .iter()
                            .map(|v| Variant {
                                ident: &v.ident,
                                style: style(&v.fields),
                                fields: fields(diag, &v.fields),
                            })
                            .collect();
                        let tag = attrs
                            .tag
                            .as_ref()
                            .map_or(Tag::Conventions, |t| Tag::Fixed(t.value));
                        if variants.len() as u64 > tag.capacity() {
                            diag.error(&input.ident, format_args!(
                                "{} variants do not fit the enum's tag; use `#[packed(tag = \"u16\")]`",
                                variants.len()
                            ));
                        }
                        Data::Tagged(tag, variants)
                    }
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
            ident: &input.ident,
            generics: &input.generics,
            krate: attrs.runtime_path(),
            layout: own_layout(attrs),
            kind: attrs.kind.as_ref().map(Attr::spanned),
            bound: attrs.bound.as_ref().map(|b| b.value.clone()),
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
