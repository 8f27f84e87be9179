//! Data sets shared by the benchmarks and the `compare` example: the seed document of
//! the serialization suite that motivates `packed` (wire-format.md, section 5; declared
//! once, in `packed-fixtures`, and re-exported here), its borrowed twin [`DocumentRef`]
//! and its bit-packed twin [`DocumentBits`], and three larger sets made from a fixed
//! seed: [`Logs`] (10,000 web-server log records), [`Mesh`] (125,000 triangles) and
//! [`Game`] (a state update of 1,000 players, plain and bit-packed as [`GameBits`]).
//!
//! Every type here derives only `packed`'s traits; the peers' mirror types live with the
//! benchmarks (their crates are dev-dependencies).

use packed_core::Packed;

pub use packed_fixtures::{seed_document, Document, Item, Meta};

/// [`Meta`], borrowing its string from the input.
#[derive(Packed, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MetaRef<'a> {
    /// Region name.
    pub region: &'a str,
    /// Schema version.
    pub version: i32,
}

/// [`Item`], borrowing its string from the input.
#[derive(Packed, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ItemRef<'a> {
    /// Stock-keeping unit.
    pub sku: &'a str,
    /// Quantity.
    pub qty: i32,
    /// Price in minor units.
    pub price_minor: i64,
}

/// [`Document`] with `&str` fields: the same bytes, decoded without copying strings.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct DocumentRef<'a> {
    /// Identifier.
    pub id: &'a str,
    /// Status code.
    pub status: i32,
    /// Metadata.
    pub meta: MetaRef<'a>,
    /// Line items.
    pub items: Vec<ItemRef<'a>>,
}

impl PartialEq<Document> for DocumentRef<'_> {
    fn eq(&self, d: &Document) -> bool {
        self.id == d.id
            && self.status == d.status
            && self.meta.region == d.meta.region
            && self.meta.version == d.meta.version
            && self.items.len() == d.items.len()
            && self
                .items
                .iter()
                .zip(&d.items)
                .all(|(a, b)| a.sku == b.sku && a.qty == b.qty && a.price_minor == b.price_minor)
    }
}

/// [`Item`] as a growable record (`#[packed(growable)]`, Bitsery's `ext::Growable`): a
/// 4-byte size before each item's fields, so that items can gain fields.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
#[packed(growable)]
pub struct GrowableItem {
    /// Stock-keeping unit.
    pub sku: String,
    /// Quantity.
    pub qty: i32,
    /// Price in minor units.
    pub price_minor: i64,
}

/// The seed [`Document`] with [`GrowableItem`]s: the document itself is not growable,
/// its 8 items are, 4 bytes more each.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct GrowableDocument {
    /// Identifier.
    pub id: String,
    /// Status code.
    pub status: i32,
    /// Metadata.
    pub meta: Meta,
    /// Line items, each a growable record.
    pub items: Vec<GrowableItem>,
}

impl From<&Document> for GrowableDocument {
    fn from(d: &Document) -> Self {
        Self {
            id: d.id.clone(),
            status: d.status,
            meta: d.meta.clone(),
            items: d
                .items
                .iter()
                .map(|i| GrowableItem {
                    sku: i.sku.clone(),
                    qty: i.qty,
                    price_minor: i.price_minor,
                })
                .collect(),
        }
    }
}

/// A small deterministic generator (SplitMix64), so the data sets are the same on
/// every run and every machine without a `rand` dependency.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A float in `[-1, 1)`.
    pub fn unit_f32(&mut self) -> f32 {
        // 24 random bits: every value is exact in an f32.
        ((self.next_u64() >> 40) as f32 / (1u32 << 23) as f32) - 1.0
    }

    /// `len` random lower-case letters.
    pub fn word(&mut self, len: usize) -> String {
        (0..len)
            .map(|_| char::from(b'a' + self.below(26) as u8))
            .collect()
    }
}

/// The seed every generated data set starts from.
pub const SEED: u64 = 42;

/// An IPv4 address, one byte per octet.
#[derive(Packed, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Address {
    /// First octet.
    pub x0: u8,
    /// Second octet.
    pub x1: u8,
    /// Third octet.
    pub x2: u8,
    /// Fourth octet.
    pub x3: u8,
}

