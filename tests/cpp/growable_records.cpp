// Writes growable records (`bitsery::ext::Growable`) with the real Bitsery 5.2.4, for
// `testdata/growable/` (see its README and `growable_records.sh`): records nested in
// records, sequences of records at the top and inside records, records holding plain
// structs, options and sequences, enum-like records (a one-byte tag, then the
// variant's fields), an empty record, and the reads of one version's bytes by another
// version's code, performed by Bitsery itself.
//
// Each record type `T` has a body `fields(s, T&)` (its fields in order, the same
// function for both directions, as Bitsery does) and is written as a record by `rec`:
// `s.ext(v, ext::Growable{}, fields)`. Strings are `text1b`, sequences `container`
// with an element function, `u16` sequences `container2b`, options `ext::StdOptional`.
// Tags are `value1b`.
//
// Fixtures (`<config>_<fixture>.hex`, configs `bitsery-le` and `bitsery-be`):
//
//   seq_of_records      std::vector<G> [{1, "x"}, {-2, ""}, {300, "abc"}] at the top
//   nested_three        A {x: 1, b: B {y: 0x1234, c: C {s: "deep"}, z: 7}, after: "end"},
//                       A, B and C records
//   plain_in_record     P {a: 0xA1B2C3D4, pt: Point {x: -1, y: 2}, pts: [Point {3, -4}]},
//                       P a record, Point plain
//   evo_v1, evo_v2      V1 {id: 7, name: "alice"}; V2 {7, "alice", score: -42,
//                       tags: [1, 2, 65535]} (as golden-ext growable_evo_*)
//   evo_vec_v1          std::vector<V1> [{1, "a"}, {2, "bb"}]
//   evo_vec_v2          std::vector<V2> [{1, "a", 10, [5]}, {2, "bb", -1, []}]
//   evo_nested_v1       Rec1 {id: 9, name: "n", inner: In1 {a: 0xBEEF}}
//   evo_nested_v2       Rec2 {id: 9, name: "n", inner: In2 {a: 0xBEEF, b: "new"},
//                       score: -3, items: [In2 {1, "p"}, In2 {2, ""}], flag: true,
//                       note: "hi"}; every type a record
//   empty_record        Empty {}, a record with no fields
//   enum_v1             std::vector<Shape1> [Circle {r: 5}, Rect {w: 2, h: 3}]
//   enum_v2             std::vector<Shape2> [Circle {r: 5, fill: 9}, Rect {2, 3},
//                       Tri {a: 1, b: 2, c: 3}]
//
// Shape1 is tag 0 Circle {r: u32}, 1 Rect {w: u16, h: u16}, and 255 for a tag it does
// not know (its reader reads no field then: the record's end skips them); Shape2 adds
// `fill: u8` to Circle and tag 2 Tri {a, b, c: u16}.
//
// And the cross reads, `<bytes>_as_<type>`: Bitsery reads the bytes of one fixture
// with the other version's code, starting from a value that is not zero, checks
// `ReaderError::NoError` and `isCompletedSuccessfully()`, and writes what it read with
// that version's code:
//
//   evo_v1_as_v2, evo_v2_as_v1, evo_vec_v1_as_v2, evo_vec_v2_as_v1,
//   evo_nested_v1_as_v2, evo_nested_v2_as_v1, empty_record_as_v2, enum_v1_as_v2,
//   enum_v2_as_v1
//
// Every fixture is read back by the code that wrote it before it is written: the value
// must compare equal and every byte must be consumed, or the program aborts.
//
// Usage: growable_records <output directory>

#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/growable.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/traits/string.h>
#include <bitsery/traits/vector.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

static_assert(sizeof(void *) == 8, "an x86-64 (64-bit, little-endian) host");

using Buffer = std::vector<std::uint8_t>;

[[noreturn]] static void fail(const std::string &what) {
    std::fprintf(stderr, "growable_records: %s\n", what.c_str());
    std::exit(1);
}

static std::string out_dir;

