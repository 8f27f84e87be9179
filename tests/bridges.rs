//! The `bytes` and `tokio` bridges: `BytesMut` and `BufMut` writers, decoding from
//! `Buf` chunks, and the length-delimited codec against hostile peers.

use bytes::{Buf, BufMut, BytesMut};
use packed_core::bytes::BufMutWriter;
use packed_core::layout::{Bitsery, Yas};
use packed_core::tokio::{Codec, CodecError};
use packed_core::{len, num, DecodeError, EncodeError, Packed};
use packed_fixtures::{seed_document, Document};
use tokio_util::codec::{Decoder, Encoder, LengthDelimitedCodec};

#[derive(Packed, Debug, PartialEq, Clone)]
enum Message {
    Ping(u64),
    Text { from: String, body: String },
    Doc(Document),
    Flag(bool),
}

fn messages() -> Vec<Message> {
    (0..40u64)
        .map(|i| match i % 4 {
            0 => Message::Ping(i * 1_000_003),
            1 => Message::Text {
                from: format!("peer{i}"),
                body: "x".repeat(i as usize * 7),
            },
            2 => Message::Doc(seed_document()),
            _ => Message::Flag(i % 8 == 3),
        })
        .collect()
}

#[derive(Packed, Debug, PartialEq, Default)]
#[packed(growable)]
struct Growable {
    id: u32,
    name: String,
}

#[test]
fn bytes_mut_and_buf_mut_writers_write_what_a_vec_gets() {
    for m in messages() {
        let expected = packed_core::to_vec(&m).unwrap();
        let mut b = BytesMut::new();
        packed_core::config().encode_to(&m, &mut b).unwrap();
        assert_eq!(&b[..], expected);
        let mut v = Vec::new();
        assert_eq!(
            packed_core::config().encode_to_buf(&m, &mut v),
            Ok(expected.len())
        );
        assert_eq!(v, expected);
    }
    // A growable record's size is written back into a `BytesMut`, and counted first
    // through a `BufMut` that cannot go back.
    let g = Growable {
        id: 3,
        name: "abc".into(),
    };
    let expected = packed_core::to_vec(&g).unwrap();
    let mut b = BytesMut::new();
    packed_core::config().encode_to(&g, &mut b).unwrap();
    assert_eq!(&b[..], expected);
    let mut w = BufMutWriter::new(Vec::new().limit(100));
    packed_core::config().encode_to(&g, &mut w).unwrap();
    assert_eq!(w.into_inner().into_inner(), expected);
    // A full buffer is an error, not a panic.
    let mut small = [0u8; 8];
    assert!(matches!(
        packed_core::config()
            .encode_to_buf(&seed_document(), &mut &mut small[..])
            .map_err(packed_core::Error::into_kind),
        Err(EncodeError::BufferTooSmall { capacity: 8, .. })
    ));
}

#[test]
fn decodes_from_buf_chunks_of_any_size() {
    let ms = messages();
    let mut all = Vec::new();
    for m in &ms {
        packed_core::with::<Yas>().encode_into(m, &mut all).unwrap();
    }
    for chunk in [1, 2, 3, 7, 64, 4096] {
        // A `Buf` of many chunks, `chunk` bytes each: seams inside every kind of value.
        let mut buf = chunked(&all, chunk);
        for m in &ms {
            let got: Message = packed_core::with::<Yas>().from_buf(&mut buf).unwrap();
            assert_eq!(&got, m, "chunks of {chunk}");
        }
        assert!(!buf.has_remaining());
    }
    // A truncated message in chunks is the stream's typed error.
    let bytes = packed_core::to_vec(&seed_document()).unwrap();
    let mut buf = chunked(&bytes[..bytes.len() - 3], 5);
    assert!(matches!(
        packed_core::config()
            .from_buf::<Document>(&mut buf)
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnexpectedEnd { .. })
    ));
}

/// `bytes` as a `Buf` of `n`-byte chunks.
fn chunked(bytes: &[u8], n: usize) -> impl Buf + '_ {
    struct Chunks<'a> {
        rest: &'a [u8],
        n: usize,
    }
    impl Buf for Chunks<'_> {
        fn remaining(&self) -> usize {
            self.rest.len()
        }
        fn chunk(&self) -> &[u8] {
            &self.rest[..self.n.min(self.rest.len())]
        }
        fn advance(&mut self, cnt: usize) {
            self.rest = &self.rest[cnt..];
        }
    }
    Chunks { rest: bytes, n }
}