/// One web-server log record (the common log format's fields).
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct Log {
    /// Client address.
    pub address: Address,
    /// RFC 1413 identity (`-` when unknown).
    pub identity: String,
    /// Authenticated user.
    pub userid: String,
    /// Request time, `dd/Mon/yyyy:hh:mm:ss +zzzz`.
    pub date: String,
    /// Request line.
    pub request: String,
    /// HTTP status.
    pub code: u16,
    /// Response size in bytes.
    pub size: u64,
}

/// The log data set: [`LOG_RECORDS`] records.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct Logs {
    /// The records.
    pub logs: Vec<Log>,
}

/// [`Log`] with `&str` fields.
#[derive(Packed, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LogRef<'a> {
    /// Client address.
    pub address: Address,
    /// RFC 1413 identity.
    pub identity: &'a str,
    /// Authenticated user.
    pub userid: &'a str,
    /// Request time.
    pub date: &'a str,
    /// Request line.
    pub request: &'a str,
    /// HTTP status.
    pub code: u16,
    /// Response size in bytes.
    pub size: u64,
}

/// [`Logs`] with `&str` fields.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
pub struct LogsRef<'a> {
    /// The records.
    pub logs: Vec<LogRef<'a>>,
}

impl PartialEq<Logs> for LogsRef<'_> {
    fn eq(&self, o: &Logs) -> bool {
        self.logs.len() == o.logs.len()
            && self.logs.iter().zip(&o.logs).all(|(a, b)| {
                a.address == b.address
                    && a.identity == b.identity
                    && a.userid == b.userid
                    && a.date == b.date
                    && a.request == b.request
                    && a.code == b.code
                    && a.size == b.size
            })
    }
}

/// Records in the log data set.
pub const LOG_RECORDS: usize = 10_000;

/// The log data set, generated from [`SEED`].
#[must_use]
pub fn generate_logs() -> Logs {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    const METHODS: [&str; 4] = ["GET", "POST", "PUT", "HEAD"];
    const CODES: [u16; 7] = [200, 204, 301, 304, 400, 404, 500];
    let mut rng = SplitMix64::new(SEED);
    let logs = (0..LOG_RECORDS)
        .map(|_| {
            let address = Address {
                x0: rng.next_u64() as u8,
                x1: rng.next_u64() as u8,
                x2: rng.next_u64() as u8,
                x3: rng.next_u64() as u8,
            };
            let identity = if rng.below(4) == 0 {
                let n = 3 + rng.below(8) as usize;
                rng.word(n)
            } else {
                "-".to_owned()
            };
            let userid = {
                let n = 3 + rng.below(10) as usize;
                rng.word(n)
            };
            let date = format!(
                "{:02}/{}/{}:{:02}:{:02}:{:02} -0700",
                1 + rng.below(28),
                MONTHS[rng.below(12) as usize],
                1995 + rng.below(30),
                rng.below(24),
                rng.below(60),
                rng.below(60),
            );
            let request = {
                let method = METHODS[rng.below(4) as usize];
                let a = 2 + rng.below(8) as usize;
                let b = 2 + rng.below(10) as usize;
                format!("{method} /{}/{}.html HTTP/1.1", rng.word(a), rng.word(b))
            };
            Log {
                address,
                identity,
                userid,
                date,
                request,
                code: CODES[rng.below(7) as usize],
                size: rng.below(100_000),
            }
        })
        .collect();
    Logs { logs }
}

/// A point or direction in space.
#[derive(Packed, Debug, Clone, Copy, PartialEq, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Vector3 {
    /// x.
    pub x: f32,
    /// y.
    pub y: f32,
    /// z.
    pub z: f32,
}

/// A triangle: three corners and a normal (48 bytes, no padding).
#[derive(Packed, Debug, Clone, Copy, PartialEq, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Triangle {
    /// First corner.
    pub v0: Vector3,
    /// Second corner.
    pub v1: Vector3,
    /// Third corner.
    pub v2: Vector3,
    /// Normal.
    pub normal: Vector3,
}

/// The mesh data set: [`MESH_TRIANGLES`] triangles.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
pub struct Mesh {
    /// The triangles.
    pub triangles: Vec<Triangle>,
}

/// Triangles in the mesh data set.
pub const MESH_TRIANGLES: usize = 125_000;

/// The mesh data set, generated from [`SEED`].
#[must_use]
pub fn generate_mesh() -> Mesh {
    let mut rng = SplitMix64::new(SEED);
    let mut v = || Vector3 {
        x: rng.unit_f32(),
        y: rng.unit_f32(),
        z: rng.unit_f32(),
    };
    let triangles = (0..MESH_TRIANGLES)
        .map(|_| Triangle {
            v0: v(),
            v1: v(),
            v2: v(),
            normal: v(),
        })
        .collect();
    Mesh { triangles }
}

