//! The Rust peers, at their usual settings, behind the same [`Format`] interface as
//! `packed`: mirror types of the data sets deriving every peer's traits, conversions
//! from the `packed` types, and one `Format` impl per peer and data set.
//!
//! Shared by the criterion benchmarks and the `compare` example (`#[path]`-included by
//! both, because the peers are dev-dependencies).

use packed_benches::Format;

/// Derives every peer's traits on a mirror type.
macro_rules! mirror {
    ($(#[$m:meta])* pub struct $name:ident { $($f:ident: $t:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(
            Debug, Clone, PartialEq, Default,
            wincode::SchemaWrite, wincode::SchemaRead,
            speedy::Readable, speedy::Writable,
            bitcode::Encode, bitcode::Decode,
            bincode::Encode, bincode::Decode,
            serde::Serialize, serde::Deserialize,
            borsh::BorshSerialize, borsh::BorshDeserialize,
        )]
        pub struct $name { $(pub $f: $t),* }
    };
}

mirror!(
    pub struct Meta {
        region: String,
        version: i32,
    }
);
mirror!(
    pub struct Item {
        sku: String,
        qty: i32,
        price_minor: i64,
    }
);
mirror!(
    pub struct Document {
        id: String,
        status: i32,
        meta: Meta,
        items: Vec<Item>,
    }
);

mirror!(
    #[derive(Copy)]
    pub struct Address {
        x0: u8,
        x1: u8,
        x2: u8,
        x3: u8,
    }
);
mirror!(
    pub struct Log {
        address: Address,
        identity: String,
        userid: String,
        date: String,
        request: String,
        code: u16,
        size: u64,
    }
);
mirror!(
    pub struct Logs {
        logs: Vec<Log>,
    }
);

mirror!(
    #[derive(Copy)]
    #[repr(C)]
    pub struct Vector3 {
        x: f32,
        y: f32,
        z: f32,
    }
);
mirror!(
    #[derive(Copy)]
    #[repr(C)]
    pub struct Triangle {
        v0: Vector3,
        v1: Vector3,
        v2: Vector3,
        normal: Vector3,
    }
);
mirror!(
    pub struct Mesh {
        triangles: Vec<Triangle>,
    }
);

mirror!(
    pub struct Player {
        x: f32,
        y: f32,
        z: f32,
        health: u8,
        alive: bool,
        crouching: bool,
        firing: bool,
        invisible: bool,
        name: String,
        items: Vec<u16>,
    }
);
mirror!(
    pub struct Game {
        players: Vec<Player>,
    }
);

impl From<&packed_benches::Game> for Game {
    fn from(g: &packed_benches::Game) -> Self {
        Self {
            players: g
                .players
                .iter()
                .map(|p| Player {
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
                .collect(),
        }
    }
}

impl From<&packed_benches::Document> for Document {
    fn from(d: &packed_benches::Document) -> Self {
        Self {
            id: d.id.clone(),
            status: d.status,
            meta: Meta {
                region: d.meta.region.clone(),
                version: d.meta.version,
            },
            items: d
                .items
                .iter()
                .map(|i| Item {
                    sku: i.sku.clone(),
                    qty: i.qty,
                    price_minor: i.price_minor,
                })
                .collect(),
        }
    }
}

impl From<&packed_benches::Logs> for Logs {
    fn from(l: &packed_benches::Logs) -> Self {
        Self {
            logs: l
                .logs
                .iter()
                .map(|r| Log {
                    address: Address {
                        x0: r.address.x0,
                        x1: r.address.x1,
                        x2: r.address.x2,
                        x3: r.address.x3,
                    },
                    identity: r.identity.clone(),
                    userid: r.userid.clone(),
                    date: r.date.clone(),
                    request: r.request.clone(),
                    code: r.code,
                    size: r.size,
                })
                .collect(),
        }
    }
}

impl From<&packed_benches::Mesh> for Mesh {
    fn from(m: &packed_benches::Mesh) -> Self {
        let v = |v: packed_benches::Vector3| Vector3 {
            x: v.x,
            y: v.y,
            z: v.z,
        };
        Self {
            triangles: m
                .triangles
                .iter()
                .map(|t| Triangle {
                    v0: v(t.v0),
                    v1: v(t.v1),
                    v2: v(t.v2),
                    normal: v(t.normal),
                })
                .collect(),
        }
    }
}

/// wincode (the maintained successor of bincode 1; bincode's legacy format):
/// `serialize_into` a reused `Vec`, `deserialize`, with [`WINCODE`].
pub enum Wincode {}

/// wincode's default configuration with its preallocation limit raised from 4 MiB to
/// 64 MiB (the default refuses the 6 MB mesh, on encode as well as decode).
const WINCODE: wincode::config::Configuration<true, { 64 << 20 }> =
    wincode::config::Configuration::default().with_preallocation_size_limit::<{ 64 << 20 }>();
/// speedy, little-endian: `write_to_stream` into a reused `Vec`, `read_from_buffer`.
pub enum Speedy {}
/// bitcode: a reused `bitcode::Buffer` each way.
pub enum Bitcode {}
/// bincode 2, `config::standard()` (varints): `encode_into_slice` into a reused
/// buffer, `decode_from_slice`.
pub enum BincodeStandard {}
/// bincode 2, `config::legacy()` (fixed-width integers, u64 lengths).
pub enum BincodeLegacy {}
/// bincode 2's serde path, `config::standard()`: `serde::encode_into_slice` into a
/// reused buffer, `serde::decode_from_slice`.
pub enum BincodeSerde {}
/// postcard (serde, varints): `to_slice` into a reused buffer, `from_bytes`.
pub enum Postcard {}
/// `packed`'s serde path (`packed_core::serde`, Bitsery's layout, the bytes of the
/// derive): `encode_into` a reused `Vec`, `from_slice`.
pub enum PackedSerde {}
/// borsh: `serialize` into a reused `Vec`, `from_slice`.
pub enum Borsh {}

/// Runs a slice-writing encoder on `buf`, doubling `buf` until the value fits (once:
/// the buffer is reused), and returns the bytes written.
#[inline]
fn into_slice(buf: &mut Vec<u8>, mut write: impl FnMut(&mut [u8]) -> Option<usize>) -> &[u8] {
    if buf.is_empty() {
        buf.resize(4096, 0);
    }
    loop {
        if let Some(n) = write(buf) {
            return &buf[..n];
        }
        let grown = buf.len() * 2;
        buf.resize(grown, 0);
    }
}

macro_rules! peers {
    ($($t:ty),*) => {$(
        impl Format<$t> for Wincode {
            const NAME: &'static str = "wincode";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                enc.clear();
                wincode::config::serialize_into(&mut *enc, v, WINCODE).expect("wincode encodes");
                enc
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                wincode::config::deserialize(bytes, WINCODE).expect("wincode decodes")
            }
        }

        impl Format<$t> for Speedy {
            const NAME: &'static str = "speedy";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                enc.clear();
                speedy::Writable::<speedy::LittleEndian>::write_to_stream(v, &mut *enc)
                    .expect("speedy encodes");
                enc
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                speedy::Readable::<speedy::LittleEndian>::read_from_buffer(bytes)
                    .expect("speedy decodes")
            }
        }

        impl Format<$t> for Bitcode {
            const NAME: &'static str = "bitcode";
            type Enc = bitcode::Buffer;
            type Dec = bitcode::Buffer;
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut bitcode::Buffer) -> &'e [u8] {
                enc.encode(v)
            }
            #[inline]
            fn decode(bytes: &[u8], dec: &mut bitcode::Buffer) -> $t {
                dec.decode(bytes).expect("bitcode decodes")
            }
        }

