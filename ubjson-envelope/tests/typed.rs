//! Envelopes around `#[derive(Packed)]` records: `to_vec`, `to_vec_with`,
//! `write_into`, `from_slice`, and the `Dispatcher`.

use packed_core::explain::{Explanation, Role};
use packed_core::{DecodeError, Encode, Kind, Packed};
use ubjson_envelope::{
    from_slice, to_vec, to_vec_with, unwrap, wrap, write_into, Dispatcher, EnvelopeError, Mode,
};

#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(kind = 1)]
struct Item {
    sku: String,
    qty: i32,
    price_minor: i64,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(kind = -300)]
struct Ping {
    seq: u32,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(kind = 4_000_000_000)]
struct Wide {
    x: u8,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(kind = 200)]
struct Blob {
    data: Vec<u8>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(kind = 70_000)]
struct WideBlob {
    data: Vec<u8>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(kind = 9)]
struct Borrowed<'a> {
    name: &'a str,
}

fn item() -> Item {
    Item {
        sku: "zbug".into(),
        qty: 87,
        price_minor: 46267,
    }
}

#[test]
fn kinds_come_from_the_attribute() {
    assert_eq!(Item::KIND, 1);
    assert_eq!(Ping::KIND, -300);
    assert_eq!(Wide::KIND, 4_000_000_000);
}

#[test]
fn payload_is_packed_cores_encoding() {
    let record = packed_core::to_vec(&item()).unwrap();
    // Bitsery-compatible default layout: size 4, "zbug", i32 LE, i64 LE.
    assert_eq!(record.len(), 1 + 4 + 4 + 8);
    for mode in [Mode::Minimal, Mode::FixedInt32] {
        let bytes = to_vec_with(&item(), mode).unwrap();
        assert_eq!(bytes, wrap(1, &record, mode).unwrap());
        assert_eq!(unwrap(&bytes).unwrap(), (1, &record[..]));
        assert_eq!(from_slice::<Item>(&bytes).unwrap(), item());
    }
    assert_eq!(
        to_vec(&item()).unwrap(),
        to_vec_with(&item(), Mode::Minimal).unwrap()
    );
    assert_eq!(to_vec(&item()).unwrap().len(), 17 + 25);
    assert_eq!(
        to_vec_with(&item(), Mode::FixedInt32).unwrap().len(),
        17 + 37
    );
}

#[test]
fn negative_and_wide_kinds() {
    let bytes = to_vec(&Ping { seq: 7 }).unwrap();
    // kind -300 = `I FE D4`.
    assert_eq!(&bytes[7..10], &[b'I', 0xFE, 0xD4]);
    assert_eq!(from_slice::<Ping>(&bytes).unwrap(), Ping { seq: 7 });
    assert_eq!(
        to_vec_with(&Ping { seq: 7 }, Mode::FixedInt32)
            .unwrap()
            .len(),
        37 + 4
    );

    let wide = to_vec(&Wide { x: 1 }).unwrap();
    assert_eq!(&wide[7..16], &[b'L', 0, 0, 0, 0, 0xEE, 0x6B, 0x28, 0x00]);
    assert_eq!(from_slice::<Wide>(&wide).unwrap(), Wide { x: 1 });
    assert_eq!(
        to_vec_with(&Wide { x: 1 }, Mode::FixedInt32),
        Err(EnvelopeError::KindOutOfRange {
            kind: 4_000_000_000,
            mode: Mode::FixedInt32
        })
    );
    // Nothing is appended on error.
    let mut buf = b"prefix".to_vec();
    assert!(write_into(&Wide { x: 1 }, Mode::FixedInt32, &mut buf).is_err());
    assert_eq!(buf, b"prefix");
}

#[test]
fn write_into_appends_once() {
    let mut buf = Vec::new();
    let n = write_into(&item(), Mode::Minimal, &mut buf).unwrap();
    assert_eq!(n, buf.len());
    assert_eq!(buf.capacity(), buf.len());
    let m = write_into(&Ping { seq: 1 }, Mode::Minimal, &mut buf).unwrap();
    assert_eq!(buf.len(), n + m);
    assert_eq!(from_slice::<Item>(&buf[..n]).unwrap(), item());
    assert_eq!(from_slice::<Ping>(&buf[n..]).unwrap(), Ping { seq: 1 });
}