/// One player's state in a game's state update: a position, health, four flags, a
/// short name and the items carried.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
pub struct Player {
    /// Position, metres in `-1000..=1000`.
    pub x: f32,
    /// Position.
    pub y: f32,
    /// Position.
    pub z: f32,
    /// Health, `0..=100`.
    pub health: u8,
    /// Alive.
    pub alive: bool,
    /// Crouching.
    pub crouching: bool,
    /// Firing.
    pub firing: bool,
    /// Invisible.
    pub invisible: bool,
    /// Display name, 3 to 8 letters.
    pub name: String,
    /// Item ids in `0..=1023`, at most 8.
    pub items: Vec<u16>,
}

/// A state update: every player.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
pub struct Game {
    /// The players.
    pub players: Vec<Player>,
}

/// [`Player`], bit-packed: the coordinates to a centimetre (18 bits each), health in
/// 7 bits, the flags in a bit each, the item ids in 10 bits each: the golden-ext
/// `bits_game_state` record.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(bitpack)]
pub struct PlayerBits {
    /// Position.
    #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
    pub x: f32,
    /// Position.
    #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
    pub y: f32,
    /// Position.
    #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
    pub z: f32,
    /// Health.
    #[packed(range = "0..=100")]
    pub health: u8,
    /// Alive.
    pub alive: bool,
    /// Crouching.
    pub crouching: bool,
    /// Firing.
    pub firing: bool,
    /// Invisible.
    pub invisible: bool,
    /// Display name.
    #[packed(max = 16)]
    pub name: String,
    /// Item ids.
    #[packed(max = 8, range = "0..=1023")]
    pub items: Vec<u16>,
}

/// [`Game`], bit-packed: one session for the whole update (the players' own sessions
/// join it), padded once.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(bitpack)]
pub struct GameBits {
    /// The players.
    #[packed(max = 10_000)]
    pub players: Vec<PlayerBits>,
}

impl From<&Game> for GameBits {
    fn from(g: &Game) -> Self {
        let players = g
            .players
            .iter()
            .map(|p| PlayerBits {
                x: p.x,
                y: p.y,
                z: p.z,
                health: p.health,
                alive: p.alive,
                crouching: p.crouching,
                firing: p.firing,
                invisible: p.invisible,
                name: p.name.clone(),
                items: p.items.clone(),
            })
            .collect();
        Self { players }
    }
}

/// Players in the game data set.
pub const GAME_PLAYERS: usize = 1_000;

