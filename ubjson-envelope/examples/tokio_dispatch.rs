//! UBJSON envelopes over a tokio TCP connection, routed by kind: the client sends
//! envelopes of several kinds in length-delimited frames (tokio's
//! `LengthDelimitedCodec`); the server hands each frame to a `Dispatcher`, which
//! decodes the record of its kind, and answers with a packed record through
//! `packed_core::tokio::Codec` (the same `u32` big-endian frames). The client checks
//! every answer; both close cleanly.
//!
//! ```sh
//! cargo run -p ubjson-envelope --example tokio_dispatch
//! ```
//!
//! `cargo test --workspace` runs it too (the test at the end calls `main`).

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use packed_core::{tokio::Codec, Packed};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};
use ubjson_envelope::{to_vec, to_vec_with, wrap, Dispatcher, EnvelopeError, Mode};

type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Packed, Debug, Clone)]
#[packed(kind = 1)]
struct Order {
    id: String,
    qty: i32,
    price_minor: i64,
}

#[derive(Packed, Debug, Clone)]
#[packed(kind = 2)]
struct Cancel {
    id: String,
}

/// Kind 3 carries an opaque blob: its handler sees the borrowed payload.
const KIND_BLOB: i64 = 3;

/// The server's answer to each envelope.
#[derive(Packed, Debug, Clone, PartialEq)]
enum Answer {
    Ordered { id: String, total_minor: i64 },
    Cancelled(String),
    Blob { len: u32 },
    Refused(String),
}

/// The `i`-th envelope the client sends, and the answer it expects.
fn envelope(i: usize) -> Result<(Vec<u8>, Answer), EnvelopeError> {
    let id = format!("order-{i}");
    Ok(match i % 4 {
        0 => {
            let o = Order {
                id: id.clone(),
                qty: (i % 9) as i32,
                price_minor: 1_250,
            };
            let total_minor = o.price_minor * i64::from(o.qty);
            (to_vec(&o)?, Answer::Ordered { id, total_minor })
        }
        1 => (
            to_vec_with(&Cancel { id: id.clone() }, Mode::FixedInt32)?,
            Answer::Cancelled(id),
        ),
        2 => (
            wrap(KIND_BLOB, &vec![7u8; i % 200], Mode::Minimal)?,
            Answer::Blob {
                len: (i % 200) as u32,
            },
        ),
        _ => (
            wrap(99, b"no such kind", Mode::Minimal)?,
            Answer::Refused("unknown kind 99".into()),
        ),
    })
}

/// Routes every envelope of one connection until the client closes its side.
async fn serve(stream: TcpStream) -> Result<usize, Error> {
    let router = Dispatcher::<Answer>::new()
        .on_record(|o: Order| {
            Ok(Answer::Ordered {
                total_minor: o.price_minor * i64::from(o.qty),
                id: o.id,
            })
        })
        .on_record(|c: Cancel| Ok(Answer::Cancelled(c.id)))
        .on(KIND_BLOB, |payload| {
            Ok(Answer::Blob {
                len: payload.len() as u32,
            })
        });
    let (read, write) = stream.into_split();
    let mut frames = FramedRead::new(read, LengthDelimitedCodec::new());
    let mut answers = FramedWrite::new(write, Codec::<Answer>::new());
    let mut served = 0;
    while let Some(frame) = frames.next().await {
        let answer = match router.dispatch(&frame?) {
            Ok(answer) => answer,
            Err(EnvelopeError::UnknownKind { kind }) => {
                Answer::Refused(format!("unknown kind {kind}"))
            }
            Err(e) => return Err(e.into()),
        };
        answers.send(answer).await?;
        served += 1;
    }
    answers.close().await?;
    Ok(served)
}

const MESSAGES: usize = 1000;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Error> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    // The server's router is not `Send`: it runs beside the client on this thread.
    let server = async {
        let (stream, _) = listener.accept().await?;
        serve(stream).await
    };
    let client = async {
        let (read, write) = TcpStream::connect(addr).await?.into_split();
        let send = async {
            let mut frames = FramedWrite::new(write, LengthDelimitedCodec::new());
            for i in 0..MESSAGES {
                frames.feed(Bytes::from(envelope(i)?.0)).await?;
            }
            SinkExt::<Bytes>::close(&mut frames).await?;
            Ok::<_, Error>(())
        };
        let receive = async {
            let mut answers = FramedRead::new(read, Codec::<Answer>::new());
            let mut received = 0;
            while let Some(answer) = answers.next().await {
                assert_eq!(answer?, envelope(received)?.1, "answer {received}");
                received += 1;
            }
            Ok::<_, Error>(received)
        };
        let ((), received) = tokio::try_join!(send, receive)?;
        Ok::<_, Error>(received)
    };
    let (served, received) = tokio::try_join!(server, client)?;
    assert_eq!((received, served), (MESSAGES, MESSAGES));
    println!("{MESSAGES} envelopes routed by kind and answered");
    Ok(())
}

#[test]
fn a_thousand_envelopes_over_localhost() {
    main().expect("the exchange succeeds");
}
