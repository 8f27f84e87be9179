use packed_core::Packed;

mod as_text {
    use packed_core::{Ctx, DecodeError, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        packed_core::Encode::encode::<C, W>(&v.to_string(), w)
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let s: String = packed_core::Decode::decode::<C, R>(r)?;
        Ok(s.parse().unwrap_or_default())
    }
}

#[derive(Packed)]
struct Message {
    #[packed(with = "as_text")]
    #[packed(max = 10)]
    id: u32,
}

fn main() {
    let _ = packed_core::to_vec(&Message { id: 1 });
}
