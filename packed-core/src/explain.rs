//! Where the bytes go: an encoding split into attributed spans.
//!
//! [`explain`](crate::explain()) encodes a value through a writer that records, for every
//! run of bytes, the field path that owns it (`items[3].sku`) and its [`Role`]: header,
//! length prefix, enum tag, option flag or value. The format code reports both to every
//! writer through the [`Writer`] hooks, whose default bodies are empty, so nobody
//! describes a type twice and the ordinary encode path pays nothing. Two helpers make
//! every report: `framed` gives a run of bytes its role, `elements` numbers the
//! elements of a sequence (the derive reports fields and variants through `__private`).
//!
//! Inside a bit-packing session (`#[packed(bitpack)]`) values take bits, not bytes:
//! the recorder packs the bits itself and its spans are bit-granular there
//! ([`Span::bit_offset`], [`Span::bit_len`]), with the zero bits that pad to a byte
//! as [`Role::Padding`].

use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};
use core::fmt::{self, Write as _};

use crate::read::{Ledger, Window};
use crate::{DecodeError, Encode, EncodeError, Layout, Reader, Writer};

/// What a run of bytes is for, as reported to [`Writer::begin_frame`]. Used by
/// [`explain`](crate::explain()) to attribute every byte; ordinary writers ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A format header (YAS's `yas0017`).
    Header,
    /// A length prefix.
    Length,
    /// An enum tag or a fieldless enum's YAS size byte.
    Tag,
    /// An `Option`'s presence flag.
    Flag,
    /// The 4-byte size of a growable record (`#[packed(growable)]`).
    Size,
    /// Data: integers, floats, bools, string bytes.
    Value,
    /// Zero bits that pad a bit-packing session to the next byte (at an `align`, after
    /// an `Option`'s flag bit or an entropy index, at the session's end).
    Padding,
    /// The tail of a growable record that the reader's version does not know (a newer
    /// version's fields), skipped: only in
    /// [`Config::explain_input`](crate::Config::explain_input).
    Skipped,
}

/// One step of a field path, as reported to [`Writer::push_path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSeg {
    /// A named field (`sku`) or a tuple field (`0`).
    Field(&'static str),
    /// An element of a sequence.
    Index(usize),
    /// The variant of an enum.
    Variant(&'static str),
}

/// Writes the bytes `write` writes as one run playing `role` (a length prefix, a tag, a
/// flag, a header): the one place a role is reported to the writer.
///
/// # Errors
/// From `write`.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn framed<W: Writer + ?Sized>(
    w: &mut W,
    role: Role,
    write: impl FnOnce(&mut W) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    w.begin_frame(role);
    let r = write(w);
    w.end_frame();
    r
}

/// Writes `items` one after another with `write`, each reported as element
/// `first_index + i` of the sequence: the one place elements are numbered. A sequence
/// written in parts (a `VecDeque`'s two halves) numbers each part from where the last
/// ended.
///
/// # Errors
/// The first error of `write`.
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn elements<W: Writer + ?Sized, I: IntoIterator>(
    w: &mut W,
    first_index: usize,
    items: I,
    mut write: impl FnMut(&mut W, I::Item) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    for (i, item) in items.into_iter().enumerate() {
        w.push_path(PathSeg::Index(first_index + i));
        write(w, item)?;
        w.pop_path();
    }
    Ok(())
}

/// One run of bits with one owner and one role: whole bytes, except inside a
/// bit-packing session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// Offset of the first byte (the byte that holds the first bit).
    pub offset: usize,
    /// Number of bytes: those that hold the span's bits. Spans inside a bit-packing
    /// session may share a byte with their neighbours.
    pub len: usize,
    /// Offset of the first bit, from the start of the message (bit `k` is bit
    /// `k mod 8` of byte `k / 8`): `8 * offset` for a span of whole bytes.
    pub bit_offset: usize,
    /// Number of bits: `8 * len` for a span of whole bytes.
    pub bit_len: usize,
    /// The field path that owns the bytes (`items[3].sku`; empty for the message itself).
    pub path: String,
    /// What the bytes are for.
    pub role: Role,
}

impl Span {
    /// Whether the span is whole bytes: starts and ends at byte boundaries.
    #[must_use]
    pub fn is_whole_bytes(&self) -> bool {
        self.bit_offset % 8 == 0 && self.bit_len % 8 == 0
    }
}

/// The bytes [`to_vec`](crate::to_vec) writes, split into [`Span`]s that cover their
/// bits exactly, in order, with no gap or overlap. Outside bit-packing sessions the
/// spans are whole bytes, so they cover the bytes so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    bytes: Vec<u8>,
    spans: Vec<Span>,
}

/// Byte counts by role.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoleTotals {
    /// Header bytes.
    pub header: usize,
    /// Length-prefix bytes.
    pub length: usize,
    /// Enum tag bytes.
    pub tag: usize,
    /// Option flag bytes.
    pub flag: usize,
    /// Growable records' size bytes.
    pub size: usize,
    /// Value bytes: the data itself.
    pub value: usize,
    /// Padding of bit-packing sessions.
    pub padding: usize,
    /// Bytes of growable records that the reader skipped (explained input only).
    pub skipped: usize,
}

