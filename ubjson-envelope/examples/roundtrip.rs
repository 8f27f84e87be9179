//! Build a UBJSON value, write it, read it back (borrowing from the bytes),
//! and wrap a payload in the `kind` + `payload` envelope in both modes.
//!
//! Run with `cargo run -p ubjson-envelope --example roundtrip`.

use std::borrow::Cow;

use ubjson_envelope::{unwrap, wrap, Char, HighPrecision, Mode, Value};

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let value = Value::Object(vec![
        (Cow::Borrowed("id"), Value::from("ytglvmbsd")),
        (Cow::Borrowed("status"), Value::Int(2)),
        (Cow::Borrowed("big"), Value::Int(1 << 40)),
        (Cow::Borrowed("ratio"), Value::Float32(0.5)),
        (
            Cow::Borrowed("pi"),
            Value::HighPrecision(HighPrecision::new("3.14159265358979323846").ok_or("bad number")?),
        ),
        (
            Cow::Borrowed("grade"),
            Value::Char(Char::new(b'A').ok_or("not ascii")?),
        ),
        (
            Cow::Borrowed("blob"),
            Value::from(vec![0xDE, 0xAD, 0xBE, 0xEF]),
        ),
        // Five int8s: written as a typed array `[$i#U\x05` + 5 bytes.
        (
            Cow::Borrowed("qty"),
            Value::Array([87, 50, 100, 89, 7].map(Value::Int).to_vec()),
        ),
    ]);

    let bytes = value.to_vec();
    println!("value ({} bytes): {}", bytes.len(), hex(&bytes));
    assert_eq!(bytes.len(), value.encoded_len());

    let back = Value::from_slice(&bytes)?;
    assert_eq!(back, value);
    if let Some(Value::String(Cow::Borrowed(id))) = back.get("id") {
        println!("id {id:?} is borrowed from the input");
    }

    let payload = b"any bytes: a packed record, an image, ...";
    for mode in [Mode::Minimal, Mode::FixedInt32] {
        let envelope = wrap(1, payload, mode)?;
        let (kind, body) = unwrap(&envelope)?;
        assert_eq!((kind, body), (1, &payload[..]));
        println!(
            "{mode:>11} envelope: {} bytes = {} payload + {} overhead; header {}",
            envelope.len(),
            payload.len(),
            envelope.len() - payload.len(),
            hex(&envelope[..envelope.len() - payload.len() - 1])
        );
    }

    // Hostile input is an error with an offset, never a panic.
    let hostile = b"[#L\x40\x00\x00\x00\x00\x00\x00\x00";
    println!("hostile input: {}", Value::from_slice(hostile).unwrap_err());
    Ok(())
}
