//! Integration tests for packed live in the test targets of this package; this library
//! holds what several of them share.

/// Calls `$callback!` once with the seven configurations of the C++ libraries' output the
/// tests compare with (`testdata/golden/README.md`), one row each:
///
/// ```text
/// [index "name" module (container attributes) Layout]
/// ```
///
/// the configuration's position in [`CONFIGS`], its name in the golden files, the module
/// a test declares that configuration's types in, what goes inside `#[packed(...)]` to
/// give a type that framing, and the `packed_core::layout` type `to_vec_as` takes for it.
/// Tokens after a `;` are passed on before the rows: `configurations!(m; a b)` calls
/// `m! { a b ; [0 "bitsery-le" ...] ... }`. The golden tests and the differential test
/// take their types and layouts from here, so the mapping is written once.
#[macro_export]
macro_rules! configurations {
    ($callback:ident $(; $($pass:tt)*)?) => {
        $callback! { $($($pass)*)? ;
            [0 "bitsery-le" bitsery_le (layout = "bitsery") Bitsery]
            [1 "bitsery-be" bitsery_be (endian = "big") BitseryBig]
            [2 "yas-binary" yas_binary (layout = "yas") Yas]
            [3 "yas-binary-noheader" yas_noheader (layout = "yas-noheader") YasNoHeader]
            [4 "yas-binary-compacted" yas_compacted (layout = "yas-compacted") YasCompacted]
            [5 "yas-binary-ebig" yas_ebig (layout = "yas", endian = "big") YasBig]
            [6 "yas-binary-compacted-ebig" yas_compacted_ebig
                (layout = "yas-compacted", endian = "big") YasCompactedBig]
        }
    };
}

macro_rules! names {
    (; $([$i:literal $name:literal $($rest:tt)*])*) => {
        [$($name),*]
    };
}

/// The seven configurations' names, as in the golden file names.
pub const CONFIGS: [&str; 7] = configurations!(names);

/// A xorshift64* generator for the randomized tests: small, fast and the same on every
/// platform, so a seed printed by a failing run replays it anywhere.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform-enough in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    /// True once in `one_in` times, on average.
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}
