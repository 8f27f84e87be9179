// A `with` module whose functions do not have the signatures of `Encode::encode` and
// `Decode::decode` (see the derive's docs for a complete module).
use packed_core::Packed;

mod millis {
    pub fn encode(v: &u64, out: &mut Vec<u8>) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    pub fn decode(bytes: &[u8]) -> u64 {
        bytes.len() as u64
    }
}

#[derive(Packed)]
struct Event {
    #[packed(with = "millis")]
    at: u64,
}

fn main() {}
