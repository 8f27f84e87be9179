//! [`FixedSize`]: what the hidden `fixed_size` hook of [`Encode`](crate::Encode) and
//! [`Decode`](crate::Decode) answers, and what the runs and the memory images act on.

use super::image::{self, ImageProof};
use super::run::{self, run_size};

/// What the speed paths know about a type's encoding under one context: the number of
/// bytes every value takes ([`bytes`](FixedSize::bytes), 0 if that varies or is
/// nothing), and, where the type's memory is its encoding, the proof of it
/// ([`image`](FixedSize::image)).
///
/// A fixed size lets a value be written as one run and read from one borrowed slice
/// (`fast::run`); an image lets a slice of values be one copy each way
/// (`fast::image`). Both are constants once the hook is inlined. The hook must agree
/// with `encode` and `decode`: a run whose parts write or read another number of bytes
/// is an [`EncodeError::FixedSizeMismatch`](crate::EncodeError::FixedSizeMismatch) or a
/// [`DecodeError::FixedSizeMismatch`](crate::DecodeError::FixedSizeMismatch), never
/// wrong bytes.
pub struct FixedSize<T: ?Sized> {
    bytes: usize,
    /// Levels of nesting a value enters when read field by field (a derived struct is
    /// one, and one more for each derived struct it holds, however deep): a run or an
    /// image is read only where the reader has that many levels left, so
    /// [`Limits::max_depth`](crate::Limits::max_depth) refuses the same values either way.
    levels: usize,
    image: Option<ImageProof<T>>,
}

impl<T: ?Sized> Clone for FixedSize<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: ?Sized> Copy for FixedSize<T> {}

impl<T: ?Sized> core::fmt::Debug for FixedSize<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedSize")
            .field("bytes", &self.bytes)
            .field("levels", &self.levels)
            .field("image", &self.image.is_some())
            .finish()
    }
}

impl<T: ?Sized> FixedSize<T> {
    /// Values of varying size, or of none: the hook's default.
    pub const VARIES: Self = Self {
        bytes: 0,
        levels: 0,
        image: None,
    };

    /// Every value takes `bytes` bytes (0: varies); not a memory image.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub const fn of(bytes: usize) -> Self {
        Self {
            bytes,
            levels: 0,
            image: None,
        }
    }

    /// A value made of parts of the given sizes, one after another (a derived struct's
    /// written fields, a tuple): their sum, or varies if any of them varies or the sum
    /// overflows.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub const fn run(sizes: &[usize]) -> Self {
        Self::of(run_size(sizes))
    }

    /// A derived struct made of fields of the given [`shape`](FixedSize::shape)s: their
    /// sizes' run (as [`run`](FixedSize::run)), one level of nesting more than the
    /// deepest field.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub const fn record<const N: usize>(fields: [(usize, usize); N]) -> Self {
        let mut sizes = [0; N];
        let mut levels = [0; N];
        let mut i = 0;
        while i < N {
            (sizes[i], levels[i]) = fields[i];
            i += 1;
        }
        Self {
            bytes: run_size(&sizes),
            levels: run::levels(&levels).saturating_add(1),
            image: None,
        }
    }

    /// This size, entering `levels` levels of nesting (those of a value it wraps).
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn nesting(self, levels: usize) -> Self {
        Self { levels, ..self }
    }

    /// This size, and `image` as the proof that the memory is the encoding (the
    /// derive's, for a struct whose fields are all images and leave no gap).
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn with_image(self, image: Option<ImageProof<T>>) -> Self {
        Self {
            bytes: self.bytes,
            levels: self.levels,
            image,
        }
    }

    /// The number of bytes every value takes, 0 if that varies (or is nothing).
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn bytes(self) -> usize {
        self.bytes
    }

    /// The levels of nesting a value enters when read field by field.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn levels(self) -> usize {
        self.levels
    }

    /// Its size and levels of nesting, for a derived struct's
    /// [`record`](FixedSize::record).
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn shape(self) -> (usize, usize) {
        (self.bytes, self.levels)
    }

    /// The proof that the memory of a value is its encoding, if it is.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn image(self) -> Option<ImageProof<T>> {
        self.image
    }

    /// Whether the memory of a value is its encoding.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub fn is_image(self) -> bool {
        self.image.is_some()
    }
}

impl<T> FixedSize<T> {
    /// The fixed size of `[T; N]`: `N` times this one (varies if this varies, `N` is 0
    /// or the product overflows), an image where `T` is one.
    #[cfg_attr(not(debug_assertions), inline)]
    #[must_use]
    pub(crate) fn array<const N: usize>(self) -> FixedSize<[T; N]> {
        FixedSize {
            bytes: self.bytes.checked_mul(N).unwrap_or(0),
            levels: self.levels,
            image: self.image.map(image::array),
        }
    }
}
