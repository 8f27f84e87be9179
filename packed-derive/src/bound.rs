//! Where-clauses: which type parameters need `Encode`/`Decode`.
//!
//! A type parameter gets the bound when it appears in a field that is written through
//! its type (not `skip`ped, not `with`), outside `PhantomData`. A field that may not be
//! read (skipped, or in a growable record) and has no `default = "..."` needs
//! `Default` on the decode side if its type mentions a parameter. `bound = "..."`
//! replaces the inference. Unlike zerocopy we add no field-type bounds: our traits are
//! safe, and bounds on field types would make recursive types (`Box<Self>`) cyclic.

use std::collections::BTreeSet;

use syn::visit::Visit;

use crate::ast::{Coding, Container};

/// Type parameters mentioned in `ty`, outside `PhantomData<...>`.
fn params_in(ty: &syn::Type, params: &BTreeSet<String>) -> BTreeSet<String> {
    struct Finder<'p> {
        params: &'p BTreeSet<String>,
        found: BTreeSet<String>,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path
                .segments
                .last()
                .is_some_and(|s| s.ident == "PhantomData")
            {
                return;
            }
            if let Some(first) = path.segments.first() {
                let name = first.ident.to_string();
                if path.leading_colon.is_none() && self.params.contains(&name) {
                    self.found.insert(name);
                }
            }
            syn::visit::visit_path(self, path);
        }
    }
    let mut f = Finder {
        params,
        found: BTreeSet::new(),
    };
    f.visit_type(ty);
    f.found
}

/// Whether `ty` mentions one of the type parameters `params`, outside `PhantomData`.
pub(crate) fn mentions_param(ty: &syn::Type, params: &[String]) -> bool {
    let params: BTreeSet<String> = params.iter().cloned().collect();
    !params_in(ty, &params).is_empty()
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
    let mut defaults = Vec::new();
    for f in cont.all_fields() {
        let found = params_in(f.ty, &params);
        // A field that may not be read takes its type's `Default` unless it has a
        // `default = "..."`: a skipped one, or any in a growable record.
        let defaulted = (f.in_record || matches!(f.coding, Coding::Skip)) && f.default.is_none();
        if decode && defaulted && !found.is_empty() {
            let ty = f.ty;
            defaults.push(syn::parse_quote!(#ty: ::core::default::Default));
        }
        if f.is_plain() {
            used.extend(found);
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
    preds.extend(defaults);
    preds
}
