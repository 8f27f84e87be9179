// Writes bit-packed records with the real Bitsery 5.2.4, for `testdata/bit-packing/`
// (see its README and `bitsery_bit_packing.sh`).
//
// Each shape below is a record whose `serialize` wraps its fields in
// `enableBitPacking`, with `ext::ValueRange`, `ext::Entropy`, `ext::StdOptional`,
// `adapter().align()` and `ext::CompactValue` where the shape says, as a Bitsery user
// writes them. Per shape, `--cases N` values are drawn from a seeded generator
// (SplitMix64, fully specified), after the shape's fixed cases, which mirror the
// held-out fixtures of `shared/golden-ext` (`bits_game_state`,
// `bits_unaligned_containers`, `bits_entropy_miss_noalign`, `compact_i16`).
//
// One line per case:
//
//     <shape> TAB <case> TAB <value> TAB <decoded> TAB <hex: bitsery-le> TAB <hex: bitsery-be>
//
// `value` is what was written, `decoded` what Bitsery read back from the little-endian
// bytes (they differ only where a float range quantises), both in the text form of
// `tests/differential/gen.cpp`: integers in decimal, `true`/`false`, floats as `x` and
// their IEEE-754 bits in hex, strings as `"` hex of their UTF-8 `"`, sequences as
// `[ ... ]`, optionals as `( )` / `( v )`, records as `{ ... }`, variants as
// `< index v >`, tokens separated by one space.
//
// Every encoding is read back by Bitsery with the same config before its line is
// printed: `ReaderError::NoError` and `isCompletedSuccessfully()`, the big-endian read
// equal to the little-endian one, and the value read equal to the value written except
// for quantised floats. A failure aborts the program.
//
// Usage: bitsery_bit_packing [--seed N] [--cases N] OUT_DIR, which writes
// OUT_DIR/cases.tsv (by default with the committed file's seed and count);
// `generate.sh` runs it.

#include <bitsery/adapter/buffer.h>
#include <bitsery/bitsery.h>
#include <bitsery/ext/compact_value.h>
#include <bitsery/ext/entropy.h>
#include <bitsery/ext/std_map.h>
#include <bitsery/ext/std_optional.h>
#include <bitsery/ext/std_variant.h>
#include <bitsery/ext/value_range.h>
#include <bitsery/traits/array.h>
#include <bitsery/traits/string.h>
#include <bitsery/traits/vector.h>

#include <array>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using bitsery::ext::BitsConstraint;
using bitsery::ext::CompactValue;
using bitsery::ext::Entropy;
using bitsery::ext::StdMap;
using bitsery::ext::StdOptional;
using bitsery::ext::StdVariant;
using bitsery::ext::ValueRange;

static_assert(sizeof(float) == 4 && sizeof(double) == 8, "IEEE-754 binary32/binary64");

[[noreturn]] static void die(const char* what, const std::string& detail)
{
  std::fprintf(stderr, "bitsery_bit_packing: %s: %s\n", what, detail.c_str());
  std::exit(2);
}

// SplitMix64, as in tests/differential/gen.cpp.
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
  uint64_t below(uint64_t n) { return next() % n; }
  bool percent(unsigned p) { return below(100) < p; }
  // An integer in [lo, hi], often one of the ends.
  int64_t in(int64_t lo, int64_t hi)
  {
    switch (below(8)) {
      case 0:
        return lo;
      case 1:
        return hi;
      default:
        return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
    }
  }
  // A float in [lo, hi]: the ends, a random fraction of the way, or a value near one
  // of the codes `bits` bits give the range (where truncation decides the code).
  template<typename F>
  F in_float(F lo, F hi, unsigned bits)
  {
    switch (below(6)) {
      case 0:
        return lo;
      case 1:
        return hi;
      case 2: {
        const uint64_t top = (1ull << bits) - 1;
        const F step = (hi - lo) / static_cast<F>(top);
        const F v = lo + static_cast<F>(below(top + 1)) * step;
        return v < lo ? lo : (v > hi ? hi : v);
      }
      default: {
        const F t = static_cast<F>(next() >> 11) / static_cast<F>(1ull << 53);
        const F v = lo + t * (hi - lo);
        return v < lo ? lo : (v > hi ? hi : v);
      }
    }
  }
  std::string ascii(size_t max)
  {
    std::string s(below(max + 1), ' ');
    for (auto& c : s)
      c = static_cast<char>('a' + below(26));
    return s;
  }
  // A string of up to `max` bytes, some of them multi-byte UTF-8.
  std::string utf8(size_t max)
  {
    std::string s = ascii(max);
    if (!s.empty() && percent(30)) {
      s.pop_back();
      if (!s.empty()) {
        s.pop_back();
        s += "\xc3\xa9"; // é
      }
    }
    return s;
  }
};

