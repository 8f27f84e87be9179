//! Streams and caller buffers: how many calls a message costs the sink and the source
//! (`to_writer`: one `write`; `from_reader`: the source's buffered reads, never past the
//! message), streams of messages that end cleanly or inside a message, and encoding into
//! a `&mut [u8]` with its typed "buffer too small" error.

use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Cursor, Read, Write};

use packed_core::{layout, DecodeError, EncodeError, Limits, Packed};

/// A game-network message: fixed-size fields, a name, a list, an optional chat line.
#[derive(Packed, Debug, Clone, PartialEq)]
struct PlayerMove {
    player: u32,
    seq: u16,
    name: String,
    pos: [f32; 3],
    yaw: i16,
    items: Vec<u16>,
    chat: Option<String>,
}

fn moves() -> Vec<PlayerMove> {
    (0..5)
        .map(|i| PlayerMove {
            player: 7 + i,
            seq: 42 * i as u16,
            name: "ann".repeat(i as usize),
            pos: [1.0, 2.0, i as f32],
            yaw: -90,
            items: (0..i as u16).collect(),
            chat: (i % 2 == 0).then(|| "gg".to_owned()),
        })
        .collect()
}

/// A sink that counts `write` calls.
#[derive(Default)]
struct CountingSink {
    bytes: Vec<u8>,
    writes: usize,
}

impl Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An unbuffered source that counts `read` calls (a file or socket).
struct CountingSource<'a> {
    data: Cursor<Vec<u8>>,
    reads: &'a Cell<usize>,
}

impl Read for CountingSource<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads.set(self.reads.get() + 1);
        self.data.read(buf)
    }
}

#[test]
fn to_writer_makes_one_write_per_message() {
    for m in moves() {
        let mut sink = CountingSink::default();
        let n = packed_core::to_writer(&m, &mut sink)
            .map_err(packed_core::Error::into_kind)
            .unwrap();
        assert_eq!(sink.writes, 1, "{m:?}");
        assert_eq!(
            sink.bytes,
            packed_core::to_vec(&m)
                .map_err(packed_core::Error::into_kind)
                .unwrap()
        );
        assert_eq!(n, sink.bytes.len());
        // Under a layout with a header too: header and body in the one write.
        let mut sink = CountingSink::default();
        packed_core::with::<layout::Yas>()
            .to_writer(&m, &mut sink)
            .unwrap();
        assert_eq!(sink.writes, 1);
        assert_eq!(&sink.bytes[..7], b"yas0017");
    }
}

#[test]
fn to_writer_writes_nothing_for_a_value_it_cannot_encode() {
    #[derive(Packed)]
    struct Short {
        ok: u32,
        #[packed(len = "u8")]
        long: Vec<u8>,
    }
    let mut sink = CountingSink::default();
    let value = Short {
        ok: 1,
        long: vec![0; 300],
    };
    assert!(matches!(
        packed_core::to_writer(&value, &mut sink).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthTooLarge { len: 300, .. })
    ));
    assert_eq!((sink.writes, sink.bytes.len()), (0, 0));
}

#[test]
fn to_writer_reports_the_sinks_error() {
    struct Broken;
    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    assert_eq!(
        packed_core::to_writer(&moves()[1], Broken).map_err(packed_core::Error::into_kind),
        Err(EncodeError::Io(io::ErrorKind::BrokenPipe.into()))
    );
}