static void write_hex(const std::string &config, const std::string &fixture, const Buffer &b) {
    const std::string path = out_dir + "/" + config + "_" + fixture + ".hex";
    std::FILE *f = std::fopen(path.c_str(), "w");
    if (!f) fail("cannot write " + path);
    for (std::uint8_t x : b) std::fprintf(f, "%02x", x);
    std::fprintf(f, "\n");
    std::fclose(f);
}

// ---- The types ----------------------------------------------------------------------

constexpr std::size_t MAX = 1000;

// `T` as a growable record: its size, then `fields(s, v)`.
template <typename S, typename T> static void rec(S &s, T &v) {
    s.ext(v, bitsery::ext::Growable{}, [](S &s2, T &v2) { fields(s2, v2); });
}

// A sequence of records.
template <typename S, typename T> static void recs(S &s, std::vector<T> &v) {
    s.container(v, MAX, [](S &s2, T &e) { rec(s2, e); });
}

struct G {
    std::int32_t a;
    std::string b;
    bool operator==(const G &o) const { return a == o.a && b == o.b; }
};
template <typename S> static void fields(S &s, G &v) {
    s.value4b(v.a);
    s.text1b(v.b, MAX);
}

struct C {
    std::string s;
    bool operator==(const C &o) const { return s == o.s; }
};
template <typename S> static void fields(S &s, C &v) { s.text1b(v.s, MAX); }

struct B {
    std::uint16_t y;
    C c;
    std::uint32_t z;
    bool operator==(const B &o) const { return y == o.y && c == o.c && z == o.z; }
};
template <typename S> static void fields(S &s, B &v) {
    s.value2b(v.y);
    rec(s, v.c);
    s.value4b(v.z);
}

struct A {
    std::uint8_t x;
    B b;
    std::string after;
    bool operator==(const A &o) const { return x == o.x && b == o.b && after == o.after; }
};
template <typename S> static void fields(S &s, A &v) {
    s.value1b(v.x);
    rec(s, v.b);
    s.text1b(v.after, MAX);
}

// A plain struct (no record of its own) inside a record.
struct Point {
    std::int16_t x, y;
    bool operator==(const Point &o) const { return x == o.x && y == o.y; }
};
template <typename S> static void point(S &s, Point &p) {
    s.value2b(p.x);
    s.value2b(p.y);
}

struct P {
    std::uint32_t a;
    Point pt;
    std::vector<Point> pts;
    bool operator==(const P &o) const { return a == o.a && pt == o.pt && pts == o.pts; }
};
template <typename S> static void fields(S &s, P &v) {
    s.value4b(v.a);
    point(s, v.pt);
    s.container(v.pts, MAX, [](S &s2, Point &p) { point(s2, p); });
}

struct V1 {
    std::uint32_t id;
    std::string name;
    bool operator==(const V1 &o) const { return id == o.id && name == o.name; }
};
template <typename S> static void fields(S &s, V1 &v) {
    s.value4b(v.id);
    s.text1b(v.name, MAX);
}

struct V2 {
    std::uint32_t id;
    std::string name;
    std::int32_t score;
    std::vector<std::uint16_t> tags;
    bool operator==(const V2 &o) const {
        return id == o.id && name == o.name && score == o.score && tags == o.tags;
    }
};
template <typename S> static void fields(S &s, V2 &v) {
    s.value4b(v.id);
    s.text1b(v.name, MAX);
    s.value4b(v.score);
    s.container2b(v.tags, MAX);
}

struct In1 {
    std::uint16_t a;
    bool operator==(const In1 &o) const { return a == o.a; }
};
template <typename S> static void fields(S &s, In1 &v) { s.value2b(v.a); }

struct In2 {
    std::uint16_t a;
    std::string b;
    bool operator==(const In2 &o) const { return a == o.a && b == o.b; }
};
template <typename S> static void fields(S &s, In2 &v) {
    s.value2b(v.a);
    s.text1b(v.b, MAX);
}

