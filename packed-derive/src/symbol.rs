//! Attribute keys and where each is allowed.

/// The helper attribute's name.
pub(crate) const PACKED: &str = "packed";

/// Keys allowed on a struct or enum.
pub(crate) const CONTAINER_KEYS: &[&str] = &[
    "len", "int", "endian", "header", "enums", "layout", "tag", "kind", "crate", "bound",
];
/// Keys allowed on a field.
pub(crate) const FIELD_KEYS: &[&str] = &["len", "max", "skip", "with"];

/// Length prefix presets.
pub(crate) const LEN_PRESETS: &[&str] = &[
    "compact",
    "u8",
    "u16",
    "u32",
    "u64",
    "varint",
    "yas-compacted",
];
/// Integer codecs.
pub(crate) const INT_PRESETS: &[&str] = &["fixed", "yas-compacted", "varint"];
/// Byte orders.
pub(crate) const ENDIAN_PRESETS: &[&str] = &["little", "big"];
/// Headers.
pub(crate) const HEADER_PRESETS: &[&str] = &["none", "yas"];
/// Enum forms.
pub(crate) const ENUMS_PRESETS: &[&str] = &["plain", "yas"];
/// Layout shorthands.
pub(crate) const LAYOUT_PRESETS: &[&str] =
    &["bitsery", "yas", "yas-noheader", "yas-compacted", "varint"];
/// Enum tag widths.
pub(crate) const TAG_PRESETS: &[&str] = &["u8", "u16", "u32"];

/// `` `a`, `b`, `c` `` for messages.
pub(crate) fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A close match among `candidates`, for "did you mean" hints.
pub(crate) fn suggest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2 && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        assert_eq!(suggest("lenn", CONTAINER_KEYS), Some("len"));
        assert_eq!(suggest("u65", LEN_PRESETS), Some("u64"));
        assert_eq!(suggest("zzzzzz", LEN_PRESETS), None);
    }
}
