// The C++ half of the differential test (tests/differential.rs).
//
// Generates random values of every shape below from a seed, encodes each with the real
// Bitsery 5.2.4 and YAS 7.1.0 in the seven configurations of testdata/golden/README.md,
// reads every encoding back with the same library (and aborts if the value or the
// length differs), and prints one line per case:
//
//     <shape> TAB <case> TAB <value> TAB <hex: bitsery-le> TAB ... TAB <hex: yas compacted|ebig>
//
// The value is in a neutral text form the Rust side parses without any help from the
// codec under test:
//
//     integers, enums   decimal (enums: the underlying integer)
//     bool              true / false
//     float, double     x + the IEEE-754 bits as 8 / 16 lowercase hex digits
//     string            "..." with the UTF-8 bytes in lowercase hex between the quotes
//     sequence, set     [ e1 e2 ... ]      (vectors, fixed arrays, sets)
//     map               [ { k v } ... ]    (in the map's iteration order)
//     optional          ( ) or ( v )
//     record, pair,     { f1 f2 ... }
//       tuple
//     variant           < index v >
//
// with every token separated by one space. The generator is the only source of values:
// the Rust test parses them, so nothing it checks comes from the Rust encoder.
//
// Usage: gen --seed N --cases N [--shape NAME]... ; `gen --list` prints the shape names.
//
// Built by the Rust test (which caches the binary under target/tmp/differential/) with
//     g++ -std=c++17 -O1 -Wall -Wextra -isystem <vendor>/bitsery/include
//         -isystem <vendor>/yas/include gen.cpp
// against the unmodified headers in ../shared/vendor/.

#include <array>
#include <bitset>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/std_bitset.h>
#include <bitsery/ext/std_chrono.h>
#include <bitsery/ext/std_map.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/ext/std_set.h>
#include <bitsery/ext/std_tuple.h>
#include <bitsery/ext/std_variant.h>
#include <bitsery/traits/array.h>
#include <bitsery/traits/string.h>
#include <bitsery/traits/vector.h>

#include <yas/binary_iarchive.hpp>
#include <yas/binary_oarchive.hpp>
#include <yas/mem_streams.hpp>
#include <yas/std_types.hpp>

static_assert(sizeof(float) == 4 && sizeof(double) == 8, "IEEE-754 binary32/binary64");
// The platform facts the chrono and wide-string shapes rest on (as in golden-ext).
static_assert(sizeof(wchar_t) == 4, "a 32-bit wchar_t: std::wstring is UTF-32");
static_assert(std::is_same_v<std::chrono::system_clock::period, std::nano>,
              "system_clock counts nanoseconds");

[[noreturn]] static void die(const char* what, const std::string& detail)
{
  std::fprintf(stderr, "gen: %s: %s\n", what, detail.c_str());
  std::exit(2);
}

// ---------------------------------------------------------------------------------------
// Random numbers: SplitMix64, fully specified, so a seed means the same values on every
// host and compiler (std:: distributions are implementation-defined).
// ---------------------------------------------------------------------------------------

struct Rng
{
  uint64_t state;

