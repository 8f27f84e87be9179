//! The Rust counterparts of `gen.cpp`'s shapes.
//!
//! Types nested inside a shape without attributes of their own (`Leaf`, `Item`, the
//! enums, `Var`, `Vertex`, `Flagged`) are declared once and take the enclosing type's
//! layout. Each shape's top-level record, and `Inner` and `Meta` (nested types that carry
//! attributes of their own), are declared once per configuration of
//! `packed_tests::configurations!` by `shapes!`, with that configuration's container
//! attributes, as `tests/common/mod.rs` does for the golden files, and once more without
//! attributes (`plain`) for `to_vec_as::<L>`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, LinkedList, VecDeque};
use std::time::{Duration, SystemTime};

use packed_core::cpp::{Bitset, Fields, Pair, U16String, WString};

use crate::text::{record, repr_enum, Text, Tokens};

repr_enum!(E8: u8 { A = 0, B = 1, C = 7, D = 127, E = 128, F = 255 });
repr_enum!(EI8: i8 { A = -128, B = -1, C = 0, D = 1, E = 127 });
repr_enum!(E16: i16 { A = -32768, B = -300, C = -1, D = 0, E = 1, F = 63, G = 64, H = 300, I = 32767 });
repr_enum!(EU16: u16 { A = 0, B = 1, C = 255, D = 256, E = 65535 });
repr_enum!(E32: i32 {
    A = i32::MIN, B = -65, C = -64, D = -63, E = -1, F = 0, G = 1, H = 63, I = 64, J = 127,
    K = 128, L = 70000, M = i32::MAX,
});
repr_enum!(EU32: u32 { A = 0, B = 127, C = 128, D = u32::MAX });
repr_enum!(E64: i64 { A = i64::MIN, B = -1, C = 0, D = 1, E = 1 << 40, F = i64::MAX });
repr_enum!(EU64: u64 { A = 0, B = 1, C = 1 << 63, D = u64::MAX });

record!(
    pub struct Leaf {
        id: u16,
        name: String,
        delta: Option<i64>,
        kind: E32,
        flag: bool,
    }
);
record!(
    pub struct Item {
        sku: String,
        qty: i32,
        price_minor: i64,
    }
);
record!(
    #[repr(C)]
    pub struct Vertex {
        x: f32,
        y: f32,
        z: f32,
        color: u32,
    }
);
record!(
    pub struct Flagged {
        a: u16,
        f: bool,
        b: i32,
    }
);

/// `std::variant<int32_t, std::string, Leaf, uint8_t, Unit>`: a tagged enum, whose
/// one-byte tag is what Bitsery's `StdVariant` (a size prefix, one byte below 128) and
/// YAS (one raw byte) write for the index.
#[derive(packed_core::Packed, Debug, Clone)]
pub enum Var {
    I(i32),
    S(String),
    L(Leaf),
    U(u8),
    N,
}

/// `< index alternative >`; the unit variant is the empty record `{ }`.
impl Text for Var {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        t.expect("<")?;
        let v = match t.next()? {
            "0" => Var::I(i32::parse(t)?),
            "1" => Var::S(String::parse(t)?),
            "2" => Var::L(Leaf::parse(t)?),
            "3" => Var::U(u8::parse(t)?),
            "4" => {
                t.expect("{")?;
                t.expect("}")?;
                Var::N
            }
            i => return Err(format!("variant index `{i}`")),
        };
        t.expect(">")?;
        Ok(v)
    }
    fn print(&self, out: &mut String) {
        fn alternative<T: Text>(index: &str, v: &T, out: &mut String) {
            out.push_str("< ");
            out.push_str(index);
            out.push(' ');
            v.print(out);
            out.push_str("> ");
        }
        match self {
            Var::I(v) => alternative("0", v, out),
            Var::S(v) => alternative("1", v, out),
            Var::L(v) => alternative("2", v, out),
            Var::U(v) => alternative("3", v, out),
            Var::N => out.push_str("< 4 { } > "),
        }
    }
}

record!(
    pub struct Alt {
        v: u8,
    }
);

