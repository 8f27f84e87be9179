//! The envelope: hand-worked bytes for both modes, the overhead table of the
//! wire-format doc, and what `unwrap` accepts and rejects.

use ubjson_envelope::{
    envelope_len, unwrap, wrap, wrap_into, EnvelopeError, EnvelopeKey, Error, Mode,
};

/// `{ U 04 "kind" i 01 U 07 "payload" [ $ U # U 02 AB AB }`, worked out by
/// hand; the same bytes `serde_ubjson` writes (wire-format doc, section 4).
const MINIMAL_KIND1_ABAB: &[u8] = &[
    0x7B, // {
    0x55, 0x04, b'k', b'i', b'n', b'd', // key U 4 "kind"
    0x69, 0x01, // i 1
    0x55, 0x07, b'p', b'a', b'y', b'l', b'o', b'a', b'd', // key U 7 "payload"
    0x5B, 0x24, 0x55, 0x23, 0x55, 0x02, // [ $ U # U 2
    0xAB, 0xAB, // payload
    0x7D, // }
];

/// The seed C writer's 37-byte form: every integer as `l` + 4 bytes BE.
const FIXED_KIND1_ABAB: &[u8] = &[
    0x7B, // {
    0x6C, 0x00, 0x00, 0x00, 0x04, b'k', b'i', b'n', b'd', // key l 4 "kind"
    0x6C, 0x00, 0x00, 0x00, 0x01, // l 1
    0x6C, 0x00, 0x00, 0x00, 0x07, b'p', b'a', b'y', b'l', b'o', b'a', b'd', // key
    0x5B, 0x24, 0x55, 0x23, // [ $ U #
    0x6C, 0x00, 0x00, 0x00, 0x02, // l 2
    0xAB, 0xAB, // payload
    0x7D, // }
];

#[test]
fn minimal_bytes_by_hand() {
    assert_eq!(
        wrap(1, &[0xAB, 0xAB], Mode::Minimal).unwrap(),
        MINIMAL_KIND1_ABAB
    );
    assert_eq!(
        wrap(1, &[0xAB, 0xAB], Mode::default()).unwrap(),
        MINIMAL_KIND1_ABAB
    );
    assert_eq!(unwrap(MINIMAL_KIND1_ABAB).unwrap(), (1, &[0xAB, 0xAB][..]));
}

#[test]
fn fixed_int32_bytes_by_hand() {
    assert_eq!(FIXED_KIND1_ABAB.len(), 37 + 2);
    assert_eq!(
        wrap(1, &[0xAB, 0xAB], Mode::FixedInt32).unwrap(),
        FIXED_KIND1_ABAB
    );
    assert_eq!(unwrap(FIXED_KIND1_ABAB).unwrap(), (1, &[0xAB, 0xAB][..]));
    // Negative kind and a longer payload.
    let payload = vec![0x5A; 300];
    let bytes = wrap(-2, &payload, Mode::FixedInt32).unwrap();
    assert_eq!(&bytes[10..15], &[0x6C, 0xFF, 0xFF, 0xFF, 0xFE]);
    assert_eq!(&bytes[31..36], &[0x6C, 0x00, 0x00, 0x01, 0x2C]);
    assert_eq!(bytes.len(), 37 + 300);
}

#[test]
fn empty_payload_keeps_its_count() {
    // `[ $ U # U 00`: the `#` is never skipped.
    let bytes = wrap(0, &[], Mode::Minimal).unwrap();
    assert_eq!(
        &bytes[bytes.len() - 7..],
        &[0x5B, 0x24, 0x55, 0x23, 0x55, 0x00, 0x7D]
    );
    assert_eq!(bytes.len(), 25);
    let fixed = wrap(0, &[], Mode::FixedInt32).unwrap();
    assert_eq!(
        &fixed[fixed.len() - 10..],
        &[0x5B, 0x24, 0x55, 0x23, 0x6C, 0, 0, 0, 0, 0x7D]
    );
}