// ---------------------------------------------------------------------------------------
// The text form
// ---------------------------------------------------------------------------------------

static void put_hex(std::string& out, const uint8_t* p, size_t n)
{
  static const char digits[] = "0123456789abcdef";
  for (size_t i = 0; i < n; ++i) {
    out += digits[p[i] >> 4];
    out += digits[p[i] & 15];
  }
}

template<typename T>
void print(std::string& out, const T& v);

template<typename T>
void print_seq(std::string& out, const T& v)
{
  out += "[ ";
  for (const auto& e : v)
    print(out, e);
  out += "] ";
}

template<typename T>
struct is_vector : std::false_type
{};
template<typename T>
struct is_vector<std::vector<T>> : std::true_type
{};
template<typename T>
struct is_array : std::false_type
{};
template<typename T, size_t N>
struct is_array<std::array<T, N>> : std::true_type
{};
template<typename T>
struct is_optional : std::false_type
{};
template<typename T>
struct is_optional<std::optional<T>> : std::true_type
{};
template<typename T>
struct is_map : std::false_type
{};
template<typename K, typename V>
struct is_map<std::map<K, V>> : std::true_type
{};
template<typename T>
struct is_variant : std::false_type
{};
template<typename... A>
struct is_variant<std::variant<A...>> : std::true_type
{};

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
    std::snprintf(buf,
                  sizeof buf,
                  sizeof(T) == 4 ? "x%08" PRIx64 " " : "x%016" PRIx64 " ",
                  static_cast<uint64_t>(b));
    out += buf;
  } else if constexpr (std::is_integral_v<T>) {
    out += std::is_signed_v<T> ? std::to_string(static_cast<int64_t>(v))
                               : std::to_string(static_cast<uint64_t>(v));
    out += ' ';
  } else if constexpr (std::is_same_v<T, std::string>) {
    out += '"';
    put_hex(out, reinterpret_cast<const uint8_t*>(v.data()), v.size());
    out += "\" ";
  } else if constexpr (is_vector<T>::value || is_array<T>::value) {
    print_seq(out, v);
  } else if constexpr (is_optional<T>::value) {
    out += "( ";
    if (v)
      print(out, *v);
    out += ") ";
  } else if constexpr (is_map<T>::value) {
    out += "[ ";
    for (const auto& [k, m] : v) {
      out += "{ ";
      print(out, k);
      print(out, m);
      out += "} ";
    }
    out += "] ";
  } else if constexpr (is_variant<T>::value) {
    out += "< " + std::to_string(v.index()) + " ";
    std::visit([&](const auto& e) { print(out, e); }, v);
    out += "> ";
  } else {
    out += "{ ";
    const_cast<T&>(v).fields([&](const auto& f) { print(out, f); });
    out += "} ";
  }
}

#define FIELDS(...)                                                            \
  template<typename F>                                                         \
  void fields(F&& field_visitor_)                                              \
  {                                                                            \
    visit_all(field_visitor_, __VA_ARGS__);                                    \
  }

template<typename F, typename... X>
void visit_all(F& f, X&... x)
{
  (f(x), ...);
}

