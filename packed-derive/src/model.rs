//! The typed choices an attribute can name, and the runtime types they stand for.
//!
//! Each closed set of attribute values (a length prefix, an integer codec, a layout
//! preset, ...) is an enum declared with [`choice!`], one line per value:
//! `YasNoHeader = "yas-noheader" => layout::YasNoHeader`. That line is the value's
//! only entry: the table it builds serves parsing ([`Choice::from_name`]), the "did
//! you mean" hint and the list of valid values in messages ([`Choice::unknown`]), and
//! `ToTokens` emits the `packed_core` type it names (`__packed::layout::YasNoHeader`).
//! What else a value means to the derive (a tag's capacity, a repr's wire integer) is
//! an exhaustive `match`, so a value added to a `choice!` does not compile until every
//! such place handles it.
//!
//! A layout preset is emitted as the `packed_core::layout` type of that name, and keys
//! given beside it as `layout::Spec<key-or-<Preset as Layout>::Len, ...>` ([`OwnLayout`]),
//! so `packed-core/src/layout.rs` alone defines what `"yas"` means.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};

use crate::expand::emit::PACKED;

/// A closed set of values an attribute (or attribute key) can name.
pub(crate) trait Choice: Copy + PartialEq + 'static {
    /// What a value is, for messages: "length prefix".
    const WHAT: &'static str;
    /// Every value with the name it is written as, in the order messages list them.
    const TABLE: &'static [(&'static str, Self)];

    /// The value written as `name`.
    fn from_name(name: &str) -> Option<Self> {
        Self::TABLE
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// The name `self` is written as.
    fn name(self) -> &'static str {
        Self::TABLE
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(n, _)| *n)
            .expect("internal error: every choice! variant is in its table")
    }

    /// Every name, as `` `a`, `b`, `c` `` for messages.
    fn list() -> String {
        Self::TABLE
            .iter()
            .map(|(n, _)| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The message for `text`, which names no value: the valid names, and the closest
    /// one if it is a likely typo.
    fn unknown(text: &str) -> String {
        let mut msg = format!(
            "unknown {} `{text}`; expected one of {}",
            Self::WHAT,
            Self::list()
        );
        if let Some(s) = suggest(text, Self::TABLE.iter().map(|(n, _)| *n)) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        msg
    }
}

/// Declares a [`Choice`]: a fieldless enum and its one table of names, every variant
/// in it by construction. With `=> path` after each name, also `ToTokens`, emitting
/// `__packed::path` (the runtime type the value names).
macro_rules! choice {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident ($what:literal) {
            $($(#[$vattr:meta])* $variant:ident = $text:literal => $($path:ident)::+,)+
        }
    ) => {
        $crate::model::choice! {
            $(#[$attr])*
            $vis enum $name ($what) {
                $($(#[$vattr])* $variant = $text,)+
            }
        }

        impl ::quote::ToTokens for $name {
            fn to_tokens(&self, tokens: &mut ::proc_macro2::TokenStream) {
                use $crate::expand::emit::PACKED;
                tokens.extend(match self {
                    $(Self::$variant => ::quote::quote!(#PACKED::$($path)::+),)+
                });
            }
        }
    };
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident ($what:literal) {
            $($(#[$vattr:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        $vis enum $name {
            $($(#[$vattr])* $variant,)+
        }

        impl $crate::model::Choice for $name {
            const WHAT: &'static str = $what;
            const TABLE: &'static [(&'static str, Self)] = &[$(($text, Self::$variant)),+];
        }
    };
}
pub(crate) use choice;

/// A close match for `word` among `candidates` (the first of the closest), for "did
/// you mean" hints.
fn suggest(word: &str, candidates: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    candidates
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d <= 2 && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A value with the span of what the user wrote for it.
#[derive(Clone)]
pub(crate) struct Spanned<T> {
    pub(crate) value: T,
    pub(crate) span: Span,
}

choice! {
    /// A length prefix named in quotes: `len = "u8"`.
    pub(crate) enum NamedLen ("length prefix") {
        Compact = "compact" => len::Compact,
        U8 = "u8" => len::U8,
        U16 = "u16" => len::U16,
        U32 = "u32" => len::U32,
        U64 = "u64" => len::U64,
        Varint = "varint" => len::Leb128,
        YasCompacted = "yas-compacted" => len::YasSize,
    }
}

/// A `len = ...` value: a named length prefix, or a path to a `LenPrefix` type.
#[derive(Clone)]
pub(crate) enum Len {
    Named(NamedLen),
    Custom(syn::Path),
}

impl ToTokens for Len {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Self::Named(named) => named.to_tokens(tokens),
            Self::Custom(path) => path.to_tokens(tokens),
        }
    }
}

choice! {
    /// An integer codec: `int = "..."`.
    pub(crate) enum Int ("integer encoding") {
        Fixed = "fixed" => num::Fixed,
        YasCompacted = "yas-compacted" => num::YasCompact,
        Varint = "varint" => num::ZigzagLeb128,
    }
}

choice! {
    /// A byte order: `endian = "..."`.
    pub(crate) enum Endian ("byte order") {
        Little = "little" => num::Little,
        Big = "big" => num::Big,
    }
}

choice! {
    /// A message header: `header = "..."`.
    pub(crate) enum Header ("header") {
        None = "none" => layout::NoHeader,
        Yas = "yas" => layout::YasHeader,
    }
}

choice! {
    /// Which C++ library's serializers of standard types the layout follows (enums,
    /// arrays, tuples, variant indices, chrono, bitsets, wide strings):
    /// `conventions = "..."`.
    pub(crate) enum Conventions ("conventions") {
        Bitsery = "bitsery" => layout::BitseryConventions,
        Yas = "yas" => layout::YasConventions,
    }
}

choice! {
    /// The unit of a field's chrono counts: `unit = "..."`.
    pub(crate) enum TimeUnit ("time unit") {
        Seconds = "s" => time::Seconds,
        Millis = "ms" => time::Millis,
        Micros = "us" => time::Micros,
        Nanos = "ns" => time::Nanos,
    }
}

impl TimeUnit {
    /// The unit without `unit = "..."`.
    pub(crate) const DEFAULT: Self = Self::Nanos;
}

choice! {
    /// The integer of a field's chrono counts under Bitsery's conventions:
    /// `width = "..."`.
    pub(crate) enum TimeWidth ("count width") {
        I32 = "i32" => __private::i32,
        I64 = "i64" => __private::i64,
    }
}

impl TimeWidth {
    /// The width without `width = "..."`.
    pub(crate) const DEFAULT: Self = Self::I64;
}

choice! {
    /// A layout preset: `layout = "..."`. What each sets is `packed_core::layout`'s
    /// business; this only names the type.
    pub(crate) enum Preset ("layout") {
        Bitsery = "bitsery" => layout::Bitsery,
        Yas = "yas" => layout::Yas,
        YasNoHeader = "yas-noheader" => layout::YasNoHeader,
        YasCompacted = "yas-compacted" => layout::YasCompacted,
        Varint = "varint" => layout::Varint,
    }
}

impl Preset {
    /// The preset keys without `layout` apply to: the documented default layout.
    pub(crate) const DEFAULT: Self = Self::Bitsery;
}

choice! {
    /// The integer an enum's variant index is written as: `tag = "..."`, emitted as
    /// that integer type through the runtime.
    pub(crate) enum TagWidth ("tag width") {
        U8 = "u8" => __private::u8,
        U16 = "u16" => __private::u16,
        U32 = "u32" => __private::u32,
    }
}

/// How an enum's variant index is written: without `tag`, in the form of the layout's
/// conventions (`packed_core`'s `VariantIndex`: Bitsery's size prefix, YAS's byte);
/// with `tag = "..."`, as that integer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tag {
    Conventions,
    Fixed(TagWidth),
}

impl Tag {
    /// How many variants the tag can number (Bitsery's size prefix holds up to 2^30 - 1;
    /// YAS's byte, 256, is checked when a variant past it is written).
    pub(crate) fn capacity(self) -> u64 {
        match self {
            Self::Conventions => 1 << 30,
            Self::Fixed(TagWidth::U8) => 1 << 8,
            Self::Fixed(TagWidth::U16) => 1 << 16,
            Self::Fixed(TagWidth::U32) => 1 << 32,
        }
    }

    /// The integer a variant's index is numbered in (`u32` for the conventions' form).
    fn int_name(self) -> &'static str {
        match self {
            Self::Conventions => "u32",
            Self::Fixed(width) => width.name(),
        }
    }

    /// What the tag is, for messages: "the enum's tag type `u8`".
    pub(crate) fn description(self) -> String {
        match self {
            Self::Conventions => format!(
                "the variant index's size prefix (at most {})",
                Self::Conventions.capacity() - 1
            ),
            Self::Fixed(width) => format!("the enum's tag type `{}`", width.name()),
        }
    }

    /// Tag `tag` as a literal of the tag's type (`2u16`), located at `span`.
    pub(crate) fn literal(self, tag: u64, span: Span) -> syn::LitInt {
        syn::LitInt::new(&format!("{tag}{}", self.int_name()), span)
    }
}

impl ToTokens for Tag {
    /// The runtime's `TagForm`: `__private::VariantIndex`, or the integer type.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Self::Conventions => tokens.extend(quote!(#PACKED::__private::VariantIndex)),
            Self::Fixed(width) => width.to_tokens(tokens),
        }
    }
}

choice! {
    /// The integer of a `#[repr(...)]`; other reprs (`C`, `align`) do not concern us.
    pub(crate) enum ReprInt ("repr integer") {
        U8 = "u8",
        U16 = "u16",
        U32 = "u32",
        U64 = "u64",
        U128 = "u128",
        Usize = "usize",
        I8 = "i8",
        I16 = "i16",
        I32 = "i32",
        I64 = "i64",
        I128 = "i128",
        Isize = "isize",
    }
}

impl ReprInt {
    /// The integer the discriminant is written as: `usize` and `isize` as 64 bits, so
    /// the bytes do not depend on the platform.
    pub(crate) fn written_as(self) -> Self {
        match self {
            Self::Usize => Self::U64,
            Self::Isize => Self::I64,
            Self::U8
            | Self::U16
            | Self::U32
            | Self::U64
            | Self::U128
            | Self::I8
            | Self::I16
            | Self::I32
            | Self::I64
            | Self::I128 => self,
        }
    }

    /// The integer type through the runtime (`__packed::__private::i32`), its name at
    /// `span`.
    pub(crate) fn at(self, span: Span) -> TokenStream {
        let ty = syn::Ident::new(self.name(), span);
        quote!(#PACKED::__private::#ty)
    }
}

/// A container's own layout, as `packed_core::layout::OwnLayout` sees it.
pub(crate) enum OwnLayout {
    /// No layout key: the fields take the enclosing type's layout (`layout::Inherit`).
    Inherit,
    /// A preset (the default one if no `layout` key), and the strategies given beside
    /// it, each in place of the preset's.
    Own {
        preset: Preset,
        len: Option<Len>,
        int: Option<Int>,
        endian: Option<Endian>,
        header: Option<Header>,
        conventions: Option<Conventions>,
    },
}

impl ToTokens for OwnLayout {
    /// `layout::Inherit`; the preset's type alone; or `layout::Spec<...>` of the keys
    /// given, the others read from the preset (`<layout::Yas as Layout>::Int`).
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let Self::Own {
            preset,
            len,
            int,
            endian,
            header,
            conventions,
        } = self
        else {
            return tokens.extend(quote!(#PACKED::layout::Inherit));
        };
        if len.is_none()
            && int.is_none()
            && endian.is_none()
            && header.is_none()
            && conventions.is_none()
        {
            return preset.to_tokens(tokens);
        }
        let len = or_preset(len.as_ref(), *preset, "Len");
        let int = or_preset(int.as_ref(), *preset, "Int");
        let endian = or_preset(endian.as_ref(), *preset, "Endian");
        let header = or_preset(header.as_ref(), *preset, "Header");
        let conventions = or_preset(conventions.as_ref(), *preset, "Conventions");
        tokens.extend(quote!(#PACKED::layout::Spec<#len, #int, #endian, #header, #conventions>));
    }
}

/// `key`'s type if given, else the preset's `strategy` (`<layout::Yas as Layout>::Len`).
fn or_preset<T: ToTokens>(key: Option<&T>, preset: Preset, strategy: &str) -> TokenStream {
    match key {
        Some(key) => key.to_token_stream(),
        None => {
            let strategy = syn::Ident::new(strategy, Span::call_site());
            quote!(<#preset as #PACKED::layout::Layout>::#strategy)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for (name, len) in NamedLen::TABLE {
            assert_eq!(NamedLen::from_name(name), Some(*len));
            assert_eq!(len.name(), *name);
        }
        assert_eq!(Preset::from_name("yas-noheader"), Some(Preset::YasNoHeader));
        assert_eq!(Preset::from_name("YAS"), None);
    }

    #[test]
    fn suggests_near_misses_only() {
        assert_eq!(
            NamedLen::unknown("u65"),
            "unknown length prefix `u65`; expected one of `compact`, `u8`, `u16`, `u32`, \
             `u64`, `varint`, `yas-compacted` (did you mean `u64`?)"
        );
        assert!(!NamedLen::unknown("zzzzzz").contains("did you mean"));
        // `u6` is one edit from `u8` and from `u16`: ties go to the first in the table.
        assert!(TagWidth::unknown("u6").ends_with("(did you mean `u8`?)"));
    }

    fn flat(t: &impl ToTokens) -> String {
        t.to_token_stream().to_string().replace(' ', "")
    }

    #[test]
    fn a_preset_alone_is_its_type_and_keys_beside_it_replace_one_strategy() {
        let yas = |endian| OwnLayout::Own {
            preset: Preset::Yas,
            len: None,
            int: None,
            endian,
            header: None,
            conventions: None,
        };
        assert_eq!(flat(&yas(None)), "__packed::layout::Yas");
        let from_yas = |s: &str| format!("<__packed::layout::Yasas__packed::layout::Layout>::{s}");
        assert_eq!(
            flat(&yas(Some(Endian::Big))),
            format!(
                "__packed::layout::Spec<{},{},__packed::num::Big,{},{}>",
                from_yas("Len"),
                from_yas("Int"),
                from_yas("Header"),
                from_yas("Conventions")
            )
        );
        assert_eq!(flat(&OwnLayout::Inherit), "__packed::layout::Inherit");
    }
}
