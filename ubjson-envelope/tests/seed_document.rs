//! The seed document (wire-format.md, section 5) in its envelope: 190 bytes of compact
//! record plus 37 bytes in fixed-int32 mode (227) or 25 in minimal mode (215).

use packed_fixtures::{seed_document, Document};
use ubjson_envelope::{from_slice, to_vec_with, unwrap, Mode};

fn seed() -> Document {
    seed_document()
}

#[test]
fn seed_document_sizes_in_both_modes() {
    let doc = seed();
    let record = packed_core::to_vec(&doc).unwrap();
    assert_eq!(record.len(), 190);

    let fixed = to_vec_with(&doc, Mode::FixedInt32).unwrap();
    assert_eq!(fixed.len(), 190 + 37);
    // The seed suite's C writer: `{`, `l 00 00 00 04` "kind", `l 00 00 00 01`,
    // `l 00 00 00 07` "payload", `[$U#`, `l 00 00 00 BE` (190), payload, `}`.
    let mut head = vec![0x7B, b'l', 0, 0, 0, 4];
    head.extend_from_slice(b"kind");
    head.extend_from_slice(&[b'l', 0, 0, 0, 1, b'l', 0, 0, 0, 7]);
    head.extend_from_slice(b"payload");
    head.extend_from_slice(&[b'[', b'$', b'U', b'#', b'l', 0, 0, 0, 190]);
    assert_eq!(&fixed[..36], &head[..]);
    assert_eq!(&fixed[36..226], &record[..]);
    assert_eq!(fixed[226], b'}');

    let minimal = to_vec_with(&doc, Mode::Minimal).unwrap();
    assert_eq!(minimal.len(), 190 + 25);
    // `{`, `U 04` "kind", `i 01`, `U 07` "payload", `[$U#`, `U BE`, payload, `}`.
    let mut head = vec![0x7B, b'U', 4];
    head.extend_from_slice(b"kind");
    head.extend_from_slice(&[b'i', 1, b'U', 7]);
    head.extend_from_slice(b"payload");
    head.extend_from_slice(&[b'[', b'$', b'U', b'#', b'U', 190]);
    assert_eq!(&minimal[..24], &head[..]);
    assert_eq!(&minimal[24..214], &record[..]);

    for bytes in [&fixed, &minimal] {
        let (kind, payload) = unwrap(bytes).unwrap();
        assert_eq!((kind, payload), (1, &record[..]));
        assert_eq!(from_slice::<Document>(bytes).unwrap(), doc);
    }
}

#[test]
fn envelope_explanation_covers_every_byte() {
    let doc = seed();
    for (mode, framing) in [(Mode::FixedInt32, 37), (Mode::Minimal, 25)] {
        let e = ubjson_envelope::explain(&doc, mode).unwrap();
        assert_eq!(e.bytes(), &to_vec_with(&doc, mode).unwrap()[..]);
        let mut next = 0;
        for s in e.spans() {
            assert_eq!(s.offset, next);
            next += s.len;
        }
        assert_eq!(next, 190 + framing);
        let t = e.by_role();
        // The record's 11 lengths and 179 value bytes, plus the envelope's count (a
        // length), its kind (a value) and the rest of its framing (header).
        let (count, kind) = if mode == Mode::Minimal {
            (2, 2)
        } else {
            (5, 5)
        };
        assert_eq!(t.length, 11 + count);
        assert_eq!(t.value, 179 + kind);
        assert_eq!(t.header, framing - count - kind);
        assert!(e.spans().iter().any(|s| s.path == "items[3].sku"));
        assert!(e
            .spans()
            .iter()
            .any(|s| s.path == "payload" && s.len == count));
    }
}