// ---------------------------------------------------------------------------------------
// The shapes. Each lists its fields (FIELDS), draws a value (gen) and says how Bitsery
// writes it (serialize). tests/bit_packing.rs declares the Rust twins.
// ---------------------------------------------------------------------------------------

constexpr size_t kMaxName = 16;
constexpr size_t kMaxItems = 8;

// A game's per-player state update: `bits_game_state` of golden-ext, and the `game`
// benchmark's record.
struct Player
{
  float x{}, y{}, z{};
  uint8_t health{};
  bool alive{}, crouching{}, firing{}, invisible{};
  std::string name;
  std::vector<uint16_t> items;
  FIELDS(x, y, z, health, alive, crouching, firing, invisible, name, items)

  void gen(Rng& r)
  {
    x = r.in_float(-1000.0f, 1000.0f, 18);
    y = r.in_float(-1000.0f, 1000.0f, 18);
    z = r.in_float(-1000.0f, 1000.0f, 18);
    health = static_cast<uint8_t>(r.in(0, 100));
    alive = r.percent(50);
    crouching = r.percent(50);
    firing = r.percent(50);
    invisible = r.percent(50);
    name = r.utf8(kMaxName);
    items.resize(r.below(kMaxItems + 1));
    for (auto& i : items)
      i = static_cast<uint16_t>(r.in(0, 1023));
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      const ValueRange<float> coord{ -1000.0f, 1000.0f, 0.01f };
      bp.ext(x, coord);
      bp.ext(y, coord);
      bp.ext(z, coord);
      bp.ext(health, ValueRange<uint8_t>{ 0, 100 });
      bp.boolValue(alive);
      bp.boolValue(crouching);
      bp.boolValue(firing);
      bp.boolValue(invisible);
      bp.text1b(name, kMaxName);
      bp.container(items, kMaxItems, [](auto& b, uint16_t& id) {
        b.ext(id, ValueRange<uint16_t>{ 0, 1023 });
      });
    });
  }
};

// A message of players: a bit-packed record holding bit-packed records, whose own
// `enableBitPacking` is then a no-op (one session, padded once).
struct Message
{
  uint32_t tick{};
  std::vector<Player> players;
  FIELDS(tick, players)

  void gen(Rng& r)
  {
    tick = static_cast<uint32_t>(r.next());
    players.resize(r.below(4));
    for (auto& p : players)
      p.gen(r);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.value4b(tick);
      bp.container(players, 1000);
    });
  }
};

// Integer ranges of every width and sign, alone, in arrays and in vectors.
struct Ranges
{
  int8_t a{};
  uint16_t b{};
  int32_t c{};
  uint64_t d{};
  int64_t e{};
  std::array<int16_t, 3> f{};
  std::vector<uint32_t> g;
  uint8_t h{};
  FIELDS(a, b, c, d, e, f, g, h)

  void gen(Rng& r)
  {
    a = static_cast<int8_t>(r.in(-3, 3));
    b = static_cast<uint16_t>(r.in(1000, 1999));
    c = static_cast<int32_t>(r.in(-1000000, 1000000));
    d = static_cast<uint64_t>(r.in(0, INT64_MAX)) * 2 + r.below(2); // the whole u64
    e = r.in(-(int64_t(1) << 40), int64_t(1) << 40);
    for (auto& x : f)
      x = static_cast<int16_t>(r.in(-32768, 32767));
    g.resize(r.below(6));
    for (auto& x : g)
      x = static_cast<uint32_t>(r.in(0, 4095));
    h = static_cast<uint8_t>(r.in(0, 1));
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.ext(a, ValueRange<int8_t>{ -3, 3 });
      bp.ext(b, ValueRange<uint16_t>{ 1000, 1999 });
      bp.ext(c, ValueRange<int32_t>{ -1000000, 1000000 });
      bp.ext(d, ValueRange<uint64_t>{ 0, UINT64_MAX });
      bp.ext(e, ValueRange<int64_t>{ -(int64_t(1) << 40), int64_t(1) << 40 });
      bp.container(f, [](auto& b, int16_t& x) {
        b.ext(x, ValueRange<int16_t>{ -32768, 32767 });
      });
      bp.container(g, 5, [](auto& b, uint32_t& x) {
        b.ext(x, ValueRange<uint32_t>{ 0, 4095 });
      });
      bp.ext(h, ValueRange<uint8_t>{ 0, 1 });
    });
  }
};

