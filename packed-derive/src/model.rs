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
/// you mean" hints; else the longest name of three letters or more that `word` starts
/// with, as users lengthen short names (`length`, `lenght` and `len_u8` for `len`,
/// `maxlen` and `maximum` for `max`, `skipped` for `skip`).
fn suggest(word: &str, candidates: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    let candidates: Vec<&'static str> = candidates.collect();
    candidates
        .iter()
        .map(|&c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d <= 2 && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
        .or_else(|| {
            let lower = word.to_ascii_lowercase();
            candidates
                .into_iter()
                .filter(|c| c.len() >= 3 && lower.starts_with(c))
                .max_by_key(|c| c.len())
        })
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

choice! {
    /// The float type of a float range's field (its elements, for a sequence): the
    /// arithmetic a `precision` is worked out in.
    pub(crate) enum FloatTy ("float type") {
        F32 = "f32",
        F64 = "f64",
    }
}

impl FloatTy {
    /// The most bits a quantised float may take: its mantissa's, so that the greatest
    /// code, `2^bits - 1`, is exact in the type (past it Bitsery's arithmetic rounds the
    /// greatest value to a code that does not fit its bits).
    pub(crate) fn max_bits(self) -> u32 {
        match self {
            Self::F32 => f32::MANTISSA_DIGITS,
            Self::F64 => f64::MANTISSA_DIGITS,
        }
    }

    /// `text`, a float literal, as this type: parsed straight into it, so `0.01` is
    /// C++'s `0.01f` for `f32` (not `0.01` rounded twice).
    pub(crate) fn parse(self, text: &FloatLit) -> f64 {
        match self {
            Self::F32 => f64::from(text.f32),
            Self::F64 => text.f64,
        }
    }

    /// `value` (a value of this type) as a literal of it, exactly: `f32::from_bits(..)`.
    pub(crate) fn literal(self, value: f64) -> TokenStream {
        match self {
            Self::F32 => {
                let bits = (value as f32).to_bits();
                quote!(#PACKED::__private::f32::from_bits(#bits))
            }
            Self::F64 => {
                let bits = value.to_bits();
                quote!(#PACKED::__private::f64::from_bits(#bits))
            }
        }
    }

    /// Bitsery's bits for `precision`: the bit length of `(max - min) / precision`
    /// converted to the same-size unsigned integer, all in this type. `None` where the
    /// quotient does not fit that integer (C++ leaves that undefined).
    pub(crate) fn precision_bits(self, min: f64, max: f64, precision: &FloatLit) -> Option<u32> {
        match self {
            Self::F32 => {
                let q = (max as f32 - min as f32) / precision.f32;
                (0.0..4_294_967_296.0)
                    .contains(&q)
                    .then(|| 32 - (q as u32).leading_zeros())
            }
            Self::F64 => {
                let q = (max - min) / precision.f64;
                (0.0..18_446_744_073_709_551_616.0)
                    .contains(&q)
                    .then(|| 64 - (q as u64).leading_zeros())
            }
        }
    }
}

/// A float literal as written (`precision = 0.01`, a bound of `range = "-1.5..=1.5"`),
/// parsed into each float type on its own.
#[derive(Clone, Debug)]
pub(crate) struct FloatLit {
    pub(crate) f32: f32,
    pub(crate) f64: f64,
}

impl FloatLit {
    /// A float literal finite as an `f64` (`_` separators allowed, no suffix). Its `f32`
    /// may be infinite (`1e300`): the field's type is not known yet, so whether the
    /// literal fits is decided where it is (`FloatTy::parse` callers check).
    pub(crate) fn parse(text: &str) -> Option<Self> {
        let t = text.trim().replace('_', "");
        let (f32, f64) = (t.parse::<f32>().ok()?, t.parse::<f64>().ok()?);
        f64.is_finite().then_some(Self { f32, f64 })
    }
}

/// One bound of `range = "MIN..=MAX"`: an integer, or a float (written with `.` or
/// an exponent).
#[derive(Clone, Debug)]
pub(crate) enum Bound {
    Int(i128),
    Float(FloatLit),
}

impl Bound {
    fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        let digits = t.replace('_', "");
        let is_float = digits.contains(['.', 'e', 'E'])
            && !digits.starts_with("0x")
            && !digits.starts_with("-0x");
        if is_float {
            return FloatLit::parse(&digits)
                .map(Self::Float)
                .ok_or_else(|| format!("`{t}` is not a finite number"));
        }
        let (neg, abs) = match digits.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, digits.as_str()),
        };
        let magnitude = match abs.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16),
            None => abs.parse::<u128>(),
        }
        .map_err(|_| format!("`{t}` is not a number"))?;
        let value = if neg {
            0i128.checked_sub_unsigned(magnitude)
        } else {
            i128::try_from(magnitude).ok()
        };
        value
            .map(Self::Int)
            .ok_or_else(|| format!("`{t}` is too large"))
    }

    /// The bound as a float of type `ty` (an integer bound converted).
    pub(crate) fn as_float(&self, ty: FloatTy) -> f64 {
        match self {
            Self::Int(v) => match ty {
                FloatTy::F32 => f64::from(*v as f32),
                FloatTy::F64 => *v as f64,
            },
            Self::Float(lit) => ty.parse(lit),
        }
    }
}