/// `std::variant<Alt<0>, ..., Alt<129>>`: a tagged enum of 130 variants without `tag`,
/// whose index takes Bitsery's size prefix form (`80 80` from 128).
#[derive(packed_core::Packed, Debug, Clone)]
pub enum V130 {
    A0(Alt),
    A1(Alt),
    A2(Alt),
    A3(Alt),
    A4(Alt),
    A5(Alt),
    A6(Alt),
    A7(Alt),
    A8(Alt),
    A9(Alt),
    A10(Alt),
    A11(Alt),
    A12(Alt),
    A13(Alt),
    A14(Alt),
    A15(Alt),
    A16(Alt),
    A17(Alt),
    A18(Alt),
    A19(Alt),
    A20(Alt),
    A21(Alt),
    A22(Alt),
    A23(Alt),
    A24(Alt),
    A25(Alt),
    A26(Alt),
    A27(Alt),
    A28(Alt),
    A29(Alt),
    A30(Alt),
    A31(Alt),
    A32(Alt),
    A33(Alt),
    A34(Alt),
    A35(Alt),
    A36(Alt),
    A37(Alt),
    A38(Alt),
    A39(Alt),
    A40(Alt),
    A41(Alt),
    A42(Alt),
    A43(Alt),
    A44(Alt),
    A45(Alt),
    A46(Alt),
    A47(Alt),
    A48(Alt),
    A49(Alt),
    A50(Alt),
    A51(Alt),
    A52(Alt),
    A53(Alt),
    A54(Alt),
    A55(Alt),
    A56(Alt),
    A57(Alt),
    A58(Alt),
    A59(Alt),
    A60(Alt),
    A61(Alt),
    A62(Alt),
    A63(Alt),
    A64(Alt),
    A65(Alt),
    A66(Alt),
    A67(Alt),
    A68(Alt),
    A69(Alt),
    A70(Alt),
    A71(Alt),
    A72(Alt),
    A73(Alt),
    A74(Alt),
    A75(Alt),
    A76(Alt),
    A77(Alt),
    A78(Alt),
    A79(Alt),
    A80(Alt),
    A81(Alt),
    A82(Alt),
    A83(Alt),
    A84(Alt),
    A85(Alt),
    A86(Alt),
    A87(Alt),
    A88(Alt),
    A89(Alt),
    A90(Alt),
    A91(Alt),
    A92(Alt),
    A93(Alt),
    A94(Alt),
    A95(Alt),
    A96(Alt),
    A97(Alt),
    A98(Alt),
    A99(Alt),
    A100(Alt),
    A101(Alt),
    A102(Alt),
    A103(Alt),
    A104(Alt),
    A105(Alt),
    A106(Alt),
    A107(Alt),
    A108(Alt),
    A109(Alt),
    A110(Alt),
    A111(Alt),
    A112(Alt),
    A113(Alt),
    A114(Alt),
    A115(Alt),
    A116(Alt),
    A117(Alt),
    A118(Alt),
    A119(Alt),
    A120(Alt),
    A121(Alt),
    A122(Alt),
    A123(Alt),
    A124(Alt),
    A125(Alt),
    A126(Alt),
    A127(Alt),
    A128(Alt),
    A129(Alt),
}