impl RoleTotals {
    fn add(&mut self, role: Role, n: usize) {
        match role {
            Role::Header => self.header += n,
            Role::Length => self.length += n,
            Role::Tag => self.tag += n,
            Role::Flag => self.flag += n,
            Role::Size => self.size += n,
            Role::Value => self.value += n,
            Role::Padding => self.padding += n,
            Role::Skipped => self.skipped += n,
        }
    }

    /// Bytes spent on framing: everything but values.
    #[must_use]
    pub fn framing(&self) -> usize {
        self.header + self.length + self.tag + self.flag + self.size + self.padding
    }

    /// All bytes.
    #[must_use]
    pub fn total(&self) -> usize {
        self.framing() + self.value + self.skipped
    }
}

impl Explanation {
    /// The encoded bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The spans, in order.
    #[must_use]
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// The bytes of one span.
    #[must_use]
    pub fn span_bytes(&self, span: &Span) -> &[u8] {
        &self.bytes[span.offset..span.offset + span.len]
    }

    /// Totals by role over the whole message, in bytes. A byte that bits of several
    /// spans share (inside a bit-packing session) counts once, for the role that has
    /// most of its bits (the first of them on a tie), so the totals add up to the
    /// message's size; [`by_role_bits`](Explanation::by_role_bits) has the exact bits.
    #[must_use]
    pub fn by_role(&self) -> RoleTotals {
        let mut t = RoleTotals::default();
        for (role, n) in self.tally(|s| s.role) {
            t.add(role, n);
        }
        t
    }

    /// Totals by role over the whole message, in bits.
    ///
    /// ```
    /// use packed_core::Packed;
    ///
    /// #[derive(Packed)]
    /// #[packed(bitpack)]
    /// struct Flags { a: bool, b: bool, c: bool }
    ///
    /// let e = packed_core::explain(&Flags { a: true, b: false, c: true })?;
    /// assert_eq!(e.bytes(), [0b101]);
    /// let bits = e.by_role_bits();
    /// assert_eq!((bits.value, bits.padding), (3, 5));
    /// assert_eq!(e.by_role().total(), 1);
    /// # Ok::<(), packed_core::EncodeError>(())
    /// ```
    #[must_use]
    pub fn by_role_bits(&self) -> RoleTotals {
        let mut t = RoleTotals::default();
        for s in &self.spans {
            t.add(s.role, s.bit_len);
        }
        t
    }

    /// Totals by role for each field, with sequence indices folded (`items[].sku`), in
    /// order of first appearance, in bytes (shared bytes as in
    /// [`by_role`](Explanation::by_role): a field of a bit-packing session that owns
    /// no byte's majority is listed with 0).
    #[must_use]
    pub fn by_field(&self) -> Vec<(String, RoleTotals)> {
        let mut out: Vec<(String, RoleTotals)> = Vec::new();
        for ((path, role), n) in self.tally(|s| (fold_indices(&s.path), s.role)) {
            let i = match out.iter().position(|(k, _)| *k == path) {
                Some(i) => i,
                None => {
                    out.push((path, RoleTotals::default()));
                    out.len() - 1
                }
            };
            out[i].1.add(role, n);
        }
        out
    }

    /// Bytes per `key` of the spans, in order of first appearance: whole bytes to the
    /// span that holds them, a byte that several spans share to the key with most of
    /// its bits (the first on a tie). Every key seen is listed, with 0 if it owns no
    /// byte.
    fn tally<K: PartialEq>(&self, key: impl Fn(&Span) -> K) -> Vec<(K, usize)> {
        fn add<K: PartialEq>(out: &mut Vec<(K, usize)>, key: K, n: usize) {
            match out.iter_mut().find(|(k, _)| *k == key) {
                Some((_, total)) => *total += n,
                None => out.push((key, n)),
            }
        }
        /// Gives a shared byte to the key with most of its bits.
        fn settle<K: PartialEq>(out: &mut Vec<(K, usize)>, shared: Vec<(K, usize)>) {
            let mut best: Option<(K, usize)> = None;
            for (k, bits) in shared {
                if best.as_ref().is_none_or(|(_, b)| bits > *b) {
                    best = Some((k, bits));
                }
            }
            if let Some((k, _)) = best {
                add(out, k, 1);
            }
        }
        let mut out: Vec<(K, usize)> = Vec::new();
        // The byte that several spans share, being filled: its index and the bits of
        // each key in it.
        let mut shared: Option<(usize, Vec<(K, usize)>)> = None;
        for s in &self.spans {
            add(&mut out, key(s), 0);
            let (mut bit, end) = (s.bit_offset, s.bit_offset + s.bit_len);
            while bit < end {
                let byte = bit / 8;
                let take = end.min(8 * (byte + 1)) - bit;
                if take == 8 {
                    add(&mut out, key(s), 1);
                } else {
                    match &mut shared {
                        Some((b, bits)) if *b == byte => add(bits, key(s), take),
                        _ => {
                            if let Some((_, done)) = shared.take() {
                                settle(&mut out, done);
                            }
                            shared = Some((byte, alloc::vec![(key(s), take)]));
                        }
                    }
                }
                bit += take;
            }
        }
        if let Some((_, done)) = shared {
            settle(&mut out, done);
        }
        out
    }

