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
// Usage: gen --seed N --cases N [--mutations M] [--shape NAME]... ; `gen --list` prints the shape names.
//
// Built by the Rust test (which caches the binary under target/tmp/differential/) with
//     g++ -std=c++17 -O1 -Wall -Wextra -isystem <vendor>/bitsery/include
//         -isystem <vendor>/yas/include gen.cpp
// against the unmodified headers in ../shared/vendor/.

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <limits>
#include <list>
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

#include <sys/resource.h>

#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/compact_value.h>
#include <bitsery/ext/entropy.h>
#include <bitsery/ext/growable.h>
#include <bitsery/ext/std_bitset.h>
#include <bitsery/ext/std_chrono.h>
#include <bitsery/ext/std_map.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/ext/std_set.h>
#include <bitsery/ext/std_tuple.h>
#include <bitsery/ext/std_variant.h>
#include <bitsery/ext/value_range.h>
#include <bitsery/traits/array.h>
#include <bitsery/traits/deque.h>
#include <bitsery/traits/list.h>
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

// Records of a few fixed-size fields (Images' Vertex and Flagged) take the lengths of
// wider numbers, up to 16385: the Rust side may read and write a sequence of such
// records in one piece, and the Bitsery prefix changes form at 16384.
template<typename T>
struct is_small_record : std::false_type
{};