#[test]
fn overhead_table() {
    // The wire-format doc's table: minimal 25, 25, 26, 26, 28; fixed 37.
    let table = [
        (0, 25),
        (1, 25),
        (127, 25),
        (128, 25),
        (255, 25),
        (256, 26),
        (32767, 26),
        (32768, 28),
        (40_000, 28),
    ];
    for (n, minimal) in table {
        let payload = vec![0xEE; n];
        for kind in [0, 1, 127, -128] {
            let m = wrap(kind, &payload, Mode::Minimal).unwrap();
            assert_eq!(m.len() - n, minimal, "minimal n={n} kind={kind}");
            assert_eq!(envelope_len(kind, n, Mode::Minimal).unwrap(), m.len());
            let f = wrap(kind, &payload, Mode::FixedInt32).unwrap();
            assert_eq!(f.len() - n, 37, "fixed n={n} kind={kind}");
            assert_eq!(envelope_len(kind, n, Mode::FixedInt32).unwrap(), f.len());
            assert_eq!(unwrap(&m).unwrap(), (kind, &payload[..]));
            assert_eq!(unwrap(&f).unwrap(), (kind, &payload[..]));
        }
    }
    // Beyond i32: `L` count, 32 bytes (computed, not allocated).
    let big = 1usize << 31;
    assert_eq!(envelope_len(1, big, Mode::Minimal).unwrap() - big, 32);
}

#[test]
#[cfg(target_pointer_width = "64")]
fn minimal_rejects_counts_past_i64() {
    // UBJSON's widest count is `L`, an int64: i64::MAX bytes is the most a
    // count can say (`{` 1 + key 6 + kind 2 + key 9 + `[$U#` 4 + `L` 9 = 31,
    // then the payload and `}`).
    let max = i64::MAX as usize;
    assert_eq!(envelope_len(1, max, Mode::Minimal), Ok(31 + max + 1));
    // One more has no count: an error, not a count of i64::MAX for 2^63 bytes.
    for len in [max + 1, usize::MAX - 40, usize::MAX] {
        assert_eq!(
            envelope_len(1, len, Mode::Minimal),
            Err(EnvelopeError::PayloadTooLong { len, max }),
            "{len}"
        );
        // FixedInt32 still names its own bound.
        assert_eq!(
            envelope_len(1, len, Mode::FixedInt32),
            Err(EnvelopeError::PayloadTooLong {
                len,
                max: i32::MAX as usize
            }),
            "{len}"
        );
    }
}