    /// Puts this record inside framing written by someone else (an envelope): the
    /// `before` and `after` runs become spans of their own, and the record's spans move
    /// under `prefix` (`payload.items[3].sku`).
    #[must_use]
    pub fn wrapped(
        self,
        prefix: &str,
        before: &[(Role, &str, &[u8])],
        after: &[(Role, &str, &[u8])],
    ) -> Self {
        let mut w = Recorder::default();
        for (role, path, bytes) in before {
            w.raw(*role, path, bytes);
        }
        let base = w.bytes.len();
        w.bytes.extend_from_slice(&self.bytes);
        w.bit_len = 8 * w.bytes.len();
        w.spans.extend(self.spans.into_iter().map(|mut s| {
            s.offset += base;
            s.bit_offset += 8 * base;
            s.path = match (prefix.is_empty(), s.path.is_empty()) {
                (true, _) => s.path,
                (false, true) => prefix.to_string(),
                (false, false) => format!("{prefix}.{}", s.path),
            };
            s
        }));
        for (role, path, bytes) in after {
            w.raw(*role, path, bytes);
        }
        Self {
            bytes: w.bytes,
            spans: w.spans,
        }
    }
}

fn fold_indices(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Header => "header",
        Role::Length => "length",
        Role::Tag => "tag",
        Role::Flag => "flag",
        Role::Size => "size",
        Role::Value => "value",
        Role::Padding => "padding",
        Role::Skipped => "skipped",
    }
}

/// `n byte` or `n bytes`.
fn bytes_count(n: usize) -> String {
    if n == 1 {
        "1 byte".to_string()
    } else {
        format!("{n} bytes")
    }
}

/// Hex of `bytes`, space-separated.
fn plain_hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for b in bytes {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The `bits` bits of `bytes` from bit `from` (LSB first), in at most `width`
/// characters where it can: up to 24 bits in binary, most significant bit first (as
/// a number reads); more as an integer in hex where that fits; else (a string, a
/// sequence's elements, a `u128` between byte boundaries) as the bytes they hold in
/// order, each from 8 bits, elided as [`hex`] elides.
fn bits_text(bytes: &[u8], from: usize, bits: usize, width: usize) -> String {
    let bit = |k: usize| (bytes[k / 8] >> (k % 8)) & 1;
    let unit = if bits == 1 { "bit" } else { "bits" };
    if bits > 24 {
        if bits <= 128 {
            let mut value: u128 = 0;
            for k in (from..from + bits).rev() {
                value = value << 1 | u128::from(bit(k));
            }
            let text = format!("{bits} {unit} = {value:#x}");
            if text.chars().count() <= width {
                return text;
            }
        }
        let mut held = alloc::vec![0u8; bits.div_ceil(8)];
        for k in 0..bits {
            held[k / 8] |= bit(from + k) << (k % 8);
        }
        let head = format!("{bits} {unit}: ");
        let width = width.saturating_sub(head.chars().count());
        return head + &hex(&held, width);
    }
    let mut s = format!("{bits} {unit} = 0b");
    for k in (from..from + bits).rev() {
        s.push(if bit(k) == 1 { '1' } else { '0' });
    }
    s
}

/// Hex of `bytes` in at most `width` characters where it can: the plain hex if it
/// fits, else the same number of bytes from each end around the count of the bytes
/// left out (`00 01 … (12 bytes) … 0e 0f`), as many as fit. The elided form is used
/// only where it is shorter than the plain hex, so eliding never lengthens a row.
fn hex(bytes: &[u8], width: usize) -> String {
    let plain = plain_hex(bytes);
    let len = |s: &str| s.chars().count();
    if len(&plain) <= width {
        return plain;
    }
    let elided = |keep: usize| {
        format!(
            "{} … ({}) … {}",
            plain_hex(&bytes[..keep]),
            bytes_count(bytes.len() - 2 * keep),
            plain_hex(&bytes[bytes.len() - keep..])
        )
    };
    let mut keep = 1;
    while 2 * (keep + 1) < bytes.len() && len(&elided(keep + 1)) <= width {
        keep += 1;
    }
    let short = elided(keep);
    if len(&short) < len(&plain) {
        short
    } else {
        plain
    }
}

/// Width of the dump's hex column.
const HEX_WIDTH: usize = 40;

impl fmt::Display for Explanation {
    /// An annotated hex dump: offset, hex, field path and role, one line per span, then
    /// the totals. The field column is as wide as the longest path, so the roles line up.
    /// A span inside a bit-packing session that is not whole bytes shows its offset as
    /// `byte.bit` and its bits (most significant first), and a second totals line
    /// counts bits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MESSAGE: &str = "(message)";
        let path_of = |s: &Span| -> String {
            if s.path.is_empty() {
                MESSAGE.to_string()
            } else {
                s.path.clone()
            }
        };
        let field_width = self
            .spans
            .iter()
            .map(|s| path_of(s).chars().count())
            .chain([24])
            .max()
            .unwrap_or(24);
        writeln!(
            f,
            "{:>6}  {:<HEX_WIDTH$}  {:<field_width$}  role",
            "offset", "bytes", "field"
        )?;
        for s in &self.spans {
            let (offset, bytes) = if s.is_whole_bytes() {
                (s.offset.to_string(), hex(self.span_bytes(s), HEX_WIDTH))
            } else {
                (
                    format!("{}.{}", s.bit_offset / 8, s.bit_offset % 8),
                    bits_text(&self.bytes, s.bit_offset, s.bit_len, HEX_WIDTH),
                )
            };
            writeln!(
                f,
                "{:>6}  {:<HEX_WIDTH$}  {:<field_width$}  {}",
                offset,
                bytes,
                path_of(s),
                role_name(s.role)
            )?;
        }
        let t = self.by_role();
        write_totals(f, &bytes_count(t.total()), &t)?;
        if self.spans.iter().any(|s| !s.is_whole_bytes()) {
            let b = self.by_role_bits();
            let unit = if b.total() == 1 { "bit" } else { "bits" };
            write_totals(f, &format!("{} {unit}", b.total()), &b)?;
        }
        Ok(())
    }
}

