//! The in-memory UBJSON value: [`Value`], with the validated [`Char`] and
//! [`HighPrecision`] scalars.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A UBJSON Draft 12 value.
///
/// Strings, object keys, high-precision numbers and binary data are
/// [`Cow`]s: [`Value::from_slice`] borrows them from the input, and values you
/// build yourself may own them.
///
/// # Representation choices
///
/// - **Integers.** The five integer types (`i U I l L`) are one variant,
///   [`Value::Int`]. The reader accepts every integer marker; the writer always
///   picks the smallest: `i` for -128..=127, `U` for 128..=255, then `I`, `l`,
///   `L`. So the marker a value was read with is not kept.
/// - **Floats** keep their width: [`Value::Float32`] is written as `d`,
///   [`Value::Float64`] as `D`. NaN and ±infinity are written as `Z` (null), as
///   Draft 12 asks, so they read back as [`Value::Null`].
/// - **No-op** (`N`) is skipped by the reader and is never a `Value`.
/// - **Binary** is the strongly typed uint8 array `[$U#n`. An array of small
///   integers is a different value ([`Value::Array`] of [`Value::Int`]) and the
///   writer never writes it as `[$U#`.
/// - **Objects** are an ordered list of entries; order and duplicate keys are
///   kept as read.
///
/// ```
/// use ubjson_envelope::Value;
///
/// let v = Value::Object(vec![
///     ("id".into(), Value::Int(300)),
///     ("tags".into(), Value::Array(vec!["a".into(), "b".into()])),
/// ]);
/// let bytes = v.to_vec();
/// assert_eq!(Value::from_slice(&bytes).unwrap(), v);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `Z`: null.
    Null,
    /// `T` / `F`.
    Bool(bool),
    /// `i U I l L`: any integer, written with the smallest marker.
    Int(i64),
    /// `d`: a 32-bit float.
    Float32(f32),
    /// `D`: a 64-bit float.
    Float64(f64),
    /// `H`: a number in JSON number syntax, of any precision.
    HighPrecision(HighPrecision<'a>),
    /// `C`: one ASCII character.
    Char(Char),
    /// `S`: a UTF-8 string.
    String(Cow<'a, str>),
    /// `[$U#n`: a byte string.
    Binary(Cow<'a, [u8]>),
    /// `[` … `]`: an array.
    Array(Vec<Value<'a>>),
    /// `{` … `}`: an object, as an ordered list of entries.
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
}

impl Value<'_> {
    /// Converts every borrowed part into an owned one, detaching the value
    /// from the input it was read from.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let owned: Value<'static> = {
    ///     let input = vec![b'S', b'U', 2, b'h', b'i'];
    ///     Value::from_slice(&input).unwrap().into_owned()
    /// };
    /// assert_eq!(owned, Value::from("hi"));
    /// ```
    #[must_use]
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(b),
            Value::Int(i) => Value::Int(i),
            Value::Float32(x) => Value::Float32(x),
            Value::Float64(x) => Value::Float64(x),
            Value::HighPrecision(h) => Value::HighPrecision(h.into_owned()),
            Value::Char(c) => Value::Char(c),
            Value::String(s) => Value::String(Cow::Owned(s.into_owned())),
            Value::Binary(b) => Value::Binary(Cow::Owned(b.into_owned())),
            Value::Array(items) => Value::Array(items.into_iter().map(Value::into_owned).collect()),
            Value::Object(entries) => Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                    .collect(),
            ),
        }
    }

    /// Whether this is [`Value::Null`].
    ///
    /// ```
    /// assert!(ubjson_envelope::Value::Null.is_null());
    /// ```
    #[must_use]
    pub const fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The boolean, if this is a [`Value::Bool`].
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Value::Bool(true).as_bool(), Some(true));
    /// ```
    #[must_use]
    pub const fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The integer, if this is a [`Value::Int`].
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Value::Int(-5).as_i64(), Some(-5));
    /// ```
    #[must_use]
    pub const fn as_i64(&self) -> Option<i64> {
        match *self {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The number as an `f64`, if this is a [`Value::Float32`] or
    /// [`Value::Float64`].
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Value::Float32(0.5).as_f64(), Some(0.5));
    /// ```
    #[must_use]
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::Float32(x) => Some(f64::from(x)),
            Value::Float64(x) => Some(x),
            _ => None,
        }
    }

    /// The text, if this is a [`Value::String`].
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Value::from("hi").as_str(), Some("hi"));
    /// ```
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes, if this is a [`Value::Binary`].
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// assert_eq!(Value::from(&b"\x01\x02"[..]).as_bytes(), Some(&[1u8, 2][..]));
    /// ```
    #[must_use]
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Binary(b) => Some(b),
            _ => None,
        }
    }

    /// The elements, if this is a [`Value::Array`].
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// assert_eq!(Value::Array(vec![Value::Null]).as_array().map(<[_]>::len), Some(1));
    /// ```
    #[must_use]
    pub fn as_array(&self) -> Option<&[Self]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The entries, if this is a [`Value::Object`].
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let v = Value::Object(vec![("a".into(), Value::Null)]);
    /// assert_eq!(v.as_object().unwrap()[0].0, "a");
    /// ```
    #[must_use]
    pub fn as_object(&self) -> Option<&[(Cow<'_, str>, Self)]> {
        match self {
            Value::Object(entries) => Some(entries),
            _ => None,
        }
    }

    /// The value of the first entry with this key, if this is an object.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// let v = Value::Object(vec![("a".into(), Value::Int(1))]);
    /// assert_eq!(v.get("a"), Some(&Value::Int(1)));
    /// assert_eq!(v.get("b"), None);
    /// ```
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Value::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl From<bool> for Value<'_> {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value<'_> {
            fn from(i: $t) -> Self {
                Value::Int(i64::from(i))
            }
        }
    )*};
}
from_int!(i8, u8, i16, u16, i32, u32, i64);