#[test]
fn minimal_kind_markers() {
    // Overhead over the kind's 2 bytes in `i`: the kind's marker + payload.
    let cases: &[(i64, &[u8])] = &[
        (0, &[0x69, 0x00]),
        (127, &[0x69, 0x7F]),
        (-128, &[0x69, 0x80]),
        (128, &[0x55, 0x80]),
        (255, &[0x55, 0xFF]),
        (256, &[0x49, 0x01, 0x00]),
        (-129, &[0x49, 0xFF, 0x7F]),
        (32768, &[0x6C, 0x00, 0x00, 0x80, 0x00]),
        (i64::from(i32::MIN), &[0x6C, 0x80, 0x00, 0x00, 0x00]),
        (1 << 32, &[0x4C, 0, 0, 0, 0x01, 0, 0, 0, 0]),
        (i64::MIN, &[0x4C, 0x80, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for &(kind, kind_bytes) in cases {
        let bytes = wrap(kind, b"x", Mode::Minimal).unwrap();
        assert_eq!(&bytes[7..7 + kind_bytes.len()], kind_bytes, "kind {kind}");
        assert_eq!(bytes.len(), 1 + 23 + kind_bytes.len(), "kind {kind}");
        assert_eq!(unwrap(&bytes).unwrap(), (kind, &b"x"[..]));
    }
}

#[test]
fn fixed_int32_rejects_what_does_not_fit() {
    let over = i64::from(i32::MAX) + 1;
    let under = i64::from(i32::MIN) - 1;
    for kind in [over, under, i64::MAX, i64::MIN] {
        assert_eq!(
            wrap(kind, b"", Mode::FixedInt32),
            Err(EnvelopeError::KindOutOfRange {
                kind,
                mode: Mode::FixedInt32
            })
        );
        // Minimal takes any i64.
        assert!(wrap(kind, b"", Mode::Minimal).is_ok());
    }
    assert!(wrap(i64::from(i32::MAX), b"", Mode::FixedInt32).is_ok());
    assert!(wrap(i64::from(i32::MIN), b"", Mode::FixedInt32).is_ok());
    let too_long = 1usize << 31;
    assert_eq!(
        envelope_len(1, too_long, Mode::FixedInt32),
        Err(EnvelopeError::PayloadTooLong {
            len: too_long,
            max: i32::MAX as usize
        })
    );
    assert!(envelope_len(1, too_long - 1, Mode::FixedInt32).is_ok());
    // On error nothing is appended.
    let mut buf = b"keep".to_vec();
    assert!(wrap_into(over, b"abc", Mode::FixedInt32, &mut buf).is_err());
    assert_eq!(buf, b"keep");
    let msg = EnvelopeError::KindOutOfRange {
        kind: over,
        mode: Mode::FixedInt32,
    }
    .to_string();
    assert_eq!(
        msg,
        "kind 2147483648 does not fit the fixed-int32 envelope mode"
    );
}

#[test]
fn wrap_into_appends_and_reserves_once() {
    let mut buf = vec![0xFF];
    let n = wrap_into(5, &[1, 2, 3], Mode::Minimal, &mut buf).unwrap();
    assert_eq!(n, 28);
    assert_eq!(buf.len(), 1 + 28);
    assert_eq!(unwrap(&buf[1..]).unwrap(), (5, &[1, 2, 3][..]));
    // Reserves exactly: a fresh vector ends with capacity == length.
    let mut fresh = Vec::new();
    wrap_into(5, &[0; 1000], Mode::Minimal, &mut fresh).unwrap();
    assert_eq!(fresh.capacity(), fresh.len());
}

#[test]
fn unwrap_borrows_the_payload() {
    let bytes = wrap(3, b"zero-copy", Mode::Minimal).unwrap();
    let (_, payload) = unwrap(&bytes).unwrap();
    let range = bytes.as_ptr_range();
    assert!(range.contains(&payload.as_ptr()));
}

#[test]
fn unwrap_accepts_other_valid_forms() {
    // Keys in the other order.
    assert_eq!(
        unwrap(b"{U\x07payload[$U#U\x01\x09U\x04kindi\x02}").unwrap(),
        (2, &[9][..])
    );
    // py-ubjson's choices: kind 1 as `U 01`.
    assert_eq!(
        unwrap(b"{U\x04kindU\x01U\x07payload[$U#U\x01\x09}").unwrap(),
        (1, &[9][..])
    );
    // `i` lengths and count (the form the issue first sketched).
    assert_eq!(
        unwrap(b"{i\x04kindi\x01i\x07payload[$U#i\x02\xAB\xAB}").unwrap(),
        (1, &[0xAB, 0xAB][..])
    );
    // 64-bit lengths, kind and count.
    let mut long = b"{L\0\0\0\0\0\0\0\x04kindL\0\0\0\0\0\0\0\x09".to_vec();
    long.extend(b"L\0\0\0\0\0\0\0\x07payload[$U#L\0\0\0\0\0\0\0\x01\x42}");
    assert_eq!(unwrap(&long).unwrap(), (9, &[0x42][..]));
    // A counted object, no `}`.
    assert_eq!(
        unwrap(b"{#U\x02U\x04kindi\x01U\x07payload[$U#U\x00").unwrap(),
        (1, &[][..])
    );
    assert_eq!(
        unwrap(b"{#i\x02U\x07payload[$U#U\x00U\x04kindi\x01").unwrap(),
        (1, &[][..])
    );
    // No-ops before keys and before `}`; they do not count.
    assert_eq!(
        unwrap(b"{NU\x04kindi\x01NNU\x07payload[$U#U\x00N}").unwrap(),
        (1, &[][..])
    );
    assert_eq!(
        unwrap(b"{#U\x02NU\x04kindi\x01NU\x07payload[$U#U\x00").unwrap(),
        (1, &[][..])
    );
}

#[track_caller]
fn unwrap_err(bytes: &[u8]) -> EnvelopeError {
    match unwrap(bytes) {
        Ok(v) => panic!("{bytes:02X?} unwrapped to {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn unwrap_rejects_non_objects() {
    assert_eq!(
        unwrap_err(b""),
        EnvelopeError::Malformed(Error::UnexpectedEnd { offset: 0 })
    );
    assert_eq!(
        unwrap_err(b"[]"),
        EnvelopeError::NotAnObject {
            marker: b'[',
            offset: 0
        }
    );
    assert_eq!(
        unwrap_err(b"Z"),
        EnvelopeError::NotAnObject {
            marker: b'Z',
            offset: 0
        }
    );
    assert_eq!(
        unwrap_err(b"N{}"),
        EnvelopeError::NotAnObject {
            marker: b'N',
            offset: 0
        }
    );
}

#[test]
fn unwrap_rejects_missing_duplicate_and_unknown_keys() {
    assert_eq!(
        unwrap_err(b"{}"),
        EnvelopeError::MissingKey {
            key: EnvelopeKey::Kind
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01}"),
        EnvelopeError::MissingKey {
            key: EnvelopeKey::Payload
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x07payload[$U#U\x00}"),
        EnvelopeError::MissingKey {
            key: EnvelopeKey::Kind
        }
    );
    // A count of 1 leaves a key out.
    assert_eq!(
        unwrap_err(b"{#U\x01U\x04kindi\x01"),
        EnvelopeError::MissingKey {
            key: EnvelopeKey::Payload
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#U\x00U\x04kindi\x02}"),
        EnvelopeError::DuplicateKey {
            key: EnvelopeKey::Kind,
            offset: 24
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x07payload[$U#U\x00U\x07payload[$U#U\x00}"),
        EnvelopeError::DuplicateKey {
            key: EnvelopeKey::Payload,
            offset: 16
        }
    );
    // Unknown keys are rejected, also after both known ones.
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x05extraZU\x07payload[$U#U\x00}"),
        EnvelopeError::UnknownKey { offset: 9 }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#U\x00U\x01xZ}"),
        EnvelopeError::UnknownKey { offset: 24 }
    );
    // Keys differing in case only.
    assert_eq!(
        unwrap_err(b"{U\x04Kindi\x01}"),
        EnvelopeError::UnknownKey { offset: 1 }
    );
    // A key that is valid UTF-8 but not ASCII is just another unknown key; one
    // that is not UTF-8 at all is malformed UBJSON, at its first bad byte.
    assert_eq!(
        unwrap_err("{U\x02éZ}".as_bytes()),
        EnvelopeError::UnknownKey { offset: 1 }
    );
    assert_eq!(
        unwrap_err(b"{U\x02k\xFFi\x01}"),
        EnvelopeError::Malformed(Error::InvalidUtf8 { offset: 4 })
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x01\x80Z}"),
        EnvelopeError::Malformed(Error::InvalidUtf8 { offset: 11 })
    );
    // A count of 3 admits a third key, which cannot be valid.
    assert_eq!(
        unwrap_err(b"{#U\x03U\x04kindi\x01U\x07payload[$U#U\x00U\x04kindi\x01"),
        EnvelopeError::DuplicateKey {
            key: EnvelopeKey::Kind,
            offset: 27
        }
    );
}

#[test]
fn unwrap_rejects_wrong_value_types() {
    assert_eq!(
        unwrap_err(b"{U\x04kindSU\x011U\x07payload[$U#U\x00}"),
        EnvelopeError::KindNotInteger {
            marker: b'S',
            offset: 7
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindD\x3F\xF0\0\0\0\0\0\0}"),
        EnvelopeError::KindNotInteger {
            marker: b'D',
            offset: 7
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindHU\x011}"),
        EnvelopeError::KindNotInteger {
            marker: b'H',
            offset: 7
        }
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindZ}"),
        EnvelopeError::KindNotInteger {
            marker: b'Z',
            offset: 7
        }
    );
    // Payloads that are not `[$U#n`.
    for (payload, name) in [
        (&b"[U\x01U\x02]"[..], "plain array of uint8"),
        (b"[#U\x01U\x01", "counted array"),
        (b"[$i#U\x01\x01", "int8 typed array"),
        (b"SU\x01a", "string"),
        (b"Z", "null"),
        (b"{}", "object"),
    ] {
        let mut bytes = b"{U\x04kindi\x01U\x07payload".to_vec();
        bytes.extend_from_slice(payload);
        bytes.push(b'}');
        assert_eq!(
            unwrap_err(&bytes),
            EnvelopeError::PayloadNotBinary { offset: 18 },
            "{name}"
        );
    }
    // A typed object makes every value the same type: never a valid envelope.
    assert_eq!(
        unwrap_err(b"{$i#U\x02U\x04kind\x01U\x07payload\x02"),
        EnvelopeError::PayloadNotBinary { offset: 22 }
    );
    assert_eq!(
        unwrap_err(b"{$[#U\x02U\x04kind]"),
        EnvelopeError::KindNotInteger {
            marker: b'[',
            offset: 12
        }
    );
}

#[test]
fn unwrap_rejects_malformed_ubjson() {
    let m = |e| EnvelopeError::Malformed(e);
    // Trailing bytes; a counted object's stray `}`.
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#U\x00}\x00"),
        m(Error::TrailingBytes { offset: 25 })
    );
    assert_eq!(
        unwrap_err(b"{#U\x02U\x04kindi\x01U\x07payload[$U#U\x00}"),
        m(Error::TrailingBytes { offset: 27 })
    );
    // Negative and oversized counts.
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#i\xFF}"),
        m(Error::NegativeLength {
            value: -1,
            offset: 22
        })
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#U\x05\x01}"),
        m(Error::LengthExceedsInput {
            length: 5,
            remaining: 2,
            offset: 22
        })
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#L\x40\0\0\0\0\0\0\0}"),
        m(Error::LengthExceedsInput {
            length: 1 << 62,
            remaining: 1,
            offset: 22
        })
    );
    assert_eq!(
        unwrap_err(b"{#L\x40\0\0\0\0\0\0\0U\x04kindi\x01U\x07payload[$U#U\x00"),
        m(Error::UnexpectedEnd { offset: 34 })
    );
}

#[test]
fn truncated_envelopes_are_errors() {
    for mode in [Mode::Minimal, Mode::FixedInt32] {
        let bytes = wrap(300, &[7; 20], mode).unwrap();
        for cut in 0..bytes.len() {
            assert!(unwrap(&bytes[..cut]).is_err(), "{mode} cut at {cut}");
        }
    }
}

#[test]
fn error_display() {
    assert_eq!(
        EnvelopeError::KindMismatch {
            expected: 1,
            found: 2
        }
        .to_string(),
        "expected envelope kind 1, found 2"
    );
    assert_eq!(
        unwrap_err(b"[]").to_string(),
        "envelope must be an object, found 0x5b (`[`) at offset 0"
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payloadZ}").to_string(),
        "envelope `payload` at offset 18 is not a uint8 typed array (`[$U#`)"
    );
    assert_eq!(
        unwrap_err(b"{U\x04kindi\x01U\x07payload[$U#i\xFF}").to_string(),
        "malformed envelope: negative length or count -1 at offset 22"
    );
}
