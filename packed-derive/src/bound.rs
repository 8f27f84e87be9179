//! Where-clauses: which type parameters need `Encode`/`Decode`.
//!
//! A type parameter gets the bound when it appears in a field that is written through
//! its type (not `skip`ped, not `with`), outside `PhantomData`, and serde's
//! `Serialize`/`Deserialize<'__de>` when it appears in a `#[packed(serde)]` field (what
//! serde's own derive would ask of it there); an associated type of
//! one (`T::Id`, `<T as Tr>::Id`) gets the bound itself, not its parameter. A field that may not be
//! read (skipped, or in a growable record) and has no `default = "..."` needs
//! `Default` on the decode side if its type mentions a parameter. A hash container's
//! hasher (`S` of `HashMap<K, V, S>`, `HashSet<T, S>`, the `IndexMap`/`IndexSet`
//! alike) gets no bound: it is not written. A parameter the type
//! bounds by `Packed` or `DecodeOwned` gets no `Decode<'__de>` of ours beside it
//! ([`decode_owned_params`]), and the type itself in a field (`Vec<Tree<T>>` in `struct
//! Tree<T>`) gives its parameters no bound ([`Own`]); on the decode impl a field
//! mentioning a `?Sized` parameter takes the bound itself ([`maybe_unsized_params`]).
//! `bound = "..."`
//! replaces the inference. Unlike zerocopy we add no field-type bounds (but for those
//! `?Sized` fields): our traits are safe, and bounds on field types would make
//! recursive types (`Box<Self>`) cyclic.

use std::collections::BTreeSet;

use syn::visit::Visit;

use crate::ast::{Coding, Container};
use crate::expand::emit::{DE, PACKED};

/// What of the type parameters `ty` mentions, outside `PhantomData<...>`.
#[derive(Default)]
struct Mentions {
    /// Parameters written as themselves (`T`, `Vec<T>`): each gets the bound.
    params: BTreeSet<String>,
    /// Associated types of parameters (`T::Id`, `<T as Tr>::Id`): each gets the bound
    /// itself, as serde's derive does, since the parameter need not implement the trait.
    projections: Vec<syn::Type>,
}

impl Mentions {
    fn any(&self) -> bool {
        !self.params.is_empty() || !self.projections.is_empty()
    }
}

/// The type being derived as a field's type names it: its name and its parameters as
/// written in its declaration (`Tree`, `<T>`), compared as token text.
struct Own {
    ident: String,
    args: String,
}

impl Own {
    fn of(cont: &Container<'_>) -> Self {
        use quote::ToTokens as _;
        let (_, args, _) = cont.generics.split_for_impl();
        Self {
            ident: cont.ident.to_string(),
            args: args.to_token_stream().to_string(),
        }
    }

    /// Whether `path` is the type itself with its own parameters (`Tree<T>` in `struct
    /// Tree<T>`): written through the impl being derived, so it needs no bound beyond
    /// the impl's own. Its parameters would otherwise take the field's trait (a `T` of
    /// a `#[packed(serde)]` field only, recursing through `Vec<Tree<T>>`, would need
    /// `Encode` too, and no serde-only type has it). `Self` mentions no parameter.
    fn is(&self, path: &syn::Path) -> bool {
        use quote::ToTokens as _;
        match (path.leading_colon, path.segments.first()) {
            (None, Some(seg)) if path.segments.len() == 1 => {
                seg.ident == self.ident.as_str()
                    && seg.arguments.to_token_stream().to_string() == self.args
            }
            _ => false,
        }
    }
}

fn mentions(ty: &syn::Type, params: &BTreeSet<String>) -> Mentions {
    mentions_beside(ty, params, None)
}

