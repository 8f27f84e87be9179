//! The divisions of `f32` float ranges ([`FloatRange`](crate::wire::coded::FloatRange))
//! as multiplications: a division takes the divider for several cycles, and a bit-packed
//! record of three coordinates has three of them each way.
//!
//! [`div_f32`] gives the `f32` quotient the division gives wherever it is a normal float
//! or zero (the proof is on the function); the float ranges use it only there.

/// `a / d` in `f32` for finite `a` and `d`, as `a * (1 / d)` in `f64` rounded to `f32`:
/// exactly the quotient of `a / d` wherever that is a normal float or zero. With `d`
/// a constant (a range's), `1 / d` is worked out at compile time, so no division is
/// left.
///
/// Why it is exact. Let `q = a / d` (the real quotient). `p`, the product in `f64`, is
/// `q (1 + e)` with `|e| <= 2^-52` (`1 / d` rounded once, the product once). Rounding
/// `p` to the nearest `f32` gives what rounding `q` gives unless a point halfway between
/// two `f32` lies between them (or on `p`). Write `a = A 2^α` and `d = D 2^δ` with `A`,
/// `D` integers below 2^24, `D` odd (every `f32` is such). If `q` is in `[2^k, 2^(k+1))`,
/// the halfway points there are odd multiples of `2^(k-24)`, and `q - m 2^(k-24)` is
/// `(A 2^(α-δ) - m D 2^(k-24)) / D`, where `α - δ > k - 24` (since `q < 2^24 2^(α-δ)`):
/// so it is zero or at least `2^(k-24) / D > 2^(k-48)` away, while `|p - q|` is below
/// `2^(k+1) 2^-52 = 2^(k-51)`. It is never zero: `q` on a halfway point would need
/// `D | A`, and then `q = (A / D) 2^(α-δ)` is itself an `f32`. (For a normal `q` the
/// grid is the one above; `a = 0` gives 0 both ways.)
///
/// Where `q` is below the least normal `f32` the two may differ in their last bit; the
/// callers multiply such a quotient by at most `2^24` and truncate it to an integer, 0
/// either way.
#[inline(always)]
pub(crate) fn div_f32(a: f32, d: f32) -> f32 {
    (f64::from(a) * (1.0 / f64::from(d))) as f32
}

#[cfg(test)]
mod tests {
    use super::div_f32;

    /// Every code of every width a float range takes (1 to 24 bits) over its greatest
    /// code: the decoder's division.
    #[test]
    fn every_code_over_every_top() {
        for bits in 1..=24u32 {
            let top = ((1u64 << bits) - 1) as f32;
            // Every code up to 20 bits; above, every 7th and the last 4096.
            let step = if bits <= 20 { 1 } else { 7 };
            let last = (1u32 << bits) - 1;
            let codes = (0..=last)
                .step_by(step)
                .chain(last.saturating_sub(4095)..=last);
            for code in codes {
                let c = code as f32;
                assert_eq!(
                    div_f32(c, top).to_bits(),
                    (c / top).to_bits(),
                    "{code} / {top}"
                );
            }
        }
    }

    /// The encoder's division, `(v - min) / (max - min)`: over a spread of ranges, the
    /// values of a range's ends, around them and a pseudo-random sample between.
    #[test]
    fn offsets_over_range_widths() {
        let widths = [
            2000.0f32,
            1.0,
            3.0,
            0.1,
            360.0,
            1e-3,
            7.0e5,
            123_456.79,
            16_777_215.0,
            1e-30,
            3e30,
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for d in widths {
            let check = |a: f32| {
                let q = a / d;
                if q == 0.0 || q.is_normal() {
                    assert_eq!(div_f32(a, d).to_bits(), q.to_bits(), "{a} / {d}");
                }
            };
            check(0.0);
            check(d);
            let mut a = d;
            for _ in 0..2000 {
                a = f32::from_bits(a.to_bits() - 1);
                check(a);
            }
            for _ in 0..200_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                check(d * ((x >> 40) as f32 / (1u64 << 24) as f32));
                // Any f32 below d, by its bits.
                check(f32::from_bits((x as u32) % d.to_bits().max(1)));
            }
        }
    }
}
