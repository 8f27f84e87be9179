// Writes sequences of enums with the real YAS 7.1.0 and Bitsery 5.2.4, for
// `testdata/enum-sequences/` (see its README and `yas_enum_sequences.sh`).
//
// For each underlying type (u8, i8, u16, i16, u32, i32, u64, i64) one `enum class`
// whose enumerators include that type's extremes, and per enum:
//
//   vector_<t>    std::vector<E> of every enumerator in declaration order, then the
//                 first again
//   deque_<t>     std::deque<E>, the same values
//   array_<t>     std::array<E, K>, the same values
//   carray_<t>    E[K], the same values
//   single_<t>    one E (the type's minimum if signed, else its maximum)
//   optional_<t>  std::optional<E> holding the first enumerator
//
// plus `empty_vector_i32` (an empty std::vector<EI32>) and `two_vectors_bit`: a struct
// { std::vector<Bit> a; std::vector<Bit> b; } with a = {One}, b = {Zero}, where
// `enum class Bit : uint8_t { Zero = 0, One = 1 }`.
//
// Every output is read back with the same library and config before it is written:
// the value must compare equal and every byte must be consumed, or the program aborts.
//
// Usage: yas_enum_sequences <output directory>

#include <yas/binary_iarchive.hpp>
#include <yas/binary_oarchive.hpp>
#include <yas/mem_streams.hpp>
#include <yas/std_types.hpp>

#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/traits/array.h>
#include <bitsery/traits/deque.h>
#include <bitsery/traits/vector.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

static_assert(sizeof(void *) == 8, "an x86-64 (64-bit, little-endian) host");

enum class EU8 : std::uint8_t { Zero = 0, Seven = 7, High = 0x80, Max = 0xFF };
enum class EI8 : std::int8_t { Min = -128, MinusOne = -1, Zero = 0, Five = 5, Max = 127 };
enum class EU16 : std::uint16_t { Zero = 0, Small = 0x7F, Edge = 0x80, Mid = 0x1234, Max = 0xFFFF };
enum class EI16 : std::int16_t {
    Min = -32768, MinusOne = -1, Zero = 0, P63 = 63, P64 = 64, Max = 32767
};
enum class EU32 : std::uint32_t {
    Zero = 0, Small = 0x7F, Edge = 0x80, Mid = 0x12345678, Max = 0xFFFFFFFFu
};
enum class EI32 : std::int32_t {
    Min = std::numeric_limits<std::int32_t>::min(), M65 = -65, MinusOne = -1, Zero = 0,
    P63 = 63, P64 = 64, Max = std::numeric_limits<std::int32_t>::max()
};
enum class EU64 : std::uint64_t {
    Zero = 0, Edge = 0x80, Big = 0x100000000ull, Max = 0xFFFFFFFFFFFFFFFFull
};
enum class EI64 : std::int64_t {
    Min = std::numeric_limits<std::int64_t>::min(), MinusOne = -1, Zero = 0, P64 = 64,
    Max = std::numeric_limits<std::int64_t>::max()
};
enum class Bit : std::uint8_t { Zero = 0, One = 1 };

// The enumerators in declaration order, the first repeated at the end; the single
// value; the optional's value.
template <typename E> struct Case;
#define CASE(E, NAME, SINGLE, ...)                                                     \
    template <> struct Case<E> {                                                       \
        static constexpr const char *name = NAME;                                      \
        static constexpr std::array<E, std::initializer_list<E>{__VA_ARGS__}.size()>   \
            values = {__VA_ARGS__};                                                    \
        static constexpr E single = E::SINGLE;                                         \
    };
CASE(EU8, "u8", Max, EU8::Zero, EU8::Seven, EU8::High, EU8::Max, EU8::Zero)
CASE(EI8, "i8", Min, EI8::Min, EI8::MinusOne, EI8::Zero, EI8::Five, EI8::Max, EI8::Min)
CASE(EU16, "u16", Max, EU16::Zero, EU16::Small, EU16::Edge, EU16::Mid, EU16::Max, EU16::Zero)
CASE(EI16, "i16", Min, EI16::Min, EI16::MinusOne, EI16::Zero, EI16::P63, EI16::P64, EI16::Max,
     EI16::Min)
