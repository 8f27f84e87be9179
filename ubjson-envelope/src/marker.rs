//! The one-byte type markers of UBJSON Draft 12.

use core::fmt;

/// A UBJSON Draft 12 type marker: the first byte of every value, plus the
/// container control bytes (`]`, `}`, `$`, `#`) and the no-op `N`.
///
/// Draft 12 is frozen, so this set is complete and the enum is exhaustive.
///
/// ```
/// use ubjson_envelope::Marker;
///
/// assert_eq!(Marker::from_byte(b'i'), Some(Marker::Int8));
/// assert_eq!(Marker::Int16.byte(), b'I');
/// assert_eq!(Marker::from_byte(b'?'), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Marker {
    /// `Z` (0x5A): null. No payload.
    Null = b'Z',
    /// `N` (0x4E): no-op. Skipped by readers; allowed only inside containers.
    NoOp = b'N',
    /// `T` (0x54): true. No payload.
    True = b'T',
    /// `F` (0x46): false. No payload.
    False = b'F',
    /// `i` (0x69): signed 8-bit integer.
    Int8 = b'i',
    /// `U` (0x55): unsigned 8-bit integer.
    UInt8 = b'U',
    /// `I` (0x49): signed 16-bit integer, big-endian.
    Int16 = b'I',
    /// `l` (0x6C): signed 32-bit integer, big-endian.
    Int32 = b'l',
    /// `L` (0x4C): signed 64-bit integer, big-endian.
    Int64 = b'L',
    /// `d` (0x64): IEEE 754 binary32, big-endian.
    Float32 = b'd',
    /// `D` (0x44): IEEE 754 binary64, big-endian.
    Float64 = b'D',
    /// `H` (0x48): high-precision number: a length, then ASCII digits in JSON
    /// number syntax.
    HighPrecision = b'H',
    /// `C` (0x43): one ASCII character (0..=127).
    Char = b'C',
    /// `S` (0x53): string: a length, then UTF-8 bytes.
    String = b'S',
    /// `[` (0x5B): array start.
    ArrayStart = b'[',
    /// `]` (0x5D): array end (only in arrays without a count).
    ArrayEnd = b']',
    /// `{` (0x7B): object start.
    ObjectStart = b'{',
    /// `}` (0x7D): object end (only in objects without a count).
    ObjectEnd = b'}',
    /// `$` (0x24): optimized-container element type; must be followed by `#`.
    ContainerType = b'$',
    /// `#` (0x23): optimized-container element count.
    ContainerCount = b'#',
}

impl Marker {
    /// Every marker, in declaration order.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert_eq!(Marker::ALL.len(), 20);
    /// assert!(Marker::ALL.iter().all(|m| Marker::from_byte(m.byte()) == Some(*m)));
    /// ```
    pub const ALL: [Marker; 20] = [
        Marker::Null,
        Marker::NoOp,
        Marker::True,
        Marker::False,
        Marker::Int8,
        Marker::UInt8,
        Marker::Int16,
        Marker::Int32,
        Marker::Int64,
        Marker::Float32,
        Marker::Float64,
        Marker::HighPrecision,
        Marker::Char,
        Marker::String,
        Marker::ArrayStart,
        Marker::ArrayEnd,
        Marker::ObjectStart,
        Marker::ObjectEnd,
        Marker::ContainerType,
        Marker::ContainerCount,
    ];

    /// The marker for a byte, or `None` if the byte is not a Draft 12 marker.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert_eq!(Marker::from_byte(b'['), Some(Marker::ArrayStart));
    /// assert_eq!(Marker::from_byte(0), None);
    /// ```
    #[must_use]
    pub const fn from_byte(byte: u8) -> Option<Marker> {
        Some(match byte {
            b'Z' => Marker::Null,
            b'N' => Marker::NoOp,
            b'T' => Marker::True,
            b'F' => Marker::False,
            b'i' => Marker::Int8,
            b'U' => Marker::UInt8,
            b'I' => Marker::Int16,
            b'l' => Marker::Int32,
            b'L' => Marker::Int64,
            b'd' => Marker::Float32,
            b'D' => Marker::Float64,
            b'H' => Marker::HighPrecision,
            b'C' => Marker::Char,
            b'S' => Marker::String,
            b'[' => Marker::ArrayStart,
            b']' => Marker::ArrayEnd,
            b'{' => Marker::ObjectStart,
            b'}' => Marker::ObjectEnd,
            b'$' => Marker::ContainerType,
            b'#' => Marker::ContainerCount,
            _ => return None,
        })
    }

    /// The byte that encodes this marker.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert_eq!(Marker::Null.byte(), 0x5A);
    /// ```
    #[must_use]
    pub const fn byte(self) -> u8 {
        self as u8
    }

    /// Whether this marker introduces an integer (`i`, `U`, `I`, `l`, `L`):
    /// the only markers allowed for lengths and counts.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert!(Marker::UInt8.is_integer());
    /// assert!(!Marker::Float32.is_integer());
    /// ```
    #[must_use]
    pub const fn is_integer(self) -> bool {
        matches!(
            self,
            Marker::Int8 | Marker::UInt8 | Marker::Int16 | Marker::Int32 | Marker::Int64
        )
    }

    /// Whether this marker may follow `$` as the element type of an optimized
    /// container: every value marker except the no-op `N`.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert!(Marker::UInt8.is_container_type());
    /// assert!(Marker::ArrayStart.is_container_type());
    /// assert!(!Marker::NoOp.is_container_type());
    /// assert!(!Marker::ArrayEnd.is_container_type());
    /// ```
    #[must_use]
    pub const fn is_container_type(self) -> bool {
        !matches!(
            self,
            Marker::NoOp
                | Marker::ArrayEnd
                | Marker::ObjectEnd
                | Marker::ContainerType
                | Marker::ContainerCount
        )
    }

    /// The number of payload bytes that follow this marker when its payload
    /// has a fixed size, e.g. 2 for `I` and 0 for `Z`; `None` for variable
    /// sized values (`H`, `S`, containers) and control markers.
    ///
    /// ```
    /// use ubjson_envelope::Marker;
    ///
    /// assert_eq!(Marker::Int64.fixed_size(), Some(8));
    /// assert_eq!(Marker::True.fixed_size(), Some(0));
    /// assert_eq!(Marker::String.fixed_size(), None);
    /// ```
    #[must_use]
    pub const fn fixed_size(self) -> Option<usize> {
        match self {
            Marker::Null | Marker::True | Marker::False => Some(0),
            Marker::Int8 | Marker::UInt8 | Marker::Char => Some(1),
            Marker::Int16 => Some(2),
            Marker::Int32 | Marker::Float32 => Some(4),
            Marker::Int64 | Marker::Float64 => Some(8),
            _ => None,
        }
    }
}

impl From<Marker> for u8 {
    fn from(marker: Marker) -> u8 {
        marker.byte()
    }
}

impl fmt::Display for Marker {
    /// Shows the marker as its ASCII character in backticks, e.g. `` `[` ``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", char::from(self.byte()))
    }
}