/// Encodes `ms` with `codec` into one buffer.
fn frames<C: Encoder<Message, Error = CodecError>>(codec: &mut C, ms: &[Message]) -> BytesMut {
    let mut wire = BytesMut::new();
    for m in ms {
        codec.encode(m.clone(), &mut wire).unwrap();
    }
    wire
}

/// Decodes everything in `wire`, fed `step` bytes at a time, then the end of input.
fn decode_all<D: Decoder<Item = Message, Error = CodecError>>(
    codec: &mut D,
    wire: &[u8],
    step: usize,
) -> Vec<Result<Message, String>> {
    let mut out = Vec::new();
    let mut src = BytesMut::new();
    for part in wire.chunks(step) {
        src.extend_from_slice(part);
        loop {
            let before = src.len();
            match codec.decode(&mut src) {
                Ok(Some(m)) => out.push(Ok(m)),
                Ok(None) => break,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    // A frame refused whole is consumed and decoding goes on; an error
                    // that consumed nothing (a bad prefix) would come again: stop there.
                    if src.len() == before {
                        return out;
                    }
                }
            }
        }
    }
    loop {
        match codec.decode_eof(&mut src) {
            Ok(Some(m)) => out.push(Ok(m)),
            Ok(None) => break,
            Err(e) => {
                out.push(Err(e.to_string()));
                break;
            }
        }
    }
    out
}

#[test]
fn the_default_frame_is_length_delimited_codecs() {
    let ms = messages();
    let mut codec = Codec::<Message>::new();
    let wire = frames(&mut codec, &ms);
    // tokio's own codec reads the same frames, and each holds the message's bytes.
    let mut tokio_codec = LengthDelimitedCodec::new();
    let mut src = wire.clone();
    for m in &ms {
        let frame = tokio_codec.decode(&mut src).unwrap().unwrap();
        assert_eq!(&frame[..], packed_core::to_vec(m).unwrap());
    }
    assert!(src.is_empty());
    for step in [1, 5, 4096] {
        let got = decode_all(&mut Codec::<Message>::new(), &wire, step);
        assert_eq!(
            got,
            ms.iter().cloned().map(Ok).collect::<Vec<_>>(),
            "step {step}"
        );
    }
}

#[test]
fn compact_and_varint_prefixes_under_any_layout() {
    let ms = messages();
    let mut compact = Codec::<Message>::new()
        .layout::<Yas>()
        .prefix::<len::Compact, num::Little>();
    let wire = frames(&mut compact, &ms);
    let first = packed_core::with::<Yas>().to_vec(&ms[0]).unwrap();
    assert_eq!(wire[0] as usize, first.len(), "a one-byte compact prefix");
    assert_eq!(&wire[1..=first.len()], first);
    let got = decode_all(&mut compact, &wire, 3);
    assert_eq!(got, ms.iter().cloned().map(Ok).collect::<Vec<_>>());

    let mut varint = Codec::<Message>::new()
        .layout::<Bitsery>()
        .prefix::<len::Leb128, num::Little>();
    let wire = frames(&mut varint, &ms);
    let got = decode_all(&mut varint, &wire, 2);
    assert_eq!(got, ms.iter().cloned().map(Ok).collect::<Vec<_>>());
}

#[test]
fn a_frame_past_the_maximum_is_dropped_as_it_arrives() {
    let max = 64;
    let mut codec = Codec::<Message>::new().max_frame_length(max);
    // The encoder refuses it and writes nothing.
    let mut dst = BytesMut::new();
    let big = Message::Doc(seed_document());
    assert!(matches!(
        codec.encode(big.clone(), &mut dst),
        Err(CodecError::FrameTooLarge { max: 64, .. })
    ));
    assert!(dst.is_empty());
    // A peer that sends one anyway: typed error, the frames after it unaffected, and
    // the decoder never holds more than what arrived since.
    let small = Message::Ping(1);
    let mut wire = frames(&mut Codec::new(), &[small.clone(), big, small.clone()]);
    wire.extend_from_slice(&frames(&mut Codec::new(), &[Message::Flag(true)]));
    let mut src = BytesMut::new();
    let mut out = Vec::new();
    for part in wire.chunks(16) {
        src.extend_from_slice(part);
        while let Some(r) = codec.decode(&mut src).transpose() {
            out.push(r.map_err(|e| matches!(e, CodecError::FrameTooLarge { max: 64, .. })));
        }
        assert!(src.len() <= 16 + max + 4, "buffered {}", src.len());
    }
    assert_eq!(
        out,
        [
            Ok(small.clone()),
            Err(true),
            Ok(small),
            Ok(Message::Flag(true))
        ]
    );
}