/// [`mentions`], where the type `own` names in a field mentions nothing.
fn mentions_beside(ty: &syn::Type, params: &BTreeSet<String>, own: Option<&Own>) -> Mentions {
    struct Finder<'p> {
        params: &'p BTreeSet<String>,
        own: Option<&'p Own>,
        found: Mentions,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_type_path(&mut self, tp: &'ast syn::TypePath) {
            let projection = match &tp.qself {
                Some(q) => mentions_beside(&q.ty, self.params, self.own).any(),
                None => {
                    let p = &tp.path;
                    p.leading_colon.is_none()
                        && p.segments.len() > 1
                        && p.segments[0].arguments.is_none()
                        && self.params.contains(&p.segments[0].ident.to_string())
                }
            };
            if projection {
                push_new(&mut self.found.projections, syn::Type::Path(tp.clone()));
                return;
            }
            syn::visit::visit_type_path(self, tp);
        }
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path
                .segments
                .last()
                .is_some_and(|s| s.ident == "PhantomData")
                || self.own.is_some_and(|own| own.is(path))
            {
                return;
            }
            if let Some(first) = path.segments.first() {
                let name = first.ident.to_string();
                if path.leading_colon.is_none() && self.params.contains(&name) {
                    self.found.params.insert(name);
                }
            }
            // A hash container's hasher (`S` of `HashMap<K, V, S>`) is not written: its
            // impls ask `S: BuildHasher + Default`, never `S: Encode`, which no hasher
            // has. Its other arguments are visited as usual.
            let hasher_at = path
                .segments
                .last()
                .and_then(|s| match s.ident.to_string().as_str() {
                    "HashMap" | "IndexMap" => Some(2),
                    "HashSet" | "IndexSet" => Some(1),
                    _ => None,
                });
            match (hasher_at, path.segments.last()) {
                (Some(at), Some(last)) => {
                    for seg in path.segments.iter().take(path.segments.len() - 1) {
                        self.visit_path_segment(seg);
                    }
                    if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                        let types = args
                            .args
                            .iter()
                            .filter(|a| matches!(a, syn::GenericArgument::Type(_)));
                        for arg in types.take(at) {
                            self.visit_generic_argument(arg);
                        }
                    }
                }
                _ => syn::visit::visit_path(self, path),
            }
        }
    }
    let mut f = Finder {
        params,
        own,
        found: Mentions::default(),
    };
    f.visit_type(ty);
    f.found
}

/// Adds `ty` to `list` unless it is there (compared as tokens: syn's `PartialEq` needs
/// a feature this crate leaves off).
fn push_new(list: &mut Vec<syn::Type>, ty: syn::Type) {
    use quote::ToTokens as _;
    let text = ty.to_token_stream().to_string();
    if !list.iter().any(|t| t.to_token_stream().to_string() == text) {
        list.push(ty);
    }
}

/// Whether `ty` mentions one of the type parameters `params`, outside `PhantomData`.
pub(crate) fn mentions_param(ty: &syn::Type, params: &[String]) -> bool {
    let params: BTreeSet<String> = params.iter().cloned().collect();
    mentions(ty, &params).any()
}

/// The type parameters the type itself bounds by a trait that has `for<'de>
/// Decode<'de>` (`T: Packed`, `T: DecodeOwned`, `T: for<'de> Decode<'de>`), or with
/// `serde`, `for<'de> Deserialize<'de>` (`T: DeserializeOwned`). The decode impl
/// copies that bound, and beside it the inferred `T: Decode<'__de>` is ambiguous
/// (E0283, "type annotations needed: cannot satisfy `T: Decode<'__de>`": two where
/// clauses prove it, for different lifetimes), so those parameters take the user's
/// bound alone. Read from the trait's last path segment, as written: a trait of the
/// user's that has `Packed` as a supertrait is not seen (`bound = "..."` is the way).
fn decode_owned_params(generics: &syn::Generics, serde: bool) -> BTreeSet<String> {
    let (whole, per_lifetime) = if serde {
        ("DeserializeOwned", "Deserialize")
    } else {
        ("DecodeOwned", "Decode")
    };
    params_bounded(generics, |b, outer_hrtb| {
        let syn::TypeParamBound::Trait(t) = b else {
            return false;
        };
        let Some(last) = t.path.segments.last() else {
            return false;
        };
        let hrtb = outer_hrtb || t.lifetimes.is_some();
        last.ident == whole
            || (!serde && last.ident == "Packed")
            || (hrtb && last.ident == per_lifetime)
    })
}

/// The type parameters declared `?Sized` (in the list or a `where` clause). Such a `T`
/// is held behind a pointer (`Box<T>`, `Rc<T>`), which decodes for `str` and `[E]`
/// where `T` itself cannot (no unsized value is decoded alone), so on the decode impl
/// the fields that mention it take the bound themselves (`Box<T>: Decode<'__de>`), as
/// `T: Decode<'__de>` would refuse `UnsizedBox<str>`. (Bounds on field types are left
/// for these only: elsewhere they would make recursive types cyclic, and a `?Sized`
/// parameter's field is no recursion of the type.)
fn maybe_unsized_params(generics: &syn::Generics) -> BTreeSet<String> {
    params_bounded(generics, |b, _| {
        matches!(b, syn::TypeParamBound::Trait(t)
            if matches!(t.modifier, syn::TraitBoundModifier::Maybe(_)))
    })
}

