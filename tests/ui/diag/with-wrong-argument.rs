// A `with` module with the generic parameters of `Encode::encode` and
// `Decode::decode` but another value type: the error names both types at the module's
// function.
use packed_core::{Ctx, DecodeError, EncodeError, Packed, Reader, Writer};

mod millis {
    use super::*;

    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        w.write_bytes(&v.to_le_bytes())
    }
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let mut b = [0; 4];
        r.read_into(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
}

#[derive(Packed)]
struct Event {
    #[packed(with = "millis")]
    at: u64,
}

fn main() {}