struct Rec1 {
    std::uint32_t id;
    std::string name;
    In1 inner;
    bool operator==(const Rec1 &o) const {
        return id == o.id && name == o.name && inner == o.inner;
    }
};
template <typename S> static void fields(S &s, Rec1 &v) {
    s.value4b(v.id);
    s.text1b(v.name, MAX);
    rec(s, v.inner);
}

struct Rec2 {
    std::uint32_t id;
    std::string name;
    In2 inner;
    std::int64_t score;
    std::vector<In2> items;
    bool flag;
    std::optional<std::string> note;
    bool operator==(const Rec2 &o) const {
        return id == o.id && name == o.name && inner == o.inner && score == o.score &&
               items == o.items && flag == o.flag && note == o.note;
    }
};
template <typename S> static void fields(S &s, Rec2 &v) {
    s.value4b(v.id);
    s.text1b(v.name, MAX);
    rec(s, v.inner);
    s.value8b(v.score);
    recs(s, v.items);
    s.boolValue(v.flag);
    s.ext(v.note, bitsery::ext::StdOptional{},
          [](S &s2, std::string &t) { s2.text1b(t, MAX); });
}

struct Empty {
    bool operator==(const Empty &) const { return true; }
};
template <typename S> static void fields(S &, Empty &) {}

// Enum-like records: a one-byte tag, then the variant's fields.
struct Shape1 {
    std::uint8_t tag;  // 0 Circle, 1 Rect, 255: a tag this version does not know
    std::uint32_t r;
    std::uint16_t w, h;
    bool operator==(const Shape1 &o) const {
        return tag == o.tag && (tag != 0 || r == o.r) && (tag != 1 || (w == o.w && h == o.h));
    }
};
template <typename S> static void fields(S &s, Shape1 &v) {
    s.value1b(v.tag);
    switch (v.tag) {
    case 0: s.value4b(v.r); break;
    case 1: s.value2b(v.w); s.value2b(v.h); break;
    default: v.tag = 255; break;  // its fields are skipped by the record's end
    }
}

struct Shape2 {
    std::uint8_t tag;  // 0 Circle, 1 Rect, 2 Tri
    std::uint32_t r;
    std::uint8_t fill;
    std::uint16_t w, h;
    std::uint16_t a, b, c;
    bool operator==(const Shape2 &o) const {
        return tag == o.tag && (tag != 0 || (r == o.r && fill == o.fill)) &&
               (tag != 1 || (w == o.w && h == o.h)) &&
               (tag != 2 || (a == o.a && b == o.b && c == o.c));
    }
};
template <typename S> static void fields(S &s, Shape2 &v) {
    s.value1b(v.tag);
    switch (v.tag) {
    case 0: s.value4b(v.r); s.value1b(v.fill); break;
    case 1: s.value2b(v.w); s.value2b(v.h); break;
    case 2: s.value2b(v.a); s.value2b(v.b); s.value2b(v.c); break;
    default: fail("Shape2: unknown tag");
    }
}

// ---- Writing and reading ------------------------------------------------------------

struct BigEndianConfig : bitsery::DefaultConfig {
    static constexpr bitsery::EndiannessType Endianness = bitsery::EndiannessType::BigEndian;
};

// How a value is written at the top: as one record, or as a sequence of records.
struct One {
    template <typename S, typename T> static void go(S &s, T &v) { rec(s, v); }
};
struct Seq {
    template <typename S, typename T> static void go(S &s, std::vector<T> &v) { recs(s, v); }
};