impl From<f32> for Value<'_> {
    fn from(x: f32) -> Self {
        Value::Float32(x)
    }
}

impl From<f64> for Value<'_> {
    fn from(x: f64) -> Self {
        Value::Float64(x)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(s: &'a str) -> Self {
        Value::String(Cow::Borrowed(s))
    }
}

impl From<String> for Value<'_> {
    fn from(s: String) -> Self {
        Value::String(Cow::Owned(s))
    }
}

impl<'a> From<&'a [u8]> for Value<'a> {
    fn from(b: &'a [u8]) -> Self {
        Value::Binary(Cow::Borrowed(b))
    }
}

impl From<Vec<u8>> for Value<'_> {
    fn from(b: Vec<u8>) -> Self {
        Value::Binary(Cow::Owned(b))
    }
}

impl From<Char> for Value<'_> {
    fn from(c: Char) -> Self {
        Value::Char(c)
    }
}

impl<'a> From<HighPrecision<'a>> for Value<'a> {
    fn from(h: HighPrecision<'a>) -> Self {
        Value::HighPrecision(h)
    }
}

impl<'a> From<Vec<Value<'a>>> for Value<'a> {
    fn from(items: Vec<Value<'a>>) -> Self {
        Value::Array(items)
    }
}

/// A UBJSON `C` value: one ASCII character (0..=127).
///
/// Draft 12 chars are a single byte; bytes above 127 are invalid, so a `Char`
/// can only be built from ASCII.
///
/// ```
/// use ubjson_envelope::Char;
///
/// let c = Char::new(b'A').unwrap();
/// assert_eq!(c.get(), 65);
/// assert_eq!(c.to_char(), 'A');
/// assert!(Char::new(0x80).is_none());
/// assert!(Char::from_char('é').is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Char(u8);

impl Char {
    /// The char for an ASCII byte, or `None` above 127.
    ///
    /// ```
    /// assert!(ubjson_envelope::Char::new(127).is_some());
    /// ```
    #[must_use]
    pub const fn new(byte: u8) -> Option<Char> {
        if byte.is_ascii() {
            Some(Char(byte))
        } else {
            None
        }
    }

    /// The char for an ASCII `char`, or `None` for anything else.
    ///
    /// ```
    /// assert!(ubjson_envelope::Char::from_char('z').is_some());
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Char> {
        if c.is_ascii() {
            // `c` is ASCII, so it fits in a byte.
            #[allow(clippy::cast_possible_truncation)] // checked just above
            Some(Char(c as u8))
        } else {
            None
        }
    }