#[test]
fn a_truncated_frame_at_the_end_is_an_error() {
    let wire = frames(
        &mut Codec::new(),
        &[Message::Ping(5), Message::Doc(seed_document())],
    );
    for cut in [1, 3, 10, 100] {
        let got = decode_all(&mut Codec::<Message>::new(), &wire[..wire.len() - cut], 7);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], Ok(Message::Ping(5)));
        let mut codec = Codec::<Message>::new();
        let mut src = BytesMut::from(&wire[..wire.len() - cut]);
        codec.decode(&mut src).unwrap();
        assert!(matches!(
            codec.decode_eof(&mut src),
            Err(CodecError::TruncatedFrame { received }) if received == wire.len() - cut - 13
        ));
    }
    // A prefix cut short too.
    let mut src = BytesMut::from(&[0u8, 0][..]);
    assert!(matches!(
        Codec::<Message>::new().decode_eof(&mut src),
        Err(CodecError::TruncatedFrame { received: 2 })
    ));
}

#[test]
fn garbage_inside_a_frame_spoils_that_frame_only() {
    let mut wire = BytesMut::new();
    let mut put_frame = |body: &[u8]| {
        wire.put_u32(body.len() as u32);
        wire.put_slice(body);
    };
    put_frame(&packed_core::to_vec(&Message::Ping(1)).unwrap());
    put_frame(&[3, 2]); // Flag with a bool byte of 2
    put_frame(&[9]); // no variant 9
    put_frame(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]); // a Ping and a byte too many
    put_frame(&[1, 0xC0, 0xFF, 0xFF, 0xFF]); // a string longer than the frame
    put_frame(&packed_core::to_vec(&Message::Flag(false)).unwrap());
    let mut codec = Codec::<Message>::new();
    let mut src = wire;
    let mut out = Vec::new();
    let mut paths = Vec::new();
    while let Some(r) = codec.decode(&mut src).transpose() {
        out.push(r.map_err(|e| match e {
            CodecError::InvalidFrame(d) => {
                paths.push(d.path().map(String::from));
                d.into_kind()
            }
            other => panic!("{other}"),
        }));
    }
    assert_eq!(out.len(), 6);
    // A frame's error names the field as `from_slice` does; trailing bytes concern the
    // whole message.
    assert_eq!(
        paths,
        [
            Some("Flag.0".to_string()),
            Some(String::new()),
            None,
            Some("Text.from".to_string())
        ]
    );
    assert_eq!(out[0], Ok(Message::Ping(1)));
    assert_eq!(out[1], Err(DecodeError::InvalidBool { offset: 1, byte: 2 }));
    assert!(matches!(
        out[2],
        Err(DecodeError::UnknownVariant {
            offset: 0,
            tag: 9,
            ..
        })
    ));
    assert_eq!(
        out[3],
        Err(DecodeError::TrailingBytes {
            offset: 9,
            remaining: 1
        })
    );
    assert!(matches!(
        out[4],
        Err(DecodeError::LengthExceedsInput { offset: 1, .. })
    ));
    assert_eq!(out[5], Ok(Message::Flag(false)));
    // A prefix that is no length: an overlong LEB128.
    let mut varint = Codec::<Message>::new().prefix::<len::Leb128, num::Little>();
    let mut src = BytesMut::from(&[0xFF; 11][..]);
    assert!(matches!(
        varint.decode(&mut src),
        Err(CodecError::BadPrefix(_))
    ));
    // Nothing is consumed, so calling again gives the same error.
    assert_eq!(src.len(), 11);
    assert!(matches!(
        varint.decode(&mut src),
        Err(CodecError::BadPrefix(_))
    ));
}

#[test]
fn serde_messages_through_the_codec() {
    use packed_core::serde::Serde;
    let mut codec = Codec::<Serde<(String, Vec<u16>)>>::new();
    let mut wire = BytesMut::new();
    codec
        .encode(Serde(("a".to_string(), vec![1, 2])), &mut wire)
        .unwrap();
    assert_eq!(&wire[..], [0, 0, 0, 7, 1, b'a', 2, 1, 0, 2, 0]);
    assert_eq!(
        codec.decode(&mut wire).unwrap().unwrap().0,
        ("a".to_string(), vec![1, 2])
    );
}