/// Messages written one after another into a file-like source are read back through
/// one `BufReader`: each `from_reader` takes exactly its message's bytes out of the
/// buffer, so the source is read once per buffer-full, not once per field.
#[test]
fn from_reader_reads_the_source_in_buffer_fulls() {
    let all = moves();
    let mut stream = Vec::new();
    for m in &all {
        packed_core::to_writer(m, &mut stream)
            .map_err(packed_core::Error::into_kind)
            .unwrap();
    }
    let reads = Cell::new(0);
    let source = CountingSource {
        data: Cursor::new(stream.clone()),
        reads: &reads,
    };
    let mut buffered = BufReader::new(source);
    for m in &all {
        assert_eq!(
            &packed_core::from_reader::<PlayerMove, _>(&mut buffered)
                .map_err(packed_core::Error::into_kind)
                .unwrap(),
            m
        );
    }
    // The whole stream fits the buffer: one read.
    assert_eq!(reads.get(), 1);
    // A small buffer: the reads follow the bytes, not the fields.
    reads.set(0);
    let source = CountingSource {
        data: Cursor::new(stream.clone()),
        reads: &reads,
    };
    let mut small = BufReader::with_capacity(16, source);
    for m in &all {
        assert_eq!(
            &packed_core::from_reader::<PlayerMove, _>(&mut small)
                .map_err(packed_core::Error::into_kind)
                .unwrap(),
            m
        );
    }
    assert_eq!(reads.get(), stream.len().div_ceil(16));
    assert!(small.fill_buf().unwrap().is_empty(), "every byte was taken");
}

/// `from_reader` never consumes past its message: what follows is still in the source.
#[test]
fn from_reader_leaves_the_next_message_in_the_source() {
    let mut stream = packed_core::to_vec(&moves()[3])
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    stream.extend_from_slice(b"rest");
    let mut source = BufReader::new(&stream[..]);
    let m: PlayerMove = packed_core::from_reader(&mut source)
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    assert_eq!(m, moves()[3]);
    let mut rest = Vec::new();
    source.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, b"rest");
}

/// A source interrupted by signals (`ErrorKind::Interrupted`) is read again, as
/// `read_exact` would.
#[test]
fn from_reader_retries_interrupted_reads() {
    struct Interrupting {
        data: Cursor<Vec<u8>>,
        next_fails: bool,
    }
    impl Read for Interrupting {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.next_fails = !self.next_fails;
            if self.next_fails {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(3);
            self.data.read(&mut buf[..n])
        }
    }
    let m = &moves()[4];
    let source = Interrupting {
        data: Cursor::new(
            packed_core::to_vec(m)
                .map_err(packed_core::Error::into_kind)
                .unwrap(),
        ),
        next_fails: false,
    };
    let back: PlayerMove = packed_core::from_reader(BufReader::with_capacity(3, source))
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    assert_eq!(&back, m);
}

/// The source's or sink's error is kept whole: its message (a TLS layer's, an OS
/// error's text) reaches the user, where only its kind ("other error") did.
#[test]
fn io_errors_keep_their_message() {
    struct Tls;
    impl Read for Tls {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("tls: certificate expired"))
        }
    }
    impl Write for Tls {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("tls: peer closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let e = packed_core::from_reader::<PlayerMove, _>(BufReader::new(Tls)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "i/o error at byte 0: tls: certificate expired"
    );
    match e.into_kind() {
        DecodeError::Io { offset: 0, error } => {
            assert_eq!(error.kind(), io::ErrorKind::Other);
            assert_eq!(error.get_ref().to_string(), "tls: certificate expired");
        }
        other => panic!("{other:?}"),
    }
    let e = packed_core::to_writer(&moves()[1], Tls).unwrap_err();
    assert_eq!(e.to_string(), "i/o error while writing: tls: peer closed");
    // Equal by kind and message, so the errors stay comparable.
    assert_eq!(
        e.into_kind(),
        EncodeError::Io(io::Error::other("tls: peer closed").into())
    );
    // And they stay what they were with the kind alone.
    fn traits<T: Clone + Eq + Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
    traits::<DecodeError>();
    traits::<EncodeError>();
}

#[test]
fn from_reader_reports_the_sources_error_with_its_offset() {
    struct FailsAfter(Cursor<Vec<u8>>);
    impl Read for FailsAfter {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::ErrorKind::ConnectionReset.into()),
                n => Ok(n),
            }
        }
    }
    let bytes = packed_core::to_vec(&moves()[2])
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    let source = FailsAfter(Cursor::new(bytes[..10].to_vec()));
    assert_eq!(
        packed_core::from_reader::<PlayerMove, _>(BufReader::new(source))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::Io {
            offset: 10,
            error: io::ErrorKind::ConnectionReset.into()
        })
    );
}

