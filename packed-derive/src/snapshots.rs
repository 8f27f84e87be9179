//! Expansion snapshots: what the derive generates for a few inputs, pretty-printed and
//! compared with checked-in files under `src/snapshots/`. Re-record with
//! `PACKED_BLESS=1 cargo test -p packed-derive`, then review the diff.
//!
//! Besides the snapshots, token-level checks pin the design: every strategy is a type
//! chosen at expansion, so nothing in the generated code branches on the layout. The
//! code for a struct branches only where a fixed-size run may apply (`write_as_run` /
//! `read_as_run`), choosing between one run and field by field: for writing the
//! condition is a constant once inlined (the size under the context and the writer's
//! type), for reading it also asks whether the input holds the run's bytes. Besides
//! those: a memory image's proof in `fixed_size` (a constant condition), and in a
//! growable record whether the record holds the next field (`Record::has_more`,
//! `Record::holds`). An enum's own branches are on its variant.

use std::path::PathBuf;

use proc_macro2::{TokenStream, TokenTree};

/// The pretty-printed expansion of `input`.
fn expand(input: &syn::DeriveInput) -> (TokenStream, String) {
    let tokens = crate::expand::derive(input);
    let file: syn::File = syn::parse2(tokens.clone()).expect("the expansion parses as a file");
    (tokens, prettyplease::unparse(&file))
}

/// Compares `actual` with `src/snapshots/<name>.expected.rs`, or writes it there when
/// `PACKED_BLESS` is set.
fn assert_snapshot(name: &str, actual: &str) {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "src",
        "snapshots",
        &format!("{name}.expected.rs"),
    ]
    .iter()
    .collect();
    if std::env::var_os("PACKED_BLESS").is_some() {
        std::fs::write(&path, actual).expect("write the snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; record it with PACKED_BLESS=1",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "expansion of `{name}` differs from {} (- expected, + actual); \
             re-record with PACKED_BLESS=1 if the change is intended:\n{}",
            path.display(),
            diff(&expected, actual)
        );
    }
}

/// A line diff of `a` and `b` (longest common subsequence), changed lines only, with
/// their line numbers in `b`.
fn diff(a: &str, b: &str) -> String {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("{:>5} + {}\n", j + 1, b[j]));
            j += 1;
        } else {
            out.push_str(&format!("{:>5} - {}\n", j + 1, a[i]));
            i += 1;
        }
    }
    out
}