/// A coordinate as the bit-packed layout stores it: `v` quantised to its 18-bit
/// code and back until that is a fixed point, so the bit-packed rows round-trip the
/// data set exactly, as the other rows do. (Quantising is lossy: a value generally
/// comes back up to a centimetre off.)
fn quantised(v: f32) -> f32 {
    #[derive(Packed)]
    #[packed(bitpack)]
    struct Coord(#[packed(range = "-1000.0..=1000.0", precision = 0.01)] f32);
    let mut v = v;
    loop {
        let bytes = packed_core::to_vec(&Coord(v)).expect("in range");
        let Coord(back) = packed_core::from_slice(&bytes).expect("decodes");
        if back == v {
            return v;
        }
        v = back;
    }
}

/// The game data set, generated from [`SEED`]: [`GAME_PLAYERS`] players, coordinates
/// anywhere in the map (on the bit-packed layout's grid), names of 3 to 8 letters, 0
/// to 8 items.
#[must_use]
pub fn generate_game() -> Game {
    let mut rng = SplitMix64::new(SEED);
    let players = (0..GAME_PLAYERS)
        .map(|_| {
            let mut coord = || quantised(rng.unit_f32() * 1000.0);
            let (x, y, z) = (coord(), coord(), coord());
            let health = rng.below(101) as u8;
            let flags = rng.below(16);
            let name_len = 3 + rng.below(6) as usize;
            let item_count = rng.below(9) as usize;
            Player {
                x,
                y,
                z,
                health,
                alive: flags & 1 != 0,
                crouching: flags & 2 != 0,
                firing: flags & 4 != 0,
                invisible: flags & 8 != 0,
                name: rng.word(name_len),
                items: (0..item_count).map(|_| rng.below(1024) as u16).collect(),
            }
        })
        .collect();
    Game { players }
}

/// [`Item`], bit-packed: a quantity up to 1,000 (10 bits), a price up to 10,000.00 in
/// minor units (20 bits).
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
#[packed(bitpack)]
pub struct ItemBits {
    /// Stock-keeping unit.
    pub sku: String,
    /// Quantity.
    #[packed(range = "0..=1000")]
    pub qty: i32,
    /// Price in minor units.
    #[packed(range = "0..=1000000")]
    pub price_minor: i64,
}

/// [`Meta`], bit-packed: a schema version up to 255.
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
#[packed(bitpack)]
pub struct MetaBits {
    /// Region name.
    pub region: String,
    /// Schema version.
    #[packed(range = "0..=255")]
    pub version: i32,
}

/// The seed [`Document`] bit-packed, with sensible ranges on its integers: a status
/// code of 4 bits, and [`MetaBits`], [`ItemBits`].
#[derive(Packed, Debug, Clone, PartialEq, Eq, Default)]
#[packed(bitpack)]
pub struct DocumentBits {
    /// Identifier.
    pub id: String,
    /// Status code.
    #[packed(range = "0..=15")]
    pub status: i32,
    /// Metadata.
    pub meta: MetaBits,
    /// Line items.
    pub items: Vec<ItemBits>,
}

impl From<&Document> for DocumentBits {
    fn from(d: &Document) -> Self {
        Self {
            id: d.id.clone(),
            status: d.status,
            meta: MetaBits {
                region: d.meta.region.clone(),
                version: d.meta.version,
            },
            items: d
                .items
                .iter()
                .map(|i| ItemBits {
                    sku: i.sku.clone(),
                    qty: i.qty,
                    price_minor: i.price_minor,
                })
                .collect(),
        }
    }
}

/// One serializer under test, for values of type `T`: how the benchmarks and the
/// `compare` example drive `packed` and its peers alike.
pub trait Format<T> {
    /// Row name.
    const NAME: &'static str;
    /// State reused across encodes (the output buffer).
    type Enc: Default;
    /// State reused across decodes (only bitcode has any).
    type Dec: Default;

    /// Encodes `value` into `enc`, reusing its allocation, and returns the bytes.
    fn encode<'e>(value: &T, enc: &'e mut Self::Enc) -> &'e [u8];

    /// Decodes an owned value from `bytes`.
    fn decode(bytes: &[u8], dec: &mut Self::Dec) -> T;
}

/// `packed` under layout `L` (through [`packed_core::encode_into_as`] and
/// [`packed_core::from_slice_as`]).
#[derive(Debug)]
pub struct PackedAs<L>(core::marker::PhantomData<L>);

/// Row names of the layouts, as [`Format::NAME`] of [`PackedAs`].
pub trait LayoutName {
    /// Row name.
    const ROW: &'static str;
}

/// Bitsery's layout with fixed `u8`..`u32` length prefixes instead of its compact one.
pub type FixedLen<P> = packed_core::layout::Spec<
    P,
    packed_core::num::Fixed,
    packed_core::num::Little,
    packed_core::layout::NoHeader,
    packed_core::layout::BitseryConventions,
>;

macro_rules! layout_names {
    ($($l:ty => $name:expr),* $(,)?) => {$(
        impl LayoutName for $l {
            const ROW: &'static str = $name;
        }
    )*};
}
layout_names! {
    packed_core::layout::Bitsery => "packed compact",
    packed_core::layout::BitseryBig => "packed compact big-endian",
    FixedLen<packed_core::len::U8> => "packed u8 len",
    FixedLen<packed_core::len::U16> => "packed u16 len",
    FixedLen<packed_core::len::U32> => "packed u32 len",
    packed_core::layout::YasNoHeader => "packed u64 len",
    packed_core::layout::Yas => "packed YAS",
    packed_core::layout::YasCompacted => "packed YAS compacted",
    packed_core::layout::Varint => "packed varint",
}

impl<L, T> Format<T> for PackedAs<L>
where
    L: packed_core::Layout + LayoutName,
    T: packed_core::Packed,
{
    const NAME: &'static str = L::ROW;
    type Enc = Vec<u8>;
    type Dec = ();

    #[inline]
    fn encode<'e>(value: &T, enc: &'e mut Vec<u8>) -> &'e [u8] {
        enc.clear();
        packed_core::encode_into_as::<L, T>(value, enc).expect("the data sets fit every layout");
        enc
    }

    #[inline]
    fn decode(bytes: &[u8], (): &mut ()) -> T {
        packed_core::from_slice_as::<L, T>(bytes).expect("packed decodes its own output")
    }
}

