//! The neutral text form of the values the C++ generator prints (its grammar is at the top
//! of `gen.cpp`), parsed into Rust values and printed back.
//!
//! Printing is how decoded values are compared with the generated ones: two values are
//! equal when their texts are, which compares floats by their bits (NaN payloads
//! included), where `PartialEq` would not.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, LinkedList, VecDeque};
use std::fmt::Write as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use packed_core::cpp::{Bitset, Fields, U16String, WString};
use std::iter::Peekable;
use std::str::SplitAsciiWhitespace;

/// The tokens of one value.
pub struct Tokens<'a>(Peekable<SplitAsciiWhitespace<'a>>);

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens(text.split_ascii_whitespace().peekable())
    }

    pub fn next(&mut self) -> Result<&'a str, String> {
        self.0
            .next()
            .ok_or_else(|| "value text ends early".to_string())
    }

    pub fn expect(&mut self, want: &str) -> Result<(), String> {
        match self.next()? {
            t if t == want => Ok(()),
            t => Err(format!("expected `{want}`, found `{t}`")),
        }
    }

    /// Consumes `t` if it is the next token.
    pub fn eat(&mut self, t: &str) -> bool {
        self.0.next_if_eq(&t).is_some()
    }

    pub fn finish(mut self) -> Result<(), String> {
        match self.0.next() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected `{t}` after the value")),
        }
    }
}

/// A value with a text form.
pub trait Text: Sized {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String>;
    fn print(&self, out: &mut String);
}

/// Parses a whole value text.
pub fn parse<T: Text>(text: &str) -> Result<T, String> {
    let mut t = Tokens::new(text);
    let v = T::parse(&mut t)?;
    t.finish()?;
    Ok(v)
}

/// The canonical text of a value.
pub fn print<T: Text>(v: &T) -> String {
    let mut out = String::new();
    v.print(&mut out);
    out
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl Text for $t {
            fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
                let s = t.next()?;
                s.parse().map_err(|e| format!("`{s}` as {}: {e}", stringify!($t)))
            }
            fn print(&self, out: &mut String) {
                let _ = write!(out, "{self} ");
            }
        }
    )*};
}
ints!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl Text for bool {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        match t.next()? {
            "true" => Ok(true),
            "false" => Ok(false),
            s => Err(format!("`{s}` is not a bool")),
        }
    }
    fn print(&self, out: &mut String) {
        out.push_str(if *self { "true " } else { "false " });
    }
}

macro_rules! floats {
    ($($t:ty => $bits:ty, $digits:literal);*) => {$(
        /// `x` and the IEEE-754 bits in hex.
        impl Text for $t {
            fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
                let s = t.next()?;
                s.strip_prefix('x')
                    .filter(|h| h.len() == $digits)
                    .and_then(|h| <$bits>::from_str_radix(h, 16).ok())
                    .map(<$t>::from_bits)
                    .ok_or_else(|| format!("`{s}` is not x + {} hex digits", $digits))
            }
            fn print(&self, out: &mut String) {
                let _ = write!(out, "x{:0w$x} ", self.to_bits(), w = $digits);
            }
        }
    )*};
}
floats!(f32 => u32, 8; f64 => u64, 16);

/// Decodes lowercase or uppercase hex.
pub fn unhex(h: &str) -> Result<Vec<u8>, String> {
    fn nibble(c: u8) -> Result<u8, String> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(format!("`{}` is not a hex digit", char::from(c))),
        }
    }
    let b = h.as_bytes();
    if !b.len().is_multiple_of(2) {
        return Err(format!("odd hex length {}", b.len()));
    }
    b.chunks_exact(2)
        .map(|p| Ok(nibble(p[0])? << 4 | nibble(p[1])?))
        .collect()
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    push_hex(bytes, &mut s);
    s
}