/// A stream truncated inside an item reports where the item starts, what it needs and
/// what was left, as a slice does.
#[test]
fn a_truncated_stream_reports_the_item_it_ended_in() {
    let bytes = packed_core::to_vec(&moves()[2])
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    // 4 + 2 bytes of numbers, the name's length (6) at 6, its bytes from 7.
    assert_eq!(bytes[6], 6);
    for cut in 8..13 {
        assert_eq!(
            packed_core::from_reader::<PlayerMove, _>(&bytes[..cut])
                .map_err(packed_core::Error::into_kind),
            Err(DecodeError::UnexpectedEnd {
                offset: 7,
                needed: 6,
                remaining: cut - 7
            })
        );
    }
    assert_eq!(
        packed_core::from_reader::<PlayerMove, _>(&bytes[..2])
            .map_err(packed_core::Error::into_kind),
        packed_core::from_slice::<PlayerMove>(&bytes[..2]).map_err(packed_core::Error::into_kind)
    );
}

/// A length claim the stream cannot hold is reported as the claim, from wherever the
/// stream runs out: `needed` is what the claim's elements take (their count times the
/// bytes each takes at least), from where they start, as for a string, and not the step
/// the stream was reading (64 KiB of elements, or one element). A slice refuses the
/// same claims at their prefixes (`LengthExceedsInput`).
#[test]
fn a_stream_reports_the_claim_it_could_not_hold() {
    use std::collections::BTreeMap;
    fn stream<T: for<'de> packed_core::Decode<'de>>(bytes: &[u8]) -> Result<T, DecodeError> {
        packed_core::from_reader::<T, _>(bytes).map_err(packed_core::Error::into_kind)
    }
    fn dribbled<T: for<'de> packed_core::Decode<'de>>(bytes: &[u8]) -> Result<T, DecodeError> {
        let mut one = BufReader::with_capacity(1, bytes);
        packed_core::from_reader::<T, _>(&mut one).map_err(packed_core::Error::into_kind)
    }
    // Bitsery's compact size `FF FF FF FF` is 2^30 - 1; three bytes follow it.
    const CLAIM: usize = (1 << 30) - 1;
    let input = [0xff, 0xff, 0xff, 0xff, 1, 2, 3];
    let at_4 = |needed| DecodeError::UnexpectedEnd {
        offset: 4,
        needed,
        remaining: 3,
    };
    for got in [stream::<Vec<u8>>(&input), dribbled::<Vec<u8>>(&input)] {
        assert_eq!(got, Err(at_4(CLAIM)));
    }
    // A `u32` takes 4 bytes under Bitsery's layout, but one at least under some layout
    // (LEB128): the rule a slice checks at the prefix, so both see the same claim.
    for got in [stream::<Vec<u32>>(&input), dribbled::<Vec<u32>>(&input)] {
        assert_eq!(got, Err(at_4(CLAIM)));
    }
    // Elements of varying size take their least: a string its length byte, a map
    // entry of two bytes two, a vector of vectors a length byte each.
    for got in [
        stream::<Vec<String>>(&input),
        dribbled::<Vec<String>>(&input),
    ] {
        assert_eq!(got, Err(at_4(CLAIM)));
    }
    for got in [
        stream::<BTreeMap<u8, u8>>(&input),
        dribbled::<BTreeMap<u8, u8>>(&input),
    ] {
        assert_eq!(got, Err(at_4(2 * CLAIM)));
    }
    for got in [
        stream::<Vec<Vec<u8>>>(&input),
        dribbled::<Vec<Vec<u8>>>(&input),
    ] {
        assert_eq!(got, Err(at_4(CLAIM)));
    }
    // As a string's (which was already so).
    assert_eq!(stream::<String>(&input), Err(at_4(CLAIM)));
    // A claim the input can hold, cut short inside an element, is that element's.
    let cut = [3, 2, b'a', b'b', 5, b'c'];
    assert_eq!(
        stream::<Vec<String>>(&cut),
        Err(DecodeError::UnexpectedEnd {
            offset: 5,
            needed: 5,
            remaining: 1
        })
    );
    // YAS: an 8-byte length of 2^32 - 1 after the header (a `u16` takes a byte at
    // least, under YAS compacted).
    let mut yas = b"yas0017".to_vec();
    yas.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 9]);
    assert_eq!(
        packed_core::with::<layout::Yas>()
            .from_reader::<Vec<u16>, _>(&yas[..])
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnexpectedEnd {
            offset: 15,
            needed: 0xffff_ffff,
            remaining: 1
        })
    );
}