/// A serde type that cannot be written positionally when `a` is `None`.
#[derive(serde::Serialize, Debug, Clone)]
struct Skips {
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<u8>,
    b: u8,
}

#[test]
fn serde_encode_errors_through_a_config_or_the_codec_carry_no_path() {
    use packed_core::serde::Serde;
    let bad = Skips { a: None, b: 1 };
    // serde reports no fields to the replay: the path it found was `Some("")`, which
    // says "the message itself" whatever failed inside it. `packed_core::serde::to_vec`
    // gives `None`; so do a `Config` and the codec now.
    let e = packed_core::serde::to_vec(&bad).unwrap_err();
    assert!(matches!(e.kind(), EncodeError::SerdeUnsupported { .. }));
    assert_eq!(e.path(), None);
    let e = packed_core::config().to_vec(&Serde(&bad)).unwrap_err();
    assert!(matches!(e.kind(), EncodeError::SerdeUnsupported { .. }));
    assert_eq!(e.path(), None);
    let e = packed_core::config()
        .encoded_len(&&Serde(&bad))
        .unwrap_err();
    assert_eq!(e.path(), None);
    let mut wire = BytesMut::new();
    match Codec::<Serde<Skips>>::new().encode(Serde(bad.clone()), &mut wire) {
        Err(CodecError::Unencodable(e)) => {
            assert!(matches!(e.kind(), EncodeError::SerdeUnsupported { .. }));
            assert_eq!(e.path(), None);
        }
        other => panic!("{other:?}"),
    }
    assert!(wire.is_empty());
    // Inside a packed value the replay still names where the serde value is.
    let ok = Skips { a: Some(2), b: 1 };
    let e = packed_core::config()
        .to_vec(&vec![Serde(&ok), Serde(&bad)])
        .unwrap_err();
    assert_eq!(e.path(), Some("[1]"));
}

/// A message that takes no bytes.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Unit {}

#[test]
fn zero_length_frames_and_frames_exactly_at_the_maximum() {
    // A zero-length frame (prefix `00 00 00 00`) holds a message of no bytes.
    let mut codec = Codec::<Unit>::new();
    let mut src = BytesMut::from(&[0u8, 0, 0, 0][..]);
    assert_eq!(codec.decode(&mut src).unwrap(), Some(Unit {}));
    assert!(src.is_empty());
    let mut dst = BytesMut::new();
    codec.encode(Unit {}, &mut dst).unwrap();
    assert_eq!(&dst[..], [0, 0, 0, 0]);
    // A zero-length frame where a `u32` is due spoils that frame only.
    let mut codec = Codec::<u32>::new().max_frame_length(4);
    let mut src = BytesMut::from(&[0u8, 0, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0][..]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::InvalidFrame(_))
    ));
    assert_eq!(codec.decode(&mut src).unwrap(), Some(1));
    // One byte past the maximum: refused and skipped; exactly at it: read.
    let mut src = BytesMut::from(&[0u8, 0, 0, 5, 9, 9, 9, 9, 9, 0, 0, 0, 4, 2, 0, 0, 0][..]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::FrameTooLarge { len: 5, max: 4 })
    ));
    assert_eq!(codec.decode(&mut src).unwrap(), Some(2));
    assert!(src.is_empty());
    // The encoder draws the line at the same place.
    let mut dst = BytesMut::new();
    codec.encode(7u32, &mut dst).unwrap();
    assert_eq!(&dst[..], [0, 0, 0, 4, 7, 0, 0, 0]);
    let mut narrow = Codec::<u64>::new().max_frame_length(7);
    assert!(matches!(
        narrow.encode(1u64, &mut dst),
        Err(CodecError::FrameTooLarge { len: 8, max: 7 })
    ));
    assert_eq!(dst.len(), 8);
}

