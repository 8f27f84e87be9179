use packed_core::Packed;

#[derive(Packed)]
#[packed(bitpack)]
struct Request {
    #[packed(range = "0..=100", bits = 7)]
    health: u8,
    #[packed(entropy = [80, 443], range = "0..=65535")]
    port: u16,
    #[packed(skip, align)]
    cache: u8,
    #[packed(entropy = ["GET"], with = "codec")]
    method: String,
}

mod codec {
    use packed_core::{Ctx, DecodeError, EncodeError, Reader, Writer};
    pub fn encode<C: Ctx, W: Writer + ?Sized>(_: &String, _: &mut W) -> Result<(), EncodeError> {
        Ok(())
    }
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(_: &mut R) -> Result<String, DecodeError> {
        Ok(String::new())
    }
}

fn main() {}
