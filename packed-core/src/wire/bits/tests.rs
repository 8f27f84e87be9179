//! The session's writer against its reader, from a slice and from a stream.

use alloc::{vec, vec::Vec};

use super::stream::Streamed;
use super::{BitReader, BitWriter};
use crate::fast::bits::Lent;
use crate::{DecodeError, Reader, SliceReader, Writer};

/// The writer's bits are the reader's, at every width and offset, and the
/// session's last byte is padded with zero bits.
#[test]
fn bits_round_trip_at_every_offset() {
    for lead in 0..64u32 {
        for width in 0..=64u32 {
            let value = 0xA5C3_96F0_0F69_3C5Au64 & super::low_bits(width);
            let mut out = Vec::new();
            let mut w = BitWriter::new(&mut out);
            w.write_bits(u64::from(lead > 0), lead.min(1)).unwrap();
            w.write_bits(0, lead.saturating_sub(1)).unwrap();
            w.write_bits(value, width).unwrap();
            w.write_bytes(&[0xEE; 11]).unwrap();
            w.finish().unwrap();
            let bits = lead + width + 88;
            assert_eq!(out.len(), bits.div_ceil(8) as usize, "{lead} {width}");
            let mut r = SliceReader::new(&out);
            let mut br = BitReader::new(&mut r, Lent::new(&out, None), false);
            assert_eq!(br.read_bits(lead).unwrap(), u64::from(lead > 0));
            assert_eq!(br.read_bits(width).unwrap(), value, "{lead} {width}");
            let mut tail = [0u8; 11];
            br.read_into(&mut tail).unwrap();
            assert_eq!(tail, [0xEE; 11]);
            br.finish().unwrap();
            assert!(r.rest().is_empty());
        }
    }
}

/// A reader that lends nothing, as a stream: the session reads it byte by byte.
struct Unlent<'de>(SliceReader<'de>);

impl<'de> Reader<'de> for Unlent<'de> {
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        self.0.read_into(out)
    }
    fn borrow_bytes(&mut self, _n: usize) -> Result<&'de [u8], DecodeError> {
        Err(DecodeError::CannotBorrow {
            offset: self.0.offset(),
        })
    }
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.0.read_append(n, out)
    }
    fn offset(&self) -> usize {
        self.0.offset()
    }
    fn remaining(&self) -> Option<usize> {
        None
    }
    fn enter(&mut self) -> Result<(), DecodeError> {
        Ok(())
    }
    fn leave(&mut self) {}
}

/// Byte strings of every length up to 40 at every bit offset: written through the
/// short-word and the long paths, read back through every byte-reading method
/// (from a slice: whole words, then the input's last 8 bytes, then what is left of
/// them), from a slice and from a stream, which then stops at the session's last
/// byte.
#[test]
fn bytes_at_every_offset() {
    for lead in 0..8u32 {
        for n in 0..=40usize {
            let data: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(37) ^ 0x5A).collect();
            let mut out = Vec::new();
            let mut w = BitWriter::new(&mut out);
            w.write_bits(0b101 & super::low_bits(lead), lead).unwrap();
            w.write_bytes(&data).unwrap();
            w.write_bits(1, 1).unwrap();
            w.finish().unwrap();
            // A byte after the session, which it must not take.
            out.push(0xC3);
            let check = |r: &mut dyn FnMut() -> (Vec<u8>, Vec<u8>, Vec<u8>)| {
                let (a, b, c) = r();
                assert_eq!((&a, &b, &c), (&data, &data, &data), "lead {lead} n {n}");
            };
            check(&mut || {
                let mut r = SliceReader::new(&out);
                let mut br = BitReader::new(&mut r, Lent::new(&out, None), false);
                br.read_bits(lead).unwrap();
                let mut a = vec![0u8; n];
                br.read_into(&mut a).unwrap();
                assert_eq!(br.read_bits(1).unwrap(), 1);
                br.finish().unwrap();
                assert_eq!(r.rest(), [0xC3]);
                let mut r = SliceReader::new(&out);
                let mut br = BitReader::new(&mut r, Lent::new(&out, None), false);
                br.read_bits(lead).unwrap();
                let mut b = Vec::new();
                br.read_append(n, &mut b).unwrap();
                assert!(br.read_cow(0).unwrap().is_empty());
                let mut r = SliceReader::new(&out);
                let mut br = BitReader::new(&mut r, Lent::new(&out, None), false);
                br.read_bits(lead).unwrap();
                let c = br.read_cow(n).unwrap().into_owned();
                assert_eq!(br.read_bits(1).unwrap(), 1);
                br.finish().unwrap();
                (a, b, c)
            });
            check(&mut || {
                let mut r = Unlent(SliceReader::new(&out));
                let mut br = BitReader::new(&mut r, Streamed::new(None), false);
                br.read_bits(lead).unwrap();
                let c = br.read_cow(n).unwrap().into_owned();
                assert_eq!(br.read_bits(1).unwrap(), 1);
                br.finish().unwrap();
                assert_eq!(r.0.rest(), [0xC3]);
                (c.clone(), c.clone(), c)
            });
        }
    }
}

/// A set padding bit at the session's end is an error at its bit offset.
#[test]
fn set_padding_is_refused() {
    let input = [0b0000_0101];
    let mut r = SliceReader::new(&input);
    let mut br = BitReader::new(&mut r, Lent::new(&input, None), false);
    assert_eq!(br.read_bits(1).unwrap(), 1);
    assert_eq!(
        br.finish(),
        Err(DecodeError::InvalidPadding { bit_offset: 1 })
    );
}