#[test]
fn every_prefix_fed_a_byte_at_a_time_and_cut_inside_a_prefix() {
    fn run<P: len::LenPrefix, E: num::Endian>(ms: &[Message]) {
        let mut c = Codec::<Message>::new().prefix::<P, E>();
        let wire = frames(&mut c, ms);
        for step in [1, 2, 3] {
            let got = decode_all(&mut Codec::<Message>::new().prefix::<P, E>(), &wire, step);
            let want: Vec<_> = ms.iter().cloned().map(Ok).collect();
            assert_eq!(got, want, "{} step {step}", P::NAME);
        }
        // The input ends one byte into the second frame: inside its prefix, or
        // (one-byte compact, LEB128 and YAS prefixes) right after it.
        let cut = frames(&mut c, &ms[..1]).len() + 1;
        let got = decode_all(
            &mut Codec::<Message>::new().prefix::<P, E>(),
            &wire[..cut],
            1,
        );
        assert_eq!(got.len(), 2, "{}: {got:?}", P::NAME);
        assert_eq!(got[0], Ok(ms[0].clone()));
        let err = CodecError::TruncatedFrame { received: 1 }.to_string();
        assert_eq!(got[1], Err(err), "{}", P::NAME);
    }
    let ms = messages();
    run::<len::U32, num::Big>(&ms);
    run::<len::U16, num::Little>(&ms);
    run::<len::U64, num::Big>(&ms);
    run::<len::Compact, num::Big>(&ms);
    run::<len::Leb128, num::Little>(&ms);
    run::<len::YasSize, num::Little>(&ms);
}

#[test]
fn an_oversized_frame_cut_short_by_the_end_of_input() {
    let mut codec = Codec::<u32>::new().max_frame_length(4);
    // 100 bytes announced, 2 arrive: both dropped at once, then the input ends.
    let mut src = BytesMut::from(&[0u8, 0, 0, 100, 1, 2][..]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::FrameTooLarge { len: 100, max: 4 })
    ));
    assert!(src.is_empty());
    // What arrived of the frame, its prefix included: 4 + 2 bytes, though the
    // codec holds none of them any more.
    assert!(matches!(
        codec.decode_eof(&mut src),
        Err(CodecError::TruncatedFrame { received: 6 })
    ));
    // The codec is ready for a new stream.
    let mut src = BytesMut::from(&[0u8, 0, 0, 4, 3, 0, 0, 0][..]);
    assert_eq!(codec.decode(&mut src).unwrap(), Some(3));
    // Arriving over several reads: a `u32` prefix of 300 (`00 00 01 2C`), then
    // 1, 0 and 5 bytes of its body, then the end: 4 + 1 + 0 + 5 = 10 received.
    let mut src = BytesMut::from(&[0u8, 0, 1, 0x2C, 7][..]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::FrameTooLarge { len: 300, max: 4 })
    ));
    assert_eq!(codec.decode(&mut src).unwrap(), None);
    src.extend_from_slice(&[7; 5]);
    assert_eq!(codec.decode(&mut src).unwrap(), None);
    assert!(src.is_empty());
    assert!(matches!(
        codec.decode_eof(&mut src),
        Err(CodecError::TruncatedFrame { received: 10 })
    ));
    // A frame whose end arrives in full is no error at the end of input, and
    // the count starts again for the next one: `00 00 00 05` and 5 bytes, then
    // `00 00 00 06` and 1 byte of 6: 5 received.
    let mut src = BytesMut::from(&[0u8, 0, 0, 5, 1, 2, 3, 4, 5, 0, 0, 0, 6, 1][..]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::FrameTooLarge { len: 5, max: 4 })
    ));
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::FrameTooLarge { len: 6, max: 4 })
    ));
    assert!(matches!(
        codec.decode_eof(&mut src),
        Err(CodecError::TruncatedFrame { received: 5 })
    ));
}

#[test]
fn from_buf_in_one_byte_chunks() {
    let ms = messages();
    let c = packed_core::config();
    let mut all = Vec::new();
    for m in &ms {
        all.extend(c.to_vec(m).unwrap());
    }
    let mut buf = chunked(&all, 1);
    for m in &ms {
        assert_eq!(&c.from_buf::<Message>(&mut buf).unwrap(), m);
    }
    assert!(!buf.has_remaining());
    // Every cut inside the first messages is an error.
    let first_two = c.to_vec(&ms[0]).unwrap().len() + c.to_vec(&ms[1]).unwrap().len();
    for cut in 0..first_two {
        let mut buf = chunked(&all[..cut], 1);
        let first = c.from_buf::<Message>(&mut buf);
        let second = first.and_then(|_| c.from_buf::<Message>(&mut buf));
        assert!(second.is_err(), "cut {cut}");
    }
    // A string that claims 2^30 bytes in a 6-byte input.
    let mut buf = chunked(&[1u8, 0xC0, 0xFF, 0xFF, 0xFF, 0xFF], 1);
    assert!(c.from_buf::<Message>(&mut buf).is_err());
    let mut g = BytesMut::new();
    let rec = Growable {
        id: 1,
        name: "abc".into(),
    };
    c.encode_to(&rec, &mut g).unwrap();
    assert_eq!(c.from_buf::<Growable>(&mut chunked(&g, 1)).unwrap(), rec);
}