// Float ranges: precision and bit-count forms, f32 and f64, alone and in a vector.
struct Floats
{
  float a{};
  double b{};
  float c{};
  std::vector<double> d;
  float e{};
  FIELDS(a, b, c, d, e)

  void gen(Rng& r)
  {
    a = r.in_float(-1.0f, 1.0f, 8);
    b = r.in_float(-1000.0, 1000.0, 20);
    c = r.in_float(0.0f, 360.0f, 12);
    d.resize(r.below(4));
    for (auto& x : d)
      x = r.in_float(-0.5, 2.5, 40);
    e = r.in_float(-4096.0f, 4096.0f, 24);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.ext(a, ValueRange<float>{ -1.0f, 1.0f, 0.01f });
      bp.ext(b, ValueRange<double>{ -1000.0, 1000.0, BitsConstraint{ 20 } });
      bp.ext(c, ValueRange<float>{ 0.0f, 360.0f, 0.1f });
      bp.container(d, 3, [](auto& b2, double& x) {
        b2.ext(x, ValueRange<double>{ -0.5, 2.5, 1e-12 });
      });
      bp.ext(e, ValueRange<float>{ -4096.0f, 4096.0f, BitsConstraint{ 24 } });
    });
  }
};

static std::vector<std::string> kMethods{ "GET", "POST", "PUT" };
static std::vector<uint16_t> kPorts{ 80, 443, 8080, 8443, 22 };

// Entropy coding: strings and integers, hits and misses, aligned and not.
struct Entropies
{
  bool secure{};
  std::string method;
  uint16_t port{};
  std::string unaligned;
  std::vector<uint16_t> ports;
  bool last{};
  FIELDS(secure, method, port, unaligned, ports, last)

  static std::string method_or_other(Rng& r)
  {
    return r.percent(70) ? kMethods[r.below(kMethods.size())] : r.ascii(8);
  }
  static uint16_t port_or_other(Rng& r)
  {
    return r.percent(70) ? kPorts[r.below(kPorts.size())]
                         : static_cast<uint16_t>(r.next());
  }

  void gen(Rng& r)
  {
    secure = r.percent(50);
    method = method_or_other(r);
    port = port_or_other(r);
    unaligned = method_or_other(r);
    ports.resize(r.below(5));
    for (auto& p : ports)
      p = port_or_other(r);
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      auto text = [](auto& b, std::string& m) { b.text1b(m, 32); };
      bp.boolValue(secure);
      bp.ext(method, Entropy<std::vector<std::string>>{ kMethods }, text);
      bp.ext2b(port, Entropy<std::vector<uint16_t>>{ kPorts });
      bp.ext(unaligned, Entropy<std::vector<std::string>>{ kMethods, false }, text);
      bp.container(ports, 4, [](auto& b, uint16_t& p) {
        b.ext2b(p, Entropy<std::vector<uint16_t>>{ kPorts, false });
      });
      bp.boolValue(last);
    });
  }
};

using Var = std::variant<uint16_t, std::string>;

// A bool on its own: a vector of them in a session is its size, then a bit each.
struct Flag
{
  bool v{};
  FIELDS(v)
};