/// A hand-written record that writes one more zero byte each time it is encoded,
/// so the count taken before writing is wrong by the time it writes.
struct Growing(std::cell::Cell<usize>);

impl Kind for Growing {
    const KIND: i64 = 5;
}

impl Encode for Growing {
    fn encode<C: packed_core::Ctx, W: packed_core::Writer + ?Sized>(
        &self,
        w: &mut W,
    ) -> Result<(), packed_core::EncodeError> {
        let n = self.0.get();
        self.0.set(n + 1);
        w.write_bytes(&vec![0; n])
    }
}

/// A record whose bytes change between the count and the write is refused with its
/// own error (not a user's `EncodeError::Custom`), and nothing is appended.
#[test]
fn a_record_that_writes_another_length_than_it_counted_is_refused() {
    let mut buf = b"prefix".to_vec();
    // Counted when it writes 1 byte, then written as 2.
    let g = Growing(std::cell::Cell::new(1));
    let e = write_into(&g, Mode::Minimal, &mut buf).unwrap_err();
    assert_eq!(
        e,
        EnvelopeError::PayloadLengthChanged {
            counted: 1,
            written: 2
        }
    );
    assert_eq!(buf, b"prefix");
    assert!(
        e.to_string().contains("wrote 2 bytes after counting 1"),
        "{e}"
    );
    // Through `to_vec` too.
    assert!(matches!(
        to_vec(&Growing(std::cell::Cell::new(0))),
        Err(EnvelopeError::PayloadLengthChanged {
            counted: 0,
            written: 1
        })
    ));
}

#[test]
fn wrong_kind_names_both_numbers() {
    let bytes = to_vec(&item()).unwrap();
    let err = from_slice::<Ping>(&bytes).unwrap_err();
    assert_eq!(
        err,
        EnvelopeError::KindMismatch {
            expected: -300,
            found: 1
        }
    );
    assert_eq!(err.to_string(), "expected envelope kind -300, found 1");
}