        impl Format<$t> for BincodeStandard {
            const NAME: &'static str = "bincode2 standard";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                into_slice(enc, |b| bincode::encode_into_slice(v, b, bincode::config::standard()).ok())
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                bincode::decode_from_slice(bytes, bincode::config::standard()).expect("bincode decodes").0
            }
        }

        impl Format<$t> for BincodeLegacy {
            const NAME: &'static str = "bincode2 legacy";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                into_slice(enc, |b| bincode::encode_into_slice(v, b, bincode::config::legacy()).ok())
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                bincode::decode_from_slice(bytes, bincode::config::legacy()).expect("bincode decodes").0
            }
        }

        impl Format<$t> for BincodeSerde {
            const NAME: &'static str = "bincode2 serde";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                into_slice(enc, |b| bincode::serde::encode_into_slice(v, b, bincode::config::standard()).ok())
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                bincode::serde::decode_from_slice(bytes, bincode::config::standard()).expect("bincode decodes").0
            }
        }
        impl Format<$t> for PackedSerde {
            const NAME: &'static str = "packed serde";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                enc.clear();
                packed_core::serde::encode_into(v, enc).expect("packed encodes");
                enc
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                packed_core::serde::from_slice(bytes).expect("packed decodes")
            }
        }
        impl Format<$t> for Postcard {
            const NAME: &'static str = "postcard";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                into_slice(enc, |b| postcard::to_slice(v, b).ok().map(|out| out.len()))
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                postcard::from_bytes(bytes).expect("postcard decodes")
            }
        }

        impl Format<$t> for Borsh {
            const NAME: &'static str = "borsh";
            type Enc = Vec<u8>;
            type Dec = ();
            #[inline]
            fn encode<'e>(v: &$t, enc: &'e mut Vec<u8>) -> &'e [u8] {
                enc.clear();
                borsh::BorshSerialize::serialize(v, &mut *enc).expect("borsh encodes");
                enc
            }
            #[inline]
            fn decode(bytes: &[u8], (): &mut ()) -> $t {
                borsh::from_slice(bytes).expect("borsh decodes")
            }
        }
    )*};
}

peers!(Document, Logs, Mesh, Game);

/// One row per peer on `value` (a mirror type), in a fixed order.
pub fn rows<T>(value: &std::rc::Rc<T>) -> Vec<packed_benches::Row>
where
    T: PartialEq + core::fmt::Debug + 'static,
    Wincode: Format<T>,
    Speedy: Format<T>,
    Bitcode: Format<T>,
    BincodeStandard: Format<T>,
    BincodeLegacy: Format<T>,
    BincodeSerde: Format<T>,
    PackedSerde: Format<T>,
    Postcard: Format<T>,
    Borsh: Format<T>,
{
    use packed_benches::row;
    vec![
        row::<Wincode, T>(value),
        row::<Speedy, T>(value),
        row::<Bitcode, T>(value),
        row::<BincodeStandard, T>(value),
        row::<BincodeLegacy, T>(value),
        row::<BincodeSerde, T>(value),
        row::<PackedSerde, T>(value),
        row::<Postcard, T>(value),
        row::<Borsh, T>(value),
    ]
}