/// One totals line of the dump: `count: framing (by role) + value`. The roles that
/// only some messages have (a growable record's sizes, a bit-packing session's
/// padding, an input's skipped tails) are shown only where they are not zero, so the
/// line of other messages does not change.
fn write_totals(f: &mut fmt::Formatter<'_>, count: &str, t: &RoleTotals) -> fmt::Result {
    write!(
        f,
        "{count}: {} framing (header {}, length {}, tag {}, flag {}",
        t.framing(),
        t.header,
        t.length,
        t.tag,
        t.flag,
    )?;
    if t.size != 0 {
        write!(f, ", size {}", t.size)?;
    }
    if t.padding != 0 {
        write!(f, ", padding {}", t.padding)?;
    }
    write!(f, ") + {} value", t.value)?;
    if t.skipped != 0 {
        write!(f, " + {} skipped", t.skipped)?;
    }
    writeln!(f)
}

/// The writer behind [`explain`](crate::explain()): records every byte with its path and
/// role, and inside bit-packing sessions every bit (it packs bits itself, so a
/// session hands it each write as it comes).
#[derive(Default)]
pub(crate) struct Recorder {
    bytes: Vec<u8>,
    /// Bits written: `8 * bytes.len()` at a byte boundary, less inside a session.
    bit_len: usize,
    spans: Vec<Span>,
    path: Vec<PathSeg>,
    role: Option<Role>,
    /// The path string for the current `path`, rebuilt on change.
    rendered: Option<String>,
    /// Explaining input: the growable records as the input holds them.
    replay: Option<Replay>,
    /// Only the path is wanted (the encode error's replay): writes count bits, and keep
    /// no bytes or spans, so finding the path of an error takes no memory in
    /// proportion to the encoding (which, for a record too large for its size, is over
    /// 4 GiB).
    path_only: bool,
}

impl Recorder {
    /// A recorder that keeps only the path ([`Recorder::path_here`]).
    #[cfg(feature = "error-paths")]
    pub(crate) fn path_only() -> Self {
        Self {
            path_only: true,
            ..Self::default()
        }
    }

    /// The bytes written and their spans.
    pub(crate) fn finish(self) -> Explanation {
        Explanation {
            bytes: self.bytes,
            spans: self.spans,
        }
    }

    /// A recorder that writes a value decoded from `input` as the input holds it
    /// ([`Config::explain_input`](crate::Config::explain_input)): each growable record
    /// with the input's size, the fields the reader read, and the tail it skipped.
    /// `records` are the input's records in the order the decode opened them.
    pub(crate) fn replaying(input: &[u8], records: Vec<InputRecord>) -> Self {
        Self {
            replay: Some(Replay {
                input: input.to_vec(),
                records,
                next: 0,
                open: Vec::new(),
                mismatch: None,
            }),
            ..Self::default()
        }
    }

    /// Where a decode of the input [`replaying`](Recorder::replaying) was given keeps
    /// the growable records it opens, for this recorder to replay: the error-path replay
    /// decodes the input after creating the recorder.
    #[cfg(feature = "error-paths")]
    pub(crate) fn input_records(&mut self) -> Option<&mut Vec<InputRecord>> {
        self.replay.as_mut().map(|r| &mut r.records)
    }

    /// The explanation of the input [`replaying`](Recorder::replaying) was given: its
    /// bytes, attributed by the spans the value wrote.
    ///
    /// # Errors
    /// [`DecodeError::Unexplained`] where the value did not write as many bytes as the
    /// input holds (a length in a longer form than this library writes).
    pub(crate) fn finish_input(mut self) -> Result<Explanation, DecodeError> {
        let Some(replay) = self.replay.take() else {
            return Ok(self.finish());
        };
        if let Some(offset) = replay.mismatch {
            return Err(DecodeError::Unexplained { offset });
        }
        if self.bytes.len() != replay.input.len() {
            let offset = self.bytes.len().min(replay.input.len());
            return Err(DecodeError::Unexplained { offset });
        }
        Ok(Explanation {
            bytes: replay.input,
            spans: self.spans,
        })
    }

    /// The field path being written: after a failed write, where it failed (the
    /// derive pops a field's path only after the field is written).
    #[cfg(feature = "error-paths")]
    pub(crate) fn path_here(&mut self) -> String {
        self.current_path()
    }