// Whole bytes at any bit offset: strings, containers and their size prefixes, numbers,
// maps, variants; optionals with and without alignment; an explicit align.
struct Unaligned
{
  std::vector<Flag> lead;
  std::string text;
  std::vector<uint8_t> bytes;
  std::vector<uint16_t> shorts;
  uint32_t word{};
  uint64_t wide{};
  double real{};
  std::optional<uint16_t> opt;
  std::optional<std::string> opt_unaligned;
  std::map<uint8_t, bool> map;
  Var var;
  bool flag{};
  uint16_t aligned{};
  FIELDS(lead, text, bytes, shorts, word, wide, real, opt, opt_unaligned, map, var, flag, aligned)

  void gen(Rng& r)
  {
    lead.resize(r.below(8));
    for (auto& f : lead)
      f.v = r.percent(50);
    text = r.utf8(r.percent(10) ? 200 : 12);
    bytes.resize(r.percent(10) ? 130 + r.below(20) : r.below(10));
    for (auto& b : bytes)
      b = static_cast<uint8_t>(r.next());
    shorts.resize(r.below(5));
    for (auto& x : shorts)
      x = static_cast<uint16_t>(r.next());
    word = static_cast<uint32_t>(r.next());
    wide = r.next();
    real = static_cast<double>(static_cast<int64_t>(r.next())) / 1024.0;
    if (r.percent(60))
      opt = static_cast<uint16_t>(r.next());
    if (r.percent(60))
      opt_unaligned = r.ascii(5);
    for (auto n = r.below(4); n > 0; --n)
      map[static_cast<uint8_t>(r.next())] = r.percent(50);
    if (r.percent(50))
      var = static_cast<uint16_t>(r.next());
    else
      var = r.ascii(4);
    flag = r.percent(50);
    aligned = static_cast<uint16_t>(r.next());
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.container(lead, 7, [](auto& b, Flag& f) { b.boolValue(f.v); });
      bp.text1b(text, 1000);
      bp.container1b(bytes, 1000);
      bp.container2b(shorts, 100);
      bp.value4b(word);
      bp.value8b(wide);
      bp.value8b(real);
      bp.ext2b(opt, StdOptional{});
      bp.ext(opt_unaligned, StdOptional{ false }, [](auto& b, std::string& t) {
        b.text1b(t, 100);
      });
      bp.ext(map, StdMap{ 10 }, [](auto& b, uint8_t& k, bool& v) {
        b.value1b(k);
        b.boolValue(v);
      });
      bp.ext(var,
             StdVariant{ [](auto& b, uint16_t& v) { b.value2b(v); },
                         [](auto& b, std::string& t) { b.text1b(t, 100); } });
      bp.boolValue(flag);
      bp.adapter().align();
      bp.value2b(aligned);
    });
  }
};

// `bits_unaligned_containers` of golden-ext: a flag, then a string, a container of
// bytes (130 of them in the fixed case: a two-byte size), a CompactValue and a bool,
// all from bit 1.
struct UnalignedContainers
{
  bool flag{};
  std::string text;
  std::vector<uint8_t> bytes;
  uint32_t compact{};
  bool last{};
  FIELDS(flag, text, bytes, compact, last)

  void gen(Rng& r)
  {
    flag = r.percent(50);
    text = r.utf8(20);
    bytes.resize(r.percent(30) ? 128 + r.below(200) : r.below(20));
    for (auto& b : bytes)
      b = static_cast<uint8_t>(r.next());
    compact = static_cast<uint32_t>(r.next() >> r.below(33));
    last = r.percent(50);
  }

  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(flag);
      bp.text1b(text, 1000);
      bp.container1b(bytes, 1000);
      bp.ext4b(compact, CompactValue{});
      bp.boolValue(last);
    });
  }
};

// CompactValue inside and outside a session: every integer of the record through
// `ext::CompactValue` (8-bit ones raw), as the Rust type's `int = "varint"` writes them.
struct Compact
{
  bool flag{};
  uint8_t u8{};
  int8_t i8{};
  uint16_t u16{};
  int16_t i16{};
  uint32_t u32{};
  int32_t i32{};
  uint64_t u64{};
  int64_t i64{};
  FIELDS(flag, u8, i8, u16, i16, u32, i32, u64, i64)