fn push_hex(bytes: &[u8], out: &mut String) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.extend(bytes.iter().flat_map(|&b| {
        [
            char::from(DIGITS[usize::from(b >> 4)]),
            char::from(DIGITS[usize::from(b & 15)]),
        ]
    }));
}

/// The UTF-8 bytes in hex between double quotes.
impl Text for String {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let s = t.next()?;
        let h = s
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .ok_or_else(|| format!("`{s}` is not a quoted string"))?;
        String::from_utf8(unhex(h)?).map_err(|e| format!("string is not UTF-8: {e}"))
    }
    fn print(&self, out: &mut String) {
        out.push('"');
        push_hex(self.as_bytes(), out);
        out.push_str("\" ");
    }
}

/// `[ e ... ]`, until the closing bracket.
fn parse_seq<T: Text>(t: &mut Tokens<'_>) -> Result<Vec<T>, String> {
    t.expect("[")?;
    let mut v = Vec::new();
    while !t.eat("]") {
        v.push(T::parse(t)?);
    }
    Ok(v)
}

fn print_seq<'a, T: Text + 'a>(items: impl IntoIterator<Item = &'a T>, out: &mut String) {
    out.push_str("[ ");
    for e in items {
        e.print(out);
    }
    out.push_str("] ");
}

impl<T: Text> Text for Vec<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        parse_seq(t)
    }
    fn print(&self, out: &mut String) {
        print_seq(self, out);
    }
}

impl<T: Text> Text for VecDeque<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        parse_seq(t).map(VecDeque::from)
    }
    fn print(&self, out: &mut String) {
        print_seq(self, out);
    }
}

impl<T: Text> Text for LinkedList<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        parse_seq(t).map(|v: Vec<T>| v.into_iter().collect())
    }
    fn print(&self, out: &mut String) {
        print_seq(self, out);
    }
}

impl<T: Text, const N: usize> Text for [T; N] {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let v = parse_seq::<T>(t)?;
        let n = v.len();
        v.try_into()
            .map_err(|_| format!("{n} elements for an array of {N}"))
    }
    fn print(&self, out: &mut String) {
        print_seq(self, out);
    }
}

impl<T: Text + Ord> Text for BTreeSet<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let v = parse_seq::<T>(t)?;
        let n = v.len();
        let set: BTreeSet<T> = v.into_iter().collect();
        if set.len() != n {
            return Err("a set with a repeated element".into());
        }
        Ok(set)
    }
    fn print(&self, out: &mut String) {
        print_seq(self, out);
    }
}

/// `[ { k v } ... ]`
impl<K: Text + Ord, V: Text> Text for BTreeMap<K, V> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let v = parse_seq::<(K, V)>(t)?;
        let n = v.len();
        let map: BTreeMap<K, V> = v.into_iter().collect();
        if map.len() != n {
            return Err("a map with a repeated key".into());
        }
        Ok(map)
    }
    fn print(&self, out: &mut String) {
        print_map(self, out);
    }
}

/// `[ { k v } ... ]`, in the map's order.
fn print_map<'a, K: Text + 'a, V: Text + 'a>(
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
    out: &mut String,
) {
    out.push_str("[ ");
    for (k, v) in entries {
        out.push_str("{ ");
        k.print(out);
        v.print(out);
        out.push_str("} ");
    }
    out.push_str("] ");
}

/// `( )` or `( v )`.
impl<T: Text> Text for Option<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        t.expect("(")?;
        if t.eat(")") {
            return Ok(None);
        }
        let v = T::parse(t)?;
        t.expect(")")?;
        Ok(Some(v))
    }
    fn print(&self, out: &mut String) {
        out.push_str("( ");
        if let Some(v) = self {
            v.print(out);
        }
        out.push_str(") ");
    }
}

impl<T: Text> Text for Box<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        T::parse(t).map(Box::new)
    }
    fn print(&self, out: &mut String) {
        (**self).print(out);
    }
}