/// Every identifier and keyword in `tokens`, recursively.
fn idents(tokens: TokenStream, out: &mut Vec<String>) {
    for t in tokens {
        match t {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => idents(g.stream(), out),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

/// `text` without whitespace, so paths can be searched for whatever the printer does.
fn squash(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn frame_len_u64() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[packed(len = "u64")]
        struct Frame {
            payload: Vec<u8>,
            #[packed(len = "u8")]
            name: String,
        }
    };
    let (tokens, pretty) = expand(&input);
    assert_snapshot("frame_len_u64", &pretty);

    // The runtime crate is named once, in the block's `use`; every path goes through it.
    let flat = squash(&pretty);
    assert_eq!(flat.matches("packed_core").count(), 1, "{flat}");
    assert!(flat.contains("const_:()={use::packed_coreas__packed;"));
    // The strategies are types, named in the expansion: U64 for the container (inside
    // the layout `Spec`, the other strategies the default preset's), U8 for the field's
    // override.
    assert!(
        flat.contains(
            "type__PackedOwnLayout=__packed::layout::Spec<__packed::len::U64,\
             <__packed::layout::Bitseryas__packed::layout::Layout>::Int,"
        ),
        "the container's layout is a `Spec` type with `U64`"
    );
    assert!(
        flat.contains("__packed::len::U8"),
        "the field's override is the type `U8`"
    );
    assert!(
        flat.contains("WithLen<__packed::len::U8>"),
        "the override is applied to the field's context type"
    );
    // No branch at all: none on the layout, and no fixed-size run checks either, since
    // a `Vec` and a `String` are never of fixed size (`run_code_only_where_the_size_may_be_fixed`).
    let mut words = Vec::new();
    idents(tokens, &mut words);
    for branch in ["if", "match", "else", "while", "loop"] {
        assert!(
            !words.iter().any(|w| w == branch),
            "the expansion of a struct contains `{branch}`"
        );
    }
    assert!(
        !flat.contains("write_as_run")
            && !flat.contains("read_as_run")
            && !flat.contains("fixed_size"),
        "{flat}"
    );
    // Nor a run-time value naming a layout: no string literal "u64"/"u8" is generated.
    assert!(!pretty.contains("\"u64\"") && !pretty.contains("\"u8\""));
}

#[test]
fn shape_enum() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[packed(tag = "u16", layout = "yas", endian = "big")]
        enum Shape<'a, T> {
            Unit,
            Pair(u8, &'a str),
            Named {
                #[packed(len = "u8", max = 3)]
                items: Vec<T>,
                #[packed(skip)]
                cache: Option<T>,
            },
        }
    };
    let (tokens, pretty) = expand(&input);
    assert_snapshot("shape_enum", &pretty);

    let flat = squash(&pretty);
    // `layout = "yas"` is `layout::Yas`'s strategies, each read from that type, but for
    // the byte order given beside it.
    let yas =
        |strategy: &str| format!("<__packed::layout::Yasas__packed::layout::Layout>::{strategy}");
    assert!(
        flat.contains(&format!(
            "type__PackedOwnLayout=__packed::layout::Spec<{},{},__packed::num::Big,{},{},>;",
            yas("Len"),
            yas("Int"),
            yas("Header"),
            yas("Conventions")
        )),
        "{flat}"
    );
    assert!(flat.contains("WithMax<3usize>"));
    // The only branches are on the variant: two `match self` to write (the first only
    // picks the tag, written once before the second writes the fields), two to size
    // (`encoded_size`: the tag's, then the fields'), one `match` on the tag to read.
    let mut words = Vec::new();
    idents(tokens, &mut words);
    assert_eq!(words.iter().filter(|w| *w == "match").count(), 5);
    assert_eq!(words.iter().filter(|w| *w == "write_tag").count(), 1);
    assert_eq!(words.iter().filter(|w| *w == "tag_size").count(), 1);
    assert!(!words.iter().any(|w| w == "if"));
}

#[test]
fn status_repr_enum() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[repr(i32)]
        #[packed(kind = 5)]
        enum Status {
            Active = 1,
            Closed = 3,
        }
    };
    let (_, pretty) = expand(&input);
    assert_snapshot("status_repr_enum", &pretty);
    // No `packed` attribute sets a layout: the type inherits its parent's.
    let flat = squash(&pretty);
    assert!(
        flat.contains("type__PackedOwnLayout=__packed::layout::Inherit;"),
        "{flat}"
    );
    assert!(flat.contains("Enter<__PackedOwnLayout>"));
}

/// Consecutive scalar fields are grouped into one tuple per run of them, up to the
/// twelve elements a tuple implements the traits for: a run of two and a run of
/// twelve, between non-scalar fields.
#[test]
fn scalar_groups() {
    let input: syn::DeriveInput = syn::parse_quote! {
        struct Line {
            sku: String,
            qty: i32,
            price: i64,
            note: String,
            a: u8, b: i8, c: u16, d: i16, e: u32, f: i32,
            g: u64, h: i64, i: f32, j: f64, k: bool, l: [char; 2],
        }
    };
    let (_, pretty) = expand(&input);
    assert_snapshot("scalar_groups", &pretty);
}