    /// The path of the byte at `offset` (of the bit at `bit`, where the error names one
    /// inside a bit-packed value: a byte there holds several fields' bits), if the
    /// bytes written up to it are `input`'s (a value in a longer form than this library
    /// writes would move later bytes, and the path found would be another field's);
    /// `None` if they differ or the value ended before `offset`.
    ///
    /// `starts`: the error is about a value of a byte or more that starts in the byte
    /// at `offset` (an unknown tag, a length over its `max`), and the completion kept
    /// that many of the input's lowest bits of that byte. Where the byte is shared by
    /// several fields' bits (inside a bit-packed value), its first span is an earlier
    /// field's, so the path is that of the span of 8 bits or more that starts right
    /// after the kept bits, if there is one and the kept bits are `input`'s.
    #[cfg(feature = "error-paths")]
    pub(crate) fn path_at(
        &self,
        input: &[u8],
        offset: usize,
        bit: Option<usize>,
        starts: Option<u32>,
    ) -> Option<&str> {
        if let Some(replay) = &self.replay {
            if replay.mismatch.is_some_and(|m| m <= offset) {
                return None;
            }
        }
        let end = offset.min(input.len());
        if self.bytes.get(..end)? != &input[..end] {
            return None;
        }
        let span = match bit {
            Some(bit) => {
                let i = self
                    .spans
                    .partition_point(|s| s.bit_offset + s.bit_len <= bit);
                self.spans.get(i).filter(|s| s.bit_offset <= bit)?
            }
            None => {
                let i = self.spans.partition_point(|s| s.offset + s.len <= offset);
                let span = self.spans.get(i).filter(|s| s.offset <= offset)?;
                match starts {
                    Some(kept) if !span.is_whole_bytes() => {
                        let mask = ((1u16 << kept) - 1) as u8;
                        if self.bytes.get(offset)? & mask != input.get(offset)? & mask {
                            return None;
                        }
                        let bit = 8 * offset + kept as usize;
                        let i = self.spans.partition_point(|s| s.bit_offset < bit);
                        self.spans[i..]
                            .iter()
                            .take_while(|s| s.bit_offset == bit)
                            .find(|s| s.bit_len >= 8)?
                    }
                    _ => span,
                }
            }
        };
        Some(&span.path)
    }

    /// Where the byte at `offset` holds the bits of more than one span (it is inside a
    /// bit-packed value, and a span starts or ends between its bits): the bits of it
    /// (1 to 7, as a mask) at which a span of 8 bits or more starts; `None` where it is
    /// one span's.
    #[cfg(feature = "error-paths")]
    pub(crate) fn starts_in_shared_byte(&self, offset: usize) -> Option<u8> {
        let i = self.spans.partition_point(|s| s.offset + s.len <= offset);
        let first = self.spans.get(i)?;
        if first.offset > offset || first.is_whole_bytes() {
            return None;
        }
        let starts = self.spans[i..]
            .iter()
            .take_while(|s| s.bit_offset < 8 * (offset + 1))
            .filter(|s| s.bit_offset > 8 * offset && s.bit_len >= 8)
            .fold(0u8, |mask, s| mask | 1 << (s.bit_offset % 8));
        Some(starts)
    }

    /// A growable record starts here (its size is being written). Where the input
    /// holds it, it takes the input's next record; inside fields the input's record
    /// does not hold (written with their defaults, and cut again when the record
    /// ends), it takes none.
    fn begin_record(&mut self) {
        let at = self.bytes.len();
        let Some(replay) = &mut self.replay else {
            return;
        };
        let held = match replay.open.last() {
            None => true,
            Some((_, None)) => false,
            Some((start, Some(r))) => at - (start + RECORD_SIZE) < r.known_len(),
        };
        let record = if held {
            let r = replay.records.get(replay.next).copied();
            replay.next += 1;
            r
        } else {
            None
        };
        replay.open.push((at, record));
    }

    /// The growable record whose size is at `position` ends here: its body is cut to
    /// what the input's record held of the reader's fields, followed by the tail the
    /// reader skipped, and its size is the input's. `false` if it is not replayed.
    fn end_record(&mut self, position: usize) -> bool {
        let Some(replay) = &mut self.replay else {
            return false;
        };
        let Some((_, record)) = replay.open.pop() else {
            return false;
        };
        let Some(r) = record else {
            // Inside fields the input does not hold: cut with them.
            return true;
        };
        let known = position + RECORD_SIZE + r.known_len();
        if self.bytes.len() < known {
            replay.mismatch.get_or_insert(r.start);
        }
        let size = replay.input[r.start..r.start + RECORD_SIZE].to_vec();
        let tail = replay.input[r.known_end..r.end].to_vec();
        self.truncate(known);
        self.bytes[position..position + RECORD_SIZE].copy_from_slice(&size);
        let path = self.current_path();
        self.push_span(Role::Skipped, path, &tail);
        true
    }

    /// Drops what was written past byte `len` (a record's end: outside any session).
    fn truncate(&mut self, len: usize) {
        if self.bytes.len() <= len {
            return;
        }
        self.bytes.truncate(len);
        self.bit_len = 8 * len;
        self.spans.retain(|s| s.bit_offset < 8 * len);
        if let Some(last) = self.spans.last_mut() {
            last.bit_len = last.bit_len.min(8 * len - last.bit_offset);
            last.len = (last.bit_offset + last.bit_len).div_ceil(8) - last.offset;
        }
    }