macro_rules! tuples {
    ($(($($n:tt $t:ident),+))*) => {$(
        /// `{ a b ... }`, as a record.
        impl<$($t: Text),+> Text for ($($t,)+) {
            fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
                t.expect("{")?;
                let v = ($($t::parse(t)?,)+);
                t.expect("}")?;
                Ok(v)
            }
            fn print(&self, out: &mut String) {
                out.push_str("{ ");
                $(self.$n.print(out);)+
                out.push_str("} ");
            }
        }
    )*};
}
tuples!(
    (0 A, 1 B)
    (0 A, 1 B, 2 C)
    (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 O, 15 P)
);

/// `Fields` (a `std::pair`, an array written element by element): its contents' text.
impl<T: Text> Text for Fields<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        T::parse(t).map(Fields)
    }
    fn print(&self, out: &mut String) {
        self.0.print(out);
    }
}

/// Nanoseconds: the generator prints every chrono count in them, whatever the unit the
/// bytes count in.
impl Text for Duration {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let s = t.next()?;
        let ns: u128 = s
            .parse()
            .map_err(|e| format!("`{s}` as nanoseconds: {e}"))?;
        let secs = u64::try_from(ns / 1_000_000_000).map_err(|e| format!("{s} ns: {e}"))?;
        Ok(Duration::new(secs, (ns % 1_000_000_000) as u32))
    }
    fn print(&self, out: &mut String) {
        let _ = write!(out, "{} ", self.as_nanos());
    }
}

/// Signed nanoseconds from the Unix epoch.
impl Text for SystemTime {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let s = t.next()?;
        let ns: i128 = s
            .parse()
            .map_err(|e| format!("`{s}` as nanoseconds: {e}"))?;
        let d = Duration::parse(&mut Tokens::new(&ns.unsigned_abs().to_string()))?;
        if ns < 0 {
            UNIX_EPOCH.checked_sub(d)
        } else {
            UNIX_EPOCH.checked_add(d)
        }
        .ok_or_else(|| format!("{s} ns is no SystemTime here"))
    }
    fn print(&self, out: &mut String) {
        let _ = match self.duration_since(UNIX_EPOCH) {
            Ok(d) => write!(out, "{} ", d.as_nanos()),
            Err(e) => write!(out, "-{} ", e.duration().as_nanos()),
        };
    }
}

/// `[ b0 b1 ... ]`, each bit `0` or `1`.
impl<const N: usize> Text for Bitset<N> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        let bits = parse_seq::<u8>(t)?;
        let n = bits.len();
        let bits: Vec<bool> = bits.into_iter().map(|b| b != 0).collect();
        let bits: [bool; N] = bits
            .try_into()
            .map_err(|_| format!("{n} bits for a bitset of {N}"))?;
        Ok(Bitset(bits))
    }
    fn print(&self, out: &mut String) {
        print_seq(&self.0.map(u8::from), out);
    }
}

/// Wide strings: their text as UTF-8, as a string's.
macro_rules! wide {
    ($($t:ident),*) => {$(
        impl Text for $t {
            fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
                String::parse(t).map($t)
            }
            fn print(&self, out: &mut String) {
                self.0.print(out);
            }
        }
    )*};
}
wide!(U16String, WString);

/// A hashed set or map as a sequence, its entries in the order of their text: the
/// generator draws at most one entry, but a mutated input may hold several, and a
/// hashed container's iteration order is its hasher's, which differs between two
/// containers of the same entries (the value `from_slice` makes and the one
/// `from_slice_into` refills), so the text must not depend on it.
impl<T: Text + Eq + std::hash::Hash> Text for HashSet<T> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        Ok(parse_seq::<T>(t)?.into_iter().collect())
    }
    fn print(&self, out: &mut String) {
        print_sorted(self.iter().map(|e| print(e)), out);
    }
}

