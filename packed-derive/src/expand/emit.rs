//! What every generated block shares: the names the generated code defines (each one
//! here, once), the `const _` block with the one `use` of the runtime crate, the
//! method signatures, and the spans generated tokens take.
//!
//! Every name is emitted at the call site's hygiene, so the names the derive defines
//! and the names it uses resolve together wherever the derive is invoked (also from a
//! user's `macro_rules!`); user tokens keep their own spans.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};

use crate::ast::Field;

/// A name the generated code defines and refers to.
#[derive(Clone, Copy)]
pub(crate) struct Name(&'static str);

impl Name {
    /// The name as a token (an identifier or a lifetime), resolved at the call site
    /// and reported at `at`.
    pub(crate) fn at(self, at: Span) -> TokenStream {
        // A name missing from `FIXED` would escape the renaming (every name is emitted
        // by some test's expansion, so this fails the tests, not a user's build).
        debug_assert!(
            FIXED.contains(&self.0.trim_start_matches('\'')),
            "generated name {} is not in emit::FIXED",
            self.0
        );
        let span = reported_at(at);
        let name = fresh(self.0);
        if name.starts_with('\'') {
            syn::Lifetime::new(&name, span).into_token_stream()
        } else {
            syn::Ident::new(&name, span).into_token_stream()
        }
    }
}

// The generated names are emitted at the call site's hygiene (so that a user's
// `macro_rules!` can apply the derive), where they share the namespace of the user's
// generic parameters and of names in `default`, `with` and `bound` values: a type
// declared `struct S<__C>` would otherwise meet a second `__C` in every method. Each
// derive therefore picks a suffix that no identifier of its input can meet, and every
// generated name carries it; an input without such identifiers (nearly all) keeps the
// plain names.
std::thread_local! {
    static SUFFIX: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// `base` with this derive's suffix: `__C`, or `__C_1` where the input uses `__C`.
pub(crate) fn fresh(base: &str) -> String {
    match SUFFIX.with(std::cell::Cell::get) {
        0 => base.to_owned(),
        n => format!("{base}_{n}"),
    }
}

/// Every fixed name of this module, without a lifetime's quote (checked in [`Name::at`]).
const FIXED: [&str; 19] = [
    "__packed",
    "__C",
    "__W",
    "__w",
    "__R",
    "__r",
    "__de",
    "__PackedOwnLayout",
    "__packed_discriminant",
    "__packed_variant",
    "__v",
    "__d",
    "__off",
    "__tag",
    "__items",
    "__n",
    "__out",
    "__bits",
    "__rec",
];

/// The stems of the numbered names: a field's binding ([`binding`]: `__f0`, `__f1`, ...)
/// and a `with` field's impl ([`with_impl`]: `__PackedWith0`, ...).
const NUMBERED: [&str; 2] = [BINDING_STEM, WITH_IMPL_STEM];
const BINDING_STEM: &str = "__f";
const WITH_IMPL_STEM: &str = "__PackedWith";

/// `name` without suffix `n` (see [`fresh`]), if it carries it.
fn unsuffixed(name: &str, n: u32) -> Option<&str> {
    match n {
        0 => Some(name),
        n => name.strip_suffix(&format!("_{n}")),
    }
}

/// Whether `base` is `stem` followed by a number (`__f0` of `__f`).
fn is_numbered(base: &str, stem: &str) -> bool {
    base.strip_prefix(stem)
        .is_some_and(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `user` (an identifier of the input, `r#` removed) is a generated name
/// under suffix `n`.
fn is_generated(user: &str, n: u32) -> bool {
    unsuffixed(user, n).is_some_and(|base| {
        FIXED.contains(&base) || NUMBERED.into_iter().any(|stem| is_numbered(base, stem))
    })
}

/// Picks the suffix of this derive's names (see [`fresh`]) from every identifier of
/// `input`, including those inside string values (`default = "..."`), which the
/// generated code splices in.
pub(crate) fn choose_names(input: &syn::DeriveInput) {
    fn collect(tokens: TokenStream, out: &mut Vec<String>) {
        for tt in tokens {
            match tt {
                TokenTree::Ident(i) => {
                    let s = i.to_string();
                    let s = s.strip_prefix("r#").map_or(s.clone(), str::to_owned);
                    if s.starts_with("__") {
                        out.push(s);
                    }
                }
                TokenTree::Group(g) => collect(g.stream(), out),
                // The words of a string, not its tokens: lexing a doc comment's text
                // as Rust would report its words as errors.
                TokenTree::Literal(l) => {
                    if let Ok(text) = syn::parse2::<syn::LitStr>(TokenTree::Literal(l).into()) {
                        let text = text.value();
                        let words = text.split(|c: char| !(c.is_alphanumeric() || c == '_'));
                        out.extend(words.filter(|w| w.starts_with("__")).map(str::to_owned));
                    }
                }
                TokenTree::Punct(_) => {}
            }
        }
    }
    let mut used = Vec::new();
    collect(input.to_token_stream(), &mut used);
    let n = (0..)
        .find(|&n| !used.iter().any(|u| is_generated(u, n)))
        .unwrap_or(0);
    SUFFIX.with(|s| s.set(n));
}

impl ToTokens for Name {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(self.at(Span::call_site()));
    }
}

/// The runtime crate (`packed_core`, or the `crate = "..."` path), imported once per
/// block under this name.
pub(crate) const PACKED: Name = Name("__packed");
/// The context type parameter of every coding method (`__C: Ctx`).
pub(crate) const CTX: Name = Name("__C");
/// The writer's type parameter (`__W: Writer`).
pub(crate) const WRITER_TY: Name = Name("__W");
/// The writer argument (`__w: &mut __W`).
pub(crate) const WRITER: Name = Name("__w");
/// The reader's type parameter (`__R: Reader<'__de>`).
pub(crate) const READER_TY: Name = Name("__R");
/// The reader argument (`__r: &mut __R`).
pub(crate) const READER: Name = Name("__r");
/// The lifetime of the decoded input (`Decode<'__de>`).
pub(crate) const DE: Name = Name("'__de");
/// The alias of the type's own layout, read by every impl in the block.
pub(crate) const OWN_LAYOUT: Name = Name("__PackedOwnLayout");
/// A fieldless enum's `fn(&Self) -> integer`.
pub(crate) const DISCRIMINANT_FN: Name = Name("__packed_discriminant");
/// A fieldless enum's `fn(integer) -> Option<Self>`.
pub(crate) const VARIANT_FN: Name = Name("__packed_variant");
/// A value being built or converted (`let __v = ...`, `__v: &Self`).
pub(crate) const VALUE: Name = Name("__v");
/// A discriminant being converted (`__d: integer`).
pub(crate) const DISCRIMINANT: Name = Name("__d");
/// The offset of an enum's tag, for the unknown-variant error.
pub(crate) const TAG_OFFSET: Name = Name("__off");
/// An enum's decoded tag.
pub(crate) const TAG: Name = Name("__tag");
/// The elements of `encode_contiguous`.
pub(crate) const ITEMS: Name = Name("__items");
/// The element count of `decode_contiguous`.
pub(crate) const COUNT: Name = Name("__n");
/// The vector `decode_contiguous` appends to.
pub(crate) const OUT: Name = Name("__out");
/// The bits of a group of bit-coded fields, written or read as one.
pub(crate) const BIT_GROUP: Name = Name("__bits");
/// The growable record being read (`__rec: Record`), for the fields' presence.
pub(crate) const RECORD: Name = Name("__rec");

/// The binding of field `i` in patterns and in a struct read field by field.
pub(crate) fn binding(i: usize) -> syn::Ident {
    quote::format_ident!("{}", fresh(&format!("{BINDING_STEM}{i}")))
}

/// The `WithModule` impl type of the `with` field at position `i` (among all the
/// container's fields).
pub(crate) fn with_impl(i: usize) -> syn::Ident {
    quote::format_ident!("{}", fresh(&format!("{WITH_IMPL_STEM}{i}")))
}

/// `<__C as Ctx>::Enter<__PackedOwnLayout>`: the context of this type's fields.
pub(crate) fn fields_ctx() -> TokenStream {
    quote!(<#CTX as #PACKED::Ctx>::Enter<#OWN_LAYOUT>)
}

/// `fn name<__C: Ctx, __W: Writer + ?Sized>(args) -> Result<(), EncodeError>`.
pub(crate) fn encode_fn(name: &str, args: TokenStream) -> TokenStream {
    let name = syn::Ident::new(name, Span::call_site());
    quote! {
        fn #name<#CTX: #PACKED::Ctx, #WRITER_TY: #PACKED::Writer + ?#PACKED::__private::Sized>(
            #args
        ) -> #PACKED::__private::Result<(), #PACKED::EncodeError>
    }
}

/// `fn name<__C: Ctx, __R: Reader<'__de> + ?Sized>(args) -> Result<ok, DecodeError>`.
pub(crate) fn decode_fn(name: &str, args: TokenStream, ok: TokenStream) -> TokenStream {
    let name = syn::Ident::new(name, Span::call_site());
    quote! {
        fn #name<#CTX: #PACKED::Ctx, #READER_TY: #PACKED::Reader<#DE> + ?#PACKED::__private::Sized>(
            #args
        ) -> #PACKED::__private::Result<#ok, #PACKED::DecodeError>
    }
}

/// Puts the impls in a `const _: () = { ... };` block, so their helper items cannot
/// clash with the user's, beside the one import of the runtime crate, and silences
/// lints that do not apply to generated code.
pub(crate) fn wrap(krate: &syn::Path, body: &TokenStream) -> TokenStream {
    let shadows = local_shadows(body);
    quote! {
        #[doc(hidden)]
        #[allow(
            // The names of `local_shadows`, never used.
            unused_imports,
            non_upper_case_globals,
            unused_qualifications,
            unused_parens,
            clippy::absolute_paths,
            clippy::semicolon_if_nothing_returned,
            clippy::used_underscore_binding,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_possible_wrap,
            clippy::unnecessary_cast,
            clippy::match_single_binding,
            clippy::needless_question_mark,
            // The user's bounds are copied into the impls beside the derive's own
            // (`T: Clone` in the list, `where T: Debug`, then `T: Encode`): the user
            // allows the lint on the type, which does not reach these impls.
            clippy::type_repetition_in_bounds,
        )]
        const _: () = {
            use #krate as #PACKED;
            #shadows
            #body
        };
    }
}