  template<typename T>
  static T any(Rng& r)
  {
    // Small, at a LEB128 group's edge, or anything.
    switch (r.below(3)) {
      case 0:
        return static_cast<T>(static_cast<int64_t>(r.below(300)) - 150);
      case 1: {
        const unsigned k = static_cast<unsigned>(r.below(sizeof(T) * 8));
        return static_cast<T>((uint64_t(1) << k) - r.below(2));
      }
      default:
        return static_cast<T>(r.next());
    }
  }

  void gen(Rng& r)
  {
    flag = r.percent(50);
    u8 = any<uint8_t>(r);
    i8 = any<int8_t>(r);
    u16 = any<uint16_t>(r);
    i16 = any<int16_t>(r);
    u32 = any<uint32_t>(r);
    i32 = any<int32_t>(r);
    u64 = any<uint64_t>(r);
    i64 = any<int64_t>(r);
  }

  template<typename B>
  void ints(B& b)
  {
    b.ext1b(u8, CompactValue{});
    b.ext1b(i8, CompactValue{});
    b.ext2b(u16, CompactValue{});
    b.ext2b(i16, CompactValue{});
    b.ext4b(u32, CompactValue{});
    b.ext4b(i32, CompactValue{});
    b.ext8b(u64, CompactValue{});
    b.ext8b(i64, CompactValue{});
  }
};

// `Compact` inside a session, after its flag bit.
struct CompactBits : Compact
{
  template<typename S>
  void serialize(S& s)
  {
    s.enableBitPacking([this](auto& bp) {
      bp.boolValue(flag);
      ints(bp);
    });
  }
};

// `Compact` without a session: the flag a byte.
struct CompactBytes : Compact
{
  template<typename S>
  void serialize(S& s)
  {
    s.boolValue(flag);
    ints(s);
  }
};

// ---------------------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------------------

using Buffer = std::vector<uint8_t>;

struct BigEndian : bitsery::DefaultConfig
{
  static constexpr bitsery::EndiannessType Endianness = bitsery::EndiannessType::BigEndian;
};

template<typename Config, typename T>
Buffer encode(const T& value)
{
  Buffer buf;
  bitsery::Serializer<bitsery::OutputBufferAdapter<Buffer, Config>> ser{ buf };
  ser.object(const_cast<T&>(value));
  ser.adapter().flush();
  buf.resize(ser.adapter().writtenBytesCount());
  return buf;
}

template<typename Config, typename T>
T decode(const std::string& name, const Buffer& buf)
{
  T back{};
  bitsery::Deserializer<bitsery::InputBufferAdapter<Buffer, Config>> des{ buf.begin(),
                                                                          buf.size() };
  des.object(back);
  if (des.adapter().error() != bitsery::ReaderError::NoError ||
      !des.adapter().isCompletedSuccessfully())
    die("Bitsery could not read back its own bytes", name);
  return back;
}

// Prints one case. `lossy`: the shape quantises floats, so the value read back may
// differ from the value written.
template<typename T>
void emit(const char* shape, const std::string& index, const T& value, bool lossy)
{
  const std::string name = std::string(shape) + " case " + index;
  const Buffer le = encode<bitsery::DefaultConfig>(value);
  const Buffer be = encode<BigEndian>(value);
  std::string written, read_le, read_be;
  print(written, value);
  print(read_le, decode<bitsery::DefaultConfig, T>(name, le));
  print(read_be, decode<BigEndian, T>(name, be));
  if (read_le != read_be)
    die("little- and big-endian reads differ", name);
  if (!lossy && read_le != written)
    die("Bitsery read back another value", name + "\n  wrote " + written + "\n  read  " + read_le);
  std::string line = std::string(shape) + '\t' + index + '\t' + written + '\t' + read_le + '\t';
  put_hex(line, le.data(), le.size());
  line += '\t';
  put_hex(line, be.data(), be.size());
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stdout);
}