impl<K: Text + Eq + std::hash::Hash, V: Text> Text for HashMap<K, V> {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        Ok(parse_seq::<(K, V)>(t)?.into_iter().collect())
    }
    fn print(&self, out: &mut String) {
        print_sorted(
            self.iter().map(|(k, v)| {
                let mut entry = String::from("{ ");
                k.print(&mut entry);
                v.print(&mut entry);
                entry.push_str("} ");
                entry
            }),
            out,
        );
    }
}

/// `[ e1 e2 ... ] ` of entries already printed, sorted.
fn print_sorted(entries: impl Iterator<Item = String>, out: &mut String) {
    let mut entries: Vec<String> = entries.collect();
    entries.sort_unstable();
    out.push_str("[ ");
    entries.iter().for_each(|e| out.push_str(e));
    out.push_str("] ");
}

/// Declares a struct that derives `Packed`, with its text form `{ f1 f2 ... }`.
macro_rules! record {
    ($(#[$attr:meta])* pub struct $name:ident { $($(#[$fa:meta])* $f:ident: $t:ty),* $(,)? }) => {
        #[derive(packed_core::Packed, Debug, Clone)]
        $(#[$attr])*
        pub struct $name {
            $($(#[$fa])* pub $f: $t,)*
        }

        impl $crate::text::Text for $name {
            fn parse(t: &mut $crate::text::Tokens<'_>) -> Result<Self, String> {
                t.expect("{")?;
                $(let $f = <$t as $crate::text::Text>::parse(t)?;)*
                t.expect("}")?;
                Ok(Self { $($f,)* })
            }
            fn print(&self, out: &mut String) {
                out.push_str("{ ");
                $($crate::text::Text::print(&self.$f, out);)*
                out.push_str("} ");
            }
        }
    };
}

/// Declares a data enum that derives `Packed`, one alternative a variant, as a
/// `std::variant` of those alternatives, with its text form `< index alternative >`.
macro_rules! variant {
    ($(#[$attr:meta])* pub enum $name:ident { $($v:ident($t:ty) = $i:literal),* $(,)? }) => {
        #[derive(packed_core::Packed, Debug, Clone)]
        $(#[$attr])*
        pub enum $name {
            $($v($t),)*
        }

        impl $crate::text::Text for $name {
            fn parse(t: &mut $crate::text::Tokens<'_>) -> Result<Self, String> {
                t.expect("<")?;
                let v = match t.next()? {
                    $($i => $name::$v(<$t as $crate::text::Text>::parse(t)?),)*
                    i => return Err(format!("variant index `{i}`")),
                };
                t.expect(">")?;
                Ok(v)
            }
            fn print(&self, out: &mut String) {
                let (i, v) = match self {
                    $($name::$v(v) => ($i, $crate::text::print(v)),)*
                };
                out.push_str("< ");
                out.push_str(i);
                out.push(' ');
                out.push_str(&v);
                out.push_str("> ");
            }
        }
    };
}

/// Declares a fieldless `#[repr(int)]` enum (variants in ascending order, so that the
/// derived `Ord` is the integers' order, as in a C++ `std::map`), with its text form:
/// the integer.
macro_rules! repr_enum {
    ($name:ident: $repr:ident { $($v:ident = $d:expr),* $(,)? }) => {
        #[derive(packed_core::Packed, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr($repr)]
        pub enum $name {
            $($v = $d,)*
        }

        impl $crate::text::Text for $name {
            fn parse(t: &mut $crate::text::Tokens<'_>) -> Result<Self, String> {
                let n = <$repr as $crate::text::Text>::parse(t)?;
                [$(Self::$v),*]
                    .into_iter()
                    .find(|v| *v as $repr == n)
                    .ok_or_else(|| format!("{n} is not a {}", stringify!($name)))
            }
            fn print(&self, out: &mut String) {
                $crate::text::Text::print(&(*self as $repr), out);
            }
        }
    };
}

pub(crate) use {record, repr_enum, variant};
