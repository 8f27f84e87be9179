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

use crate::{Encode, EncodeError, Layout, Writer};

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
    /// Data: integers, floats, bools, string bytes.
    Value,
    /// Zero bits that pad a bit-packing session to the next byte (at an `align`, after
    /// an `Option`'s flag bit or an entropy index, at the session's end).
    Padding,
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
#[inline(always)]
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
#[inline(always)]
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
    /// Value bytes: the data itself.
    pub value: usize,
    /// Padding of bit-packing sessions.
    pub padding: usize,
}

impl RoleTotals {
    fn add(&mut self, role: Role, n: usize) {
        match role {
            Role::Header => self.header += n,
            Role::Length => self.length += n,
            Role::Tag => self.tag += n,
            Role::Flag => self.flag += n,
            Role::Value => self.value += n,
            Role::Padding => self.padding += n,
        }
    }

    /// Bytes spent on framing: everything but values.
    #[must_use]
    pub fn framing(&self) -> usize {
        self.header + self.length + self.tag + self.flag + self.padding
    }

    /// All bytes.
    #[must_use]
    pub fn total(&self) -> usize {
        self.framing() + self.value
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
        Role::Value => "value",
        Role::Padding => "padding",
    }
}

/// Hex of `bytes`, eliding the middle of long runs.
fn hex(bytes: &[u8], max: usize) -> String {
    let mut s = String::new();
    let push = |s: &mut String, b: &[u8]| {
        for x in b {
            if !s.is_empty() && !s.ends_with(' ') {
                s.push(' ');
            }
            let _ = write!(s, "{x:02x}");
        }
    };
    if bytes.len() <= max {
        push(&mut s, bytes);
    } else {
        let half = max / 2;
        push(&mut s, &bytes[..half]);
        let _ = write!(s, " … ({} bytes) …", bytes.len() - 2 * half);
        s.push(' ');
        push(&mut s, &bytes[bytes.len() - half..]);
    }
    s
}

/// The `bits` bits of `bytes` from bit `from` (LSB first), as an integer if they fit
/// one, written in binary, most significant bit first (as a number reads).
fn bits_text(bytes: &[u8], from: usize, bits: usize) -> String {
    let bit = |k: usize| (bytes[k / 8] >> (k % 8)) & 1;
    let unit = if bits == 1 { "bit" } else { "bits" };
    if bits > 24 {
        let mut value: u128 = 0;
        for k in (from..from + bits.min(128)).rev() {
            value = value << 1 | u128::from(bit(k));
        }
        return format!("{bits} {unit} = {value:#x}");
    }
    let mut s = format!("{bits} {unit} = 0b");
    for k in (from..from + bits).rev() {
        s.push(if bit(k) == 1 { '1' } else { '0' });
    }
    s
}

impl fmt::Display for Explanation {
    /// An annotated hex dump: offset, hex, field path and role, one line per span, then
    /// the totals. A span inside a bit-packing session that is not whole bytes shows
    /// its offset as `byte.bit` and its bits (most significant first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:>6}  {:<40}  {:<24}  role", "offset", "bytes", "field")?;
        for s in &self.spans {
            let path = if s.path.is_empty() {
                "(message)"
            } else {
                &s.path
            };
            let (offset, bytes) = if s.is_whole_bytes() {
                (s.offset.to_string(), hex(self.span_bytes(s), 12))
            } else {
                (
                    format!("{}.{}", s.bit_offset / 8, s.bit_offset % 8),
                    bits_text(&self.bytes, s.bit_offset, s.bit_len),
                )
            };
            writeln!(
                f,
                "{:>6}  {:<40}  {:<24}  {}",
                offset,
                bytes,
                path,
                role_name(s.role)
            )?;
        }
        let t = self.by_role();
        write!(
            f,
            "{} bytes: {} framing (header {}, length {}, tag {}, flag {}",
            t.total(),
            t.framing(),
            t.header,
            t.length,
            t.tag,
            t.flag,
        )?;
        if t.padding != 0 {
            write!(f, ", padding {}", t.padding)?;
        }
        writeln!(f, ") + {} value", t.value)?;
        if self.spans.iter().any(|s| !s.is_whole_bytes()) {
            let b = self.by_role_bits();
            writeln!(
                f,
                "{} bits: {} framing (length {}, tag {}, flag {}, padding {}) + {} value",
                b.total(),
                b.framing(),
                b.length,
                b.tag,
                b.flag,
                b.padding,
                b.value
            )?;
        }
        Ok(())
    }
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
}

impl Recorder {
    /// The bytes written and their spans.
    pub(crate) fn finish(self) -> Explanation {
        Explanation {
            bytes: self.bytes,
            spans: self.spans,
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

impl Writer for Recorder {
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        let role = self.role.unwrap_or(Role::Value);
        let path = self.current_path();
        self.push_span(role, path, bytes);
        Ok(())
    }
    fn begin_frame(&mut self, role: Role) {
        self.role = Some(role);
    }
    fn end_frame(&mut self) {
        self.role = None;
    }
    fn push_path(&mut self, seg: PathSeg) {
        self.path.push(seg);
        self.rendered = None;
    }
    fn pop_path(&mut self) {
        self.path.pop();
        self.rendered = None;
    }
    fn write_bits(&mut self, value: u64, bits: u32) -> Result<(), EncodeError> {
        let role = self.role.unwrap_or(Role::Value);
        let path = self.current_path();
        self.push_bits(role, path, value, bits);
        Ok(())
    }
    fn align_bits(&mut self) -> Result<(), EncodeError> {
        let padding = self.bit_len.wrapping_neg() % 8;
        let path = self.current_path();
        self.push_bits(Role::Padding, path, 0, padding as u32);
        Ok(())
    }
    fn bits_pending(&self) -> bool {
        self.bit_len % 8 != 0
    }
    fn packs_bits(&self) -> bool {
        true
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
        writeln!(
            f,
            "{:<24} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
            "layout", "header", "length", "tag+flag", "padding", "value", "total", "vs 1st"
        )?;
        for (name, e) in &self.rows {
            let t = e.by_role();
            writeln!(
                f,
                "{:<24} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>+7}",
                name,
                t.header,
                t.length,
                t.tag + t.flag,
                t.padding,
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
