//! The game's bit-packed message decoded by hand: the floor a generated decode with
//! the session's reader in local variables could reach (PERF.md, "The bit path,
//! session 6"). The same wire rules as `GameBits` and the same checks (ranges, `max`,
//! lengths against the bits left, UTF-8), but every error is `None`: no offsets, no
//! depth limit, no ledger, and only the forms of the length prefix this data has.
//! Not a reader: the input is padded with 8 zero bytes so that every refill is one
//! load.
//!
//! ```text
//! cargo build --release -p packed-benches --example bits_floor
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/bits_floor 200
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/bits_floor 100
//! ```

use packed_benches::{GameBits, PlayerBits};

/// The same allocator as the other harnesses.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The session's reader, as `packed_core`'s reads a slice: an accumulator refilled 8
/// bytes at a time.
struct Cursor<'a> {
    input: &'a [u8],
    acc: u64,
    avail: u32,
    taken: usize,
}

impl Cursor<'_> {
    #[inline(always)]
    fn read(&mut self, bits: u32) -> Option<u64> {
        if self.avail < bits {
            let word = self.input.get(self.taken..)?.first_chunk::<8>()?;
            self.acc |= u64::from_le_bytes(*word) << self.avail;
            self.taken += ((63 - self.avail) >> 3) as usize;
            self.avail |= 56;
        }
        let v = self.acc & ((1u64 << bits) - 1);
        self.acc >>= bits;
        self.avail -= bits;
        Some(v)
    }

    /// Bits left in the input.
    #[inline(always)]
    fn left(&self) -> usize {
        8 * (self.input.len() - self.taken) + self.avail as usize
    }

    /// Bitsery's compact size, its 1- and 2-byte forms.
    #[inline(always)]
    fn len(&mut self) -> Option<usize> {
        let hb = self.read(8)?;
        if hb < 0x80 {
            return Some(hb as usize);
        }
        if hb & 0x40 == 0 {
            let lb = self.read(8)?;
            return Some((((hb & 0x7f) << 8) | lb) as usize);
        }
        None
    }
}

/// A coordinate's 18-bit code, as Bitsery's `ValueRange<float>` reads it.
#[inline(always)]
fn coord(code: u64) -> Option<f32> {
    let code = (code & 0x3ffff) as u32;
    let top = ((1u64 << 18) - 1) as f32;
    let v = -1000.0f32 + (code as f32 / top) * 2000.0f32;
    (-1000.0..=1000.0).contains(&v).then_some(v)
}

#[inline(never)]
fn decode(input: &[u8]) -> Option<GameBits> {
    let mut c = Cursor {
        input,
        acc: 0,
        avail: 0,
        taken: 0,
    };
    let n = c.len()?;
    if n > 10_000 || n > c.left() {
        return None;
    }
    let mut players = Vec::with_capacity(n);
    for _ in 0..n {
        let g = c.read(54)?;
        let (x, y, z) = (coord(g)?, coord(g >> 18)?, coord(g >> 36)?);
        let h = c.read(11)?;
        let health = (h & 0x7f) as u8;
        if health > 100 {
            return None;
        }
        let len = c.len()?;
        if len > 16 || 8 * len > c.left() {
            return None;
        }
        // Up to 7 letters: one read, checked as ASCII in the word; longer: 7 at a time.
        let name = if len <= 7 {
            let w = c.read(8 * len as u32)?;
            if w & 0x8080_8080_8080_8080 != 0 {
                return None; // not ASCII: not in this data
            }
            let bytes = w.to_le_bytes();
            String::from(core::str::from_utf8(&bytes[..len]).ok()?)
        } else {
            let mut name = Vec::with_capacity(len);
            let mut left = len;
            while left > 0 {
                let k = left.min(7);
                let w = c.read(8 * k as u32)?;
                name.extend_from_slice(&w.to_le_bytes()[..k]);
                left -= k;
            }
            String::from_utf8(name).ok()?
        };
        let count = c.len()?;
        if count > 8 || count > c.left() {
            return None;
        }
        let mut items = Vec::with_capacity(count);
        for _ in 0..count {
            items.push((c.read(10)? & 0x3ff) as u16);
        }
        players.push(PlayerBits {
            x,
            y,
            z,
            health,
            alive: (h >> 7) & 1 != 0,
            crouching: (h >> 8) & 1 != 0,
            firing: (h >> 9) & 1 != 0,
            invisible: (h >> 10) & 1 != 0,
            name,
            items,
        });
    }
    Some(GameBits { players })
}

fn main() {
    let iters: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("usage: bits_floor ITERATIONS");
    let game = GameBits::from(&packed_benches::generate_game());
    let mut input = packed_core::to_vec(&game).expect("in range");
    input.extend_from_slice(&[0; 8]);
    assert!(
        decode(&input).as_ref() == Some(&game),
        "decodes the message"
    );
    for _ in 0..iters {
        std::hint::black_box(decode(std::hint::black_box(&input)));
    }
}