template <typename Config> struct Lib {
    const char *config;

    template <typename How, typename T> Buffer write(T value) const {
        Buffer buf;
        bitsery::Serializer<bitsery::OutputBufferAdapter<Buffer, Config>> ser{buf};
        How::go(ser, value);
        ser.adapter().flush();
        buf.resize(ser.adapter().writtenBytesCount());
        return buf;
    }

    // Reads `bytes` into `into`, which must be read without error and to the end.
    template <typename How, typename T>
    T read(const Buffer &bytes, T into, const std::string &what) const {
        bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{bytes.begin(),
                                                                               bytes.size()};
        How::go(des, into);
        if (des.adapter().error() != bitsery::ReaderError::NoError ||
            !des.adapter().isCompletedSuccessfully())
            fail(std::string(config) + "_" + what + ": not read to the end without error");
        return into;
    }

    // Writes `value` as `fixture`, after reading it back.
    template <typename How, typename T> Buffer fixture(const std::string &name, const T &value) const {
        Buffer b = write<How>(value);
        if (!(read<How>(b, T{}, name) == value))
            fail(std::string(config) + "_" + name + ": read back differs");
        write_hex(config, name, b);
        return b;
    }

    // Reads the bytes of fixture `from` as a `T` (starting from `start`) and writes
    // what was read as `<from>_as_<to>`.
    template <typename How, typename T>
    void cross(const std::string &from, const Buffer &bytes, const std::string &to, T start) const {
        const std::string name = from + "_as_" + to;
        T got = read<How>(bytes, start, name);
        fixture<How>(name, got);
    }

    void all() const {
        fixture<Seq>("seq_of_records", std::vector<G>{{1, "x"}, {-2, ""}, {300, "abc"}});
        fixture<One>("nested_three", A{1, B{0x1234, C{"deep"}, 7}, "end"});
        fixture<One>("plain_in_record", P{0xA1B2C3D4u, Point{-1, 2}, {Point{3, -4}}});

        const V2 sentinel2{999, "sentinel", 77, {9}};
        const V1 sentinel1{999, "sentinel"};
        Buffer v1 = fixture<One>("evo_v1", V1{7, "alice"});
        Buffer v2 = fixture<One>("evo_v2", V2{7, "alice", -42, {1, 2, 65535}});
        cross<One>("evo_v1", v1, "v2", sentinel2);
        cross<One>("evo_v2", v2, "v1", sentinel1);

        Buffer vec1 = fixture<Seq>("evo_vec_v1", std::vector<V1>{{1, "a"}, {2, "bb"}});
        Buffer vec2 =
            fixture<Seq>("evo_vec_v2", std::vector<V2>{{1, "a", 10, {5}}, {2, "bb", -1, {}}});
        cross<Seq>("evo_vec_v1", vec1, "v2", std::vector<V2>{sentinel2});
        cross<Seq>("evo_vec_v2", vec2, "v1", std::vector<V1>{sentinel1, sentinel1, sentinel1});

        Buffer n1 = fixture<One>("evo_nested_v1", Rec1{9, "n", In1{0xBEEF}});
        Buffer n2 = fixture<One>("evo_nested_v2",
                                 Rec2{9, "n", In2{0xBEEF, "new"}, -3, {In2{1, "p"}, In2{2, ""}},
                                      true, std::optional<std::string>("hi")});
        cross<One>("evo_nested_v1", n1, "v2",
                   Rec2{1, "s", In2{5, "s"}, 5, {In2{5, "s"}}, true, std::string("s")});
        cross<One>("evo_nested_v2", n2, "v1", Rec1{1, "s", In1{5}});

        Buffer empty = fixture<One>("empty_record", Empty{});
        cross<One>("empty_record", empty, "v2", sentinel2);

        Shape1 circle1{0, 5, 0, 0}, rect1{1, 0, 2, 3};
        Shape2 circle2{0, 5, 9, 0, 0, 0, 0, 0}, rect2{1, 0, 0, 2, 3, 0, 0, 0},
            tri2{2, 0, 0, 0, 0, 1, 2, 3};
        Buffer e1 = fixture<Seq>("enum_v1", std::vector<Shape1>{circle1, rect1});
        Buffer e2 = fixture<Seq>("enum_v2", std::vector<Shape2>{circle2, rect2, tri2});
        cross<Seq>("enum_v1", e1, "v2", std::vector<Shape2>{});
        cross<Seq>("enum_v2", e2, "v1", std::vector<Shape1>{});
    }
};

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: growable_records <output directory>");
    out_dir = argv[1];
    Lib<bitsery::DefaultConfig>{"bitsery-le"}.all();
    Lib<BigEndianConfig>{"bitsery-be"}.all();
    return 0;
}