/// A group is `Fields` of a tuple (its elements with no count in any layout); past
/// sixteen fields, `Fields` of `Fields` of at most sixteen (nested again past 256), so
/// it is still one value the runtime implements the traits for: the written types, the
/// values and the decoded bindings have the same shape.
#[test]
fn scalar_groups_past_sixteen_nest() {
    let expand_fields = |n: usize| {
        let names: Vec<syn::Ident> = (0..n).map(|i| quote::format_ident!("f{i}")).collect();
        let input: syn::DeriveInput = syn::parse_quote! {
            struct Wide { name: String, #(#names: u8,)* }
        };
        // The tokens, not the printed text: the printer drops some trailing commas.
        squash(&expand(&input).0.to_string())
    };
    let ty = |items: &[String]| format!("__packed::__private::Fields<({},)>", items.join(","));
    let val = |items: &[String]| format!("__packed::__private::Fields(({},))", items.join(","));
    let flat = expand_fields(17);
    let refs: Vec<String> = (0..16).map(|_| "&u8".to_owned()).collect();
    let values: Vec<String> = (0..16).map(|i| format!("&self.f{i}")).collect();
    let binds: Vec<String> = (1..17).map(|i| format!("__f{i}")).collect();
    let tys: Vec<String> = (0..16).map(|_| "u8".to_owned()).collect();
    let nested_refs = ty(&[ty(&refs), "&u8".to_owned()]);
    assert!(flat.contains(&nested_refs), "{flat}");
    let nested_values = val(&[val(&values), "&self.f16".to_owned()]);
    assert!(flat.contains(&format!("&{nested_values}")), "{flat}");
    let pattern = val(&[val(&binds), "__f17".to_owned()]);
    let types = ty(&[ty(&tys), "u8".to_owned()]);
    assert!(flat.contains(&format!("let{pattern}=<{types}as")), "{flat}");
    // 300 fields: 19 chunks of up to sixteen, in two outer ones of sixteen and three.
    let flat = expand_fields(300);
    let chunk: Vec<String> = (0..16).map(|_| "u8".to_owned()).collect();
    let sixteen_chunks: Vec<String> = (0..16).map(|_| ty(&chunk)).collect();
    let last: Vec<String> = (0..12).map(|_| "u8".to_owned()).collect();
    let three_chunks = vec![ty(&chunk), ty(&chunk), ty(&last)];
    let nested = ty(&[ty(&sixteen_chunks), ty(&three_chunks)]);
    assert!(
        flat.contains(&format!("=<{nested}as__packed::Decode")),
        "{flat}"
    );
    assert!(!flat.contains(&ty(&chunk[..1])), "no one-element groups");
    // No plain tuple for a group: YAS's conventions would write a count byte before it.
    assert!(!flat.contains("=<(u8,"), "{flat}");
}

/// A struct of scalars only always inlines its three coding functions; one with any
/// other field (here a `String`), or with a field `with` a codec, keeps `#[inline]`.
#[test]
fn scalar_structs_always_inline() {
    let count = |input: syn::DeriveInput| {
        let flat = squash(&expand(&input).1);
        (
            flat.matches("#[inline(always)]fnencode<").count()
                + flat.matches("#[inline(always)]fndecode<").count()
                + flat.matches("#[inline(always)]fndecode_in_place<").count(),
            flat.matches("#[inline]fnencode<").count()
                + flat.matches("#[inline]fndecode<").count()
                + flat.matches("#[inline]fndecode_in_place<").count(),
        )
    };
    let address = count(syn::parse_quote! {
        struct Address { x0: u8, x1: u8, octets: [u8; 2], #[packed(skip)] cache: Vec<u8> }
    });
    assert_eq!(address, (3, 0));
    let named = count(syn::parse_quote! {
        struct Named { id: u32, name: String }
    });
    assert_eq!(named, (0, 3));
    let with = count(syn::parse_quote! {
        struct With { id: u32, #[packed(with = "codec")] when: u64 }
    });
    assert_eq!(with, (0, 3));
}

/// A growable record: `encode` writes the size around the body, which a `RecordBody`
/// impl carries; `decode` and `decode_in_place` read the body inside the record, each
/// field only where the record holds it; no fixed-size run, no memory image.
#[test]
fn growable_record() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[packed(growable)]
        struct Item {
            sku: String,
            qty: i32,
            #[packed(default = "-1")]
            price_minor: i64,
        }
    };
    let (tokens, pretty) = expand(&input);
    assert_snapshot("growable_record", &pretty);
    let flat = squash(&pretty);
    assert!(
        flat.contains(
            "__packed::__private::write_record::<__C,<__Cas__packed::Ctx>::Enter<__PackedOwnLayout>,Self,__W,>(self,__w)"
        ),
        "{flat}"
    );
    assert!(flat.contains("impl__packed::__private::RecordBodyforItem{"));
    // Three fields, each read where the record holds it, in `decode` and in place; the
    // two scalars as one run where the record holds both.
    assert_eq!(
        flat.matches("if__packed::__private::Record::has_more(__rec,__r")
            .count(),
        6
    );
    assert_eq!(
        flat.matches("if__packed::__private::Record::holds::<")
            .count(),
        2
    );
    // The default is the user's expression; the others their type's.
    assert!(flat.contains("else{-1}"));
    assert!(flat.contains("<Stringas__packed::__private::AbsentField>::absent()"));
    // No run and no image: the record's size on the wire is whatever version wrote it.
    for fast in [
        "write_as_run::<__C,Self",
        "read_as_run::<__C,Self",
        "fixed_size",
        "ImageProof",
    ] {
        assert!(!flat.contains(fast), "{fast} in {flat}");
    }
    let mut words = Vec::new();
    idents(tokens, &mut words);
    assert_eq!(words.iter().filter(|w| *w == "read_record").count(), 2);
}

/// A growable enum: explicit tags (a discriminant, `tag = N`, one more than the
/// previous) and the `other` variant unknown tags decode to.
#[test]
fn growable_enum() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[packed(growable)]
        #[repr(u8)]
        enum Event {
            Start { at: u64 } = 4,
            Stop,
            #[packed(tag = 200)]
            Note(String),
            #[packed(other)]
            Unknown,
        }
    };
    let (_, pretty) = expand(&input);
    assert_snapshot("growable_enum", &pretty);
    let flat = squash(&pretty);
    // Without `tag = "..."` the tags are written as the variant index (`u32`s through
    // `VariantIndex`, the conventions' form).
    assert!(flat.contains("__private::VariantIndex"), "{flat}");
    for tag in ["4u32=>", "5u32=>", "200u32=>", "201u32=>"] {
        assert!(flat.contains(tag), "{tag} in {flat}");
    }
    assert!(flat.contains("_=>Self::Unknown,"), "{flat}");
    assert!(!flat.contains("unknown_variant"), "{flat}");
}