/// `packed` under the type's own attributes (through [`packed_core::encode_into`] and
/// [`packed_core::from_slice`]): the bit-packed types' row.
#[derive(Debug)]
pub enum BitPacked {}

impl<T: packed_core::Packed> Format<T> for BitPacked {
    const NAME: &'static str = "packed bit-packed";
    type Enc = Vec<u8>;
    type Dec = ();

    #[inline]
    fn encode<'e>(value: &T, enc: &'e mut Vec<u8>) -> &'e [u8] {
        enc.clear();
        packed_core::encode_into(value, enc).expect("the data sets are in their ranges");
        enc
    }

    #[inline]
    fn decode(bytes: &[u8], (): &mut ()) -> T {
        packed_core::from_slice(bytes).expect("packed decodes its own output")
    }
}

/// The compact record inside the UBJSON envelope (`ubjson_envelope`), in mode `M`: the
/// record is encoded, then wrapped (a second copy); unwrapping borrows the payload.
#[derive(Debug)]
pub struct Envelope<M>(core::marker::PhantomData<M>);

/// The envelope's marker modes, as types for [`Envelope`].
pub trait EnvelopeMode {
    /// The mode.
    const MODE: ubjson_envelope::Mode;
    /// Row name.
    const ROW: &'static str;
}

/// `l` + 4 bytes for every integer: the seed suite's C writer, 37 bytes.
#[derive(Debug)]
pub enum FixedInt32 {}
/// The smallest marker for every integer: 25 bytes for a payload under 256 bytes.
#[derive(Debug)]
pub enum Minimal {}

impl EnvelopeMode for FixedInt32 {
    const MODE: ubjson_envelope::Mode = ubjson_envelope::Mode::FixedInt32;
    const ROW: &'static str = "envelope fixed-int32";
}
impl EnvelopeMode for Minimal {
    const MODE: ubjson_envelope::Mode = ubjson_envelope::Mode::Minimal;
    const ROW: &'static str = "envelope minimal";
}

impl<M, T> Format<T> for Envelope<M>
where
    M: EnvelopeMode,
    T: packed_core::Packed + packed_core::Kind,
{
    const NAME: &'static str = M::ROW;
    type Enc = Vec<u8>;
    type Dec = ();

    #[inline]
    fn encode<'e>(value: &T, enc: &'e mut Vec<u8>) -> &'e [u8] {
        enc.clear();
        ubjson_envelope::write_into(value, M::MODE, enc).expect("the data sets fit the envelope");
        enc
    }

    #[inline]
    fn decode(bytes: &[u8], (): &mut ()) -> T {
        ubjson_envelope::from_slice::<T>(bytes).expect("the envelope decodes its own output")
    }
}

/// Times `iters` runs of an operation and returns the elapsed time.
pub type Timed = Box<dyn FnMut(u64) -> std::time::Duration>;

/// One row of a comparison: a format on one data set, its bytes, and its three
/// operations ready to time. Each operation loops inside one monomorphized closure, so
/// the only dynamic call is per batch, not per iteration. Owned decodes drop the value
/// inside the timed loop (as any caller would).
pub struct Row {
    /// Row name.
    pub name: &'static str,
    /// The encoded data set.
    pub bytes: Vec<u8>,
    /// Encode into a reused buffer.
    pub encode: Timed,
    /// Decode.
    pub decode: Timed,
    /// Encode into a reused buffer, then decode those bytes.
    pub roundtrip: Timed,
    /// Whether `encode` is another row's encode (a borrowed or in-place decode row):
    /// the benchmarks skip it in the encode group.
    pub same_encode: bool,
}