template<typename T>
constexpr LenClass len_class()
{
  if constexpr (is_scalar_v<T>)
    return sizeof(T) == 1 ? LenClass::Bytes : LenClass::Scalars;
  else if constexpr (is_small_record<T>::value)
    return LenClass::Scalars;
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
  } else if constexpr (is_spec<T, std::vector>::value || is_spec<T, std::deque>::value ||
                       is_spec<T, std::list>::value) {
    v.resize(gen_len(r, len_class<typename T::value_type>(), top));
    for (auto& e : v)
      gen(r, e, false);
  } else if constexpr (is_spec<T, std::multimap>::value) {
    // Repeated keys are what a multimap is for: a third of the entries take the key of
    // an earlier one (the multimap keeps entries of one key in insertion order).
    const size_t n = gen_len(r, LenClass::Records, top);
    std::vector<typename T::key_type> keys;
    for (size_t i = 0; i < n; ++i) {
      typename T::key_type k{};
      if (!keys.empty() && r.percent(33))
        k = keys[r.below(keys.size())];
      else
        gen(r, k, false);
      keys.push_back(k);
      typename T::mapped_type m{};
      gen(r, m, false);
      v.emplace(std::move(k), std::move(m));
    }
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

// Set while comparing what Bitsery read back: its `StdMap` reader inserts each entry
// with `emplace_hint` before the previous one's position, so a `std::multimap` comes back
// with the entries of each key in reverse order (the bytes keep the writer's order). The
// comparison then prints each key's entries sorted.
static bool g_multimap_unordered = false;

template<typename T>
void print(std::string& out, const T& v);

template<typename T>
void print_multimap(std::string& out, const T& v)
{
  out += "[ ";
  for (auto it = v.begin(); it != v.end();) {
    const auto end = v.upper_bound(it->first);
    std::vector<std::string> group;
    for (; it != end; ++it) {
      std::string e = "{ ";
      print(e, it->first);
      print(e, it->second);
      e += "} ";
      group.push_back(std::move(e));
    }
    if (g_multimap_unordered)
      std::sort(group.begin(), group.end());
    for (const auto& e : group)
      out += e;
  }
  out += "] ";
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
                       is_spec<T, std::set>::value || is_spec<T, std::unordered_set>::value ||
                       is_spec<T, std::deque>::value || is_spec<T, std::list>::value) {
    out += "[ ";
    for (const auto& e : v)
      print(out, e);
    out += "] ";
  } else if constexpr (is_each_element<T>::value || is_c_array<T>::value) {
    out += "[ ";
    for (const auto& e : v.a)
      print(out, e);
    out += "] ";
  } else if constexpr (is_spec<T, std::multimap>::value) {
    print_multimap(out, v);
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
// The maxSize of Bitsery's reads of sizes: kMaxSize, but the input's length while
// judging mutations. After a lying size, Bitsery goes on reading zeros element by
// element up to the count (its `StdMap` and `StdSet` reserve nothing: 2^30 entries of
// one key take half a minute). Every element of these shapes takes at least one byte,
// so a count past the input's length fails either way (InvalidData instead of
// DataOverflow): the verdict is the same.
static size_t g_read_max = kMaxSize;

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
    s.text1b(v, g_read_max);
  } else if constexpr (std::is_same_v<T, std::u16string>) {
    s.text2b(v, g_read_max);
  } else if constexpr (std::is_same_v<T, std::wstring>) {
    s.text4b(v, g_read_max);
  } else if constexpr (is_duration<T>::value) {
    s.template ext<sizeof(typename T::rep)>(v, bitsery::ext::StdDuration{});
  } else if constexpr (is_time_point<T>::value) {
    s.template ext<sizeof(typename T::rep)>(v, bitsery::ext::StdTimePoint{});
  } else if constexpr (is_bitset<T>::value) {
    s.ext(v, bitsery::ext::StdBitset{});

  } else if constexpr (is_spec<T, std::vector>::value || is_spec<T, std::deque>::value ||
                       is_spec<T, std::list>::value) {
    if constexpr (is_scalar_v<typename T::value_type>)
      s.template container<sizeof(typename T::value_type)>(v, g_read_max);
    else
      s.container(v, g_read_max, each);
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
  } else if constexpr (is_spec<T, std::map>::value || is_spec<T, std::unordered_map>::value ||
                       is_spec<T, std::multimap>::value) {
    s.ext(v, bitsery::ext::StdMap{ g_read_max }, [](auto& s2, auto& k, auto& m) {
      bitsery_item(s2, k);
      bitsery_item(s2, m);
    });
  } else if constexpr (is_spec<T, std::set>::value || is_spec<T, std::unordered_set>::value) {
    s.ext(v, bitsery::ext::StdSet{ g_read_max }, each);
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
  g_multimap_unordered = true;
  print(a, value);
  print(b, back);
  g_multimap_unordered = false;
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

template<>
struct is_small_record<Vertex> : std::true_type
{};
template<>
struct is_small_record<Flagged> : std::true_type
{};

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

// The other sequence containers (cpp.rs's table: `std::deque`, `std::list`,
// `std::multimap` as `VecDeque`, `LinkedList`, `Vec<Pair<K, V>>`). YAS writes a deque or
// list one element at a time (`concepts/list.hpp`), never as one block as it does a
// vector: each enum is written as a single one, with its size byte where raw, and a
// multimap's key and value likewise.
struct Lists
{
  std::deque<E8> a;
  std::deque<E16> b;
  std::deque<int32_t> c;
  std::list<std::string> d;
  std::deque<Leaf> e;
  std::multimap<int16_t, std::string> f;
  std::multimap<E16, E8> g;
  std::deque<double> h;
  RECORD(a, b, c, d, e, f, g, h)
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
// Bitsery extensions: bit packing (`enableBitPacking`, `ext::ValueRange`, `ext::Entropy`,
// `align`, `ext::StdOptional` in a session), `ext::CompactValue` and `ext::Growable`.
// These shapes are Bitsery's alone (YAS has none of them) and say in their own
// `serialize` how Bitsery writes each field, as a user would; the Rust twins are in
// tests/differential/ext_shapes.rs. Values cluster at the edges of each field's range.
// ---------------------------------------------------------------------------------------

using bitsery::ext::BitsConstraint;
using bitsery::ext::CompactValue;
using bitsery::ext::Entropy;
using bitsery::ext::Growable;
using bitsery::ext::StdOptional;
using bitsery::ext::ValueRange;

#define FIELDS(...)                                                            \
  template<typename F>                                                         \
  void fields(F&& field_visitor_)                                             \
  {                                                                            \
    visit_fields(field_visitor_, __VA_ARGS__);                                 \
  }

// An integer in [lo, hi]: an end, next to an end, or uniform (in unsigned arithmetic,
// so spans up to the whole type work).
template<typename T>
T in_range(Rng& r, T lo, T hi)
{
  using U = std::make_unsigned_t<T>;
  const U span = U(U(hi) - U(lo));
  switch (r.below(6)) {
    case 0:
      return lo;
    case 1:
      return hi;
    case 2:
      return span == 0 ? lo : T(U(U(lo) + 1));
    case 3:
      return span == 0 ? hi : T(U(U(hi) - 1));
    default: {
      const uint64_t x = r.next();
      const U off = span == U(~U(0)) ? U(x) : U(x % (uint64_t(span) + 1));
      return T(U(U(lo) + off));
    }
  }
}

// A float in [lo, hi]: an end, the value next to an end, a code's own value (where
// truncation decides the code), or a random fraction of the way.
template<typename F>
F in_float(Rng& r, F lo, F hi, unsigned bits)
{
  F v;
  switch (r.below(7)) {
    case 0:
      return lo;
    case 1:
      return hi;
    case 2:
      return std::nextafter(lo, hi);
    case 3:
      return std::nextafter(hi, lo);
    case 4: {
      const uint64_t top = bits >= 64 ? ~0ull : (1ull << bits) - 1;
      const F step = (hi - lo) / static_cast<F>(top);
      v = lo + static_cast<F>(r.below(top) + (r.percent(50) ? 0 : 1)) * step;
      break;
    }
    default: {
      const F t = static_cast<F>(static_cast<double>(r.next() >> 11) / 9007199254740992.0);
      v = lo + t * (hi - lo);
      break;
    }
  }
  return v < lo ? lo : (v > hi ? hi : v);
}

// A short string: empty, ASCII or mixed UTF-8 (a length past 127 now and then: a
// two-byte size prefix).
static std::string short_string(Rng& r)
{
  const uint64_t roll = r.below(100);
  return gen_string(r, roll < 20 ? 0 : roll < 90 ? r.below(12) : 126 + r.below(140));
}

// A bool as a record: `Vec<Flag>` in Rust (a `std::vector<bool>` has no references for
// Bitsery's lambdas). 0 to 7 of them before the other fields put those at every bit
// offset.
struct Flag
{
  bool v{};
  FIELDS(v)
};

template<typename S>
void lead_flags(S& bp, std::vector<Flag>& lead)
{
  bp.container(lead, 7, [](auto& b, Flag& f) { b.boolValue(f.v); });
}
static void gen_lead(Rng& r, std::vector<Flag>& lead)
{
  lead.resize(r.below(8));
  for (auto& f : lead)
    f.v = r.percent(50);
}

// Integer ranges: whole widths, negative-only, one bit, spans ending at a type's
// extremes, and `bits = N` (ValueRange{0, 2^N - 1}). (A signed range whose span does
// not fit the type, e.g. i32 MIN..=MAX, is left out: Bitsery computes `max - min` in the
// signed type, which overflows.)
struct BpInts
{
  std::vector<Flag> lead;
  int8_t a{};
  uint8_t b{};
  int16_t c{};
  uint16_t d{};
  int32_t e{};
  uint32_t f{};
  int64_t g{};
  int64_t h{};
  uint64_t i{};
  uint64_t j{};
  int64_t k{};
  uint8_t l{};
  uint32_t m{};
  int16_t n{};
  uint64_t o{};
  bool p{};
  std::vector<int64_t> q;
  FIELDS(lead, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q)

  static constexpr int64_t kHalf = int64_t(1) << 62;

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    a = in_range<int8_t>(r, -128, 127);
    b = in_range<uint8_t>(r, 0, 255);
    c = in_range<int16_t>(r, -32768, -1);
    d = in_range<uint16_t>(r, 65534, 65535);
    e = in_range<int32_t>(r, INT32_MIN, -1);
    f = in_range<uint32_t>(r, 0, UINT32_MAX);
    g = in_range<int64_t>(r, INT64_MIN, -1);
    h = in_range<int64_t>(r, -kHalf, kHalf - 1);
    i = in_range<uint64_t>(r, 0, UINT64_MAX);
    j = in_range<uint64_t>(r, UINT64_MAX - 1000, UINT64_MAX);
    k = in_range<int64_t>(r, INT64_MAX - 5, INT64_MAX);
    l = in_range<uint8_t>(r, 0, 7);
    m = in_range<uint32_t>(r, 0, 131071);
    n = in_range<int16_t>(r, 0, 31);
    o = in_range<uint64_t>(r, 0, UINT64_MAX >> 1);
    p = r.percent(50);
    q.resize(r.below(4));
    for (auto& x : q)
      x = in_range<int64_t>(r, -kHalf, kHalf - 1);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      bp.ext(a, ValueRange<int8_t>{ -128, 127 });
      bp.ext(b, ValueRange<uint8_t>{ 0, 255 });
      bp.ext(c, ValueRange<int16_t>{ -32768, -1 });
      bp.ext(d, ValueRange<uint16_t>{ 65534, 65535 });
      bp.ext(e, ValueRange<int32_t>{ INT32_MIN, -1 });
      bp.ext(f, ValueRange<uint32_t>{ 0, UINT32_MAX });
      bp.ext(g, ValueRange<int64_t>{ INT64_MIN, -1 });
      bp.ext(h, ValueRange<int64_t>{ -kHalf, kHalf - 1 });
      bp.ext(i, ValueRange<uint64_t>{ 0, UINT64_MAX });
      bp.ext(j, ValueRange<uint64_t>{ UINT64_MAX - 1000, UINT64_MAX });
      bp.ext(k, ValueRange<int64_t>{ INT64_MAX - 5, INT64_MAX });
      bp.ext(l, ValueRange<uint8_t>{ 0, 7 });
      bp.ext(m, ValueRange<uint32_t>{ 0, 131071 });
      bp.ext(n, ValueRange<int16_t>{ 0, 31 });
      bp.ext(o, ValueRange<uint64_t>{ 0, UINT64_MAX >> 1 });
      bp.boolValue(p);
      bp.container(q, 3, [](auto& b2, int64_t& x) {
        b2.ext(x, ValueRange<int64_t>{ -kHalf, kHalf - 1 });
      });
    });
  }
};

