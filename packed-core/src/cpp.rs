//! Rust types for C++ standard types that have no Rust type of the same shape:
//! [`Fields`] (values one after another: `std::pair`, an array written element by
//! element), [`Bitset`] (`std::bitset<N>`), [`U16String`] (`std::u16string`) and
//! [`WString`] (`std::wstring`).
//!
//! Most C++ standard types map to a Rust type directly; the layout's
//! [`Conventions`](crate::layout::Conventions) say how each library frames them:
//!
//! | C++ | Rust |
//! |---|---|
//! | `std::string`, `std::vector<T>`, `std::deque<T>`, `std::list<T>` | `String`, `Vec<T>`, `VecDeque<T>`, `LinkedList<T>` |
//! | `std::map`, `std::unordered_map`, `std::set`, `std::unordered_set` | `BTreeMap`, `HashMap`, `BTreeSet`, `HashSet` |
//! | `std::multimap<K, V>` | `Vec<Pair<K, V>>` (a `Vec<(K, V)>` under Bitsery) |
//! | `std::optional<T>` | `Option<T>` |
//! | `std::tuple<A, B, ...>` | `(A, B, ...)` (YAS writes a count byte first, Bitsery nothing) |
//! | `std::pair<A, B>` | [`Pair<A, B>`](Pair) (no count in either library) |
//! | `std::array<T, N>`, `T[N]` | `[T; N]` (YAS writes `N` first, Bitsery nothing) |
//! | `std::variant<A, B, ...>` | a derived enum with one field per variant, without `tag` |
//! | `std::chrono::duration`, `time_point<system_clock>` | `Duration`, `SystemTime` (field attributes `unit`, `width`) |
//! | `std::bitset<N>` | [`Bitset<N>`](Bitset) |
//! | `std::u16string`, `std::wstring` | [`U16String`], [`WString`] |
//!
//! A Rust tuple is a `std::tuple`, because a tuple of any length is one; a `std::pair`
//! is written like the two-element `std::tuple` under Bitsery but without YAS's count
//! byte, so it takes its own type, [`Pair`]. The choice is per type, so it holds inside
//! any container: `Vec<Pair<K, V>>` is YAS's `std::vector<std::pair<K, V>>` and
//! `std::multimap<K, V>`.

/// Values written one after another, with no framing of their own: the elements of a
/// tuple without YAS's count byte, or of an array without YAS's length, each as a
/// single value (a field, not an element of a contiguous sequence).
///
/// - `Fields<(A, B)>` ([`Pair<A, B>`](Pair)) is a `std::pair<A, B>`.
/// - `Fields<[T; N]>` is `N` values written one by one, as a C++ struct's fields or a
///   loop over an array (`for (auto& e : a) ar & e;`) write them; under Bitsery's
///   conventions it is the same as `[T; N]`.
///
/// ```
/// use packed_core::{cpp::Fields, layout::Yas};
///
/// // A tuple under YAS: the count byte 2, then the elements; a pair: the elements.
/// let tuple = packed_core::to_vec_as::<Yas, _>(&(1u8, 2u8))?;
/// let pair = packed_core::to_vec_as::<Yas, _>(&Fields((1u8, 2u8)))?;
/// assert_eq!((&tuple[7..], &pair[7..]), (&[2, 1, 2][..], &[1, 2][..]));
/// // An array under YAS: its length as a size, then the elements; as fields: the elements.
/// let array = packed_core::to_vec_as::<Yas, _>(&[7u8; 2])?;
/// let fields = packed_core::to_vec_as::<Yas, _>(&Fields([7u8; 2]))?;
/// assert_eq!((&array[7..], &fields[7..]), (&[2, 0, 0, 0, 0, 0, 0, 0, 7, 7][..], &[7, 7][..]));
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Fields<T>(pub T);

/// A `std::pair<A, B>`: `A`, then `B`, with no count in either library.
///
/// ```
/// use packed_core::cpp::{Fields, Pair};
/// let p: Pair<u8, String> = Fields((1, "a".into()));
/// assert_eq!(packed_core::to_vec_as::<packed_core::layout::YasNoHeader, _>(&p)?, [1, 1, 0, 0, 0, 0, 0, 0, 0, b'a']);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
pub type Pair<A, B> = Fields<(A, B)>;

impl<T> From<T> for Fields<T> {
    fn from(v: T) -> Self {
        Self(v)
    }
}