impl core::fmt::Debug for Row {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Row")
            .field("name", &self.name)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// Times `iters` calls of `op`.
#[inline]
fn time(iters: u64, mut op: impl FnMut()) -> std::time::Duration {
    let start = std::time::Instant::now();
    for _ in 0..iters {
        op();
    }
    start.elapsed()
}

/// A row for format `F` on `value`, checking first that it round-trips.
///
/// # Panics
/// If `F` does not decode its own output back to `value`.
pub fn row<F, T>(value: &std::rc::Rc<T>) -> Row
where
    F: Format<T> + 'static,
    T: PartialEq + core::fmt::Debug + 'static,
{
    let bytes = F::encode(value, &mut F::Enc::default()).to_vec();
    assert!(
        F::decode(&bytes, &mut F::Dec::default()) == **value,
        "{} does not round-trip",
        F::NAME
    );
    row_with::<F, T, _>(F::NAME, value, || {
        let mut dec = F::Dec::default();
        move |b: &[u8]| {
            core::hint::black_box(F::decode(core::hint::black_box(b), &mut dec));
        }
    })
}

/// A row that encodes with `F` and decodes with the closures `decoder` makes (a
/// borrowed decode, a decode in place). The caller checks the decode's result.
pub fn row_with<F, T, D>(name: &'static str, value: &std::rc::Rc<T>, decoder: impl Fn() -> D) -> Row
where
    F: Format<T> + 'static,
    T: 'static,
    D: FnMut(&[u8]) + 'static,
{
    use core::hint::black_box;
    let bytes = F::encode(value, &mut F::Enc::default()).to_vec();
    let encode = {
        let value = std::rc::Rc::clone(value);
        let mut enc = F::Enc::default();
        Box::new(move |iters| {
            time(iters, || {
                black_box(F::encode(black_box(&value), &mut enc));
            })
        })
    };
    let decode = {
        let input = bytes.clone();
        let mut dec = decoder();
        Box::new(move |iters| time(iters, || dec(black_box(&input))))
    };
    let roundtrip = {
        let value = std::rc::Rc::clone(value);
        let mut enc = F::Enc::default();
        let mut dec = decoder();
        Box::new(move |iters| {
            time(iters, || {
                let b = F::encode(black_box(&value), &mut enc);
                dec(b);
            })
        })
    };
    Row {
        name,
        bytes,
        encode,
        decode,
        roundtrip,
        same_encode: false,
    }
}

/// The seed document under every layout, in the order of the size table: with its
/// items as growable records after the compact row, bit-packed ([`DocumentBits`])
/// after varint.
#[must_use]
pub fn document_layout_rows(doc: &std::rc::Rc<Document>) -> Vec<Row> {
    use packed_core::{layout, len};
    let bits = std::rc::Rc::new(DocumentBits::from(&**doc));
    vec![
        row::<PackedAs<layout::Bitsery>, _>(doc),
        growable_document_row(doc),
        row::<PackedAs<FixedLen<len::U8>>, _>(doc),
        row::<PackedAs<FixedLen<len::U16>>, _>(doc),
        row::<PackedAs<FixedLen<len::U32>>, _>(doc),
        row::<PackedAs<layout::YasNoHeader>, _>(doc),
        row::<PackedAs<layout::Yas>, _>(doc),
        row::<PackedAs<layout::YasCompacted>, _>(doc),
        row::<PackedAs<layout::Varint>, _>(doc),
        row::<BitPacked, _>(&bits),
        row::<Envelope<FixedInt32>, _>(doc),
        row::<Envelope<Minimal>, _>(doc),
    ]
}

/// The game data set: the compact layout, varint, and bit-packed ([`GameBits`]).
#[must_use]
pub fn game_rows(game: &std::rc::Rc<Game>) -> Vec<Row> {
    use packed_core::layout;
    let bits = std::rc::Rc::new(GameBits::from(&**game));
    vec![
        row::<PackedAs<layout::Bitsery>, _>(game),
        row::<PackedAs<layout::Varint>, _>(game),
        row::<BitPacked, _>(&bits),
    ]
}

/// The compact layout with the items as growable records ([`GrowableDocument`]).
///
/// # Panics
/// If the growable document does not decode to itself.
#[must_use]
pub fn growable_document_row(doc: &std::rc::Rc<Document>) -> Row {
    type Compact = PackedAs<packed_core::layout::Bitsery>;
    let grown = std::rc::Rc::new(GrowableDocument::from(&**doc));
    let mut r = row::<Compact, _>(&grown);
    r.name = "packed compact, growable items";
    r
}

/// Compact layout, decoded borrowed ([`DocumentRef`]) and in place
/// ([`packed_core::from_slice_into`]).
///
/// # Panics
/// If either decode does not give back `doc`.
#[must_use]
pub fn document_special_rows(doc: &std::rc::Rc<Document>) -> Vec<Row> {
    type Compact = PackedAs<packed_core::layout::Bitsery>;
    let bytes = packed_core::to_vec(&**doc).expect("encodes");
    let borrowed: DocumentRef<'_> = packed_core::from_slice(&bytes).expect("decodes borrowed");
    assert!(borrowed == **doc, "borrowed decode differs");
    let mut reused = Document::default();
    packed_core::from_slice_into(&bytes, &mut reused).expect("decodes in place");
    packed_core::from_slice_into(&bytes, &mut reused).expect("decodes in place twice");
    assert!(reused == **doc, "decode in place differs");
    let mut rows = vec![
        row_with::<Compact, _, _>("packed compact borrowed", doc, || {
            |b: &[u8]| {
                let d: DocumentRef<'_> = packed_core::from_slice(b).expect("decodes");
                core::hint::black_box(&d);
            }
        }),
        row_with::<Compact, _, _>("packed compact in place", doc, || {
            let mut target = Document::default();
            move |b: &[u8]| {
                packed_core::from_slice_into(b, &mut target).expect("decodes");
                core::hint::black_box(&target);
            }
        }),
    ];
    for r in &mut rows {
        r.same_encode = true;
    }
    rows
}

/// The log data set: compact layout owned, borrowed ([`LogsRef`]) and in place.
///
/// # Panics
/// If a decode does not give back `logs`.
#[must_use]
pub fn log_rows(logs: &std::rc::Rc<Logs>) -> Vec<Row> {
    type Compact = PackedAs<packed_core::layout::Bitsery>;
    let bytes = packed_core::to_vec(&**logs).expect("encodes");
    let borrowed: LogsRef<'_> = packed_core::from_slice(&bytes).expect("decodes borrowed");
    assert!(borrowed == **logs, "borrowed decode differs");
    let mut reused = Logs::default();
    packed_core::from_slice_into(&bytes, &mut reused).expect("decodes in place");
    assert!(reused == **logs, "decode in place differs");
    let mut rows = vec![
        row::<Compact, _>(logs),
        row_with::<Compact, _, _>("packed compact borrowed", logs, || {
            |b: &[u8]| {
                let l: LogsRef<'_> = packed_core::from_slice(b).expect("decodes");
                core::hint::black_box(&l);
            }
        }),
        row_with::<Compact, _, _>("packed compact in place", logs, || {
            let mut target = Logs::default();
            move |b: &[u8]| {
                packed_core::from_slice_into(b, &mut target).expect("decodes");
                core::hint::black_box(&target);
            }
        }),
    ];
    for r in &mut rows[1..] {
        r.same_encode = true;
    }
    rows
}

/// The physical limit for the mesh: one copy of the raw triangle array out (into a
/// reused buffer) and one back in (into a new `Vec`).
#[derive(Debug)]
pub enum Memcpy {}

impl Format<Mesh> for Memcpy {
    const NAME: &'static str = "memcpy";
    type Enc = Vec<u8>;
    type Dec = ();

    #[inline]
    fn encode<'e>(value: &Mesh, enc: &'e mut Vec<u8>) -> &'e [u8] {
        enc.clear();
        enc.extend_from_slice(bytemuck::cast_slice(&value.triangles));
        enc
    }

    #[inline]
    fn decode(bytes: &[u8], (): &mut ()) -> Mesh {
        let mut triangles = Vec::with_capacity(bytes.len() / core::mem::size_of::<Triangle>());
        triangles.extend_from_slice(bytemuck::cast_slice::<u8, Triangle>(bytes));
        Mesh { triangles }
    }
}

/// The mesh data set: the compact layout (a `Vec` of triangles, memory images, is one
/// copy each way), its big-endian twin (one run per triangle, with byte swaps) and
/// `memcpy`.
///
/// # Panics
/// If the compact encoding is not the length prefix and then the triangles' memory.
#[must_use]
pub fn mesh_rows(mesh: &std::rc::Rc<Mesh>) -> Vec<Row> {
    let bytes = packed_core::to_vec(&**mesh).expect("encodes");
    assert!(
        bytes[4..] == *bytemuck::cast_slice::<Triangle, u8>(&mesh.triangles),
        "the compact mesh is not its memory"
    );
    vec![
        row::<PackedAs<packed_core::layout::Bitsery>, _>(mesh),
        row::<PackedAs<packed_core::layout::BitseryBig>, _>(mesh),
        row::<Memcpy, _>(mesh),
    ]
}