#[test]
fn messages_end_cleanly_at_the_end_of_input() {
    let all = moves();
    let mut stream = Vec::new();
    let mut ends = vec![0];
    for m in &all {
        packed_core::to_writer(m, &mut stream)
            .map_err(packed_core::Error::into_kind)
            .unwrap();
        ends.push(stream.len());
    }
    let read: Vec<PlayerMove> = packed_core::messages(BufReader::new(&stream[..]))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read, all);
    // Every cut: the messages before it, then an error if it is inside one, then the
    // end; never a message that was not written.
    for cut in 0..=stream.len() {
        let mut it = packed_core::messages::<PlayerMove, _>(&stream[..cut]);
        let whole = ends.iter().filter(|&&e| e > 0 && e <= cut).count();
        for m in &all[..whole] {
            assert_eq!(it.next().as_ref(), Some(&Ok(m.clone())), "cut {cut}");
        }
        if ends.contains(&cut) {
            assert_eq!(it.offset(), cut);
        } else {
            let err = it.next().expect("an error").expect_err("a cut message");
            assert!(
                matches!(err.kind(), DecodeError::UnexpectedEnd { .. }),
                "cut {cut}: {err:?}"
            );
            assert!(
                err.offset() >= ends[whole] && err.offset() <= cut,
                "{err:?}"
            );
        }
        assert_eq!(it.next(), None, "cut {cut}");
        assert_eq!(it.next(), None, "cut {cut}: ended for good");
    }
}

/// A malformed message ends the stream with its error: the position after it is
/// unknown, so nothing more is read.
#[test]
fn messages_stop_at_a_malformed_message() {
    let mut stream = packed_core::to_vec(&true)
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    stream.push(2); // not a bool
    stream.extend(
        packed_core::to_vec(&false)
            .map_err(packed_core::Error::into_kind)
            .unwrap(),
    );
    let mut it = packed_core::messages::<bool, _>(&stream[..]);
    assert_eq!(it.next(), Some(Ok(true)));
    assert_eq!(
        it.next(),
        Some(Err(DecodeError::InvalidBool { offset: 1, byte: 2 }.into()))
    );
    assert_eq!(it.next(), None);
}

/// Each message is a document of its own for the limits: a byte limit of one message's
/// size reads any number of them, and refuses the one message that is larger.
/// Messages of a type that encodes to nothing take no input: the stream cannot advance
/// past them, and `messages` over input that is not empty yielded them forever (a
/// `for` loop over it never ended). Those in a row are counted as zero-width elements
/// and the one past the limit is an error that ends the messages.
#[test]
fn messages_that_take_no_input_end() {
    #[derive(Packed, Debug, PartialEq)]
    struct Tick;
    #[derive(Packed, Debug, PartialEq)]
    struct Skipped {
        #[packed(skip)]
        cache: u64,
    }
    let input = [7u8, 8, 9];
    let over = |limit| DecodeError::ZeroWidthLimitExceeded { offset: 0, limit };
    let c = packed_core::config().limits(Limits::DEFAULT.with_max_zero_width_elements(2));
    let got: Vec<_> = c
        .messages::<Tick, _>(&input[..])
        .map(|m| m.map_err(packed_core::Error::into_kind))
        .collect();
    assert_eq!(got, [Ok(Tick), Ok(Tick), Err(over(2))]);
    // Under the default limit, 4096 and the error, for `()` and a struct of skipped
    // fields too.
    let units: Vec<_> = packed_core::messages::<(), _>(&input[..]).collect();
    assert_eq!(units.len(), 4097);
    assert_eq!(
        units[4096].clone().map_err(packed_core::Error::into_kind),
        Err(over(4096))
    );
    let skipped = packed_core::messages::<Skipped, _>(&input[..]).count();
    assert_eq!(skipped, 4097);
    // At the end of the input there is no message, as for any type.
    assert_eq!(packed_core::messages::<Tick, _>(&[][..]).count(), 0);
}

