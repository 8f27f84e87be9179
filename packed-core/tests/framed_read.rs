//! What `tokio_util`'s `FramedRead` (0.7.20, Cargo.lock) does after the codec's
//! errors, as the `packed_core::tokio` docs describe it: it yields the error, then
//! `None`; polled again it reads the transport before it decodes, so frames already
//! buffered are not read after the end of input. A decoder whose item is a `Result`
//! goes on past the recoverable errors.
#![cfg(feature = "tokio")]

use bytes::BytesMut;
use futures_util::StreamExt;
use packed_core::tokio::{Codec, CodecError};
use packed_core::{len, num};
use tokio_util::codec::{Decoder, FramedRead};

fn block_on<F: core::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(f)
}

#[test]
fn framed_read_yields_none_after_an_error_then_reads_on() {
    block_on(async {
        // `u32` big-endian prefixes: a 1-byte frame where a `u32` is due (invalid),
        // a 9-byte frame past the maximum of 4, then the `u32` 7.
        let wire: &[u8] = &[
            0, 0, 0, 1, 0xAA, //
            0, 0, 0, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, //
            0, 0, 0, 4, 7, 0, 0, 0,
        ];
        let mut framed = FramedRead::new(wire, Codec::<u32>::new().max_frame_length(4));
        assert!(matches!(
            framed.next().await,
            Some(Err(CodecError::InvalidFrame(_)))
        ));
        assert!(framed.next().await.is_none());
        assert!(matches!(
            framed.next().await,
            Some(Err(CodecError::FrameTooLarge { len: 9, max: 4 }))
        ));
        assert!(framed.next().await.is_none());
        // The reader is at its end, so the buffered frame of 7 is never decoded.
        assert!(framed.next().await.is_none());
        assert_eq!(framed.read_buffer().len(), 8);
    });
}

/// Reports `FrameTooLarge` and `InvalidFrame` as items, after which the codec reads
/// the next frame; passes `BadPrefix` on as an error, which as an item would come
/// back on every call.
struct Lenient(Codec<u32>);

impl Decoder for Lenient {
    type Item = Result<u32, CodecError>;
    type Error = CodecError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Self::Item>, CodecError> {
        match self.0.decode(src) {
            Ok(m) => Ok(m.map(Ok)),
            Err(e @ (CodecError::FrameTooLarge { .. } | CodecError::InvalidFrame(_))) => {
                Ok(Some(Err(e)))
            }
            Err(e) => Err(e),
        }
    }
}

#[test]
fn a_decoder_of_results_goes_on_after_recoverable_errors() {
    block_on(async {
        let wire: &[u8] = &[
            0, 0, 0, 1, 0xAA, //
            0, 0, 0, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, //
            0, 0, 0, 4, 7, 0, 0, 0,
        ];
        let codec = Lenient(Codec::<u32>::new().max_frame_length(4));
        let got: Vec<_> = FramedRead::new(wire, codec).collect().await;
        assert_eq!(got.len(), 3);
        assert!(matches!(got[0], Ok(Err(CodecError::InvalidFrame(_)))));
        assert!(matches!(
            got[1],
            Ok(Err(CodecError::FrameTooLarge { len: 9, max: 4 }))
        ));
        assert!(matches!(got[2], Ok(Ok(7))));
    });
}

#[test]
fn after_bad_prefix_the_same_error_comes_back() {
    block_on(async {
        // An overlong LEB128 prefix (eleven `FF`), then a good frame `01 05` that is
        // never reached: the bytes stay in the buffer.
        let mut wire = vec![0xFFu8; 11];
        wire.extend([1, 5]);
        let codec = Codec::<u8>::new().prefix::<len::Leb128, num::Little>();
        let mut framed = FramedRead::new(&wire[..], codec);
        assert!(matches!(
            framed.next().await,
            Some(Err(CodecError::BadPrefix(_)))
        ));
        assert!(framed.next().await.is_none());
        assert!(matches!(
            framed.next().await,
            Some(Err(CodecError::BadPrefix(_)))
        ));
        assert_eq!(framed.read_buffer().len(), 13);
    });
}