  uint64_t next()
  {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (n > 0); the modulo bias is irrelevant here.
  uint64_t below(uint64_t n) { return next() % n; }
  // True with probability percent / 100.
  bool percent(unsigned p) { return below(100) < p; }
  template<typename T, size_t N>
  const T& pick(const T (&items)[N])
  {
    return items[below(N)];
  }
};

// ---------------------------------------------------------------------------------------
// Type traits for the generic gen / print / serialize below.
// ---------------------------------------------------------------------------------------

template<typename T, template<typename...> class Tmpl>
struct is_spec : std::false_type
{};
template<template<typename...> class Tmpl, typename... A>
struct is_spec<Tmpl<A...>, Tmpl> : std::true_type
{};

template<typename T>
struct is_std_array : std::false_type
{};
template<typename T, size_t N>
struct is_std_array<std::array<T, N>> : std::true_type
{};

template<typename T>
struct is_duration : std::false_type
{};
template<typename R, typename P>
struct is_duration<std::chrono::duration<R, P>> : std::true_type
{};
template<typename T>
struct is_time_point : std::false_type
{};
template<typename C, typename D>
struct is_time_point<std::chrono::time_point<C, D>> : std::true_type
{};
template<typename T>
struct is_bitset : std::false_type
{};
template<size_t N>
struct is_bitset<std::bitset<N>> : std::true_type
{};
template<typename T>
constexpr bool is_wide_string_v =
  std::is_same_v<T, std::u16string> || std::is_same_v<T, std::wstring>;

template<typename T>
struct is_yas_archive : std::false_type
{};
template<typename S, size_t F>
struct is_yas_archive<yas::binary_oarchive<S, F>> : std::true_type
{};
template<typename S, size_t F>
struct is_yas_archive<yas::binary_iarchive<S, F>> : std::true_type
{};

// Numbers and enums: written with Bitsery's value<N> / container<N> calls.
template<typename T>
constexpr bool is_scalar_v =
  (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) || std::is_enum_v<T>;

// A record lists its fields with RECORD(...): generation, printing and both libraries'
// serialization visit them in order.
template<typename F, typename... X>
void visit_fields(F& f, X&... x)
{
  (f(x), ...);
}
template<typename T, typename = void>
struct is_record : std::false_type
{};
template<typename T>
struct is_record<T, std::void_t<decltype(&T::template fields<int (*)(int&)>)>>
  : std::true_type
{};

template<typename S, typename T>
void write_record(S& s, T& record);

#define RECORD(...)                                                            \
  template<typename F>                                                         \
  void fields(F&& field_visitor_)                                             \
  {                                                                            \
    visit_fields(field_visitor_, __VA_ARGS__);                                 \
  }                                                                            \
  template<typename S>                                                         \
  void serialize(S& s)                                                         \
  {                                                                            \
    write_record(s, *this);                                                    \
  }

// An `std::array` that both libraries are told to write element by element (the golden
// `ints_edge` fixture's calls), instead of through their own `std::array` support.
template<typename T, size_t N>
struct EachElement
{
  std::array<T, N> a{};
};

// A C array, which YAS writes through its `T[N]` serializer (`autoarray.hpp`).
template<typename T, size_t N>
struct CArray
{
  T a[N]{};
};

template<typename T>
struct is_each_element : std::false_type
{};
template<typename T, size_t N>
struct is_each_element<EachElement<T, N>> : std::true_type
{};
template<typename T>
struct is_c_array : std::false_type
{};
template<typename T, size_t N>
struct is_c_array<CArray<T, N>> : std::true_type
{};

// An empty alternative of a variant (Rust: a unit variant). YAS 7.1.0 has no
// `std::monostate` serializer, so an empty record stands in for it in both libraries.
struct Unit
{
  template<typename F>
  void fields(F&&)
  {}
  template<typename S>
  void serialize(S&)
  {}
};
template<>
struct is_record<Unit> : std::true_type
{};

// ---------------------------------------------------------------------------------------
// Enums: the values the generator draws for each. tests/differential.rs declares the same
// discriminants for its `#[repr]` enums.
// ---------------------------------------------------------------------------------------

enum class E8 : uint8_t
{};
enum class EI8 : int8_t
{};
enum class E16 : int16_t
{};
enum class EU16 : uint16_t
{};
enum class E32 : int32_t
{};
enum class EU32 : uint32_t
{};
enum class E64 : int64_t
{};
enum class EU64 : uint64_t
{};

template<typename E>
struct EnumValues;
#define ENUM_VALUES(E, ...)                                                    \
  template<>                                                                   \
  struct EnumValues<E>                                                         \
  {                                                                            \
    static constexpr std::underlying_type_t<E> values[] = { __VA_ARGS__ };     \
  };
ENUM_VALUES(E8, 0, 1, 7, 127, 128, 255)
ENUM_VALUES(EI8, -128, -1, 0, 1, 127)
ENUM_VALUES(E16, -32768, -300, -1, 0, 1, 63, 64, 300, 32767)
ENUM_VALUES(EU16, 0, 1, 255, 256, 65535)
ENUM_VALUES(E32,
            -2147483647 - 1,
            -65,
            -64,
            -63,
            -1,
            0,
            1,
            63,
            64,
            127,
            128,
            70000,
            2147483647)
ENUM_VALUES(EU32, 0, 127, 128, 4294967295u)
ENUM_VALUES(E64, INT64_MIN, -1, 0, 1, 1099511627776, INT64_MAX)
ENUM_VALUES(EU64, 0, 1, 9223372036854775808ull, UINT64_MAX)

// ---------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------

// How long a sequence may get. At the top of a message (a field of the top-level record,
// or inside an optional, pair, tuple, variant or record there) lengths cluster at the
// length prefixes' boundaries: Bitsery's compact size changes form at 128 and 16384, YAS
// compacted's at 128, 256 and 65536. Elements of sequences, maps and sets stay short,
// so that nesting does not multiply the sizes.
enum class LenClass
{
  Bytes,   // strings and vectors of one-byte elements: up to 65537
  Scalars, // vectors of wider numbers and enums: up to 16385
  Records, // vectors of anything else, maps, sets: mostly short, sometimes 127..129
};

static size_t gen_len(Rng& r, LenClass c, bool top)
{
  static const size_t small_edges[] = { 0, 1, 126, 127, 128, 129, 254, 255, 256, 257 };
  static const size_t large_bytes[] = { 16382, 16383, 16384, 16385,
                                        65534, 65535, 65536, 65537 };
  static const size_t large_scalars[] = { 16382, 16383, 16384, 16385 };
  static const size_t record_edges[] = { 127, 128, 129 };
  const uint64_t roll = r.below(100);
  if (!top) {
    if (c == LenClass::Records)
      return roll < 85 ? r.below(5) : r.below(9);
    if (roll < 70)
      return r.below(17);
    return roll < 97 ? r.below(65) : r.pick(record_edges);
  }
  switch (c) {
    case LenClass::Bytes:
    case LenClass::Scalars:
      if (roll < 50)
        return r.below(17);
      if (roll < 78)
        return r.below(301);
      if (roll < 97)
        return r.pick(small_edges);
      return c == LenClass::Bytes ? r.pick(large_bytes) : r.pick(large_scalars);
    case LenClass::Records:
      if (roll < 70)
        return r.below(5);
      if (roll < 97)
        return r.below(17);
      return r.pick(record_edges);
  }
  return 0;
}

template<typename T>
void gen(Rng& r, T& v, bool top);

template<typename T>
T gen_int(Rng& r)
{
  using U = std::make_unsigned_t<T>;
  constexpr unsigned bits = sizeof(T) * 8;
  U u;
  switch (r.below(4)) {
    case 0: {
      // 2^k - 1, 2^k or 2^k + 1 (every place where a compacted integer grows a byte),
      // then for signed types possibly negated: covers 0, +-1, 63/64, 127/128, MIN, MAX.
      const unsigned k = static_cast<unsigned>(r.below(bits + 1));
      const U p = k == bits ? U(0) : U(U(1) << k);
      u = U(p + U(r.below(3)) - U(1));
      break;
    }
    case 1: {
      // A random magnitude of a random bit length.
      const unsigned k = static_cast<unsigned>(r.below(bits + 1));
      const uint64_t mask = k >= 64 ? ~0ull : ((1ull << k) - 1);
      u = U(r.next() & mask);
      break;
    }
    default:
      u = U(r.next());
      break;
  }
  T v;
  std::memcpy(&v, &u, sizeof v);
  if constexpr (std::is_signed_v<T>) {
    if (r.percent(50)) {
      v = T(U(0) - u); // two's complement negation, defined for MIN too
    }
  }
  return v;
}

template<typename F, typename B>
F from_bits(B b)
{
  static_assert(sizeof(F) == sizeof(B), "");
  F f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

// Floats as bit patterns: specials, NaNs with random payloads (quiet and signalling,
// either sign), subnormals and random bits.
template<typename F, typename B, unsigned MANT, unsigned EXP>
F gen_float(Rng& r)
{
  const B sign = B(1) << (MANT + EXP);
  const B exp_mask = ((B(1) << EXP) - 1) << MANT;
  const B mant_mask = (B(1) << MANT) - 1;
  switch (r.below(5)) {
    case 0: {
      const B specials[] = {
        0,              // +0
        sign,           // -0
        exp_mask,       // +inf
        sign | exp_mask, // -inf
        1,              // smallest subnormal
        mant_mask,      // largest subnormal
        B(1) << MANT,   // smallest normal
        exp_mask - 1,   // largest finite
        exp_mask | (B(1) << (MANT - 1)), // the canonical quiet NaN
      };
      return from_bits<F>(r.pick(specials));
    }
    case 1: {
      B payload = B(r.next()) & mant_mask;
      if (payload == 0)
        payload = 1;
      return from_bits<F>((r.percent(50) ? sign : 0) | exp_mask | payload);
    }
    case 2: // subnormal
      return from_bits<F>((r.percent(50) ? sign : 0) | (B(r.next()) & mant_mask));
    default:
      return from_bits<F>(B(r.next()));
  }
}

// Appends one code point of n UTF-8 bytes (no surrogates).
static void push_utf8(Rng& r, std::string& s, unsigned n)
{
  uint32_t cp;
  switch (n) {
    case 1:
      cp = static_cast<uint32_t>(r.below(0x80));
      s.push_back(char(cp));
      return;
    case 2:
      cp = 0x80 + static_cast<uint32_t>(r.below(0x800 - 0x80));
      s.push_back(char(0xC0 | (cp >> 6)));
      break;
    case 3:
      do {
        cp = 0x800 + static_cast<uint32_t>(r.below(0x10000 - 0x800));
      } while (cp >= 0xD800 && cp <= 0xDFFF);
      s.push_back(char(0xE0 | (cp >> 12)));
      s.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
      break;
    default:
      cp = 0x10000 + static_cast<uint32_t>(r.below(0x110000 - 0x10000));
      s.push_back(char(0xF0 | (cp >> 18)));
      s.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
      s.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
      break;
  }
  s.push_back(char(0x80 | (cp & 0x3F)));
}

// A valid UTF-8 string of exactly `len` bytes: ASCII only, or a mix of 1- to 4-byte
// characters (the last ones chosen to land on `len`).
static std::string gen_string(Rng& r, size_t len)
{
  std::string s;
  s.reserve(len);
  const unsigned mix = static_cast<unsigned>(r.below(3)); // 0: ASCII only
  while (s.size() < len) {
    const size_t room = len - s.size();
    unsigned n = 1;
    if (mix != 0 && r.percent(mix == 1 ? 10 : 60))
      n = 2 + static_cast<unsigned>(r.below(3));
    if (n > room)
      n = static_cast<unsigned>(room);
    push_utf8(r, s, n);
  }
  return s;
}

// UTF-8 (valid, as gen_string makes it) to code points.
static std::vector<uint32_t> code_points(const std::string& s)
{
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<uint8_t>(s[i]);
    const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (size_t k = 1; k < n; ++k)
      cp = (cp << 6) | (static_cast<uint8_t>(s[i + k]) & 0x3Fu);
    out.push_back(cp);
    i += n;
  }
  return out;
}

// A UTF-8 string as a std::u16string (surrogate pairs past the BMP) or std::wstring.
template<typename W>
W to_wide(const std::string& s)
{
  W w;
  for (uint32_t cp : code_points(s)) {
    if (std::is_same_v<W, std::u16string> && cp >= 0x10000) {
      w.push_back(static_cast<typename W::value_type>(0xD800 + ((cp - 0x10000) >> 10)));
      w.push_back(static_cast<typename W::value_type>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
    } else {
      w.push_back(static_cast<typename W::value_type>(cp));
    }
  }
  return w;
}

// A std::u16string or std::wstring back to UTF-8.
template<typename W>
std::string from_wide(const W& w)
{
  std::string s;
  for (size_t i = 0; i < w.size(); ++i) {
    uint32_t cp = static_cast<uint32_t>(w[i]);
    if (std::is_same_v<W, std::u16string> && cp >= 0xD800 && cp < 0xDC00 && i + 1 < w.size())
      cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<uint32_t>(w[++i]) - 0xDC00);
    if (cp < 0x80) {
      s += char(cp);
    } else if (cp < 0x800) {
      s += char(0xC0 | (cp >> 6));
      s += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += char(0xE0 | (cp >> 12));
      s += char(0x80 | ((cp >> 6) & 0x3F));
      s += char(0x80 | (cp & 0x3F));
    } else {
      s += char(0xF0 | (cp >> 18));
      s += char(0x80 | ((cp >> 12) & 0x3F));
      s += char(0x80 | ((cp >> 6) & 0x3F));
      s += char(0x80 | (cp & 0x3F));
    }
  }
  return s;
}

template<typename T>
constexpr LenClass len_class()
{
  if constexpr (is_scalar_v<T>)
    return sizeof(T) == 1 ? LenClass::Bytes : LenClass::Scalars;
  else
    return LenClass::Records;
}

template<typename T>
void gen(Rng& r, T& v, bool top)
{
  if constexpr (std::is_same_v<T, bool>) {
    v = r.percent(50);
  } else if constexpr (std::is_same_v<T, float>) {
    v = gen_float<float, uint32_t, 23, 8>(r);
  } else if constexpr (std::is_same_v<T, double>) {
    v = gen_float<double, uint64_t, 52, 11>(r);
  } else if constexpr (std::is_enum_v<T>) {
    v = static_cast<T>(r.pick(EnumValues<T>::values));
  } else if constexpr (std::is_integral_v<T>) {
    v = gen_int<T>(r);
  } else if constexpr (std::is_same_v<T, std::string>) {
    v = gen_string(r, gen_len(r, LenClass::Bytes, top));
  } else if constexpr (is_wide_string_v<T>) {
    v = to_wide<T>(gen_string(r, gen_len(r, LenClass::Bytes, top)));
  } else if constexpr (is_duration<T>::value) {
    // A Rust `Duration` holds no negative span: counts from 0 to the rep's maximum.
    using R = typename T::rep;
    R c = gen_int<R>(r);
    if (c < 0)
      c = c == std::numeric_limits<R>::min() ? std::numeric_limits<R>::max() : R(-c);
    v = T(c);
  } else if constexpr (is_time_point<T>::value) {
    v = T(typename T::duration(gen_int<typename T::rep>(r)));
  } else if constexpr (is_bitset<T>::value) {
    const unsigned density = static_cast<unsigned>(r.below(101));
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = r.percent(density);
  } else if constexpr (is_spec<T, std::unordered_map>::value) {
    // At most one entry: the iteration order of more depends on the hash.
    if (r.percent(60)) {
      typename T::key_type k{};
      typename T::mapped_type m{};
      gen(r, k, false);
      gen(r, m, false);
      v.emplace(std::move(k), std::move(m));
    }
  } else if constexpr (is_spec<T, std::unordered_set>::value) {
    if (r.percent(60)) {
      typename T::key_type k{};
      gen(r, k, false);
      v.insert(std::move(k));
    }
  } else if constexpr (is_spec<T, std::vector>::value) {
    v.resize(gen_len(r, len_class<typename T::value_type>(), top));
    for (auto& e : v)
      gen(r, e, false);
  } else if constexpr (is_std_array<T>::value) {
    for (auto& e : v)
      gen(r, e, false);
  } else if constexpr (is_each_element<T>::value || is_c_array<T>::value) {
    for (auto& e : v.a)
      gen(r, e, false);
  } else if constexpr (is_spec<T, std::optional>::value) {
    if (r.percent(60)) {
      typename T::value_type x{};
      gen(r, x, top);
      v = std::move(x);
    } else {
      v.reset();
    }
  } else if constexpr (is_spec<T, std::map>::value) {
    const size_t n = gen_len(r, LenClass::Records, top);
    for (size_t i = 0; i < n; ++i) {
      typename T::key_type k{};
      typename T::mapped_type m{};
      gen(r, k, false);
      gen(r, m, false);
      v.emplace(std::move(k), std::move(m)); // a repeated key makes the map shorter
    }
  } else if constexpr (is_spec<T, std::set>::value) {
    const size_t n = gen_len(r, LenClass::Records, top);
    for (size_t i = 0; i < n; ++i) {
      typename T::key_type k{};
      gen(r, k, false);
      v.insert(std::move(k));
    }
  } else if constexpr (is_spec<T, std::pair>::value) {
    gen(r, v.first, top);
    gen(r, v.second, top);
  } else if constexpr (is_spec<T, std::tuple>::value) {
    std::apply([&](auto&... e) { (gen(r, e, top), ...); }, v);
  } else if constexpr (is_spec<T, std::variant>::value) {
    gen_variant(r, v, top, std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (is_record<T>::value) {
    v.fields([&](auto& f) { gen(r, f, top); });
  } else {
    static_assert(sizeof(T) == 0, "no generator for this type");
  }
}

template<typename... A, size_t... I>
void gen_variant(Rng& r, std::variant<A...>& v, bool top, std::index_sequence<I...>)
{
  // Past 128 alternatives, Bitsery's index changes form at 128: the indices around it
  // half of the time.
  size_t pick = r.below(sizeof...(A));
  if (sizeof...(A) > 128 && r.percent(50))
    pick = 126 + static_cast<size_t>(r.below(sizeof...(A) - 126 < 4 ? sizeof...(A) - 126 : 4));
  ((pick == I ? (void)(v.template emplace<I>(), gen(r, std::get<I>(v), top)) : void()), ...);
}

// ---------------------------------------------------------------------------------------
// Printing (the neutral text form described at the top)
// ---------------------------------------------------------------------------------------

static void put_hex(std::string& out, const uint8_t* p, size_t n)
{
  static const char digits[] = "0123456789abcdef";
  const size_t at = out.size();
  out.resize(at + 2 * n);
  for (size_t i = 0; i < n; ++i) {
    out[at + 2 * i] = digits[p[i] >> 4];
    out[at + 2 * i + 1] = digits[p[i] & 15];
  }
}

template<typename T>
void print(std::string& out, const T& v)
{
  if constexpr (std::is_same_v<T, bool>) {
    out += v ? "true " : "false ";
  } else if constexpr (std::is_floating_point_v<T>) {
    using B = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    B b;
    std::memcpy(&b, &v, sizeof b);
    char buf[24];
    std::snprintf(buf, sizeof buf, sizeof(T) == 4 ? "x%08" PRIx64 " " : "x%016" PRIx64 " ",
                  static_cast<uint64_t>(b));
    out += buf;
  } else if constexpr (std::is_enum_v<T>) {
    print(out, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (std::is_integral_v<T>) {
    out += std::is_signed_v<T> ? std::to_string(static_cast<int64_t>(v))
                               : std::to_string(static_cast<uint64_t>(v));
    out += ' ';
  } else if constexpr (std::is_same_v<T, std::string>) {
    out += '"';
    put_hex(out, reinterpret_cast<const uint8_t*>(v.data()), v.size());
    out += "\" ";
  } else if constexpr (is_wide_string_v<T>) {
    print(out, from_wide(v));
  } else if constexpr (is_duration<T>::value || is_time_point<T>::value) {
    // Every count in nanoseconds, so the text does not depend on the unit.
    using D = std::conditional_t<is_duration<T>::value, T, typename T::duration>;
    using P = typename D::period;
    static_assert(1000000000 % P::den == 0 && P::num == 1, "a unit of s, ms, us or ns");
    D d;
    if constexpr (is_duration<T>::value)
      d = v;
    else
      d = v.time_since_epoch();
    __int128 ns = static_cast<__int128>(d.count()) * (1000000000 / P::den);
    const bool negative = ns < 0;
    unsigned __int128 m = negative ? static_cast<unsigned __int128>(-(ns + 1)) + 1
                                   : static_cast<unsigned __int128>(ns);
    std::string digits;
    do {
      digits.insert(digits.begin(), char('0' + int(m % 10)));
      m /= 10;
    } while (m != 0);
    out += negative ? "-" + digits + " " : digits + " ";
  } else if constexpr (is_bitset<T>::value) {
    out += "[ ";
    for (size_t i = 0; i < v.size(); ++i)
      out += v[i] ? "1 " : "0 ";
    out += "] ";

  } else if constexpr (is_spec<T, std::vector>::value || is_std_array<T>::value ||
                       is_spec<T, std::set>::value || is_spec<T, std::unordered_set>::value) {
    out += "[ ";
    for (const auto& e : v)
      print(out, e);
    out += "] ";
  } else if constexpr (is_each_element<T>::value || is_c_array<T>::value) {
    out += "[ ";
    for (const auto& e : v.a)
      print(out, e);
    out += "] ";
  } else if constexpr (is_spec<T, std::map>::value || is_spec<T, std::unordered_map>::value) {
    out += "[ ";
    for (const auto& [k, m] : v) {
      out += "{ ";
      print(out, k);
      print(out, m);
      out += "} ";
    }
    out += "] ";
  } else if constexpr (is_spec<T, std::optional>::value) {
    out += "( ";
    if (v)
      print(out, *v);
    out += ") ";
  } else if constexpr (is_spec<T, std::pair>::value) {
    out += "{ ";
    print(out, v.first);
    print(out, v.second);
    out += "} ";
  } else if constexpr (is_spec<T, std::tuple>::value) {
    out += "{ ";
    std::apply([&](const auto&... e) { (print(out, e), ...); }, v);
    out += "} ";
  } else if constexpr (is_spec<T, std::variant>::value) {
    out += "< " + std::to_string(v.index()) + " ";
    std::visit([&](const auto& e) { print(out, e); }, v);
    out += "> ";
  } else if constexpr (is_record<T>::value) {
    out += "{ ";
    const_cast<T&>(v).fields([&](auto& f) { print(out, f); });
    out += "} ";
  } else {
    static_assert(sizeof(T) == 0, "no printer for this type");
  }
}

// ---------------------------------------------------------------------------------------
// Serialization: one generic function per library, used for writing and reading alike
// (both libraries' serialize functions are symmetric).
// ---------------------------------------------------------------------------------------

// No limit of our own: the libraries' maxSize only guards reads.
constexpr size_t kMaxSize = std::numeric_limits<size_t>::max();

// Bitsery: the calls a Bitsery user writes for each type (value<N> for numbers and
// enums, text1b for strings, container<N> / container for sequences, the std
// extensions for optional, map, set, tuple and variant; pairs field by field).
template<typename S, typename T>
void bitsery_item(S& s, T& v)
{
  auto each = [](auto& s2, auto& e) { bitsery_item(s2, e); };
  if constexpr (std::is_same_v<T, bool>) {
    s.boolValue(v);
  } else if constexpr (is_scalar_v<T>) {
    s.template value<sizeof(T)>(v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    s.text1b(v, kMaxSize);
  } else if constexpr (std::is_same_v<T, std::u16string>) {
    s.text2b(v, kMaxSize);
  } else if constexpr (std::is_same_v<T, std::wstring>) {
    s.text4b(v, kMaxSize);
  } else if constexpr (is_duration<T>::value) {
    s.template ext<sizeof(typename T::rep)>(v, bitsery::ext::StdDuration{});
  } else if constexpr (is_time_point<T>::value) {
    s.template ext<sizeof(typename T::rep)>(v, bitsery::ext::StdTimePoint{});
  } else if constexpr (is_bitset<T>::value) {
    s.ext(v, bitsery::ext::StdBitset{});

  } else if constexpr (is_spec<T, std::vector>::value) {
    if constexpr (is_scalar_v<typename T::value_type>)
      s.template container<sizeof(typename T::value_type)>(v, kMaxSize);
    else
      s.container(v, kMaxSize, each);
  } else if constexpr (is_std_array<T>::value) {
    // The fixed-size overloads: no size prefix.
    if constexpr (is_scalar_v<typename T::value_type>)
      s.template container<sizeof(typename T::value_type)>(v);
    else
      s.container(v, each);
  } else if constexpr (is_c_array<T>::value) {
    s.template container<sizeof(v.a[0])>(v.a);
  } else if constexpr (is_each_element<T>::value) {
    for (auto& e : v.a)
      bitsery_item(s, e);
  } else if constexpr (is_spec<T, std::optional>::value) {
    s.ext(v, bitsery::ext::StdOptional{}, each);
  } else if constexpr (is_spec<T, std::map>::value || is_spec<T, std::unordered_map>::value) {
    s.ext(v, bitsery::ext::StdMap{ kMaxSize }, [](auto& s2, auto& k, auto& m) {
      bitsery_item(s2, k);
      bitsery_item(s2, m);
    });
  } else if constexpr (is_spec<T, std::set>::value || is_spec<T, std::unordered_set>::value) {
    s.ext(v, bitsery::ext::StdSet{ kMaxSize }, each);
  } else if constexpr (is_spec<T, std::pair>::value) {
    bitsery_item(s, v.first);
    bitsery_item(s, v.second);
  } else if constexpr (is_spec<T, std::tuple>::value) {
    s.ext(v, bitsery::ext::StdTuple{ each });
  } else if constexpr (is_spec<T, std::variant>::value) {
    s.ext(v, bitsery::ext::StdVariant{ each });
  } else if constexpr (is_record<T>::value) {
    s.object(v);
  } else {
    static_assert(sizeof(T) == 0, "no Bitsery call for this type");
  }
}

// YAS: `ar & field` for everything (YAS's own serializers for the std types), except
// EachElement, written element by element.
template<typename A, typename T>
void yas_item(A& ar, T& v)
{
  if constexpr (is_each_element<T>::value) {
    for (auto& e : v.a)
      yas_item(ar, e);
  } else if constexpr (is_c_array<T>::value) {
    ar & v.a;
  } else {
    ar & v;
  }
}

template<typename S, typename T>
void write_record(S& s, T& record)
{
  if constexpr (is_yas_archive<S>::value)
    record.fields([&](auto& f) { yas_item(s, f); });
  else
    record.fields([&](auto& f) { bitsery_item(s, f); });
}

// ---------------------------------------------------------------------------------------
// The seven configurations
// ---------------------------------------------------------------------------------------

using Buffer = std::vector<uint8_t>;

struct BitseryBigEndian : bitsery::DefaultConfig
{
  static constexpr bitsery::EndiannessType Endianness = bitsery::EndiannessType::BigEndian;
};

template<typename Config, typename T>
Buffer bitsery_encode(const std::string& name, const T& value)
{
  Buffer buf;
  bitsery::Serializer<bitsery::OutputBufferAdapter<Buffer, Config>> ser{ buf };
  ser.object(value);
  ser.adapter().flush();
  buf.resize(ser.adapter().writtenBytesCount());

  T back{};
  bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{ buf.begin(),
                                                                          buf.size() };
  des.object(back);
  if (des.adapter().error() != bitsery::ReaderError::NoError ||
      !des.adapter().isCompletedSuccessfully())
    die("Bitsery could not read back its own bytes", name);
  std::string a, b;
  print(a, value);
  print(b, back);
  if (a != b)
    die("Bitsery read back another value", name + "\n  wrote " + a + "\n  read  " + b);
  return buf;
}

template<size_t F, typename T>
Buffer yas_encode(const std::string& name, const T& value)
{
  yas::mem_ostream os;
  yas::binary_oarchive<yas::mem_ostream, F> oa(os);
  oa & value;
  const auto ib = os.get_intrusive_buffer();
  Buffer buf(reinterpret_cast<const uint8_t*>(ib.data),
             reinterpret_cast<const uint8_t*>(ib.data) + ib.size);

  T back{};
  yas::mem_istream is(buf.data(), buf.size());
  try {
    yas::binary_iarchive<yas::mem_istream, F> ia(is);
    ia & back;
  } catch (const std::exception& e) {
    die("YAS could not read back its own bytes", name + ": " + e.what());
  }
  if (!is.empty())
    die("YAS left bytes unread", name);
  std::string a, b;
  print(a, value);
  print(b, back);
  if (a != b)
    die("YAS read back another value", name + "\n  wrote " + a + "\n  read  " + b);
  return buf;
}

// Encodes `value` in the seven configurations, in the order of the Rust side's CONFIGS;
// without `Yas` (a type YAS cannot write) in the two Bitsery ones only.
template<bool Yas, typename T>
std::vector<Buffer> encode_all(const std::string& name, const T& v)
{
  if constexpr (!Yas) {
    return {
      bitsery_encode<bitsery::DefaultConfig>(name + " bitsery-le", v),
      bitsery_encode<BitseryBigEndian>(name + " bitsery-be", v),
    };
  } else
  return {
    bitsery_encode<bitsery::DefaultConfig>(name + " bitsery-le", v),
    bitsery_encode<BitseryBigEndian>(name + " bitsery-be", v),
    yas_encode<yas::binary>(name + " yas-binary", v),
    yas_encode<yas::binary | yas::no_header>(name + " yas-binary-noheader", v),
    yas_encode<yas::binary | yas::compacted>(name + " yas-binary-compacted", v),
    yas_encode<yas::binary | yas::ebig>(name + " yas-binary-ebig", v),
    yas_encode<yas::binary | yas::compacted | yas::ebig>(name + " yas-binary-compacted-ebig", v),
  };
}

// ---------------------------------------------------------------------------------------
// The shapes. Each is the top-level record of one message; tests/differential.rs declares
// a Rust type with the same fields in the same order.
// ---------------------------------------------------------------------------------------

struct Leaf
{
  uint16_t id{};
  std::string name;
  std::optional<int64_t> delta;
  E32 kind{};
  bool flag{};
  RECORD(id, name, delta, kind, flag)
};

struct Ints
{
  uint8_t u8{};
  int8_t i8{};
  uint16_t u16{};
  int16_t i16{};
  uint32_t u32{};
  int32_t i32{};
  uint64_t u64{};
  int64_t i64{};
  uint64_t usize{}; // Rust usize, written as u64
  int64_t isize{};  // Rust isize, written as i64
  bool flag{};
  RECORD(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize, flag)
};

struct Floats
{
  float a{};
  double b{};
  float c{};
  double d{};
  RECORD(a, b, c, d)
};

struct Str
{
  std::string s;
  RECORD(s)
};

struct Strings
{
  std::vector<std::string> v;
  std::string a;
  std::string b;
  RECORD(v, a, b)
};

struct Bytes
{
  std::vector<uint8_t> u;
  std::vector<int8_t> i;
  RECORD(u, i)
};

template<typename A, typename B>
struct TwoVecs
{
  std::vector<A> a;
  std::vector<B> b;
  RECORD(a, b)
};

struct Options
{
  std::optional<uint8_t> a;
  std::optional<int32_t> b;
  std::optional<std::string> c;
  std::optional<std::vector<uint16_t>> d;
  std::optional<std::optional<int64_t>> e;
  std::optional<Leaf> f;
  std::optional<double> g;
  RECORD(a, b, c, d, e, f, g)
};

struct Enums
{
  E8 a{};
  EI8 b{};
  E16 c{};
  EU16 d{};
  E32 e{};
  EU32 f{};
  E64 g{};
  EU64 h{};
  RECORD(a, b, c, d, e, f, g, h)
};

struct EnumsNested
{
  std::optional<E8> a;
  std::optional<E32> b;
  std::vector<Leaf> c;
  std::pair<E16, E8> d;
  std::map<E8, E64> e;
  RECORD(a, b, c, d, e)
};

struct Maps
{
  std::map<int32_t, std::string> a;
  std::map<std::string, std::vector<uint16_t>> b;
  std::map<uint64_t, Leaf> c;
  RECORD(a, b, c)
};

struct Sets
{
  std::set<uint16_t> a;
  std::set<std::string> b;
  std::set<int64_t> c;
  RECORD(a, b, c)
};

struct Pairs
{
  std::pair<uint8_t, std::string> a;
  std::pair<int64_t, std::pair<uint16_t, std::vector<uint32_t>>> b;
  std::vector<std::pair<int32_t, std::string>> c;
  RECORD(a, b, c)
};

struct Tuples
{
  std::tuple<int32_t, std::string, double> a;
  std::tuple<uint8_t, Leaf> b;
  RECORD(a, b)
};

struct ArrayEach
{
  EachElement<int32_t, 4> a;
  EachElement<uint8_t, 3> b;
  EachElement<std::string, 2> c;
  EachElement<E16, 3> d;
  EachElement<Leaf, 2> e;
  EachElement<double, 2> f;
  EachElement<uint16_t, 64> g;
  RECORD(a, b, c, d, e, f, g)
};

struct ArrayStd
{
  std::array<int32_t, 4> a{};
  std::array<uint16_t, 5> b{};
  std::array<std::string, 2> c{};
  std::array<E16, 3> d{};
  std::array<double, 2> e{};
  RECORD(a, b, c, d, e)
};

struct ArrayC
{
  CArray<int32_t, 4> a;
  CArray<E16, 3> b;
  CArray<uint8_t, 5> c;
  RECORD(a, b, c)
};

using Var = std::variant<int32_t, std::string, Leaf, uint8_t, Unit>;

struct Variants
{
  Var a;
  std::vector<Var> b;
  RECORD(a, b)
};

struct Inner
{
  std::string name;
  int32_t v{};
  std::vector<Leaf> kids;
  RECORD(name, v, kids)
};

struct Records
{
  Inner inner;
  Leaf leaf;
  std::vector<Leaf> leaves;
  std::optional<Leaf> boxed; // Rust: Option<Box<Leaf>>
  Leaf boxed_leaf;           // Rust: Box<Leaf>
  RECORD(inner, leaf, leaves, boxed, boxed_leaf)
};

struct Nested
{
  std::vector<std::vector<std::vector<uint16_t>>> a;
  std::vector<std::optional<std::vector<std::string>>> b;
  std::optional<std::vector<std::map<std::string, std::vector<std::optional<int8_t>>>>> c;
  std::vector<std::vector<Leaf>> d;
  RECORD(a, b, c, d)
};

struct Meta
{
  std::string region;
  int32_t version{};
  RECORD(region, version)
};

struct Item
{
  std::string sku;
  int32_t qty{};
  int64_t price_minor{};
  RECORD(sku, qty, price_minor)
};

struct Document
{
  std::string id;
  int32_t status{};
  Meta meta;
  std::vector<Item> items;
  RECORD(id, status, meta, items)
};

struct Vertex
{
  float x{};
  float y{};
  float z{};
  uint32_t color{};
  RECORD(x, y, z, color)
};

struct Flagged
{
  uint16_t a{};
  bool f{};
  int32_t b{};
  RECORD(a, f, b)
};

struct Images
{
  std::vector<Vertex> vertices;
  std::vector<Flagged> flagged;
  Vertex one;
  RECORD(vertices, flagged, one)
};

// Tuples up to 16 elements, pairs inside tuples.
struct TuplesLong
{
  std::tuple<uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, float, double,
             bool, std::string, std::vector<uint16_t>, std::optional<int32_t>, E16, E8,
             std::pair<uint8_t, std::string>>
    a;
  std::vector<std::tuple<int32_t, std::string>> b;
  RECORD(a, b)
};

// std::chrono: Rust `Duration` fields with `unit` (and `width` for an int32 rep, which
// Bitsery writes in 4 bytes and YAS as an int64), `SystemTime` in nanoseconds.
struct Chrono
{
  std::chrono::milliseconds ms{};
  std::chrono::nanoseconds ns{};
  std::chrono::seconds s{};
  std::chrono::microseconds us{};
  std::chrono::duration<int32_t, std::milli> ms32{};
  std::chrono::system_clock::time_point t{};
  std::vector<std::chrono::milliseconds> v;
  std::optional<std::chrono::seconds> o;
  RECORD(ms, ns, s, us, ms32, t, v, o)
};

// std::bitset (N = 65..71 is left out: Bitsery's StdBitset throws there when a bit past
// 63 is set, golden-ext README surprise 9).
struct Bitsets
{
  std::bitset<1> a;
  std::bitset<8> b;
  std::bitset<10> c;
  std::bitset<64> d;
  std::bitset<100> e;
  std::vector<std::bitset<12>> f;
  RECORD(a, b, c, d, e, f)
};

struct WideStrings
{
  std::u16string a;
  std::wstring b;
  std::vector<std::u16string> c;
  RECORD(a, b, c)
};

// Hashed containers, with at most one entry each.
struct Unordered
{
  std::unordered_map<std::string, int32_t> a;
  std::unordered_set<uint16_t> b;
  std::unordered_map<E16, std::vector<E8>> c;
  RECORD(a, b, c)
};

// A variant of 130 alternatives: Bitsery's index takes its two-byte size form from 128
// (`80 80`). YAS stops at 19 alternatives, so this shape is Bitsery's alone.
template<size_t I>
struct Alt
{
  uint8_t v{};
  RECORD(v)
};
template<size_t... I>
std::variant<Alt<I>...> variant_of_alts(std::index_sequence<I...>);
using Var130 = decltype(variant_of_alts(std::make_index_sequence<130>{}));

struct Variants130
{
  Var130 a;
  std::vector<Var130> b;
  RECORD(a, b)
};

// ---------------------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------------------

struct Shape
{
  const char* name;
  void (*run)(const char* name, Rng& r, uint64_t cases);
};

// One line per case; without `Yas`, `-` stands for the bytes of each YAS configuration.
template<typename T, bool Yas = true>
void run_shape(const char* name, Rng& r, uint64_t cases)
{
  std::string line;
  for (uint64_t c = 0; c < cases; ++c) {
    T v{};
    gen(r, v, true);
    line.clear();
    line += name;
    line += '\t';
    line += std::to_string(c);
    line += '\t';
    print(line, v);
    for (const Buffer& b : encode_all<Yas>(std::string(name) + " case " + std::to_string(c), v)) {
      line += '\t';
      put_hex(line, b.data(), b.size());
    }
    if constexpr (!Yas)
      line += "\t-\t-\t-\t-\t-";
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
}

static const Shape kShapes[] = {
  { "ints", run_shape<Ints> },
  { "floats", run_shape<Floats> },
  { "string", run_shape<Str> },
  { "strings", run_shape<Strings> },
  { "bytes", run_shape<Bytes> },
  { "vec_16", run_shape<TwoVecs<int16_t, uint16_t>> },
  { "vec_32", run_shape<TwoVecs<int32_t, uint32_t>> },
  { "vec_64", run_shape<TwoVecs<int64_t, uint64_t>> },
  { "vec_floats", run_shape<TwoVecs<float, double>> },
  { "options", run_shape<Options> },
  { "enums", run_shape<Enums> },
  { "vec_e8", run_shape<TwoVecs<E8, EI8>> },
  { "vec_e16", run_shape<TwoVecs<E16, EU16>> },
  { "vec_e32", run_shape<TwoVecs<E32, EU32>> },
  { "vec_e64", run_shape<TwoVecs<E64, EU64>> },
  { "enums_nested", run_shape<EnumsNested> },
  { "maps", run_shape<Maps> },
  { "sets", run_shape<Sets> },
  { "pairs", run_shape<Pairs> },
  { "tuples", run_shape<Tuples> },
  { "array_each", run_shape<ArrayEach> },
  { "array_std", run_shape<ArrayStd> },
  { "array_c", run_shape<ArrayC> },
  { "variants", run_shape<Variants> },
  { "records", run_shape<Records> },
  { "nested", run_shape<Nested> },
  { "document", run_shape<Document> },
  { "images", run_shape<Images> },
  { "tuples_long", run_shape<TuplesLong> },
  { "chrono", run_shape<Chrono> },
  { "bitsets", run_shape<Bitsets> },
  { "wide_strings", run_shape<WideStrings> },
  { "unordered", run_shape<Unordered> },
  { "variants130", run_shape<Variants130, false> },
};

// Each shape draws from its own stream, so adding a shape or changing one shape's
// generator leaves the others' values for a seed unchanged.
static uint64_t shape_seed(uint64_t seed, const char* name)
{
  uint64_t h = 0xCBF29CE484222325ull; // FNV-1a of the name
  for (const char* p = name; *p; ++p)
    h = (h ^ static_cast<uint8_t>(*p)) * 0x100000001B3ull;
  Rng mix{ seed ^ h };
  return mix.next();
}

int main(int argc, char** argv)
{
  uint64_t seed = 0, cases = 0;
  bool have_seed = false, have_cases = false;
  std::set<std::string> only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--list") {
      for (const Shape& s : kShapes)
        std::printf("%s\n", s.name);
      return 0;
    }
    if (i + 1 >= argc)
      die("usage", "gen --seed N --cases N [--shape NAME]... | gen --list");
    const char* v = argv[++i];
    if (a == "--seed") {
      seed = std::strtoull(v, nullptr, 10);
      have_seed = true;
    } else if (a == "--cases") {
      cases = std::strtoull(v, nullptr, 10);
      have_cases = true;
    } else if (a == "--shape") {
      only.insert(v);
    } else {
      die("unknown argument", a);
    }
  }
  if (!have_seed || !have_cases)
    die("usage", "gen --seed N --cases N [--shape NAME]... | gen --list");
  for (const Shape& s : kShapes) {
    if (!only.empty() && !only.count(s.name))
      continue;
    Rng r{ shape_seed(seed, s.name) };
    s.run(s.name, r, cases);
  }
  return std::fflush(stdout) == 0 ? 0 : 2;
}