/// `range = "MIN..=MAX"`, parsed, with the text as written (for error messages of
/// the runtime).
#[derive(Clone, Debug)]
pub(crate) struct RangeBounds {
    pub(crate) min: Bound,
    pub(crate) max: Bound,
    pub(crate) text: String,
}

impl RangeBounds {
    /// Parses `MIN..=MAX` (inclusive: the only form, as in Bitsery's `ValueRange`).
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let Some((min, max)) = text.split_once("..=") else {
            return Err(format!(
                "expected `MIN..=MAX` (an inclusive range, e.g. \"0..=100\"), found `{text}`"
            ));
        };
        Ok(Self {
            min: Bound::parse(min)?,
            max: Bound::parse(max)?,
            text: text.trim().to_owned(),
        })
    }

    /// Whether either bound is written as a float.
    pub(crate) fn is_float(&self) -> bool {
        matches!(self.min, Bound::Float(_)) || matches!(self.max, Bound::Float(_))
    }
}

/// The values of `entropy = [...]`: all integers or all strings.
#[derive(Clone)]
pub(crate) enum EntropyValues {
    /// Integer literals, with their sign, and each one's value where it fits an `i128`
    /// (to check it against the field's type).
    Ints(Vec<(TokenStream, Option<i128>)>),
    Strs(Vec<syn::LitStr>),
}

impl EntropyValues {
    pub(crate) fn len(&self) -> usize {
        match self {
            Self::Ints(v) => v.len(),
            Self::Strs(v) => v.len(),
        }
    }
}

/// The bit length of `n`: how many bits Bitsery writes for values `0..=n`
/// (its `getSize`; 0 for 0).
pub(crate) fn bit_length(n: u128) -> u32 {
    128 - n.leading_zeros()
}

/// How a field of a `#[packed(bitpack)]` type is written, where not as its type.
#[derive(Clone)]
pub(crate) enum BitCoding {
    /// `range = "MIN..=MAX"`, or `bits = N` (`0..=2^N-1`), on integers: `v - min` in
    /// the bit length of `max - min` bits.
    IntRange { min: i128, max: i128, text: String },
    /// A float range: `range` with `precision = P` or `bits = N`; `min` and `max` are
    /// values of `float`.
    FloatRange {
        float: FloatTy,
        min: f64,
        max: f64,
        bits: u32,
        text: String,
    },
    /// `entropy = [...]`: the index in the list, then the value only if not in it.
    Entropy {
        values: EntropyValues,
        align_before_data: bool,
    },
    /// `align_before_data = false` on an `Option`: no padding after its flag bit.
    UnalignedOption,
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

    /// Regression (differential test, `bp_floats`): `range = "-1e300..=1e300"` on an
    /// `f64` was refused as "not a finite number" because the bound does not fit an
    /// `f32`, before the field's type was known.
    #[test]
    fn a_float_bound_too_large_for_f32_parses_for_f64() {
        let Ok(Bound::Float(lit)) = Bound::parse("-1e300") else {
            panic!("-1e300 did not parse as a float bound");
        };
        assert_eq!(lit.f64, -1e300);
        assert!(lit.f32.is_infinite());
        assert_eq!(FloatTy::F64.parse(&lit), -1e300);
        assert!(Bound::parse("1e999").is_err());
    }

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
        // A name lengthened: the longest name it starts with.
        assert!(NamedLen::unknown("varint32").ends_with("(did you mean `varint`?)"));
        assert!(NamedLen::unknown("yas-compacted-le").ends_with("(did you mean `yas-compacted`?)"));
        // Not for names of two letters: `u8-prefix` is not taken for `u8`.
        assert!(!NamedLen::unknown("u8-prefix").contains("did you mean"));
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