    fn current_path(&mut self) -> String {
        if let Some(p) = &self.rendered {
            return p.clone();
        }
        let mut s = String::new();
        for seg in &self.path {
            match seg {
                PathSeg::Field(name) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(name);
                }
                PathSeg::Index(i) => {
                    let _ = write!(s, "[{i}]");
                }
                PathSeg::Variant(name) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(name);
                }
            }
        }
        self.rendered = Some(s.clone());
        s
    }

    fn raw(&mut self, role: Role, path: &str, bytes: &[u8]) {
        self.push_span(role, path.to_string(), bytes);
    }

    fn push_span(&mut self, role: Role, path: String, bytes: &[u8]) {
        if self.bit_len % 8 != 0 {
            for &b in bytes {
                self.push_bits(role, path.clone(), u64::from(b), 8);
            }
            return;
        }
        let start = self.bit_len;
        self.bytes.extend_from_slice(bytes);
        self.bit_len += 8 * bytes.len();
        self.record(role, path, start);
    }

    /// Appends the low `bits` bits of `value` to the stream, least significant first.
    fn push_bits(&mut self, role: Role, path: String, mut value: u64, mut bits: u32) {
        let start = self.bit_len;
        while bits > 0 {
            let used = (self.bit_len % 8) as u32;
            if used == 0 {
                self.bytes.push(0);
            }
            let take = bits.min(8 - used);
            let last = self.bytes.len() - 1;
            self.bytes[last] |= ((value & ((1 << take) - 1)) as u8) << used;
            value = value.checked_shr(take).unwrap_or(0);
            bits -= take;
            self.bit_len += take as usize;
        }
        self.record(role, path, start);
    }

    /// Records the bits from `start` to the end as `path`'s, playing `role`: a span of
    /// their own, or the end of the last span if it has the same owner and role.
    fn record(&mut self, role: Role, path: String, start: usize) {
        let end = self.bit_len;
        if end == start {
            return;
        }
        let bytes_of = |bit_offset: usize, bit_len: usize| {
            let first = bit_offset / 8;
            (first, (bit_offset + bit_len).div_ceil(8) - first)
        };
        if let Some(last) = self.spans.last_mut() {
            if last.role == role && last.path == path && last.bit_offset + last.bit_len == start {
                last.bit_len = end - last.bit_offset;
                (last.offset, last.len) = bytes_of(last.bit_offset, last.bit_len);
                return;
            }
        }
        let (offset, len) = bytes_of(start, end - start);
        self.spans.push(Span {
            offset,
            len,
            bit_offset: start,
            bit_len: end - start,
            path,
            role,
        });
    }
}

impl Recorder {
    #[inline(never)]
    fn put_bytes(&mut self, bytes: &[u8]) {
        if self.path_only {
            self.bit_len += 8 * bytes.len();
            return;
        }
        let role = self.role.unwrap_or(Role::Value);
        if role == Role::Size {
            self.begin_record();
        }
        let path = self.current_path();
        self.push_span(role, path, bytes);
    }

    #[inline(never)]
    fn push_field(&mut self, name: &'static str) {
        self.push_seg(PathSeg::Field(name));
    }

    #[inline(never)]
    fn push_index(&mut self, i: usize) {
        self.push_seg(PathSeg::Index(i));
    }

    #[inline(never)]
    fn push_variant(&mut self, name: &'static str) {
        self.push_seg(PathSeg::Variant(name));
    }

    fn push_seg(&mut self, seg: PathSeg) {
        self.path.push(seg);
        self.rendered = None;
    }

    #[inline(never)]
    fn put_bits(&mut self, value: u64, bits: u32) {
        if self.path_only {
            self.bit_len += bits as usize;
            return;
        }
        let role = self.role.unwrap_or(Role::Value);
        let path = self.current_path();
        self.push_bits(role, path, value, bits);
    }

    #[inline(never)]
    fn put_padding(&mut self) {
        let padding = self.bit_len.wrapping_neg() % 8;
        if self.path_only {
            self.bit_len += padding;
            return;
        }
        let path = self.current_path();
        self.push_bits(Role::Padding, path, 0, padding as u32);
    }
}