// Whole-byte values at every bit offset: between byte boundaries their bits are
// little-endian in both configs; `align` puts the last ones at a boundary, where they
// take the config's byte order.
struct BpScalars
{
  std::vector<Flag> lead;
  uint16_t a{};
  int16_t b{};
  uint32_t c{};
  int32_t d{};
  uint64_t e{};
  int64_t f{};
  float g{};
  double h{};
  uint8_t i{};
  int8_t j{};
  bool k{};
  std::vector<uint16_t> l;
  std::array<int32_t, 2> m{};
  uint32_t n{}; // aligned
  uint64_t o{}; // aligned (already at a boundary: no padding)
  bool last{};
  FIELDS(lead, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, last)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    a = gen_int<uint16_t>(r);
    b = gen_int<int16_t>(r);
    c = gen_int<uint32_t>(r);
    d = gen_int<int32_t>(r);
    e = gen_int<uint64_t>(r);
    f = gen_int<int64_t>(r);
    g = gen_float<float, uint32_t, 23, 8>(r);
    h = gen_float<double, uint64_t, 52, 11>(r);
    i = gen_int<uint8_t>(r);
    j = gen_int<int8_t>(r);
    k = r.percent(50);
    l.resize(r.below(5));
    for (auto& x : l)
      x = gen_int<uint16_t>(r);
    for (auto& x : m)
      x = gen_int<int32_t>(r);
    n = gen_int<uint32_t>(r);
    o = gen_int<uint64_t>(r);
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      bp.value2b(a);
      bp.value2b(b);
      bp.value4b(c);
      bp.value4b(d);
      bp.value8b(e);
      bp.value8b(f);
      bp.value4b(g);
      bp.value8b(h);
      bp.value1b(i);
      bp.value1b(j);
      bp.boolValue(k);
      bp.container2b(l, 100);
      bp.container4b(m);
      bp.adapter().align();
      bp.value4b(n);
      bp.adapter().align();
      bp.value8b(o);
      bp.boolValue(last);
    });
  }
};

// Float ranges: precision and bit-count forms, f32 and f64, negative-only, one bit,
// the most bits a float's mantissa holds exactly (24, 53), huge and non-round bounds
// (where `min + 1 * (max - min)` can round past `max`: Bitsery then refuses its own
// bytes), per element of a Vec and an array.
struct BpFloats
{
  std::vector<Flag> lead;
  float a{};
  double b{};
  float c{};
  double d{};
  float e{};
  double f{};
  float g{};
  std::vector<float> h;
  std::array<double, 2> i{};
  FIELDS(lead, a, b, c, d, e, f, g, h, i)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    a = in_float(r, -1.0f, 1.0f, 8);
    b = in_float(r, -1000.0, 1000.0, 53);
    c = in_float(r, -0.7f, 1.3f, 24);
    d = in_float(r, -0.1, 0.3, 9);
    e = in_float(r, 0.0f, 1.0f, 1);
    f = in_float(r, -1e300, 1e300, 40);
    g = in_float(r, -5.0f, -1.0f, 3);
    h.resize(r.below(4));
    for (auto& x : h)
      x = in_float(r, 0.0f, 100.0f, 9);
    for (auto& x : i)
      x = in_float(r, -1.0, 1.0, 16);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      bp.ext(a, ValueRange<float>{ -1.0f, 1.0f, 0.01f });
      bp.ext(b, ValueRange<double>{ -1000.0, 1000.0, BitsConstraint{ 53 } });
      bp.ext(c, ValueRange<float>{ -0.7f, 1.3f, BitsConstraint{ 24 } });
      bp.ext(d, ValueRange<double>{ -0.1, 0.3, 0.001 });
      bp.ext(e, ValueRange<float>{ 0.0f, 1.0f, BitsConstraint{ 1 } });
      bp.ext(f, ValueRange<double>{ -1e300, 1e300, BitsConstraint{ 40 } });
      bp.ext(g, ValueRange<float>{ -5.0f, -1.0f, 0.5f });
      bp.container(h, 3, [](auto& b2, float& x) {
        b2.ext(x, ValueRange<float>{ 0.0f, 100.0f, 0.25f });
      });
      bp.container(i, [](auto& b2, double& x) {
        b2.ext(x, ValueRange<double>{ -1.0, 1.0, BitsConstraint{ 16 } });
      });
    });
  }
};

// Entropy lists: one element, strings with an empty and multi-byte ones, integers with
// a type's extremes, aligned and not, per element of a Vec and an array.
static std::vector<std::string> kOne{ "only" };
static std::vector<std::string> kUtf{ "", "\xc3\xa9", "\xd0\xb6\xe4\xb8\xad", "GET" };
static std::vector<int32_t> kNeg{ -1, INT32_MIN, INT32_MAX, 0, 7 };
static std::vector<uint64_t> kWide{ UINT64_MAX };
static std::vector<uint8_t> kBytes{ 0, 255 };

template<typename T>
T pick_or(Rng& r, const std::vector<T>& list, T other)
{
  return r.percent(60) ? list[r.below(list.size())] : other;
}

struct BpEntropy
{
  std::vector<Flag> lead;
  std::string a;
  std::string b;
  int32_t c{};
  uint64_t d{};
  uint8_t e{};
  std::vector<int32_t> f;
  std::array<std::string, 2> g;
  bool last{};
  FIELDS(lead, a, b, c, d, e, f, g, last)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    a = pick_or(r, kOne, short_string(r));
    b = pick_or(r, kUtf, short_string(r));
    c = pick_or(r, kNeg, gen_int<int32_t>(r));
    d = pick_or(r, kWide, gen_int<uint64_t>(r));
    e = pick_or(r, kBytes, gen_int<uint8_t>(r));
    f.resize(r.below(5));
    for (auto& x : f)
      x = pick_or(r, kNeg, gen_int<int32_t>(r));
    for (auto& x : g)
      x = pick_or(r, kOne, short_string(r));
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      auto text = [](auto& b2, std::string& t) { b2.text1b(t, 1000); };
      lead_flags(bp, lead);
      bp.ext(a, Entropy<std::vector<std::string>>{ kOne }, text);
      bp.ext(b, Entropy<std::vector<std::string>>{ kUtf, false }, text);
      bp.ext4b(c, Entropy<std::vector<int32_t>>{ kNeg });
      bp.ext8b(d, Entropy<std::vector<uint64_t>>{ kWide, false });
      bp.ext1b(e, Entropy<std::vector<uint8_t>>{ kBytes });
      bp.container(f, 4, [](auto& b2, int32_t& x) {
        b2.ext4b(x, Entropy<std::vector<int32_t>>{ kNeg, false });
      });
      bp.container(g, [](auto& b2, std::string& x) {
        b2.ext(x, Entropy<std::vector<std::string>>{ kOne }, [](auto& b3, std::string& t) {
          b3.text1b(t, 1000);
        });
      });
      bp.boolValue(last);
    });
  }
};

