//! Where the bytes go: an encoding split into attributed spans.
//!
//! [`explain`](crate::explain()) encodes a value through a writer that records, for every
//! run of bytes, the field path that owns it (`items[3].sku`) and its [`Role`]: header,
//! length prefix, enum tag, option flag or value. The format code reports both to every
//! writer through the [`Writer`] hooks, whose default bodies are empty, so nobody
//! describes a type twice and the ordinary encode path pays nothing. Two helpers make
//! every report: `framed` gives a run of bytes its role, `elements` numbers the
//! elements of a sequence (the derive reports fields and variants through `__private`).

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

/// One run of bytes with one owner and one role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// Offset of the first byte.
    pub offset: usize,
    /// Number of bytes.
    pub len: usize,
    /// The field path that owns the bytes (`items[3].sku`; empty for the message itself).
    pub path: String,
    /// What the bytes are for.
    pub role: Role,
}

/// The bytes [`to_vec`](crate::to_vec) writes, split into [`Span`]s that cover them
/// exactly, in order, with no gap or overlap.
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
}

impl RoleTotals {
    fn add(&mut self, role: Role, n: usize) {
        match role {
            Role::Header => self.header += n,
            Role::Length => self.length += n,
            Role::Tag => self.tag += n,
            Role::Flag => self.flag += n,
            Role::Value => self.value += n,
        }
    }

    /// Bytes spent on framing: everything but values.
    #[must_use]
    pub fn framing(&self) -> usize {
        self.header + self.length + self.tag + self.flag
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

    /// Totals by role over the whole message.
    #[must_use]
    pub fn by_role(&self) -> RoleTotals {
        let mut t = RoleTotals::default();
        for s in &self.spans {
            t.add(s.role, s.len);
        }
        t
    }

    /// Totals by role for each field, with sequence indices folded (`items[].sku`), in
    /// order of first appearance.
    #[must_use]
    pub fn by_field(&self) -> Vec<(String, RoleTotals)> {
        let mut out: Vec<(String, RoleTotals)> = Vec::new();
        for s in &self.spans {
            let key = fold_indices(&s.path);
            let i = match out.iter().position(|(k, _)| *k == key) {
                Some(i) => i,
                None => {
                    out.push((key, RoleTotals::default()));
                    out.len() - 1
                }
            };
            out[i].1.add(s.role, s.len);
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
        w.spans.extend(self.spans.into_iter().map(|mut s| {
            s.offset += base;
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
            writeln!(
                f,
                "{:>6}  {:<HEX_WIDTH$}  {:<field_width$}  {}",
                s.offset,
                hex(self.span_bytes(s), HEX_WIDTH),
                path_of(s),
                role_name(s.role)
            )?;
        }
        let t = self.by_role();
        writeln!(
            f,
            "{}: {} framing (header {}, length {}, tag {}, flag {}) + {} value",
            bytes_count(t.total()),
            t.framing(),
            t.header,
            t.length,
            t.tag,
            t.flag,
            t.value
        )
    }
}

/// The writer behind [`explain`](crate::explain()): records every byte with its path and
/// role.
#[derive(Default)]
pub(crate) struct Recorder {
    bytes: Vec<u8>,
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
        if bytes.is_empty() {
            return;
        }
        let offset = self.bytes.len();
        self.bytes.extend_from_slice(bytes);
        if let Some(last) = self.spans.last_mut() {
            if last.role == role && last.path == path && last.offset + last.len == offset {
                last.len += bytes.len();
                return;
            }
        }
        self.spans.push(Span {
            offset,
            len: bytes.len(),
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
            "{:<24} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
            "layout", "header", "length", "tag+flag", "value", "total", "vs 1st"
        )?;
        for (name, e) in &self.rows {
            let t = e.by_role();
            writeln!(
                f,
                "{:<24} {:>7} {:>7} {:>7} {:>7} {:>7} {:>+7}",
                name,
                t.header,
                t.length,
                t.tag + t.flag,
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
