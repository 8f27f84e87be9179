//! UBJSON envelopes over tokio TCP connections, routed by kind: four clients send
//! envelopes of several kinds in length-delimited frames (tokio's
//! `LengthDelimitedCodec`); the server, on a multi-threaded runtime, serves each
//! connection in a task of its own and hands each frame to one shared `Dispatcher`,
//! which decodes the record of its kind; it answers with a packed record through
//! `packed_core::tokio::Codec` (the same `u32` big-endian frames). Each client checks
//! every answer; all close cleanly.
//!
//! ```sh
//! cargo run -p ubjson-envelope --example tokio_dispatch
//! ```
//!
//! `cargo test --workspace` runs it too (the test at the end calls `main`).

use std::net::SocketAddr;
use std::sync::Arc;

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

/// The server's one router, shared by every connection's task.
fn router() -> Dispatcher<'static, Answer> {
    Dispatcher::new()
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
        })
}

/// Routes every envelope of one connection until the client closes its side.
async fn serve(
    stream: TcpStream,
    router: Arc<Dispatcher<'static, Answer>>,
) -> Result<usize, Error> {
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

/// One client: sends envelopes `first..first + count` on a connection of its own and
/// checks every answer, in order.
async fn client(addr: SocketAddr, first: usize, count: usize) -> Result<usize, Error> {
    let (read, write) = TcpStream::connect(addr).await?.into_split();
    let send = async {
        let mut frames = FramedWrite::new(write, LengthDelimitedCodec::new());
        for i in first..first + count {
            frames.feed(Bytes::from(envelope(i)?.0)).await?;
        }
        SinkExt::<Bytes>::close(&mut frames).await?;
        Ok::<_, Error>(())
    };
    let receive = async {
        let mut answers = FramedRead::new(read, Codec::<Answer>::new());
        let mut received = 0;
        while let Some(answer) = answers.next().await {
            let i = first + received;
            assert_eq!(answer?, envelope(i)?.1, "answer {i}");
            received += 1;
        }
        Ok::<_, Error>(received)
    };
    let ((), received) = tokio::try_join!(send, receive)?;
    Ok(received)
}

const CLIENTS: usize = 4;
const MESSAGES: usize = 1000;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Error> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    // One router for the whole server: each connection's task, on any worker thread,
    // gets a handle to it.
    let router = Arc::new(router());
    let server = tokio::spawn(async move {
        let mut connections = Vec::new();
        for _ in 0..CLIENTS {
            let (stream, _) = listener.accept().await?;
            connections.push(tokio::spawn(serve(stream, Arc::clone(&router))));
        }
        let mut served = 0;
        for connection in connections {
            served += connection.await??;
        }
        Ok::<_, Error>(served)
    });
    let per_client = MESSAGES / CLIENTS;
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| tokio::spawn(client(addr, c * per_client, per_client)))
        .collect();
    let mut received = 0;
    for c in clients {
        received += c.await??;
    }
    let served = server.await??;
    assert_eq!((received, served), (MESSAGES, MESSAGES));
    println!("{MESSAGES} envelopes from {CLIENTS} clients routed by kind and answered");
    Ok(())
}

#[test]
fn a_thousand_envelopes_over_localhost() {
    main().expect("the exchange succeeds");
}