// The writes that can fail in other writers never fail here: each is an inline `Ok`
// around an out-of-line call, so that every encode instantiated for the recorder (one
// per type, for the error paths) sees the `Ok` and drops its error branch after each
// write.
impl Writer for Recorder {
    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.put_bytes(bytes);
        Ok(())
    }
    fn begin_frame(&mut self, role: Role) {
        self.role = Some(role);
    }
    fn end_frame(&mut self) {
        self.role = None;
    }
    // Split inline, so that a field's or variant's name, a constant, is passed in two
    // registers, not as a `PathSeg` built on the stack for each field.
    #[inline]
    fn push_path(&mut self, seg: PathSeg) {
        match seg {
            PathSeg::Field(name) => self.push_field(name),
            PathSeg::Variant(name) => self.push_variant(name),
            PathSeg::Index(i) => self.push_index(i),
        }
    }
    fn pop_path(&mut self) {
        self.path.pop();
        self.rendered = None;
    }
    #[inline]
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        self.put_bits(value, bits);
        Ok(())
    }
    #[inline]
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        self.put_padding();
        Ok(())
    }
    fn bits_pending(&self) -> bool {
        self.bit_len % 8 != 0
    }
    #[inline]
    fn packs_bits(&self) -> bool {
        true
    }
    fn record_position(&self) -> Option<usize> {
        // At a byte boundary (records are not written inside sessions): the bytes
        // written, also where `path_only` keeps none.
        Some(self.bit_len.div_ceil(8))
    }
    fn patch_record_size(&mut self, position: usize, size: [u8; 4]) {
        if self.end_record(position) {
            return;
        }
        if let Some(slot) = self.bytes.get_mut(position..position + RECORD_SIZE) {
            slot.copy_from_slice(&size);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Explaining input
// ---------------------------------------------------------------------------------------

/// The bytes of a growable record's size.
const RECORD_SIZE: usize = 4;

/// A growable record as a decode found it in the input: where it starts (its size),
/// where the reader's fields ended in it, and where it ends.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InputRecord {
    start: usize,
    known_end: usize,
    end: usize,
}

impl InputRecord {
    /// The bytes of the body the reader read.
    fn known_len(self) -> usize {
        self.known_end - (self.start + RECORD_SIZE)
    }
}

/// How [`Recorder`] replays an input's growable records.
struct Replay {
    input: Vec<u8>,
    /// The input's records, in the order the decode opened them.
    records: Vec<InputRecord>,
    /// The next record to take.
    next: usize,
    /// The records being written: where each one's size is in the output, and the
    /// input's record it stands for (none inside fields the input does not hold).
    open: Vec<(usize, Option<InputRecord>)>,
    /// Where the value wrote fewer bytes of a record than the input holds.
    mismatch: Option<usize>,
}

/// The growable records a decode opened, in the order it opened them, with where the
/// reader's fields ended in each: what [`Recorder::replaying`] needs to write a decoded
/// value as its input holds it. Kept by [`RecordLog`] around any reader, and by a
/// [`SliceReader`](crate::SliceReader) asked to keep it (the error-path replay, which
/// so decodes through the instantiation `from_slice` already has).
#[derive(Debug, Clone, Default)]
pub(crate) struct InputRecords {
    records: Vec<InputRecord>,
    /// The records open, as indices into `records`.
    open: Vec<usize>,
}

impl InputRecords {
    /// A record whose size, at `start`, says that it ends at `end` was opened.
    pub(crate) fn open(&mut self, start: usize, end: usize) {
        self.open.push(self.records.len());
        self.records.push(InputRecord {
            start,
            known_end: end,
            end,
        });
    }

    /// The innermost record open is closed with the reader's fields ending at `offset`.
    pub(crate) fn close(&mut self, offset: usize) {
        if let Some(i) = self.open.pop() {
            self.records[i].known_end = offset;
        }
    }

    /// The records, in the order they were opened.
    pub(crate) fn finish(self) -> Vec<InputRecord> {
        self.records
    }
}

/// The reader behind [`Config::explain_input`](crate::Config::explain_input): a reader
/// that notes every growable record it opens, and where the reader's fields ended in
/// it.
pub(crate) struct RecordLog<'r, R: ?Sized> {
    inner: &'r mut R,
    records: InputRecords,
}

impl<'r, R: ?Sized> RecordLog<'r, R> {
    pub(crate) fn new(inner: &'r mut R) -> Self {
        Self {
            inner,
            records: InputRecords::default(),
        }
    }

    /// The records, in the order they were opened.
    pub(crate) fn finish(self) -> Vec<InputRecord> {
        self.records.finish()
    }
}

impl<'de, R: Reader<'de> + ?Sized> Reader<'de> for RecordLog<'_, R> {
    fn read_into(&mut self, out: &mut [u8]) -> Result<(), DecodeError> {
        self.inner.read_into(out)
    }
    fn read_byte(&mut self) -> Result<u8, DecodeError> {
        self.inner.read_byte()
    }
    fn borrow_bytes(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        self.inner.borrow_bytes(n)
    }
    fn read_append(&mut self, n: usize, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.inner.read_append(n, out)
    }
    fn read_cow(&mut self, n: usize) -> Result<alloc::borrow::Cow<'de, [u8]>, DecodeError> {
        self.inner.read_cow(n)
    }
    fn offset(&self) -> usize {
        self.inner.offset()
    }
    fn remaining(&self) -> Option<usize> {
        self.inner.remaining()
    }
    fn claim_bound(&self) -> Option<usize> {
        self.inner.claim_bound()
    }
    fn past_limit(&self) -> Option<DecodeError> {
        self.inner.past_limit()
    }
    fn enter(&mut self) -> Result<(), DecodeError> {
        self.inner.enter()
    }
    fn leave(&mut self) {
        self.inner.leave();
    }
    fn check_zero_width(&self, offset: usize, n: usize) -> Result<(), DecodeError> {
        self.inner.check_zero_width(offset, n)
    }
    fn count_zero_width(&mut self, offset: usize) -> Result<(), DecodeError> {
        self.inner.count_zero_width(offset)
    }
    fn ledger(&mut self) -> Option<&mut Ledger> {
        self.inner.ledger()
    }
    fn lends_runs(&self) -> bool {
        self.inner.lends_runs()
    }
    // A bit-packing session reads a slice's bits from the input lent to it, as it does
    // under `from_slice`; without this it read them as from a stream, whose claims are
    // checked otherwise (another error than `from_slice`'s for the same input).
    fn lend_unread(&self) -> Option<&'de [u8]> {
        self.inner.lend_unread()
    }
    fn depth_left(&self) -> usize {
        self.inner.depth_left()
    }
    fn window_left(&self, end: usize) -> usize {
        self.inner.window_left(end)
    }
    fn open_window(
        &mut self,
        start: usize,
        end: usize,
        reserves: bool,
    ) -> Result<Window<'de>, DecodeError> {
        let window = self.inner.open_window(start, end, reserves)?;
        self.records.open(start, end);
        Ok(window)
    }
    fn close_window(&mut self, window: Window<'de>) -> Result<(), DecodeError> {
        self.records.close(self.inner.offset());
        self.inner.close_window(window)
    }
}