#[test]
fn diff_shows_changed_lines() {
    assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), "    2 + x\n    3 - b\n");
    assert_eq!(diff("a\n", "a\n"), "");
}

/// The fixed-size run code (`fixed_size`, and the run check in `encode`, `decode` and
/// `decode_in_place`) is emitted for a struct whose size may be fixed, and for no other:
/// one with a field whose type always varies (`String`, `Vec`, `Option`, ...), one with
/// a length override, or a growable record.
#[test]
fn run_code_only_where_the_size_may_be_fixed() {
    let runs = |input: syn::DeriveInput| {
        let flat = squash(&expand(&input).1);
        (
            flat.matches("write_as_run::<__C,Self,__W>").count()
                + flat.matches("read_as_run::<__C,Self,__R>").count(),
            flat.matches("fnfixed_size<").count(),
        )
    };
    // Numbers, and a field of a type the derive cannot see into: may be fixed.
    assert_eq!(
        runs(syn::parse_quote! { struct P { x: i32, y: f64 } }),
        (3, 2)
    );
    assert_eq!(
        runs(syn::parse_quote! { struct Q { p: P, n: [u16; 4] } }),
        (3, 2)
    );
    // Never fixed: no run code at all.
    for input in [
        syn::parse_quote! { struct A { x: i32, name: String } },
        syn::parse_quote! { struct B { x: i32, v: Vec<u8> } },
        syn::parse_quote! { struct C { x: i32, o: Option<u8> } },
        syn::parse_quote! { struct D { x: i32, s: [String; 2] } },
        syn::parse_quote! { struct E { x: i32, #[packed(len = "u8")] p: P } },
        syn::parse_quote! { #[packed(growable)] struct F { x: i32 } },
    ] {
        assert_eq!(runs(input), (0, 0));
    }
}