// Containers, strings and optionals inside a session: empty ones, bools, per-element
// ranges, optionals aligned and not (nested too), a map; bitsets, whose bits past the
// last whole byte are single bits in a session.
struct BpContainers
{
  std::vector<Flag> lead;
  std::vector<std::string> a;
  std::array<bool, 5> b{};
  std::vector<int16_t> c;
  std::array<uint8_t, 3> d{};
  std::optional<uint32_t> e;
  std::optional<int64_t> f;
  std::optional<std::string> g;
  std::optional<std::vector<uint8_t>> h;
  std::optional<std::optional<bool>> i;
  std::vector<std::vector<uint8_t>> j;
  std::map<uint16_t, std::string> k;
  std::string l;
  std::bitset<10> m;
  std::bitset<3> n;
  std::bitset<16> o;
  std::bitset<100> p;
  bool last{};
  FIELDS(lead, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, last)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    a.resize(r.below(4));
    for (auto& x : a)
      x = short_string(r);
    for (auto& x : b)
      x = r.percent(50);
    c.resize(r.percent(5) ? 128 + r.below(3) : r.below(6));
    for (auto& x : c)
      x = in_range<int16_t>(r, -300, 300);
    for (auto& x : d)
      x = in_range<uint8_t>(r, 10, 20);
    if (r.percent(50))
      e = gen_int<uint32_t>(r);
    if (r.percent(50))
      f = gen_int<int64_t>(r);
    if (r.percent(50))
      g = short_string(r);
    if (r.percent(50)) {
      h.emplace(r.below(4));
      for (auto& x : *h)
        x = gen_int<uint8_t>(r);
    }
    switch (r.below(3)) {
      case 0:
        break;
      case 1:
        i.emplace();
        break;
      default:
        i.emplace(r.percent(50));
    }
    j.resize(r.below(3));
    for (auto& x : j) {
      x.resize(r.below(4));
      for (auto& y : x)
        y = gen_int<uint8_t>(r);
    }
    for (auto n = r.below(3); n > 0; --n)
      k[gen_int<uint16_t>(r)] = short_string(r);
    l = short_string(r);
    gen(r, m, false);
    gen(r, n, false);
    gen(r, o, false);
    gen(r, p, false);
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      bp.container(a, 10, [](auto& b2, std::string& t) { b2.text1b(t, 1000); });
      bp.container(b, [](auto& b2, bool& x) { b2.boolValue(x); });
      bp.container(c, 1000, [](auto& b2, int16_t& x) {
        b2.ext(x, ValueRange<int16_t>{ -300, 300 });
      });
      bp.container(d, [](auto& b2, uint8_t& x) { b2.ext(x, ValueRange<uint8_t>{ 10, 20 }); });
      bp.ext4b(e, StdOptional{});
      bp.ext8b(f, StdOptional{ false });
      bp.ext(g, StdOptional{}, [](auto& b2, std::string& t) { b2.text1b(t, 1000); });
      bp.ext(h, StdOptional{ false }, [](auto& b2, std::vector<uint8_t>& v) {
        b2.container1b(v, 1000);
      });
      bp.ext(i, StdOptional{ false }, [](auto& b2, std::optional<bool>& o) {
        b2.ext(o, StdOptional{}, [](auto& b3, bool& x) { b3.boolValue(x); });
      });
      bp.container(j, 10, [](auto& b2, std::vector<uint8_t>& v) { b2.container1b(v, 1000); });
      bp.ext(k, bitsery::ext::StdMap{ 10 }, [](auto& b2, uint16_t& key, std::string& t) {
        b2.value2b(key);
        b2.text1b(t, 1000);
      });
      bp.text1b(l, 1000);
      bp.ext(m, bitsery::ext::StdBitset{});
      bp.ext(n, bitsery::ext::StdBitset{});
      bp.ext(o, bitsery::ext::StdBitset{});
      bp.ext(p, bitsery::ext::StdBitset{});
      bp.boolValue(last);
    });
  }
};

// The std extensions inside a session, each written with the call a Bitsery user
// writes for it outside one (`bitsery_item`): chrono counts, wide strings, a set, a
// tuple, a pair, vectors, an optional and a map of enums, a deque, a list, a fixed
// array, a bitset.
struct BpStd
{
  std::vector<Flag> lead;
  std::chrono::milliseconds ms{};
  std::chrono::duration<int32_t, std::milli> ms32{};
  std::chrono::system_clock::time_point t{};
  std::u16string a;
  std::wstring b;
  std::set<uint16_t> c;
  std::tuple<uint8_t, int32_t, std::string> d;
  std::pair<int16_t, std::string> e;
  std::vector<E8> f;
  std::vector<E16> g;
  std::optional<E32> h;
  std::map<E8, int64_t> i;
  std::deque<int32_t> j;
  std::list<std::string> k;
  std::array<E16, 3> l{};
  std::bitset<12> m;
  bool last{};
  FIELDS(lead, ms, ms32, t, a, b, c, d, e, f, g, h, i, j, k, l, m, last)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    fields([&](auto& x) {
      if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, std::vector<Flag>>)
        gen(r, x, false);
    });
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      fields([&](auto& x) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, std::vector<Flag>>)
          bitsery_item(bp, x);
      });
    });
  }
};

// Bit-packed types nested in a session (their own `enableBitPacking` is then part of
// the outer session: one padding at the end), a plain record in a session, a variant.
struct BpInner
{
  bool x{};
  int16_t y{};
  std::string s;
  FIELDS(x, y, s)

  void draw(Rng& r)
  {
    x = r.percent(50);
    y = in_range<int16_t>(r, -5, 5);
    s = r.percent(50) ? std::string() : gen_string(r, r.below(4));
  }

  template<typename S>
  void serialize(S& s0)
  {
    s0.enableBitPacking([this](auto& bp) {
      bp.boolValue(x);
      bp.ext(y, ValueRange<int16_t>{ -5, 5 });
      bp.text1b(s, 1000);
    });
  }
};

struct PlainInner
{
  uint16_t a{};
  bool b{};
  int32_t c{};
  FIELDS(a, b, c)

  void draw(Rng& r)
  {
    a = gen_int<uint16_t>(r);
    b = r.percent(50);
    c = gen_int<int32_t>(r);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.value2b(a);
    s.boolValue(b);
    s.value4b(c);
  }
};

using NVar = std::variant<uint16_t, BpInner, std::string>;