/// One value under several layouts, side by side: the seed articles' table.
///
/// ```
/// use packed_core::{layout, Packed};
///
/// #[derive(Packed)]
/// struct Msg { name: String, n: u32 }
///
/// let m = Msg { name: "hi".into(), n: 1 };
/// let table = packed_core::compare(&m)
///     .layout::<layout::Bitsery>("compact")?
///     .layout::<layout::Yas>("yas")?;
/// assert_eq!(table.rows()[1].1.by_role().header, 7);
/// println!("{table}");
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
pub struct Comparison<'a, T: ?Sized> {
    value: &'a T,
    rows: Vec<(String, Explanation)>,
}

/// Starts a [`Comparison`] of `value` across layouts.
pub fn compare<T: Encode + ?Sized>(value: &T) -> Comparison<'_, T> {
    Comparison {
        value,
        rows: Vec::new(),
    }
}

impl<T: Encode + ?Sized> Comparison<'_, T> {
    /// Adds a row: the value under layout `L`.
    ///
    /// # Errors
    /// As [`to_vec`](crate::to_vec).
    pub fn layout<L: Layout>(mut self, name: &str) -> Result<Self, EncodeError> {
        let e = crate::with::<L>().explain(self.value)?;
        self.rows.push((name.to_string(), e));
        Ok(self)
    }

    /// Adds a row explained elsewhere (an envelope around the record).
    #[must_use]
    pub fn row(mut self, name: &str, explanation: Explanation) -> Self {
        self.rows.push((name.to_string(), explanation));
        self
    }

    /// The rows so far.
    #[must_use]
    pub fn rows(&self) -> &[(String, Explanation)] {
        &self.rows
    }
}

impl<T: ?Sized> fmt::Display for Comparison<'_, T> {
    /// Totals by role for each layout with the difference against the first, then bytes
    /// by field for each layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((_, first)) = self.rows.first() else {
            return Ok(());
        };
        let base = first.by_role().total() as isize;
        // The growable records' sizes get a column where a row has any.
        let sizes = self.rows.iter().any(|(_, e)| e.by_role().size != 0);
        // So do bit-packing sessions' padding bytes.
        let padding = self.rows.iter().any(|(_, e)| e.by_role().padding != 0);
        write!(
            f,
            "{:<24} {:>7} {:>7} {:>7}",
            "layout", "header", "length", "tag+flag"
        )?;
        if sizes {
            write!(f, " {:>7}", "size")?;
        }
        if padding {
            write!(f, " {:>7}", "padding")?;
        }
        writeln!(f, " {:>7} {:>7} {:>7}", "value", "total", "vs 1st")?;
        for (name, e) in &self.rows {
            let t = e.by_role();
            write!(
                f,
                "{:<24} {:>7} {:>7} {:>7}",
                name,
                t.header,
                t.length,
                t.tag + t.flag
            )?;
            if sizes {
                write!(f, " {:>7}", t.size)?;
            }
            if padding {
                write!(f, " {:>7}", t.padding)?;
            }
            writeln!(
                f,
                " {:>7} {:>7} {:>+7}",
                t.value,
                t.total(),
                t.total() as isize - base
            )?;
        }
        // By field: union of field keys, in first-seen order.
        let per_row: Vec<Vec<(String, RoleTotals)>> =
            self.rows.iter().map(|(_, e)| e.by_field()).collect();
        let mut keys: Vec<String> = Vec::new();
        for fields in &per_row {
            for (k, _) in fields {
                if !keys.contains(k) {
                    keys.push(k.clone());
                }
            }
        }
        let w = self
            .rows
            .iter()
            .map(|(n, _)| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(10);
        writeln!(f)?;
        write!(f, "{:<24}", "bytes by field")?;
        for (name, _) in &self.rows {
            write!(f, " {name:>w$}")?;
        }
        writeln!(f)?;
        for k in &keys {
            let label = if k.is_empty() { "(message)" } else { k };
            write!(f, "{label:<24}")?;
            let mut base_total = None;
            for fields in &per_row {
                let total = fields
                    .iter()
                    .find(|(fk, _)| fk == k)
                    .map_or(0, |(_, t)| t.total());
                let b = *base_total.get_or_insert(total);
                let cell = if total == b {
                    format!("{total}")
                } else {
                    format!("{total} ({:+})", total as isize - b as isize)
                };
                write!(f, " {cell:>w$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