CASE(EU32, "u32", Max, EU32::Zero, EU32::Small, EU32::Edge, EU32::Mid, EU32::Max, EU32::Zero)
CASE(EI32, "i32", Min, EI32::Min, EI32::M65, EI32::MinusOne, EI32::Zero, EI32::P63, EI32::P64,
     EI32::Max, EI32::Min)
CASE(EU64, "u64", Max, EU64::Zero, EU64::Edge, EU64::Big, EU64::Max, EU64::Zero)
CASE(EI64, "i64", Min, EI64::Min, EI64::MinusOne, EI64::Zero, EI64::P64, EI64::Max, EI64::Min)
#undef CASE

[[noreturn]] static void fail(const std::string &what) {
    std::fprintf(stderr, "yas_enum_sequences: %s\n", what.c_str());
    std::exit(1);
}

static std::string out_dir;

static void write_hex(const std::string &config, const std::string &fixture,
                      const std::uint8_t *data, std::size_t size) {
    const std::string path = out_dir + "/" + config + "_" + fixture + ".hex";
    std::FILE *f = std::fopen(path.c_str(), "w");
    if (!f) fail("cannot write " + path);
    for (std::size_t i = 0; i < size; ++i) std::fprintf(f, "%02x", data[i]);
    std::fprintf(f, "\n");
    std::fclose(f);
}

// Value equality that also compares C arrays element by element.
template <typename T> static bool same(const T &a, const T &b) { return a == b; }
template <typename T, std::size_t N> static bool same(const T (&a)[N], const T (&b)[N]) {
    return std::equal(a, a + N, b);
}

// `two_vectors_bit`. (Bitsery's fields are written by `BitseryWrite` below.)
struct TwoVectors {
    std::vector<Bit> a, b;
    bool operator==(const TwoVectors &o) const { return a == o.a && b == o.b; }
    // YAS: the fields in order, as YAS writes any object.
    template <typename Ar> void serialize(Ar &ar) { ar & a & b; }
};

// ---- YAS ---------------------------------------------------------------------------

// Writes one value with `yas::binary_oarchive<yas::mem_ostream, F>`.
template <std::size_t F> struct Yas {
    template <typename T>
    static void one(const char *config, const std::string &fixture, const T &value) {
        yas::mem_ostream os;
        yas::binary_oarchive<yas::mem_ostream, F> oa(os);
        oa & value;
        const auto buf = os.get_intrusive_buffer();

        T back{};
        yas::mem_istream is(buf.data, buf.size);
        yas::binary_iarchive<yas::mem_istream, F> ia(is);
        ia & back;
        if (!same(back, value) || !is.empty())
            fail(std::string(config) + "_" + fixture + ": read back differs");
        write_hex(config, fixture, reinterpret_cast<const std::uint8_t *>(buf.data), buf.size);
    }
};

// ---- Bitsery -----------------------------------------------------------------------

struct BigEndianConfig : bitsery::DefaultConfig {
    static constexpr bitsery::EndiannessType Endianness = bitsery::EndiannessType::BigEndian;
};

// Bitsery names the width of every value: `value<sizeof(E)>`, `container<sizeof(E)>`.
struct BitseryWrite {
    template <typename S, typename E>
    static std::enable_if_t<std::is_enum<E>::value> go(S &s, E &e) {
        s.template value<sizeof(E)>(e);
    }
    template <typename S, typename E> static void go(S &s, std::vector<E> &v) {
        s.template container<sizeof(E)>(v, 1000);
    }
    template <typename S, typename E> static void go(S &s, std::deque<E> &v) {
        s.template container<sizeof(E)>(v, 1000);
    }
    template <typename S, typename E, std::size_t N> static void go(S &s, std::array<E, N> &v) {
        s.template container<sizeof(E)>(v);
    }
    template <typename S, typename E, std::size_t N> static void go(S &s, E (&v)[N]) {
        s.template container<sizeof(E)>(v);
    }
    template <typename S, typename E> static void go(S &s, std::optional<E> &v) {
        s.template ext<sizeof(E)>(v, bitsery::ext::StdOptional{});
    }
    template <typename S> static void go(S &s, TwoVectors &v) {
        s.container1b(v.a, 1000);
        s.container1b(v.b, 1000);
    }
};