template<typename T>
void random_cases(const char* shape, Rng& r, uint64_t cases, bool lossy)
{
  for (uint64_t c = 0; c < cases; ++c) {
    T v{};
    v.gen(r);
    emit(shape, std::to_string(c), v, lossy);
  }
}

// The fixed cases: golden-ext's held-out fixtures, by their description.
static void fixed_cases()
{
  // bits_game_state: 3 x f32 of 18 bits, health 7 bits, 4 flags, name "Zed", 3 item
  // ids of 10 bits: 135 bits, 17 bytes.
  Player p;
  p.x = 12.5f;
  p.y = -250.25f;
  p.z = 999.99f;
  p.health = 73;
  p.alive = true;
  p.crouching = false;
  p.firing = true;
  p.invisible = false;
  p.name = "Zed";
  p.items = { 7, 512, 1023 };
  emit("player", "game_state", p, true);

  // bits_unaligned_containers: a flag, then the string "hi!", a 130-byte container
  // (two-byte size), CompactValue 300 and a last bool, all from bit 1.
  UnalignedContainers u;
  u.flag = true;
  u.text = "hi!";
  u.bytes.resize(130);
  for (size_t i = 0; i < u.bytes.size(); ++i)
    u.bytes[i] = static_cast<uint8_t>(i);
  u.compact = 300;
  u.last = true;
  emit("unaligned_containers", "unaligned_containers", u, false);

  // bits_entropy_miss_noalign: the entropy miss "PATCH", not aligned.
  Entropies e;
  e.secure = false;
  e.method = "PATCH";
  e.port = 443;
  e.unaligned = "PATCH";
  emit("entropies", "entropy_miss_noalign", e, false);

  // compact_i16: i16 values through CompactValue.
  for (int16_t v : { int16_t(0), int16_t(1), int16_t(-1), int16_t(63), int16_t(64),
                     int16_t(-64), int16_t(-65), int16_t(-32768), int16_t(32767) }) {
    CompactBytes c;
    c.i16 = v;
    emit("compact_bytes", "compact_i16_" + std::to_string(v), c, false);
  }
}

struct Shape
{
  const char* name;
  void (*run)(const char*, Rng&, uint64_t);
};

template<typename T, bool Lossy>
void run(const char* name, Rng& r, uint64_t cases)
{
  random_cases<T>(name, r, cases, Lossy);
}

static const Shape kShapes[] = {
  { "player", run<Player, true> },
  { "message", run<Message, true> },
  { "ranges", run<Ranges, false> },
  { "floats", run<Floats, true> },
  { "entropies", run<Entropies, false> },
  { "unaligned", run<Unaligned, false> },
  { "unaligned_containers", run<UnalignedContainers, false> },
  { "compact_bits", run<CompactBits, false> },
  { "compact_bytes", run<CompactBytes, false> },
};

int main(int argc, char** argv)
{
  // The committed file's seed and number of random cases per shape.
  uint64_t seed = 20250601, cases = 100;
  const char* out_dir = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seed" && i + 1 < argc)
      seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--cases" && i + 1 < argc)
      cases = std::strtoull(argv[++i], nullptr, 10);
    else if (!out_dir && a.rfind("--", 0) != 0)
      out_dir = argv[i];
    else
      die("usage", "bitsery_bit_packing [--seed N] [--cases N] OUT_DIR");
  }
  if (!out_dir)
    die("usage", "bitsery_bit_packing [--seed N] [--cases N] OUT_DIR");
  const std::string path = std::string(out_dir) + "/cases.tsv";
  if (!std::freopen(path.c_str(), "w", stdout))
    die("cannot write", path);
  fixed_cases();
  for (const Shape& s : kShapes) {
    Rng r{ seed };
    for (const char* p = s.name; *p; ++p)
      r.state = (r.state ^ static_cast<uint8_t>(*p)) * 0x100000001B3ull;
    s.run(s.name, r, cases);
  }
  return std::fflush(stdout) == 0 ? 0 : 2;
}