/// `< index { v } >`.
impl Text for V130 {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        t.expect("<")?;
        let index = t.next()?;
        let a = Alt::parse(t)?;
        let v = match index {
            "0" => V130::A0(a),
            "1" => V130::A1(a),
            "2" => V130::A2(a),
            "3" => V130::A3(a),
            "4" => V130::A4(a),
            "5" => V130::A5(a),
            "6" => V130::A6(a),
            "7" => V130::A7(a),
            "8" => V130::A8(a),
            "9" => V130::A9(a),
            "10" => V130::A10(a),
            "11" => V130::A11(a),
            "12" => V130::A12(a),
            "13" => V130::A13(a),
            "14" => V130::A14(a),
            "15" => V130::A15(a),
            "16" => V130::A16(a),
            "17" => V130::A17(a),
            "18" => V130::A18(a),
            "19" => V130::A19(a),
            "20" => V130::A20(a),
            "21" => V130::A21(a),
            "22" => V130::A22(a),
            "23" => V130::A23(a),
            "24" => V130::A24(a),
            "25" => V130::A25(a),
            "26" => V130::A26(a),
            "27" => V130::A27(a),
            "28" => V130::A28(a),
            "29" => V130::A29(a),
            "30" => V130::A30(a),
            "31" => V130::A31(a),
            "32" => V130::A32(a),
            "33" => V130::A33(a),
            "34" => V130::A34(a),
            "35" => V130::A35(a),
            "36" => V130::A36(a),
            "37" => V130::A37(a),
            "38" => V130::A38(a),
            "39" => V130::A39(a),
            "40" => V130::A40(a),
            "41" => V130::A41(a),
            "42" => V130::A42(a),
            "43" => V130::A43(a),
            "44" => V130::A44(a),
            "45" => V130::A45(a),
            "46" => V130::A46(a),
            "47" => V130::A47(a),
            "48" => V130::A48(a),
            "49" => V130::A49(a),
            "50" => V130::A50(a),
            "51" => V130::A51(a),
            "52" => V130::A52(a),
            "53" => V130::A53(a),
            "54" => V130::A54(a),
            "55" => V130::A55(a),
            "56" => V130::A56(a),
            "57" => V130::A57(a),
            "58" => V130::A58(a),
            "59" => V130::A59(a),
            "60" => V130::A60(a),
            "61" => V130::A61(a),
            "62" => V130::A62(a),
            "63" => V130::A63(a),
            "64" => V130::A64(a),
            "65" => V130::A65(a),
            "66" => V130::A66(a),
            "67" => V130::A67(a),
            "68" => V130::A68(a),
            "69" => V130::A69(a),
            "70" => V130::A70(a),
            "71" => V130::A71(a),
            "72" => V130::A72(a),
            "73" => V130::A73(a),
            "74" => V130::A74(a),
            "75" => V130::A75(a),
            "76" => V130::A76(a),
            "77" => V130::A77(a),
            "78" => V130::A78(a),
            "79" => V130::A79(a),
            "80" => V130::A80(a),
            "81" => V130::A81(a),
            "82" => V130::A82(a),
            "83" => V130::A83(a),
            "84" => V130::A84(a),
            "85" => V130::A85(a),
            "86" => V130::A86(a),
            "87" => V130::A87(a),
            "88" => V130::A88(a),
            "89" => V130::A89(a),
            "90" => V130::A90(a),
            "91" => V130::A91(a),
            "92" => V130::A92(a),
            "93" => V130::A93(a),
            "94" => V130::A94(a),
            "95" => V130::A95(a),
            "96" => V130::A96(a),
            "97" => V130::A97(a),
            "98" => V130::A98(a),
            "99" => V130::A99(a),
            "100" => V130::A100(a),
            "101" => V130::A101(a),
            "102" => V130::A102(a),
            "103" => V130::A103(a),
            "104" => V130::A104(a),
            "105" => V130::A105(a),
            "106" => V130::A106(a),
            "107" => V130::A107(a),
            "108" => V130::A108(a),
            "109" => V130::A109(a),
            "110" => V130::A110(a),
            "111" => V130::A111(a),
            "112" => V130::A112(a),
            "113" => V130::A113(a),
            "114" => V130::A114(a),
            "115" => V130::A115(a),
            "116" => V130::A116(a),
            "117" => V130::A117(a),
            "118" => V130::A118(a),
            "119" => V130::A119(a),
            "120" => V130::A120(a),
            "121" => V130::A121(a),
            "122" => V130::A122(a),
            "123" => V130::A123(a),
            "124" => V130::A124(a),
            "125" => V130::A125(a),
            "126" => V130::A126(a),
            "127" => V130::A127(a),
            "128" => V130::A128(a),
            "129" => V130::A129(a),
            i => return Err(format!("variant index `{i}`")),
        };
        t.expect(">")?;
        Ok(v)
    }
    fn print(&self, out: &mut String) {
        let (index, a) = match self {
            V130::A0(a) => ("0", a),
            V130::A1(a) => ("1", a),
            V130::A2(a) => ("2", a),
            V130::A3(a) => ("3", a),
            V130::A4(a) => ("4", a),
            V130::A5(a) => ("5", a),
            V130::A6(a) => ("6", a),
            V130::A7(a) => ("7", a),
            V130::A8(a) => ("8", a),
            V130::A9(a) => ("9", a),
            V130::A10(a) => ("10", a),
            V130::A11(a) => ("11", a),
            V130::A12(a) => ("12", a),
            V130::A13(a) => ("13", a),
            V130::A14(a) => ("14", a),
            V130::A15(a) => ("15", a),
            V130::A16(a) => ("16", a),
            V130::A17(a) => ("17", a),
            V130::A18(a) => ("18", a),
            V130::A19(a) => ("19", a),
            V130::A20(a) => ("20", a),
            V130::A21(a) => ("21", a),
            V130::A22(a) => ("22", a),
            V130::A23(a) => ("23", a),
            V130::A24(a) => ("24", a),
            V130::A25(a) => ("25", a),
            V130::A26(a) => ("26", a),
            V130::A27(a) => ("27", a),
            V130::A28(a) => ("28", a),
            V130::A29(a) => ("29", a),
            V130::A30(a) => ("30", a),
            V130::A31(a) => ("31", a),
            V130::A32(a) => ("32", a),
            V130::A33(a) => ("33", a),
            V130::A34(a) => ("34", a),
            V130::A35(a) => ("35", a),
            V130::A36(a) => ("36", a),
            V130::A37(a) => ("37", a),
            V130::A38(a) => ("38", a),
            V130::A39(a) => ("39", a),
            V130::A40(a) => ("40", a),
            V130::A41(a) => ("41", a),
            V130::A42(a) => ("42", a),
            V130::A43(a) => ("43", a),
            V130::A44(a) => ("44", a),
            V130::A45(a) => ("45", a),
            V130::A46(a) => ("46", a),
            V130::A47(a) => ("47", a),
            V130::A48(a) => ("48", a),
            V130::A49(a) => ("49", a),
            V130::A50(a) => ("50", a),
            V130::A51(a) => ("51", a),
            V130::A52(a) => ("52", a),
            V130::A53(a) => ("53", a),
            V130::A54(a) => ("54", a),
            V130::A55(a) => ("55", a),
            V130::A56(a) => ("56", a),
            V130::A57(a) => ("57", a),
            V130::A58(a) => ("58", a),
            V130::A59(a) => ("59", a),
            V130::A60(a) => ("60", a),
            V130::A61(a) => ("61", a),
            V130::A62(a) => ("62", a),
            V130::A63(a) => ("63", a),
            V130::A64(a) => ("64", a),
            V130::A65(a) => ("65", a),
            V130::A66(a) => ("66", a),
            V130::A67(a) => ("67", a),
            V130::A68(a) => ("68", a),
            V130::A69(a) => ("69", a),
            V130::A70(a) => ("70", a),
            V130::A71(a) => ("71", a),
            V130::A72(a) => ("72", a),
            V130::A73(a) => ("73", a),
            V130::A74(a) => ("74", a),
            V130::A75(a) => ("75", a),
            V130::A76(a) => ("76", a),
            V130::A77(a) => ("77", a),
            V130::A78(a) => ("78", a),
            V130::A79(a) => ("79", a),
            V130::A80(a) => ("80", a),
            V130::A81(a) => ("81", a),
            V130::A82(a) => ("82", a),
            V130::A83(a) => ("83", a),
            V130::A84(a) => ("84", a),
            V130::A85(a) => ("85", a),
            V130::A86(a) => ("86", a),
            V130::A87(a) => ("87", a),
            V130::A88(a) => ("88", a),
            V130::A89(a) => ("89", a),
            V130::A90(a) => ("90", a),
            V130::A91(a) => ("91", a),
            V130::A92(a) => ("92", a),
            V130::A93(a) => ("93", a),
            V130::A94(a) => ("94", a),
            V130::A95(a) => ("95", a),
            V130::A96(a) => ("96", a),
            V130::A97(a) => ("97", a),
            V130::A98(a) => ("98", a),
            V130::A99(a) => ("99", a),
            V130::A100(a) => ("100", a),
            V130::A101(a) => ("101", a),
            V130::A102(a) => ("102", a),
            V130::A103(a) => ("103", a),
            V130::A104(a) => ("104", a),
            V130::A105(a) => ("105", a),
            V130::A106(a) => ("106", a),
            V130::A107(a) => ("107", a),
            V130::A108(a) => ("108", a),
            V130::A109(a) => ("109", a),
            V130::A110(a) => ("110", a),
            V130::A111(a) => ("111", a),
            V130::A112(a) => ("112", a),
            V130::A113(a) => ("113", a),
            V130::A114(a) => ("114", a),
            V130::A115(a) => ("115", a),
            V130::A116(a) => ("116", a),
            V130::A117(a) => ("117", a),
            V130::A118(a) => ("118", a),
            V130::A119(a) => ("119", a),
            V130::A120(a) => ("120", a),
            V130::A121(a) => ("121", a),
            V130::A122(a) => ("122", a),
            V130::A123(a) => ("123", a),
            V130::A124(a) => ("124", a),
            V130::A125(a) => ("125", a),
            V130::A126(a) => ("126", a),
            V130::A127(a) => ("127", a),
            V130::A128(a) => ("128", a),
            V130::A129(a) => ("129", a),
        };
        out.push_str("< ");
        out.push_str(index);
        out.push(' ');
        a.print(out);
        out.push_str("> ");
    }
}