#[test]
fn from_buf_on_error_one_chunk_stays_put_several_chunks_are_consumed_so_far() {
    let c = packed_core::config();
    // `(u8, bool)` from `05 02 09 09`: the bool byte 02 at offset 1 is invalid.
    let bytes = [5u8, 2, 9, 9];
    let want = DecodeError::InvalidBool { offset: 1, byte: 2 };
    // One chunk: read as a slice, nothing consumed.
    let mut one = &bytes[..];
    let r = c.from_buf::<(u8, bool)>(&mut one);
    assert_eq!(r.map_err(packed_core::Error::into_kind), Err(want.clone()));
    assert_eq!(one.remaining(), 4);
    // Two chunks (`05` and `02 09 09`): read as a stream, past the two bytes read.
    let mut two = (&bytes[..1]).chain(&bytes[1..]);
    let r = c.from_buf::<(u8, bool)>(&mut two);
    assert_eq!(r.map_err(packed_core::Error::into_kind), Err(want));
    assert_eq!(two.remaining(), 2);
    assert_eq!(two.chunk(), [9, 9]);
    // A `u32` from the 3 bytes `01 00 00`: one chunk stays put; two chunks (`01`
    // and `00 00`) are read to their end before the fourth byte is found missing.
    let bytes = [1u8, 0, 0];
    let mut one = &bytes[..];
    let r = c
        .from_buf::<u32>(&mut one)
        .map_err(packed_core::Error::into_kind);
    assert!(matches!(
        r,
        Err(DecodeError::UnexpectedEnd { offset: 0, .. })
    ));
    assert_eq!(one.remaining(), 3);
    let mut two = (&bytes[..1]).chain(&bytes[1..]);
    let r = c
        .from_buf::<u32>(&mut two)
        .map_err(packed_core::Error::into_kind);
    assert!(matches!(
        r,
        Err(DecodeError::UnexpectedEnd { offset: 0, .. })
    ));
    assert_eq!(two.remaining(), 0);
}

/// A hand-written message that writes one more zero byte each time it is encoded, so
/// the count taken for the length prefix is wrong by the time it writes.
struct Growing(std::cell::Cell<usize>);

impl packed_core::Encode for Growing {
    fn encode<C: packed_core::Ctx, W: packed_core::Writer + ?Sized>(
        &self,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let n = self.0.get();
        self.0.set(n + 1);
        w.write_bytes(&vec![0; n])
    }
}

/// A message whose bytes change between the count and the write would leave a prefix
/// that is wrong, and the peer would misread every frame after it: it is refused, and
/// nothing is written.
#[test]
fn a_message_that_writes_another_length_than_it_counted_is_refused() {
    let mut codec = Codec::<&Growing>::new();
    let mut dst = BytesMut::from(&b"prefix"[..]);
    // Counted when it writes 1 byte, then written as 2.
    let e = codec
        .encode(&Growing(std::cell::Cell::new(1)), &mut dst)
        .unwrap_err();
    assert!(
        matches!(
            e,
            CodecError::LengthChanged {
                counted: 1,
                written: 2
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string().contains("wrote 2 bytes after counting 1"),
        "{e}"
    );
    assert_eq!(&dst[..], b"prefix");
    // A message that writes what it counted is framed as ever: `u32` big-endian 0.
    struct Steady;
    impl packed_core::Encode for Steady {
        fn encode<C: packed_core::Ctx, W: packed_core::Writer + ?Sized>(
            &self,
            _: &mut W,
        ) -> Result<(), EncodeError> {
            Ok(())
        }
    }
    Codec::<&Steady>::new().encode(&Steady, &mut dst).unwrap();
    assert_eq!(&dst[..], b"prefix\0\0\0\0");
}