// Writes one value with `bitsery::Serializer` over a `std::vector<uint8_t>`, `Config`.
template <typename Config> struct Bitsery {
    template <typename T>
    static void one(const char *config, const std::string &fixture, const T &value) {
        using Buffer = std::vector<std::uint8_t>;
        Buffer buf;
        T copy;
        if constexpr (std::is_array<T>::value) {
            std::copy(std::begin(value), std::end(value), std::begin(copy));
        } else {
            copy = value;
        }
        bitsery::Serializer<bitsery::OutputBufferAdapter<Buffer, Config>> ser{buf};
        BitseryWrite::go(ser, copy);
        ser.adapter().flush();
        buf.resize(ser.adapter().writtenBytesCount());

        T back{};
        bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{buf.begin(),
                                                                              buf.size()};
        BitseryWrite::go(des, back);
        if (des.adapter().error() != bitsery::ReaderError::NoError ||
            !des.adapter().isCompletedSuccessfully() || !same(back, value))
            fail(std::string(config) + "_" + fixture + ": read back differs");
        write_hex(config, fixture, buf.data(), buf.size());
    }
};

// ---- The fixtures ------------------------------------------------------------------

// The six fixtures of enum `E`, written with `Lib` (`Yas<F>` or `Bitsery<Config>`).
template <typename Lib, typename E> static void enum_fixtures(const char *config) {
    using C = Case<E>;
    constexpr std::size_t K = C::values.size();
    const std::string t = C::name;
    const std::vector<E> vec(C::values.begin(), C::values.end());
    const std::deque<E> deq(C::values.begin(), C::values.end());
    E carray[K];
    std::copy(C::values.begin(), C::values.end(), carray);
    Lib::one(config, "vector_" + t, vec);
    Lib::one(config, "deque_" + t, deq);
    Lib::one(config, "array_" + t, C::values);
    Lib::one(config, "carray_" + t, carray);
    Lib::one(config, "single_" + t, C::single);
    Lib::one(config, "optional_" + t, std::optional<E>(C::values[0]));
}

// Every fixture of one configuration.
template <typename Lib> static void all_fixtures(const char *config) {
    enum_fixtures<Lib, EU8>(config);
    enum_fixtures<Lib, EI8>(config);
    enum_fixtures<Lib, EU16>(config);
    enum_fixtures<Lib, EI16>(config);
    enum_fixtures<Lib, EU32>(config);
    enum_fixtures<Lib, EI32>(config);
    enum_fixtures<Lib, EU64>(config);
    enum_fixtures<Lib, EI64>(config);
    Lib::one(config, "empty_vector_i32", std::vector<EI32>{});
    Lib::one(config, "two_vectors_bit", TwoVectors{{Bit::One}, {Bit::Zero}});
}

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: yas_enum_sequences <output directory>");
    out_dir = argv[1];
    all_fixtures<Yas<yas::binary>>("yas-binary");
    all_fixtures<Yas<yas::binary | yas::no_header>>("yas-binary-noheader");
    all_fixtures<Yas<yas::binary | yas::compacted>>("yas-binary-compacted");
    all_fixtures<Yas<yas::binary | yas::ebig>>("yas-binary-ebig");
    all_fixtures<Yas<yas::binary | yas::compacted | yas::ebig>>("yas-binary-compacted-ebig");
    all_fixtures<Bitsery<bitsery::DefaultConfig>>("bitsery-le");
    all_fixtures<Bitsery<BigEndianConfig>>("bitsery-be");
    return 0;
}