/// The names the generated code binds as locals (`let __v`, `__w: &mut __W`, the
/// fields' `__f0`), other than those of the user's type.
const LOCALS: [Name; 11] = [
    VALUE,
    DISCRIMINANT,
    TAG_OFFSET,
    TAG,
    ITEMS,
    COUNT,
    OUT,
    BIT_GROUP,
    RECORD,
    WRITER,
    READER,
];

/// An import of a function (`__private::local`) under each local name `body` binds. A
/// binding resolves its name first: a unit struct, const or static of that name in the
/// user's module (which the derive cannot see, so the suffix of [`fresh`] cannot avoid
/// it) would turn `let __v = ...` into a pattern against it, or a refused shadowing. A
/// function is the one kind of item a binding may shadow, and a name imported in this
/// block hides the module's item of the same name from the block's code. One `use` of
/// one function, not an item per name: the per-type code stays small.
fn local_shadows(body: &TokenStream) -> TokenStream {
    fn collect(tokens: &TokenStream, suffix: u32, out: &mut Vec<String>) {
        for tt in tokens.clone() {
            match tt {
                TokenTree::Ident(i) => {
                    let s = i.to_string();
                    let local = unsuffixed(&s, suffix).is_some_and(|base| {
                        is_numbered(base, BINDING_STEM) || LOCALS.iter().any(|l| l.0 == base)
                    });
                    if local && !out.contains(&s) {
                        out.push(s);
                    }
                }
                TokenTree::Group(g) => collect(&g.stream(), suffix, out),
                TokenTree::Literal(_) | TokenTree::Punct(_) => {}
            }
        }
    }
    let mut found = Vec::new();
    collect(body, SUFFIX.with(std::cell::Cell::get), &mut found);
    if found.is_empty() {
        return TokenStream::new();
    }
    let idents = found.iter().map(|n| syn::Ident::new(n, Span::call_site()));
    quote! {
        use #PACKED::__private::{#(local as #idents),*};
    }
}