/// The type parameters with a bound that `is` accepts, in the parameter list or in a
/// `where` clause on the parameter itself; `is` is also told whether the `where`
/// clause is higher-ranked (`for<'de> T: ...`).
fn params_bounded(
    generics: &syn::Generics,
    is: impl Fn(&syn::TypeParamBound, bool) -> bool,
) -> BTreeSet<String> {
    let mut found: BTreeSet<String> = generics
        .type_params()
        .filter(|p| p.bounds.iter().any(|b| is(b, false)))
        .map(|p| p.ident.to_string())
        .collect();
    for pred in generics.where_clause.iter().flat_map(|w| &w.predicates) {
        let syn::WherePredicate::Type(pt) = pred else {
            continue;
        };
        let syn::Type::Path(tp) = &pt.bounded_ty else {
            continue;
        };
        let (None, Some(id)) = (&tp.qself, tp.path.get_ident()) else {
            continue;
        };
        if pt.bounds.iter().any(|b| is(b, pt.lifetimes.is_some())) {
            found.insert(id.to_string());
        }
    }
    found
}

/// Predicates for an impl of `trait_path` (and `Default` for skipped fields on decode).
pub(crate) fn predicates(
    cont: &Container<'_>,
    trait_path: &proc_macro2::TokenStream,
    decode: bool,
) -> Vec<syn::WherePredicate> {
    if let Some(bound) = &cont.bound {
        return bound.clone();
    }
    let params: BTreeSet<String> = cont
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    let mut used = BTreeSet::new();
    let mut projections: Vec<syn::Type> = Vec::new();
    let mut serde_used = BTreeSet::new();
    let mut serde_projections: Vec<syn::Type> = Vec::new();
    let mut defaults = Vec::new();
    let own = Own::of(cont);
    let maybe_unsized = maybe_unsized_params(cont.generics);
    let mut unsized_fields: Vec<syn::Type> = Vec::new();
    for f in cont.all_fields() {
        // A field that may not be read takes its type's `Default` unless it has a
        // `default = "..."`: a skipped one, or any in a growable record.
        let defaulted = (f.in_record || matches!(f.coding, Coding::Skip)) && f.default.is_none();
        if decode && defaulted && mentions(f.ty, &params).any() {
            let ty = f.ty;
            defaults.push(syn::parse_quote!(#ty: ::core::default::Default));
        }
        // Only a plain field is written by the impl being derived: a `serde` field's
        // `Vec<Tree<T>>` goes through `Tree<T>: Serialize`, serde's impl, with serde's
        // bounds, so there the type's own path mentions its parameters as usual.
        let found = if f.is_plain() {
            mentions_beside(f.ty, &params, Some(&own))
        } else {
            mentions(f.ty, &params)
        };
        if f.is_plain() {
            if decode && found.params.iter().any(|p| maybe_unsized.contains(p)) {
                // The field's type (`Box<T>`) decodes where `T` cannot (`str`).
                push_new(&mut unsized_fields, f.ty.clone());
                used.extend(
                    found
                        .params
                        .into_iter()
                        .filter(|p| !maybe_unsized.contains(p)),
                );
            } else {
                used.extend(found.params);
            }
            for p in found.projections {
                push_new(&mut projections, p);
            }
        } else if matches!(f.coding, Coding::Serde(_)) {
            serde_used.extend(found.params);
            for p in found.projections {
                push_new(&mut serde_projections, p);
            }
        }
    }
    if decode {
        for p in decode_owned_params(cont.generics, false) {
            used.remove(&p);
        }
        for p in decode_owned_params(cont.generics, true) {
            serde_used.remove(&p);
        }
    }
    let mut preds: Vec<syn::WherePredicate> = cont
        .generics
        .type_params()
        .filter(|p| used.contains(&p.ident.to_string()))
        .map(|p| {
            let id = &p.ident;
            syn::parse_quote!(#id: #trait_path)
        })
        .collect();
    preds.extend(
        projections
            .iter()
            .chain(&unsized_fields)
            .map(|ty| -> syn::WherePredicate { syn::parse_quote!(#ty: #trait_path) }),
    );
    // A `#[packed(serde)]` field goes through `__private::SerdeField`, whose `encode`
    // needs `Serialize` and `decode` needs `Deserialize<'__de>` of the field's type.
    let serde_path = if decode {
        quote::quote!(#PACKED::__private::SerdeDeserialize<#DE>)
    } else {
        quote::quote!(#PACKED::__private::SerdeSerialize)
    };
    preds.extend(
        cont.generics
            .type_params()
            .filter(|p| serde_used.contains(&p.ident.to_string()))
            .map(|p| -> syn::WherePredicate {
                let id = &p.ident;
                syn::parse_quote!(#id: #serde_path)
            }),
    );
    preds.extend(
        serde_projections
            .iter()
            .map(|ty| -> syn::WherePredicate { syn::parse_quote!(#ty: #serde_path) }),
    );
    preds.extend(defaults);
    preds
}