/// A tuple of sixteen elements (std's `Debug` stops at twelve).
#[derive(packed_core::Packed, Clone)]
#[allow(clippy::type_complexity)]
pub struct Tuple16(
    pub  (
        u8,
        i16,
        u16,
        i32,
        u32,
        i64,
        u64,
        f32,
        f64,
        bool,
        String,
        Vec<u16>,
        Option<i32>,
        E16,
        E8,
        Pair<u8, String>,
    ),
);

impl std::fmt::Debug for Tuple16 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::text::print(self))
    }
}

impl Text for Tuple16 {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        Text::parse(t).map(Tuple16)
    }
    fn print(&self, out: &mut String) {
        self.0.print(out);
    }
}

/// Declares every shape's top-level record (and `Inner`, `Meta`) in module `$m`, with the
/// given container attributes.
macro_rules! shapes {
    ($m:ident $(, #[$attr:meta])*) => {
        pub mod $m {
            #![allow(clippy::type_complexity)]
            use super::*;

            record!($(#[$attr])* pub struct Ints {
                u8: u8, i8: i8, u16: u16, i16: i16, u32: u32, i32: i32, u64: u64, i64: i64,
                usize: usize, isize: isize, flag: bool,
            });
            record!($(#[$attr])* pub struct Floats { a: f32, b: f64, c: f32, d: f64 });
            record!($(#[$attr])* pub struct Str { s: String });
            record!($(#[$attr])* pub struct Strings { v: Vec<String>, a: String, b: String });
            record!($(#[$attr])* pub struct Bytes { u: Vec<u8>, i: Vec<i8> });
            record!($(#[$attr])* pub struct Vec16 { a: Vec<i16>, b: Vec<u16> });
            record!($(#[$attr])* pub struct Vec32 { a: Vec<i32>, b: Vec<u32> });
            record!($(#[$attr])* pub struct Vec64 { a: Vec<i64>, b: Vec<u64> });
            record!($(#[$attr])* pub struct VecFloats { a: Vec<f32>, b: Vec<f64> });
            record!($(#[$attr])* pub struct Options {
                a: Option<u8>, b: Option<i32>, c: Option<String>, d: Option<Vec<u16>>,
                e: Option<Option<i64>>, f: Option<Leaf>, g: Option<f64>,
            });
            record!($(#[$attr])* pub struct Enums {
                a: E8, b: EI8, c: E16, d: EU16, e: E32, f: EU32, g: E64, h: EU64,
            });
            record!($(#[$attr])* pub struct VecE8 { a: Vec<E8>, b: Vec<EI8> });
            record!($(#[$attr])* pub struct VecE16 { a: Vec<E16>, b: Vec<EU16> });
            record!($(#[$attr])* pub struct VecE32 { a: Vec<E32>, b: Vec<EU32> });
            record!($(#[$attr])* pub struct VecE64 { a: Vec<E64>, b: Vec<EU64> });
            record!($(#[$attr])* pub struct EnumsNested {
                a: Option<E8>, b: Option<E32>, c: Vec<Leaf>, d: Pair<E16, E8>, e: BTreeMap<E8, E64>,
            });
            record!($(#[$attr])* pub struct Maps {
                a: BTreeMap<i32, String>, b: BTreeMap<String, Vec<u16>>, c: BTreeMap<u64, Leaf>,
            });
            record!($(#[$attr])* pub struct Sets {
                a: BTreeSet<u16>, b: BTreeSet<String>, c: BTreeSet<i64>,
            });
            record!($(#[$attr])* pub struct Pairs {
                a: Pair<u8, String>, b: Pair<i64, Pair<u16, Vec<u32>>>, c: Vec<Pair<i32, String>>,
            });
            record!($(#[$attr])* pub struct Tuples { a: (i32, String, f64), b: (u8, Leaf) });
            record!($(#[$attr])* pub struct ArrayEach {
                a: Fields<[i32; 4]>, b: Fields<[u8; 3]>, c: Fields<[String; 2]>,
                d: Fields<[E16; 3]>, e: Fields<[Leaf; 2]>, f: Fields<[f64; 2]>,
                g: Fields<[u16; 64]>,
            });
            record!($(#[$attr])* pub struct ArrayStd {
                a: [i32; 4], b: [u16; 5], c: [String; 2], d: [E16; 3], e: [f64; 2],
            });
            record!($(#[$attr])* pub struct ArrayC { a: [i32; 4], b: [E16; 3], c: [u8; 5] });
            record!($(#[$attr])* pub struct Variants { a: Var, b: Vec<Var> });
            record!($(#[$attr])* pub struct Inner { name: String, v: i32, kids: Vec<Leaf> });
            record!($(#[$attr])* pub struct Records {
                inner: Inner, leaf: Leaf, leaves: Vec<Leaf>, boxed: Option<Box<Leaf>>,
                boxed_leaf: Box<Leaf>,
            });
            record!($(#[$attr])* pub struct Nested {
                a: Vec<Vec<Vec<u16>>>,
                b: Vec<Option<Vec<String>>>,
                c: Option<Vec<BTreeMap<String, Vec<Option<i8>>>>>,
                d: Vec<Vec<Leaf>>,
            });
            record!($(#[$attr])* pub struct Meta { region: String, version: i32 });
            record!($(#[$attr])* pub struct Document {
                id: String, status: i32, meta: Meta, items: Vec<Item>,
            });
            record!($(#[$attr])* pub struct Images {
                vertices: Vec<Vertex>, flagged: Vec<Flagged>, one: Vertex,
            });
            record!($(#[$attr])* pub struct TuplesLong { a: Tuple16, b: Vec<(i32, String)> });
            record!($(#[$attr])* pub struct Chrono {
                #[packed(unit = "ms")] ms: Duration,
                #[packed(unit = "ns")] ns: Duration,
                #[packed(unit = "s")] s: Duration,
                #[packed(unit = "us")] us: Duration,
                #[packed(unit = "ms", width = "i32")] ms32: Duration,
                t: SystemTime,
                #[packed(unit = "ms")] v: Vec<Duration>,
                #[packed(unit = "s")] o: Option<Duration>,
            });
            record!($(#[$attr])* pub struct Bitsets {
                a: Bitset<1>, b: Bitset<8>, c: Bitset<10>, d: Bitset<64>, e: Bitset<100>,
                f: Vec<Bitset<12>>,
            });
            record!($(#[$attr])* pub struct WideStrings {
                a: U16String, b: WString, c: Vec<U16String>,
            });
            record!($(#[$attr])* pub struct Unordered {
                a: HashMap<String, i32>, b: HashSet<u16>, c: HashMap<E16, Vec<E8>>,
            });
            record!($(#[$attr])* pub struct Variants130 { a: V130, b: Vec<V130> });
            record!($(#[$attr])* pub struct Lists {
                a: VecDeque<E8>, b: VecDeque<E16>, c: VecDeque<i32>, d: LinkedList<String>,
                e: VecDeque<Leaf>, f: Vec<Pair<i16, String>>, g: Vec<Pair<E16, E8>>,
                h: VecDeque<f64>,
            });
        }
    };
}

/// `shapes!` for every configuration of [`packed_tests::configurations`].
macro_rules! shapes_per_config {
    (; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(shapes!($m, #[packed $attrs]);)*
    };
}

shapes!(plain);
packed_tests::configurations!(shapes_per_config);

/// Checks one case of shape type `$ty` in every configuration: `check_config::<A, F, L>`
/// with `A` the type with the configuration's attributes, `F` the attribute-free type,
/// `L` the configuration's layout.
macro_rules! check_configs {
    ($ty:ident $case:ident $free:ident $out:ident ;
     $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(check_config::<$m::$ty, plain::$ty, packed_core::layout::$layout>($i, $case, $free, $out);)*
    };
}

/// Decodes `$bytes` as `$ty` of configuration `$config`.
macro_rules! judge_configs {
    ($ty:ident $config:ident $original:ident $bytes:ident ;
     $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        match $config {
            $($i => Some(crate::judge::decoded::<$m::$ty>($original, $bytes)),)*
            _ => None,
        }
    };
}

/// The shape names `gen.cpp` prints, and their types here.
macro_rules! shape_table {
    ($($name:literal => $ty:ident),* $(,)?) => {
        /// Every shape, in `gen.cpp`'s order.
        pub const SHAPES: &[&str] = &[$($name),*];

        /// Decodes `bytes` as shape `name`'s type in configuration `config`, from a
        /// slice, a stream and in place; `None` if `name` is not one of these shapes.
        pub fn judge(
            name: &str,
            config: usize,
            original: &[u8],
            bytes: &[u8],
        ) -> Option<crate::judge::Ours> {
            match name {
                $($name => packed_tests::configurations!(judge_configs; $ty config original bytes),)*
                _ => None,
            }
        }

        /// Checks one case of shape `name` in every configuration.
        pub fn check_case(name: &str, case: &crate::Case<'_>, out: &mut crate::Outcome) {
            match name {
                $($name => {
                    if let Some(free) = crate::parse_value::<plain::$ty>(case, out) {
                        let free = &free;
                        packed_tests::configurations!(check_configs; $ty case free out);
                    }
                })*
                _ => out.generator_error(format!("unknown shape `{name}`")),
            }
        }
    };
}

shape_table! {
    "ints" => Ints,
    "floats" => Floats,
    "string" => Str,
    "strings" => Strings,
    "bytes" => Bytes,
    "vec_16" => Vec16,
    "vec_32" => Vec32,
    "vec_64" => Vec64,
    "vec_floats" => VecFloats,
    "options" => Options,
    "enums" => Enums,
    "vec_e8" => VecE8,
    "vec_e16" => VecE16,
    "vec_e32" => VecE32,
    "vec_e64" => VecE64,
    "enums_nested" => EnumsNested,
    "maps" => Maps,
    "sets" => Sets,
    "pairs" => Pairs,
    "tuples" => Tuples,
    "array_each" => ArrayEach,
    "array_std" => ArrayStd,
    "array_c" => ArrayC,
    "variants" => Variants,
    "records" => Records,
    "nested" => Nested,
    "document" => Document,
    "images" => Images,
    "tuples_long" => TuplesLong,
    "chrono" => Chrono,
    "bitsets" => Bitsets,
    "wide_strings" => WideStrings,
    "unordered" => Unordered,
    "variants130" => Variants130,
    "lists" => Lists,
}

use crate::check_config;

/// Whether the C++ reader's value text `theirs` and ours are the same value of shape
/// `name` in configuration `config`. The text, except for the orders C++ does not keep:
/// a `std::multimap` read by Bitsery has each key's entries in reverse (`gen.cpp`
/// prints them sorted) and by YAS in the input's order, sorted by key in both; a
/// hashed container's order is its hasher's.
pub fn same_value(name: &str, config: usize, theirs: &str, ours: &str) -> bool {
    if theirs == ours {
        return true;
    }
    match name {
        "lists" => {
            let (Ok(mut a), Ok(mut b)) = (
                crate::text::parse::<plain::Lists>(theirs),
                crate::text::parse::<plain::Lists>(ours),
            ) else {
                return false;
            };
            for l in [&mut a, &mut b] {
                if config < 2 {
                    l.f.sort_by_cached_key(|p| (p.0 .0, crate::text::print(p)));
                    l.g.sort_by_cached_key(|p| (p.0 .0, crate::text::print(p)));
                } else {
                    l.f.sort_by_key(|p| p.0 .0);
                    l.g.sort_by_key(|p| p.0 .0);
                }
            }
            crate::text::print(&a) == crate::text::print(&b)
        }
        "unordered" => {
            match (
                crate::text::parse::<plain::Unordered>(theirs),
                crate::text::parse::<plain::Unordered>(ours),
            ) {
                (Ok(a), Ok(b)) => a.a == b.a && a.b == b.b && a.c == b.c,
                _ => false,
            }
        }
        _ => false,
    }
}