#[test]
fn bad_payload_is_a_decode_error() {
    // An envelope of the right kind whose payload is one byte short.
    let record = packed_core::to_vec(&item()).unwrap();
    let bytes = wrap(1, &record[..record.len() - 1], Mode::Minimal).unwrap();
    let err = from_slice::<Item>(&bytes).unwrap_err();
    assert!(
        matches!(
            err,
            EnvelopeError::Decode(ref e) if matches!(e.kind(), DecodeError::UnexpectedEnd { .. })
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with("cannot decode payload: "),
        "{err}"
    );
    // Trailing payload bytes.
    let mut long = record.clone();
    long.push(0);
    let err = from_slice::<Item>(&wrap(1, &long, Mode::Minimal).unwrap()).unwrap_err();
    assert!(matches!(err, EnvelopeError::Decode(_)), "{err:?}");
    // `From<DecodeError>`.
    let e: EnvelopeError = DecodeError::InvalidUtf8 { offset: 3 }.into();
    assert_eq!(
        e,
        EnvelopeError::Decode(DecodeError::InvalidUtf8 { offset: 3 }.into())
    );
    assert!(std::error::Error::source(&e).is_some());
}

#[test]
fn envelope_errors_come_first() {
    assert!(matches!(
        from_slice::<Item>(b"[]"),
        Err(EnvelopeError::NotAnObject { .. })
    ));
    assert!(matches!(
        from_slice::<Item>(b""),
        Err(EnvelopeError::Malformed(_))
    ));
}

#[test]
fn borrowed_records_borrow_from_the_envelope() {
    let bytes = to_vec(&Borrowed { name: "zero-copy" }).unwrap();
    let back: Borrowed<'_> = from_slice(&bytes).unwrap();
    assert_eq!(back.name, "zero-copy");
    assert!(bytes.as_ptr_range().contains(&back.name.as_ptr()));
}

#[derive(Debug, PartialEq)]
enum Msg {
    Item(Item),
    Ping(u32),
    Name(String),
}

#[test]
fn dispatcher_routes_by_kind() {
    let dispatcher = Dispatcher::<Msg>::new()
        .on_record(|i: Item| Ok(Msg::Item(i)))
        .on_record(|p: Ping| Ok(Msg::Ping(p.seq)))
        .on(Borrowed::KIND, |payload| {
            let b: Borrowed<'_> = packed_core::from_slice(payload)?;
            Ok(Msg::Name(b.name.to_owned()))
        });
    assert_eq!(dispatcher.kinds().collect::<Vec<_>>(), [-300, 1, 9]);
    assert_eq!(
        dispatcher.dispatch(&to_vec(&item()).unwrap()).unwrap(),
        Msg::Item(item())
    );
    assert_eq!(
        dispatcher
            .dispatch(&to_vec(&Ping { seq: 5 }).unwrap())
            .unwrap(),
        Msg::Ping(5)
    );
    assert_eq!(
        dispatcher
            .dispatch(&to_vec(&Borrowed { name: "n" }).unwrap())
            .unwrap(),
        Msg::Name("n".into())
    );
    // Fixed-mode envelopes dispatch the same way.
    assert_eq!(
        dispatcher
            .dispatch(&to_vec_with(&Ping { seq: 6 }, Mode::FixedInt32).unwrap())
            .unwrap(),
        Msg::Ping(6)
    );
    assert_eq!(
        dispatcher.dispatch(&to_vec(&Wide { x: 0 }).unwrap()),
        Err(EnvelopeError::UnknownKind {
            kind: 4_000_000_000
        })
    );
    // A registered kind with a payload that does not decode.
    assert!(matches!(
        dispatcher.dispatch(&wrap(1, &[0xFF], Mode::Minimal).unwrap()),
        Err(EnvelopeError::Decode(_))
    ));
    assert!(format!("{dispatcher:?}").contains("[-300, 1, 9]"));
}

#[test]
fn dispatcher_with_a_custom_error_type() {
    #[derive(Debug, PartialEq)]
    enum AppError {
        Envelope(EnvelopeError),
        Rejected(&'static str),
    }
    impl From<EnvelopeError> for AppError {
        fn from(e: EnvelopeError) -> Self {
            AppError::Envelope(e)
        }
    }
    let d = Dispatcher::<u32, AppError>::new().on_record(|p: Ping| {
        if p.seq == 0 {
            Err(AppError::Rejected("zero"))
        } else {
            Ok(p.seq)
        }
    });
    assert_eq!(d.dispatch(&to_vec(&Ping { seq: 3 }).unwrap()), Ok(3));
    assert_eq!(
        d.dispatch(&to_vec(&Ping { seq: 0 }).unwrap()),
        Err(AppError::Rejected("zero"))
    );
    assert_eq!(
        d.dispatch(&to_vec(&item()).unwrap()),
        Err(AppError::Envelope(EnvelopeError::UnknownKind { kind: 1 }))
    );
}

/// One dispatcher serves every connection of a multi-threaded server: it is `Send`
/// and `Sync` whatever its result and error types, so it can be shared through an
/// `Arc` by threads (and tokio tasks) that dispatch at the same time.
#[test]
fn a_dispatcher_is_shared_between_threads() {
    fn send_and_sync<T: Send + Sync>(_: &T) {}
    let counted = std::sync::atomic::AtomicU32::new(0);
    let d = Dispatcher::<u32>::new().on_record(|p: Ping| {
        counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(p.seq)
    });
    send_and_sync(&d);
    send_and_sync(&Dispatcher::<std::rc::Rc<u8>, std::rc::Rc<EnvelopeError>>::new());
    std::thread::scope(|s| {
        for t in 0..4u32 {
            let d = &d;
            s.spawn(move || {
                for i in 0..100 {
                    let seq = t * 1000 + i;
                    assert_eq!(d.dispatch(&to_vec(&Ping { seq }).unwrap()), Ok(seq));
                }
            });
        }
    });
    drop(d);
    assert_eq!(counted.into_inner(), 400);
}

/// The envelope's spans of an explanation: (role, path, bytes), the record's own
/// spans left out.
fn envelope_spans(e: &Explanation) -> Vec<(Role, String, Vec<u8>)> {
    let mut next = 0;
    for s in e.spans() {
        assert_eq!(s.offset, next, "spans are contiguous");
        next += s.len;
    }
    assert_eq!(next, e.bytes().len(), "spans cover every byte");
    let spans = e.spans();
    let (head, tail) = (&spans[..4], &spans[spans.len() - 1..]);
    head.iter()
        .chain(tail)
        .map(|s| (s.role, s.path.clone(), e.span_bytes(s).to_vec()))
        .collect()
}

/// The count of a `[$U#` payload of `n` bytes in `Mode::Minimal`, from the
/// format's rule: `U` up to 255, then `I`, then `l` (big-endian).
fn minimal_count(n: usize) -> Vec<u8> {
    if n <= 255 {
        vec![b'U', n as u8]
    } else if n <= 32767 {
        let mut v = vec![b'I'];
        v.extend_from_slice(&(n as u16).to_be_bytes());
        v
    } else {
        let mut v = vec![b'l'];
        v.extend_from_slice(&(n as u32).to_be_bytes());
        v
    }
}

fn check_explained<T: Encode + Kind>(record: &T, mode: Mode, kind_bytes: &[u8], count: &[u8]) {
    let e = ubjson_envelope::explain(record, mode).unwrap();
    assert_eq!(e.bytes(), &to_vec_with(record, mode).unwrap()[..]);
    let key_len: &[u8] = match mode {
        Mode::FixedInt32 => b"l\0\0\0",
        _ => b"U",
    };
    let key = |len: u8, name: &[u8]| [key_len, &[len], name].concat();
    let expected = vec![
        (
            Role::Header,
            String::new(),
            [&b"{"[..], &key(4, b"kind")].concat(),
        ),
        (Role::Value, "kind".to_owned(), kind_bytes.to_vec()),
        (
            Role::Header,
            String::new(),
            [&key(7, b"payload")[..], b"[$U#"].concat(),
        ),
        (Role::Length, "payload".to_owned(), count.to_vec()),
        (Role::Header, String::new(), b"}".to_vec()),
    ];
    assert_eq!(envelope_spans(&e), expected, "{mode}, kind {}", T::KIND);
}

#[test]
fn explain_spans_every_kind_and_count_width() {
    // Kinds in `i`, `U`, `I`, `l` and `L`, worked out from the format.
    let ping = Ping { seq: 7 };
    check_explained(&ping, Mode::Minimal, &[b'I', 0xFE, 0xD4], &minimal_count(4));
    check_explained(&item(), Mode::Minimal, &[b'i', 1], &minimal_count(17));
    let wide = Wide { x: 1 };
    let wide_kind = [b'L', 0, 0, 0, 0, 0xEE, 0x6B, 0x28, 0x00];
    check_explained(&wide, Mode::Minimal, &wide_kind, &minimal_count(1));
    // Payloads whose count takes `U`, `I` and `l`.
    for n in [0, 250, 255, 300, 32_000, 40_000] {
        let blob = Blob {
            data: vec![0x5A; n],
        };
        let payload = packed_core::encoded_len(&blob).unwrap();
        check_explained(&blob, Mode::Minimal, &[b'U', 200], &minimal_count(payload));
        let fixed_count = [&[b'l'][..], &(payload as u32).to_be_bytes()].concat();
        let fixed_kind = [b'l', 0, 0, 0, 200];
        check_explained(&blob, Mode::FixedInt32, &fixed_kind, &fixed_count);

        let wide = WideBlob {
            data: vec![0xA5; n],
        };
        let l_kind = [b'l', 0x00, 0x01, 0x11, 0x70];
        check_explained(&wide, Mode::Minimal, &l_kind, &minimal_count(payload));
        check_explained(&wide, Mode::FixedInt32, &l_kind, &fixed_count);
    }
    // A kind the mode cannot express is the same error as for `to_vec_with`.
    assert_eq!(
        ubjson_envelope::explain(&wide, Mode::FixedInt32).unwrap_err(),
        EnvelopeError::KindOutOfRange {
            kind: 4_000_000_000,
            mode: Mode::FixedInt32
        }
    );
}