struct BpNested
{
  bool flag{};
  BpInner one;
  std::vector<BpInner> many;
  std::optional<BpInner> opt;
  PlainInner plain;
  std::vector<PlainInner> plains;
  NVar var;
  bool last{};
  FIELDS(flag, one, many, opt, plain, plains, var, last)

  void draw(Rng& r)
  {
    flag = r.percent(50);
    one.draw(r);
    many.resize(r.below(4));
    for (auto& m : many)
      m.draw(r);
    if (r.percent(50)) {
      opt.emplace();
      opt->draw(r);
    }
    plain.draw(r);
    plains.resize(r.below(3));
    for (auto& p : plains)
      p.draw(r);
    switch (r.below(3)) {
      case 0:
        var = gen_int<uint16_t>(r);
        break;
      case 1: {
        BpInner b;
        b.draw(r);
        var = b;
        break;
      }
      default:
        var = short_string(r);
    }
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(flag);
      bp.object(one);
      bp.container(many, 10);
      bp.ext(opt, StdOptional{ false });
      bp.object(plain);
      bp.container(plains, 10);
      bp.ext(var,
             bitsery::ext::StdVariant{ [](auto& b2, uint16_t& v) { b2.value2b(v); },
                                       [](auto& b2, BpInner& v) { b2.object(v); },
                                       [](auto& b2, std::string& t) { b2.text1b(t, 1000); } });
      bp.boolValue(last);
    });
  }
};

// CompactValue (`int = "varint"`): 8-bit integers raw, wider zigzag + LEB128, outside a
// session, with the integer edges of gen_int (every place LEB128 grows a byte).
template<typename B, typename T>
void compact(B& b, T& v)
{
  b.template ext<sizeof(T)>(v, CompactValue{});
}

struct Compact
{
  uint8_t a{};
  int8_t b{};
  uint16_t c{};
  int16_t d{};
  uint32_t e{};
  int32_t f{};
  uint64_t g{};
  int64_t h{};
  uint64_t usize{}; // Rust usize
  int64_t isize{};  // Rust isize
  std::vector<int32_t> v;
  std::optional<int64_t> o;
  std::array<uint16_t, 3> arr{};
  std::string s;
  bool flag{};
  float x{};
  FIELDS(a, b, c, d, e, f, g, h, usize, isize, v, o, arr, s, flag, x)

  void draw(Rng& r)
  {
    a = gen_int<uint8_t>(r);
    b = gen_int<int8_t>(r);
    c = gen_int<uint16_t>(r);
    d = gen_int<int16_t>(r);
    e = gen_int<uint32_t>(r);
    f = gen_int<int32_t>(r);
    g = gen_int<uint64_t>(r);
    h = gen_int<int64_t>(r);
    usize = gen_int<uint64_t>(r);
    isize = gen_int<int64_t>(r);
    v.resize(r.below(5));
    for (auto& x2 : v)
      x2 = gen_int<int32_t>(r);
    if (r.percent(50))
      o = gen_int<int64_t>(r);
    for (auto& x2 : arr)
      x2 = gen_int<uint16_t>(r);
    s = short_string(r);
    flag = r.percent(50);
    x = gen_float<float, uint32_t, 23, 8>(r);
  }

  template<typename B>
  void ints(B& bb)
  {
    compact(bb, a);
    compact(bb, b);
    compact(bb, c);
    compact(bb, d);
    compact(bb, e);
    compact(bb, f);
    compact(bb, g);
    compact(bb, h);
    compact(bb, usize);
    compact(bb, isize);
    bb.container(v, 100, [](auto& b2, int32_t& x2) { compact(b2, x2); });
    bb.ext(o, StdOptional{}, [](auto& b2, int64_t& x2) { compact(b2, x2); });
    bb.container(arr, [](auto& b2, uint16_t& x2) { compact(b2, x2); });
    bb.text1b(s, 1000);
    bb.boolValue(flag);
    bb.value4b(x);
  }

  template<typename S>
  void serialize(S& s0)
  {
    ints(s0);
  }
};

// The same in a session, after 0 to 7 flags: LEB128 bytes at every bit offset.
struct CompactBits
{
  std::vector<Flag> lead;
  Compact c;
  FIELDS(lead, c)

  void draw(Rng& r)
  {
    gen_lead(r, lead);
    c.draw(r);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      lead_flags(bp, lead);
      c.ints(bp);
    });
  }
};

// Growable records: nested, in a sequence, in an optional, in a plain record.
template<typename S, typename T>
void growable(S& s, T& v)
{
  s.ext(v, Growable{}, [](auto& s2, T& v2) { v2.body(s2); });
}

struct GLeaf
{
  int32_t a{};
  std::string b;
  FIELDS(a, b)

