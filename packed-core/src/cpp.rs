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