/// The runtime traits the derive implements.
#[derive(Clone, Copy)]
pub(crate) enum Trait {
    Encode,
    Decode,
    Kind,
    /// A `#[packed(bitpack)]` type's fields, written in a session.
    BitPacked,
    /// A `#[packed(bitpack)]` type's fields, read in a session.
    BitUnpacked,
    /// The body of a growable record (`__private::RecordBody`).
    RecordBody,
}

impl Trait {
    /// The trait's path: `__packed::Encode`, `__packed::Decode<'__de>`, `__packed::Kind`,
    /// `__packed::__private::BitPacked`, `__packed::__private::BitUnpacked<'__de>`.
    pub(crate) fn path(self) -> TokenStream {
        match self {
            Self::Encode => quote!(#PACKED::Encode),
            Self::Decode => quote!(#PACKED::Decode<#DE>),
            Self::Kind => quote!(#PACKED::Kind),
            Self::BitPacked => quote!(#PACKED::__private::BitPacked),
            Self::BitUnpacked => quote!(#PACKED::__private::BitUnpacked<#DE>),
            Self::RecordBody => quote!(#PACKED::__private::RecordBody),
        }
    }

    /// The trait as field `f`'s type implements it where the derived impl uses it:
    /// `Decode<'static>` for a field decoded owned ([`Field::owned`]), else
    /// [`path`](Trait::path).
    pub(crate) fn path_for(self, f: &Field<'_>) -> TokenStream {
        match self {
            Self::Decode if f.owned => quote!(#PACKED::Decode<'static>),
            Self::Encode
            | Self::Decode
            | Self::Kind
            | Self::BitPacked
            | Self::BitUnpacked
            | Self::RecordBody => self.path(),
        }
    }

    /// `impl<...> Trait for Type<...> where ...`; `Decode`'s (and `BitUnpacked`'s)
    /// generics gain `'__de`, outliving every lifetime of the type.
    pub(crate) fn impl_header(
        self,
        ident: &syn::Ident,
        generics: &syn::Generics,
        where_clause: &TokenStream,
    ) -> TokenStream {
        let trait_path = self.path();
        let ty_g = type_args(generics);
        let impl_generics = match self {
            Self::Encode | Self::Kind | Self::BitPacked | Self::RecordBody => generics.clone(),
            Self::Decode | Self::BitUnpacked => {
                let mut g = generics.clone();
                let bounds: Vec<syn::Lifetime> =
                    g.lifetimes().map(|l| l.lifetime.clone()).collect();
                let de: syn::LifetimeParam = syn::parse_quote!(#DE: #(#bounds)+*);
                g.params.insert(0, syn::GenericParam::Lifetime(de));
                g
            }
        };
        let (impl_g, _, _) = impl_generics.split_for_impl();
        quote!(impl #impl_g #trait_path for #ident #ty_g #where_clause)
    }
}

/// The type's generic arguments for `impl ... for Type<...>`: `<'a, T, { N }>`. A const
/// parameter is written in braces, which makes it an expression: bare, `Type<N>` would
/// name a type `N` if the user's module has one (`struct N;` beside `struct
/// Buf<const N: usize>`), and fail to compile, where the standard derives do not.
pub(crate) fn type_args(generics: &syn::Generics) -> TokenStream {
    if generics.params.is_empty() {
        return TokenStream::new();
    }
    let args = generics.params.iter().map(|p| match p {
        syn::GenericParam::Lifetime(l) => l.lifetime.to_token_stream(),
        syn::GenericParam::Type(t) => t.ident.to_token_stream(),
        syn::GenericParam::Const(c) => {
            let ident = &c.ident;
            quote!({ #ident })
        }
    });
    quote!(<#(#args),*>)
}

/// The type's where-clause plus `extra`.
pub(crate) fn where_clause(
    generics: &syn::Generics,
    extra: Vec<syn::WherePredicate>,
) -> TokenStream {
    let mut preds: Vec<syn::WherePredicate> = generics
        .where_clause
        .as_ref()
        .map(|w| w.predicates.iter().cloned().collect())
        .unwrap_or_default();
    preds.extend(extra);
    if preds.is_empty() {
        TokenStream::new()
    } else {
        quote!(where #(#preds),*)
    }
}

/// The span for code the derive writes about something the user wrote (a field's
/// type, a `with` path, an attribute's value): errors are reported at the user's
/// tokens, but names resolve where the rest of the generated code does. With the
/// user's span itself, the derive's own names (`__w`, `__r`, `self`, `'__de`) would
/// take the hygiene of the user's tokens, which differs from the derive's when a
/// `macro_rules!` adds the derive to items it was given. The user's tokens are
/// interpolated with their own spans and resolve at the user's site.
pub(crate) fn reported_at(user: Span) -> Span {
    Span::call_site().located_at(user)
}

/// `tokens` with every span moved to `at` for diagnostics; name resolution is kept.
pub(crate) fn locate_at(tokens: TokenStream, at: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut t| {
            if let TokenTree::Group(g) = &t {
                let mut inner = Group::new(g.delimiter(), locate_at(g.stream(), at));
                inner.set_span(g.span().located_at(at));
                t = TokenTree::Group(inner);
            } else {
                t.set_span(t.span().located_at(at));
            }
            t
        })
        .collect()
}