    /// The byte value (0..=127).
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Char::new(b'x').unwrap().get(), b'x');
    /// ```
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The value as a `char`.
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::Char::new(b'x').unwrap().to_char(), 'x');
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        self.0 as char
    }
}

impl fmt::Display for Char {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_char(), f)
    }
}

/// A UBJSON `H` value: a number of arbitrary precision, kept as text in JSON
/// number syntax (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
///
/// The syntax is checked when the value is built and when it is read, so
/// the writer never emits an invalid `H`.
///
/// ```
/// use ubjson_envelope::HighPrecision;
///
/// let pi = HighPrecision::new("3.14159265358979323846264338327950288").unwrap();
/// assert_eq!(pi.as_str().len(), 37);
/// assert!(HighPrecision::new("1e400").is_some());
/// assert!(HighPrecision::new("01").is_none());
/// assert!(HighPrecision::new("NaN").is_none());
/// assert!(HighPrecision::new(" 1").is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HighPrecision<'a>(Cow<'a, str>);

impl<'a> HighPrecision<'a> {
    /// Wraps the text if it is in JSON number syntax, else returns `None`.
    ///
    /// ```
    /// use ubjson_envelope::HighPrecision;
    ///
    /// assert!(HighPrecision::new(String::from("-0.5E+10")).is_some());
    /// assert!(HighPrecision::new("1.").is_none());
    /// ```
    #[must_use]
    pub fn new(text: impl Into<Cow<'a, str>>) -> Option<Self> {
        let text = text.into();
        if Self::is_valid(&text) {
            Some(HighPrecision(text))
        } else {
            None
        }
    }

    /// Whether `text` is in JSON number syntax.
    ///
    /// ```
    /// use ubjson_envelope::HighPrecision;
    ///
    /// assert!(HighPrecision::is_valid("0"));
    /// assert!(HighPrecision::is_valid("-12.5e-3"));
    /// assert!(!HighPrecision::is_valid("+1"));
    /// assert!(!HighPrecision::is_valid(".5"));
    /// assert!(!HighPrecision::is_valid(""));
    /// ```
    #[must_use]
    pub fn is_valid(text: &str) -> bool {
        is_json_number(text.as_bytes())
    }

    /// The number's text.
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::HighPrecision::new("1").unwrap().as_str(), "1");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number's text, consuming the value.
    ///
    /// ```
    /// let h = ubjson_envelope::HighPrecision::new("2").unwrap();
    /// assert_eq!(h.into_inner(), "2");
    /// ```
    #[must_use]
    pub fn into_inner(self) -> Cow<'a, str> {
        self.0
    }

    /// An owned copy, detached from any input.
    ///
    /// ```
    /// let h = ubjson_envelope::HighPrecision::new("2").unwrap().into_owned();
    /// assert_eq!(h.as_str(), "2");
    /// ```
    #[must_use]
    pub fn into_owned(self) -> HighPrecision<'static> {
        HighPrecision(Cow::Owned(self.0.into_owned()))
    }
}

impl fmt::Display for HighPrecision<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks JSON number syntax (RFC 8259 section 6).
fn is_json_number(b: &[u8]) -> bool {
    fn digits(b: &[u8], mut i: usize) -> usize {
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    }
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i = 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits(b, i + 1),
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        let j = digits(b, i + 1);
        if j == i + 1 {
            return false;
        }
        i = j;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let j = digits(b, i);
        if j == i {
            return false;
        }
        i = j;
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::is_json_number;

    #[test]
    fn json_number_syntax() {
        for ok in [
            "0",
            "-0",
            "1",
            "10",
            "0.5",
            "-0.5",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.25e-10",
            "123456789012345678901234567890",
        ] {
            assert!(is_json_number(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "", "-", "+1", "01", "-01", "1.", ".1", "1e", "1e+", "1.e5", "0x10", "1 ", " 1", "NaN",
            "Infinity", "1_000", "--1", "1.2.3", "1e5e5",
        ] {
            assert!(!is_json_number(bad.as_bytes()), "{bad}");
        }
    }
}