#[test]
fn messages_count_limits_per_message() {
    let lines = ["boot", "ready", "serve"];
    let mut stream = Vec::new();
    for l in lines {
        packed_core::to_writer(&l, &mut stream)
            .map_err(packed_core::Error::into_kind)
            .unwrap();
    }
    let c = packed_core::config().limits(Limits::DEFAULT.with_max_bytes(6));
    let read: Vec<String> = c.messages(&stream[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(read, lines);
    let c = packed_core::config().limits(Limits::DEFAULT.with_max_bytes(5));
    let mut it = c.messages::<String, _>(&stream[..]);
    assert_eq!(it.next(), Some(Ok("boot".to_owned())));
    assert_eq!(
        it.next(),
        Some(Err(DecodeError::ByteLimitExceeded {
            offset: 6,
            limit: 5
        }
        .into()))
    );
    // Under YAS's layout every message carries its header.
    let mut yas = Vec::new();
    for l in lines {
        packed_core::with::<layout::Yas>()
            .to_writer(&l, &mut yas)
            .unwrap();
    }
    let read: Vec<String> = packed_core::with::<layout::Yas>()
        .messages(&yas[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read, lines);
}

#[test]
fn to_slice_fills_the_callers_buffer() {
    for m in moves() {
        let expected = packed_core::to_vec(&m)
            .map_err(packed_core::Error::into_kind)
            .unwrap();
        // Exactly large enough, with guard bytes after it that must stay untouched.
        let mut buf = vec![0xEE; expected.len() + 4];
        let n = packed_core::to_slice(&m, &mut buf[..expected.len()])
            .map_err(packed_core::Error::into_kind)
            .unwrap();
        assert_eq!(&buf[..n], expected);
        assert_eq!(&buf[n..], [0xEE; 4]);
        // One byte short: the exact size in the error, nothing past the buffer.
        let mut buf = vec![0xEE; expected.len() + 3];
        let short = expected.len() - 1;
        assert_eq!(
            packed_core::to_slice(&m, &mut buf[..short]).map_err(packed_core::Error::into_kind),
            Err(EncodeError::BufferTooSmall {
                needed: expected.len(),
                capacity: short
            })
        );
        assert_eq!(&buf[short..], [0xEE; 4]);
        assert_eq!(
            packed_core::to_slice(&m, &mut []).map_err(packed_core::Error::into_kind),
            Err(EncodeError::BufferTooSmall {
                needed: expected.len(),
                capacity: 0
            })
        );
    }
    // Other errors are reported as they are.
    let mut buf = [0u8; 4];
    assert!(matches!(
        packed_core::with::<layout::Bitsery>()
            .to_slice(&vec![0u8; 1 << 30], &mut buf)
            .map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthTooLarge { .. })
    ));
}

/// `Config` is the one entry point, and a layout and limits combine with every one of
/// its methods: under YAS big-endian with limits of its own, each encoding method writes
/// the same hand-worked bytes, each decoding method reads them back, and each decoding
/// method that takes the configuration's limits stops at a byte limit one short of the
/// message. (The short functions are sugar over these methods.)
#[test]
fn every_config_method_takes_a_layout_and_limits_together() {
    use packed_core::SliceReader;

    #[derive(Packed, Debug, PartialEq)]
    struct Tick {
        id: u16,
        name: String,
    }
    let tick = || Tick {
        id: 0x0102,
        name: "ab".into(),
    };
    // YAS's header word 7 | binary 1 << 4 | big-endian 1 << 7 = 0x0097 as `yas0097`, then
    // `id` big-endian, then `name`: its length as a big-endian u64, then its bytes.
    let bytes: &[u8] = b"yas0097\x01\x02\x00\x00\x00\x00\x00\x00\x00\x02ab";
    let c = packed_core::with::<layout::YasBig>()
        .limits(Limits::DEFAULT.with_max_bytes(64).with_max_depth(2));

    // Encoding.
    assert_eq!(c.to_vec(&tick()).unwrap(), bytes);
    assert_eq!(c.encoded_len(&tick()).unwrap(), 19);
    let mut v = vec![0xEE];
    assert_eq!(c.encode_into(&tick(), &mut v).unwrap(), 19);
    assert_eq!(&v[1..], bytes);
    let mut buf = [0u8; 19];
    assert_eq!(c.to_slice(&tick(), &mut buf).unwrap(), 19);
    assert_eq!(buf, bytes);
    let mut sink = Vec::new();
    assert_eq!(c.to_writer(&tick(), &mut sink).unwrap(), 19);
    assert_eq!(sink, bytes);
    let mut sink = Vec::new();
    c.encode_to(&tick(), &mut sink).unwrap();
    assert_eq!(sink, bytes);
    assert_eq!(c.explain(&tick()).unwrap().bytes(), bytes);

    // Decoding.
    assert_eq!(c.from_slice::<Tick>(bytes).unwrap(), tick());
    let mut into = Tick {
        id: 9,
        name: "zzzz".into(),
    };
    c.from_slice_into(bytes, &mut into).unwrap();
    assert_eq!(into, tick());
    let tail = [bytes, b"!"].concat();
    let (taken, rest) = c.take_from_slice::<Tick>(&tail).unwrap();
    assert_eq!((taken, rest), (tick(), &b"!"[..]));
    assert_eq!(c.from_reader::<Tick, _>(bytes).unwrap(), tick());
    let two = [bytes, bytes].concat();
    let all: Vec<Tick> = c.messages(&two[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(all, [tick(), tick()]);
    let mut r = SliceReader::new(bytes);
    assert_eq!(c.decode_from::<Tick, _>(&mut r).unwrap(), tick());
    assert!(r.rest().is_empty());
    assert_eq!(c.explain_input::<Tick>(bytes).unwrap().bytes(), bytes);

    // The same layout with a byte limit one short of the message.
    let tight = c.limits(Limits::DEFAULT.with_max_bytes(18));
    let over = |e: DecodeError| matches!(e, DecodeError::ByteLimitExceeded { limit: 18, .. });
    assert!(over(
        tight.from_slice::<Tick>(bytes).unwrap_err().into_kind()
    ));
    let mut into = Tick {
        id: 9,
        name: String::new(),
    };
    assert!(over(
        tight
            .from_slice_into(bytes, &mut into)
            .unwrap_err()
            .into_kind()
    ));
    // Where the input may go on past the message, the string's claim meets the limit.
    assert!(over(
        tight
            .take_from_slice::<Tick>(bytes)
            .unwrap_err()
            .into_kind()
    ));
    let mut r = SliceReader::with_limits(bytes, Limits::DEFAULT.with_max_bytes(18));
    assert!(over(tight.decode_from::<Tick, _>(&mut r).unwrap_err()));
    assert!(over(
        tight.from_reader::<Tick, _>(bytes).unwrap_err().into_kind()
    ));
    let first = tight.messages::<Tick, _>(bytes).next().unwrap();
    assert!(over(first.unwrap_err().into_kind()));
    assert!(over(tight.explain_input::<Tick>(bytes).unwrap_err()));
}
