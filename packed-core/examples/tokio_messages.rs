//! A tokio TCP server and client on localhost exchanging packed messages: the client
//! sends a thousand messages of mixed kinds through `packed_core::tokio::Codec`, the
//! server answers each, the client checks every answer, and both close cleanly.
//!
//! ```sh
//! cargo run -p packed-core --features tokio --example tokio_messages
//! ```
//!
//! `cargo test --workspace` runs it too (the test at the end calls `main`).

use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use packed_core::{layout, tokio::Codec, Packed};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{FramedRead, FramedWrite};

/// What travels in both directions.
#[derive(Packed, Debug, Clone, PartialEq)]
enum Message {
    Ping { seq: u64 },
    Pong { seq: u64 },
    Text { from: String, body: String },
    Order(Order),
    Batch(Vec<Order>),
    Total { seq: u64, minor: i64 },
}

#[derive(Packed, Debug, Clone, PartialEq)]
struct Order {
    sku: String,
    qty: i32,
    price_minor: i64,
    note: Option<String>,
}

/// The `i`-th message the client sends.
fn request(i: u64) -> Message {
    let order = |k: u64| Order {
        sku: format!("sku-{k}"),
        qty: (k % 7) as i32 + 1,
        price_minor: (k * 1_234) as i64,
        note: (k % 3 == 0).then(|| "gift".repeat(k as usize % 5)),
    };
    match i % 4 {
        0 => Message::Ping { seq: i },
        1 => Message::Text {
            from: format!("client-{i}"),
            body: "é".repeat(i as usize % 300),
        },
        2 => Message::Order(order(i)),
        _ => Message::Batch((0..i % 50).map(order).collect()),
    }
}

/// What the server answers to `m`, the `seq`-th request.
fn answer(seq: u64, m: Message) -> Message {
    let total = |orders: &[Order]| {
        orders
            .iter()
            .map(|o| o.price_minor * i64::from(o.qty))
            .sum()
    };
    match m {
        Message::Ping { seq } => Message::Pong { seq },
        Message::Order(o) => Message::Total {
            seq,
            minor: total(&[o]),
        },
        Message::Batch(orders) => Message::Total {
            seq,
            minor: total(&orders),
        },
        other => other,
    }
}

/// Both ends use one codec: YAS's layout inside `u32` big-endian frames of at most
/// 1 MiB.
fn codec() -> Codec<Message, packed_core::ctx::RootAs<layout::Yas>> {
    Codec::new()
        .layout::<layout::Yas>()
        .max_frame_length(1 << 20)
}

/// Answers every request of one connection until the client closes its side.
async fn serve(stream: TcpStream) -> Result<u64, Box<dyn std::error::Error + Send + Sync>> {
    let (read, write) = stream.into_split();
    let mut requests = FramedRead::new(read, codec());
    let mut answers = FramedWrite::new(write, codec());
    let mut seq = 0;
    while let Some(request) = requests.next().await {
        answers.send(answer(seq, request?)).await?;
        seq += 1;
    }
    answers.close().await?;
    Ok(seq)
}

const MESSAGES: u64 = 1000;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let server = tokio::spawn(async move {
        let (stream, _) = listener.accept().await?;
        serve(stream).await
    });

    let started = Instant::now();
    let (read, write) = TcpStream::connect(addr).await?.into_split();
    let mut answers = FramedRead::new(read, codec());
    let sender = tokio::spawn(async move {
        let mut requests = FramedWrite::new(write, codec());
        let mut bytes = 0;
        for i in 0..MESSAGES {
            let m = request(i);
            bytes += 4 + packed_core::with::<layout::Yas>().encoded_len(&m)?;
            requests.feed(m).await?;
        }
        // Flushes and shuts the write side down: the server sees the end.
        requests.close().await?;
        Ok::<_, Box<dyn std::error::Error + Send + Sync>>(bytes)
    });

    let mut received = 0;
    while let Some(got) = answers.next().await {
        let expected = answer(received, request(received));
        assert_eq!(got?, expected, "answer {received}");
        received += 1;
    }
    let sent_bytes = sender.await??;
    let served = server.await??;
    assert_eq!((received, served), (MESSAGES, MESSAGES));
    println!(
        "{MESSAGES} messages ({sent_bytes} bytes framed) sent, answered and checked in {:.1?}",
        started.elapsed()
    );
    Ok(())
}

#[test]
fn a_thousand_messages_over_localhost() {
    main().expect("the exchange succeeds");
}