impl<T> core::ops::Deref for Fields<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> core::ops::DerefMut for Fields<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// A `std::bitset<N>`: `N` bits, bit `i` at `self.0[i]` (`bitset[i]`).
///
/// Under Bitsery's conventions ⌈N/8⌉ bytes, bit `i` in byte `i / 8` at bit `i % 8`
/// (`ext::StdBitset`); inside a bit-packing session (a field of a `#[packed(bitpack)]`
/// type) the whole bytes, then the `N % 8` bits past them as single bits, as
/// `ext::StdBitset` writes them there. Under YAS's conventions the bit count `N` as a
/// length, then those bytes as a `std::vector<uint8_t>` (their count, then the
/// bytes). Bits past `N` in the last byte must be zero on decode
/// ([`DecodeError::BitsetPadding`]); a count other than `N` (YAS) is
/// [`DecodeError::LengthMismatch`].
///
/// ```
/// use packed_core::cpp::Bitset;
/// let mut bits = Bitset::<10>::new();
/// bits.set(0, true);
/// bits.set(2, true);
/// bits.set(9, true);
/// assert_eq!(packed_core::to_vec(&bits)?, [0x05, 0x02]);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// [`DecodeError::BitsetPadding`]: crate::DecodeError::BitsetPadding
/// [`DecodeError::LengthMismatch`]: crate::DecodeError::LengthMismatch
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitset<const N: usize>(pub [bool; N]);

impl<const N: usize> Bitset<N> {
    /// All bits clear.
    #[must_use]
    pub const fn new() -> Self {
        Self([false; N])
    }

    /// Bit `i`.
    ///
    /// # Panics
    /// If `i >= N`, as indexing does.
    #[must_use]
    pub fn get(&self, i: usize) -> bool {
        self.0[i]
    }

    /// Sets bit `i` to `value`.
    ///
    /// # Panics
    /// If `i >= N`, as indexing does.
    pub fn set(&mut self, i: usize, value: bool) {
        self.0[i] = value;
    }

    /// The number of bits set (`std::bitset::count`).
    #[must_use]
    pub fn count_ones(&self) -> usize {
        self.0.iter().filter(|b| **b).count()
    }

    /// Byte `k` of the wire form: bits `8k`..`8k + 7`, bit `8k + j` at bit `j`.
    pub(crate) fn byte(&self, k: usize) -> u8 {
        self.0[k * 8..N.min(k * 8 + 8)]
            .iter()
            .enumerate()
            .fold(0, |byte, (j, bit)| byte | (u8::from(*bit) << j))
    }
}

impl<const N: usize> Default for Bitset<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> From<[bool; N]> for Bitset<N> {
    fn from(bits: [bool; N]) -> Self {
        Self(bits)
    }
}

/// A `std::u16string`: text, written as UTF-16 code units.
///
/// Under Bitsery's conventions the number of code units, then each unit as a `u16`
/// (`text2b`: the same bytes as a `Vec<u16>` of them); under YAS's, UTF-8 as a
/// `std::string`, each code unit converted on its own (`types/std/u16string.hpp`), so a
/// character outside the Basic Multilingual Plane is its two surrogates as three bytes
/// each (CESU-8), not the four bytes of UTF-8. An unpaired surrogate is
/// [`DecodeError::InvalidUtf16`] (a Rust `String` cannot hold one).
///
/// ```
/// use packed_core::cpp::U16String;
/// let s = U16String("a😀".into());
/// assert_eq!(packed_core::to_vec(&s)?, [3, 0x61, 0, 0x3d, 0xd8, 0x00, 0xde]);
/// let yas = packed_core::to_vec_as::<packed_core::layout::YasNoHeader, _>(&s)?;
/// assert_eq!(yas[8..], [0x61, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// [`DecodeError::InvalidUtf16`]: crate::DecodeError::InvalidUtf16
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U16String(pub alloc::string::String);

/// A `std::wstring` with a 32-bit `wchar_t` (Linux, macOS; on Windows `wchar_t` is 16
/// bits and a `std::wstring` is a [`U16String`]): text, written as UTF-32 code units.
///
/// Under Bitsery's conventions the number of characters, then each as a `u32`
/// (`text4b`); under YAS's, UTF-8 as a `std::string` (`types/std/wstring.hpp`): the
/// same bytes as a `String`. A unit that is no Unicode scalar value is
/// [`DecodeError::InvalidChar`](crate::DecodeError::InvalidChar).
///
/// ```
/// use packed_core::cpp::WString;
/// assert_eq!(packed_core::to_vec(&WString("é".into()))?, [1, 0xe9, 0, 0, 0]);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WString(pub alloc::string::String);