  void draw(Rng& r)
  {
    a = gen_int<int32_t>(r);
    b = short_string(r);
  }
  template<typename S>
  void body(S& s)
  {
    s.value4b(a);
    s.text1b(b, 1000);
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

struct GNest
{
  uint16_t x{};
  GLeaf inner;
  std::vector<GLeaf> list;
  std::optional<GLeaf> opt;
  std::string tail;
  FIELDS(x, inner, list, opt, tail)

  void draw(Rng& r)
  {
    x = gen_int<uint16_t>(r);
    inner.draw(r);
    list.resize(r.below(4));
    for (auto& l : list)
      l.draw(r);
    if (r.percent(50)) {
      opt.emplace();
      opt->draw(r);
    }
    tail = short_string(r);
  }
  template<typename S>
  void body(S& s)
  {
    s.value2b(x);
    s.object(inner);
    s.container(list, 100);
    s.ext(opt, StdOptional{});
    s.text1b(tail, 1000);
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

struct Growables
{
  uint8_t head{};
  GNest n;
  std::vector<GNest> v;
  uint8_t trailer{};
  FIELDS(head, n, v, trailer)

  void draw(Rng& r)
  {
    head = gen_int<uint8_t>(r);
    n.draw(r);
    v.resize(r.below(3));
    for (auto& e : v)
      e.draw(r);
    trailer = gen_int<uint8_t>(r);
  }
  template<typename S>
  void serialize(S& s)
  {
    s.value1b(head);
    s.object(n);
    s.container(v, 100);
    s.value1b(trailer);
  }
};

// Growable records as the std extensions' elements: a map's values, a variant's
// alternative, a fixed array's elements, an optional vector's elements and a tuple's
// element (each read by Bitsery through the extension, then the record's own size).
struct GrowableStd
{
  uint8_t head{};
  std::map<uint16_t, GLeaf> m;
  std::variant<uint8_t, GLeaf, uint16_t> var;
  std::array<GLeaf, 2> arr;
  std::optional<std::vector<GLeaf>> ov;
  std::tuple<GLeaf, uint8_t> tup;
  uint8_t trailer{};
  FIELDS(head, m, var, arr, ov, tup, trailer)

  void draw(Rng& r)
  {
    head = gen_int<uint8_t>(r);
    m.clear();
    for (uint64_t n = r.below(4); n > 0; --n) {
      GLeaf g;
      g.draw(r);
      m.emplace(gen_int<uint16_t>(r), g);
    }
    switch (r.below(3)) {
      case 0:
        var = gen_int<uint8_t>(r);
        break;
      case 1: {
        GLeaf g;
        g.draw(r);
        var = g;
        break;
      }
      default:
        var = gen_int<uint16_t>(r);
        break;
    }
    for (auto& e : arr)
      e.draw(r);
    ov.reset();
    if (r.percent(60)) {
      ov.emplace(r.below(3));
      for (auto& e : *ov)
        e.draw(r);
    }
    std::get<0>(tup).draw(r);
    std::get<1>(tup) = gen_int<uint8_t>(r);
    trailer = gen_int<uint8_t>(r);
  }
  template<typename S>
  void serialize(S& s)
  {
    s.value1b(head);
    s.ext(m, bitsery::ext::StdMap{ 1000 }, [](auto& s2, uint16_t& k, GLeaf& v) {
      s2.value2b(k);
      s2.object(v);
    });
    s.ext(var,
          bitsery::ext::StdVariant{ [](auto& s2, uint8_t& x) { s2.value1b(x); },
                                    [](auto& s2, GLeaf& x) { s2.object(x); },
                                    [](auto& s2, uint16_t& x) { s2.value2b(x); } });
    s.container(arr);
    s.ext(ov, StdOptional{}, [](auto& s2, std::vector<GLeaf>& v) { s2.container(v, 1000); });
    s.ext(tup,
          bitsery::ext::StdTuple{ [](auto& s2, GLeaf& x) { s2.object(x); },
                                  [](auto& s2, uint8_t& x) { s2.value1b(x); } });
    s.value1b(trailer);
  }
};

// Evolution: a version 2 that appends fields (a growable record among them) to a
// version 1, each read as the other by Bitsery (`growable_v1_as_v2`, `growable_v2_as_v1`).
struct EvoV1
{
  uint32_t id{};
  std::string name;
  FIELDS(id, name)

  void draw(Rng& r)
  {
    id = gen_int<uint32_t>(r);
    name = short_string(r);
  }
  template<typename S>
  void body(S& s)
  {
    s.value4b(id);
    s.text1b(name, 1000);
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

struct EvoV2
{
  uint32_t id{};
  std::string name;
  int64_t score{};
  std::vector<uint16_t> tags;
  GLeaf extra;
  FIELDS(id, name, score, tags, extra)

  void draw(Rng& r)
  {
    id = gen_int<uint32_t>(r);
    name = short_string(r);
    score = gen_int<int64_t>(r);
    tags.resize(r.below(4));
    for (auto& t : tags)
      t = gen_int<uint16_t>(r);
    extra.draw(r);
  }
  template<typename S>
  void body(S& s)
  {
    s.value4b(id);
    s.text1b(name, 1000);
    s.value8b(score);
    s.container2b(tags, 1000);
    s.object(extra);
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

// A sequence of records between two plain bytes, so that each record's end is checked.
template<typename T>
struct EvoSeq
{
  uint8_t head{};
  std::vector<T> v;
  uint8_t trailer{};
  FIELDS(head, v, trailer)

  void draw(Rng& r)
  {
    head = gen_int<uint8_t>(r);
    v.resize(r.below(4));
    for (auto& e : v)
      e.draw(r);
    trailer = gen_int<uint8_t>(r);
  }
  template<typename S>
  void serialize(S& s)
  {
    s.value1b(head);
    s.container(v, 100);
    s.value1b(trailer);
  }
};

// Growable + bit packing, Bitsery's safe pattern: the session inside the record.
struct GBits
{
  bool a{};
  int16_t b{};
  std::string c;
  std::optional<uint8_t> d;
  FIELDS(a, b, c, d)

  void draw(Rng& r)
  {
    a = r.percent(50);
    b = in_range<int16_t>(r, -1000, 1000);
    c = short_string(r);
    if (r.percent(50))
      d = gen_int<uint8_t>(r);
  }
  template<typename S>
  void body(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(a);
      bp.ext(b, ValueRange<int16_t>{ -1000, 1000 });
      bp.text1b(c, 1000);
      bp.ext1b(d, StdOptional{ false });
    });
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

// Evolution of a growable bit-packed record: an older record's last byte does not say
// where its bits end, so Bitsery reads a newer field's bits past it as zeros (a range's
// minimum, `false`, an empty string, `None`).
struct GBitsV1
{
  bool a{};
  int16_t b{};
  FIELDS(a, b)

  void draw(Rng& r)
  {
    a = r.percent(50);
    b = in_range<int16_t>(r, -1000, 1000);
  }
  template<typename S>
  void body(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(a);
      bp.ext(b, ValueRange<int16_t>{ -1000, 1000 });
    });
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

struct GBitsV2
{
  bool a{};
  int16_t b{};
  std::string c;
  std::optional<uint8_t> d;
  int32_t e{};
  bool f{};
  FIELDS(a, b, c, d, e, f)

  void draw(Rng& r)
  {
    a = r.percent(50);
    b = in_range<int16_t>(r, -1000, 1000);
    c = short_string(r);
    if (r.percent(50))
      d = gen_int<uint8_t>(r);
    e = in_range<int32_t>(r, -50, 50);
    f = r.percent(50);
  }
  template<typename S>
  void body(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(a);
      bp.ext(b, ValueRange<int16_t>{ -1000, 1000 });
      bp.text1b(c, 1000);
      bp.ext1b(d, StdOptional{ false });
      bp.ext(e, ValueRange<int32_t>{ -50, 50 });
      bp.boolValue(f);
    });
  }
  template<typename S>
  void serialize(S& s)
  {
    growable(s, *this);
  }
};

struct GrowableBits
{
  uint8_t head{};
  GBits one;
  std::vector<GBits> v;
  uint8_t trailer{};
  FIELDS(head, one, v, trailer)

  void draw(Rng& r)
  {
    head = gen_int<uint8_t>(r);
    one.draw(r);
    v.resize(r.below(3));
    for (auto& e : v)
      e.draw(r);
    trailer = gen_int<uint8_t>(r);
  }
  template<typename S>
  void serialize(S& s)
  {
    s.value1b(head);
    s.object(one);
    s.container(v, 100);
    s.value1b(trailer);
  }
};

// ---------------------------------------------------------------------------------------
// Judging mutated bytes (`--mutations M`): after each case line, M mutations of each
// configuration's bytes, each read back by the library, one line each:
//
//     ~ TAB <shape> TAB <case> TAB <config index> TAB <mutation> TAB ok TAB <value>
//     ~ TAB <shape> TAB <case> TAB <config index> TAB <mutation> TAB err TAB <why>
//
// The mutation (one only where the bytes are longer than 4 KiB) is applied to the
// case line's bytes of that configuration: `t<n>` truncate to n bytes, `f<bit>` flip
// bit (bit % 8 of byte bit / 8), `s<i>=<hh>` set byte i, `i<i>=<hh>` insert a byte
// before byte i, `d<i>` delete byte i, `a<hh>` append a byte. `ok` when the library
// read the whole input without an error (Bitsery: `NoError` and
// `isCompletedSuccessfully`; YAS: no exception and no byte left), with the value read
// (the type read, for the growable evolution shapes); `err` otherwise. The mutations
// draw from their own stream (seed, shape, case, configuration), so the values of a
// seed do not depend on `--mutations`.
// ---------------------------------------------------------------------------------------

static uint64_t g_seed = 0;
static uint64_t g_mutations = 0;

// The bytes a mutation is most likely to matter as: size forms' edges, bools, YAS
// compacted headers, zero and all ones.
static uint8_t interesting_byte(Rng& r)
{
  static const uint8_t edges[] = { 0x00, 0x01, 0x02, 0x3f, 0x40, 0x7f, 0x80, 0x81,
                                   0xbf, 0xc0, 0xc1, 0xfe, 0xff };
  return r.percent(70) ? r.pick(edges) : uint8_t(r.next());
}

static std::string hex2(uint8_t b)
{
  char t[3];
  std::snprintf(t, sizeof t, "%02x", b);
  return t;
}

// One mutation of `in` (which may be empty): its text and the bytes.
static std::pair<std::string, Buffer> mutate(Rng& r, const Buffer& in)
{
  const size_t n = in.size();
  Buffer out = in;
  switch (n == 0 ? 5 : r.below(6)) {
    case 0: {
      const size_t len = r.below(n);
      out.resize(len);
      return { "t" + std::to_string(len), out };
    }
    case 1: {
      // Mostly in the last bytes, where the padding bits and the last fields are.
      const size_t bit = r.percent(30) ? 8 * (n - 1) + r.below(8) : r.below(8 * n);
      out[bit / 8] ^= uint8_t(1u << (bit % 8));
      return { "f" + std::to_string(bit), out };
    }
    case 2: {
      const size_t i = r.below(n);
      const uint8_t b = interesting_byte(r);
      out[i] = b;
      return { "s" + std::to_string(i) + "=" + hex2(b), out };
    }
    case 3: {
      const size_t i = r.below(n + 1);
      const uint8_t b = interesting_byte(r);
      out.insert(out.begin() + std::ptrdiff_t(i), b);
      return { "i" + std::to_string(i) + "=" + hex2(b), out };
    }
    case 4: {
      const size_t i = r.below(n);
      out.erase(out.begin() + std::ptrdiff_t(i));
      return { "d" + std::to_string(i), out };
    }
    default: {
      const uint8_t b = interesting_byte(r);
      out.push_back(b);
      return { "a" + hex2(b), out };
    }
  }
}

// An exception's message without YAS's `file(line): ` before it, on one line.
static std::string one_line(std::string s)
{
  const size_t at = s.find("): ");
  if (at != std::string::npos)
    s = s.substr(at + 3);
  for (char& ch : s)
    if (ch == '\t' || ch == '\n')
      ch = ' ';
  return s;
}

static const char* reader_error_name(bitsery::ReaderError e)
{
  switch (e) {
    case bitsery::ReaderError::NoError:
      return "NoError";
    case bitsery::ReaderError::ReadingError:
      return "ReadingError";
    case bitsery::ReaderError::DataOverflow:
      return "DataOverflow";
    case bitsery::ReaderError::InvalidData:
      return "InvalidData";
    case bitsery::ReaderError::InvalidPointer:
      return "InvalidPointer";
  }
  return "?";
}

template<typename Config, typename R>
std::string bitsery_judge(const Buffer& buf)
{
  try {
    R back{};
    bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{ buf.begin(),
                                                                            buf.size() };
    g_read_max = buf.size();
    des.object(back);
    g_read_max = kMaxSize;
    const auto e = des.adapter().error();
    if (e != bitsery::ReaderError::NoError)
      return std::string("err\t") + reader_error_name(e);
    if (!des.adapter().isCompletedSuccessfully())
      return "err\tnot completed (bytes left)";
    std::string out = "ok\t";
    g_multimap_unordered = true;
    print(out, back);
    g_multimap_unordered = false;
    return out;
  } catch (const std::exception& e) {
    g_read_max = kMaxSize;
    return "err\texception: " + one_line(e.what());
  }
}

template<size_t F, typename R>
std::string yas_judge(const Buffer& buf)
{
  try {
    R back{};
    yas::mem_istream is(buf.data(), buf.size());
    yas::binary_iarchive<yas::mem_istream, F> ia(is);
    ia & back;
    if (!is.empty())
      return "err\tbytes left";
    std::string out = "ok\t";
    print(out, back);
    return out;
  } catch (const std::exception& e) {
    return "err\texception: " + one_line(e.what());
  }
}

// Reads `buf` as `R` in configuration `config` (the Rust side's CONFIGS order).
template<typename R, bool Yas>
std::string judge(size_t config, const Buffer& buf)
{
  switch (config) {
    case 0:
      return bitsery_judge<bitsery::DefaultConfig, R>(buf);
    case 1:
      return bitsery_judge<BitseryBigEndian, R>(buf);
  }
  if constexpr (Yas) {
    switch (config) {
      case 2:
        return yas_judge<yas::binary, R>(buf);
      case 3:
        return yas_judge<yas::binary | yas::no_header, R>(buf);
      case 4:
        return yas_judge<yas::binary | yas::compacted, R>(buf);
      case 5:
        return yas_judge<yas::binary | yas::ebig, R>(buf);
      case 6:
        return yas_judge<yas::binary | yas::compacted | yas::ebig, R>(buf);
    }
  }
  die("judge", "no configuration " + std::to_string(config));
}

static uint64_t shape_seed(uint64_t seed, const char* name);

// YAS's `from_utf8` (`detail/tools/utf8conv.hpp`), which reads a `std::u16string` or
// `std::wstring`, reads past the end of its string on malformed UTF-8 (a segfault
// here): mutations of the shape that holds them are judged by Bitsery only.
template<typename R>
constexpr bool yas_reads_safely = !std::is_same_v<R, WideStrings>;

template<typename R, bool Yas>
void judge_mutations(const char* name, uint64_t c, const std::vector<Buffer>& bufs)
{
  std::string line;
  const size_t configs = yas_reads_safely<R> ? bufs.size() : 2;
  for (size_t config = 0; config < configs; ++config) {
    Rng r{ shape_seed(g_seed, name) ^ (c * 0x9E3779B97F4A7C15ull) ^ (config << 56) ^
           0x6D757461746521ull };
    // One mutation of a long message (a sequence at a length prefix's edge): its value
    // is printed whole in each verdict, and reading and printing it costs most of the
    // run while the mutation rarely lands near what is being tested.
    const uint64_t count = bufs[config].size() > 4096 ? std::min<uint64_t>(g_mutations, 1)
                                                      : g_mutations;
    for (uint64_t m = 0; m < count; ++m) {
      auto [what, bytes] = mutate(r, bufs[config]);
      line = "~\t";
      line += name;
      line += '\t';
      line += std::to_string(c);
      line += '\t';
      line += std::to_string(config);
      line += '\t';
      line += what;
      line += '\t';
      line += judge<R, Yas>(config, bytes);
      line += '\n';
      std::fwrite(line.data(), 1, line.size(), stdout);
    }
  }
}

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
    const std::vector<Buffer> bufs =
      encode_all<Yas>(std::string(name) + " case " + std::to_string(c), v);
    for (const Buffer& b : bufs) {
      line += '\t';
      put_hex(line, b.data(), b.size());
    }
    if constexpr (!Yas)
      line += "\t-\t-\t-\t-\t-";
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
    if (g_mutations > 0)
      judge_mutations<T, Yas>(name, c, bufs);
  }
}


// The Bitsery-only shapes of the extensions: drawn by their own `draw`, written by
// their own `serialize`, in the two Bitsery configs. `W` is the type written, `R` the
// type Bitsery reads the bytes as (another version, for the growable evolution shapes).
// The value field is the value written, then, where what is read may differ from it
// (quantised floats, another version), ` ~ ` and the value Bitsery read back from the
// little-endian bytes (the same as from the big-endian ones, checked); ` ~ ! ` and what
// the reader's object holds where Bitsery's reader reports an error: a float range
// whose top code decodes past `max`, or a newer growable bit-packed record read as an
// older one whose last byte holds bits of the newer fields (read as padding).
template<typename Config, typename T>
Buffer ext_encode(const T& value)
{
  Buffer buf;
  bitsery::Serializer<bitsery::OutputBufferAdapter<Buffer, Config>> ser{ buf };
  ser.object(const_cast<T&>(value));
  ser.adapter().flush();
  buf.resize(ser.adapter().writtenBytesCount());
  return buf;
}

template<typename Config, typename R>
std::string ext_read_back(const Buffer& buf)
{
  R back{};
  bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{ buf.begin(),
                                                                          buf.size() };
  des.object(back);
  std::string out;
  if (des.adapter().error() != bitsery::ReaderError::NoError ||
      !des.adapter().isCompletedSuccessfully())
    out = "! ";
  print(out, back);
  return out;
}

template<typename W, typename R, bool Lossy>
void run_ext(const char* name, Rng& r, uint64_t cases)
{
  constexpr bool differs = Lossy || !std::is_same_v<W, R>;
  std::string line;
  for (uint64_t c = 0; c < cases; ++c) {
    const std::string what = std::string(name) + " case " + std::to_string(c);
    W v{};
    v.draw(r);
    const Buffer le = ext_encode<bitsery::DefaultConfig>(v);
    const Buffer be = ext_encode<BitseryBigEndian>(v);
    const std::string read_le = ext_read_back<bitsery::DefaultConfig, R>(le);
    const std::string read_be = ext_read_back<BitseryBigEndian, R>(be);
    std::string written;
    print(written, v);
    if (read_le != read_be)
      die("Bitsery's little- and big-endian reads differ", what + "\n  " + read_le + "\n  " + read_be);
    if (!differs && read_le.rfind("! ", 0) == 0)
      die("Bitsery could not read back its own bytes", what);
    if (!differs && read_le != written)
      die("Bitsery read back another value", what + "\n  wrote " + written + "\n  read  " + read_le);
    line.clear();
    line += name;
    line += '\t';
    line += std::to_string(c);
    line += '\t';
    line += written;
    if (differs) {
      line += "~ ";
      line += read_le;
    }
    line += '\t';
    put_hex(line, le.data(), le.size());
    line += '\t';
    put_hex(line, be.data(), be.size());
    line += "\t-\t-\t-\t-\t-\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    if (g_mutations > 0)
      judge_mutations<R, false>(name, c, { le, be });
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
  { "lists", run_shape<Lists> },
  { "bp_ints", run_ext<BpInts, BpInts, false> },
  { "bp_scalars", run_ext<BpScalars, BpScalars, false> },
  { "bp_floats", run_ext<BpFloats, BpFloats, true> },
  { "bp_entropy", run_ext<BpEntropy, BpEntropy, false> },
  { "bp_containers", run_ext<BpContainers, BpContainers, false> },
  { "bp_nested", run_ext<BpNested, BpNested, false> },
  { "bp_std", run_ext<BpStd, BpStd, false> },
  { "compact", run_ext<Compact, Compact, false> },
  { "compact_bits", run_ext<CompactBits, CompactBits, false> },
  { "growables", run_ext<Growables, Growables, false> },
  { "growable_std", run_ext<GrowableStd, GrowableStd, false> },
  { "growable_bits", run_ext<GrowableBits, GrowableBits, false> },
  { "growable_v1_as_v2", run_ext<EvoSeq<EvoV1>, EvoSeq<EvoV2>, false> },
  { "growable_v2_as_v1", run_ext<EvoSeq<EvoV2>, EvoSeq<EvoV1>, false> },
  { "growable_bits_v1_as_v2", run_ext<EvoSeq<GBitsV1>, EvoSeq<GBitsV2>, false> },
  { "growable_bits_v2_as_v1", run_ext<EvoSeq<GBitsV2>, EvoSeq<GBitsV1>, false> },
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
      die("usage", "gen --seed N --cases N [--mutations M] [--shape NAME]... | gen --list");
    const char* v = argv[++i];
    if (a == "--seed") {
      seed = std::strtoull(v, nullptr, 10);
      have_seed = true;
    } else if (a == "--cases") {
      cases = std::strtoull(v, nullptr, 10);
      have_cases = true;
    } else if (a == "--mutations") {
      g_mutations = std::strtoull(v, nullptr, 10);
    } else if (a == "--shape") {
      only.insert(v);
    } else {
      die("unknown argument", a);
    }
  }
  if (!have_seed || !have_cases)
    die("usage", "gen --seed N --cases N [--mutations M] [--shape NAME]... | gen --list");
  g_seed = seed;
  if (g_mutations > 0) {
    // A size field that lies makes both libraries resize a container to its claim
    // before reading the elements (Bitsery: up to 2^30 of them): past 64 MiB that is a
    // std::bad_alloc, which the judge reports as a refusal, instead of gigabytes
    // zero-filled.
    const rlimit cap{ rlim_t(64) << 20, rlim_t(64) << 20 };
    setrlimit(RLIMIT_AS, &cap);
  }
  for (const Shape& s : kShapes) {
    if (!only.empty() && !only.count(s.name))
      continue;
    Rng r{ shape_seed(seed, s.name) };
    s.run(s.name, r, cases);
  }
  return std::fflush(stdout) == 0 ? 0 : 2;
}
