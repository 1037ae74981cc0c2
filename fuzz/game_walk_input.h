// The byte format of game_walk_fuzzer, shared with its seed writer
// (fuzz/make_walk_seeds.cc, run by scripts/make-seeds), and the rule options
// it chooses among: every value of every rule option of the game's register
// (a decision's "option": its default and its alternatives, an alternative
// "A..B" being the whole numbers of that range), read from the register
// compiled into arbiter (report/rule_options.h), so that no game is named here.
//
// An input, front to back (bytes past its end read as 0):
//   byte 0     the game, modulo the number of registered games
//   byte 1     the rule set: 0 the default, i the profile i - 1 (modulo
//              the number of profiles + 1)
//   byte 2     bits 0..1: how many rule options follow (0..3); bit 2: the
//              start comes from GameInfo::fuzz_start (where the game has one)
//   2 bytes    per rule option: which value (modulo their number), then the
//              value within a range (RangeValue)
//   8 bytes    the seed of the game's chance and of the built-in players
//   16 bytes   with bit 2 only: the bytes of fuzz_start (kFuzzStartBytes)
//   the rest   one byte per turn (game_walk_fuzzer.cc says what each means)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "report/rule_options.h"

namespace arbiter::fuzz {

inline constexpr int kMaxRuleOptions = 3;

struct WalkInput {
  uint8_t game = 0;
  uint8_t rule_set = 0;
  std::vector<std::array<uint8_t, 2>> options;  // (which value, value within a range)
  bool game_start = false;
  uint64_t seed = 0;
  std::array<uint8_t, kFuzzStartBytes> start{};
  std::string turns;

  friend bool operator==(const WalkInput&, const WalkInput&) = default;
};

// One value of a rule option: `value`, or with `range` every whole number
// in [lo, hi].
struct RuleValue {
  std::string key;
  std::string value;
  bool range = false;
  long long lo = 0, hi = 0;
};

inline WalkInput ConsumeWalkInput(std::span<const uint8_t> data) {
  size_t at = 0;
  const auto next = [&]() -> uint8_t { return at < data.size() ? data[at++] : 0; };
  WalkInput w;
  w.game = next();
  w.rule_set = next();
  const uint8_t flags = next();
  w.options.resize(flags & 3);
  for (auto& o : w.options) o = {next(), next()};
  w.game_start = (flags & 4) != 0;
  for (int i = 0; i < 8; ++i) w.seed |= static_cast<uint64_t>(next()) << (8 * i);
  if (w.game_start)
    for (auto& b : w.start) b = next();
  if (at < data.size()) w.turns.assign(data.begin() + at, data.end());
  return w;
}

inline std::string EncodeWalkInput(const WalkInput& w) {
  std::string out;
  const auto put = [&](uint8_t b) { out.push_back(static_cast<char>(b)); };
  put(w.game);
  put(w.rule_set);
  put(static_cast<uint8_t>(w.options.size() | (w.game_start ? 4 : 0)));
  for (const auto& o : w.options) {
    put(o[0]);
    put(o[1]);
  }
  for (int i = 0; i < 8; ++i) put(static_cast<uint8_t>(w.seed >> (8 * i)));
  if (w.game_start)
    for (uint8_t b : w.start) put(b);
  return out + w.turns;
}

// The value a range's byte `b` picks: lo + b for b < 200 (the low edge and
// the small values), hi - (b - 200) above (the high edge).
inline long long RangeValue(const RuleValue& v, uint8_t b) {
  if (b >= 200) return std::max(v.lo, v.hi - (b - 200));
  return std::min(v.hi, v.lo + b);
}

// "A..B" as a range; false when `text` is not one.
inline bool ParseRange(const std::string& text, long long& lo, long long& hi) {
  const size_t dots = text.find("..");
  if (dots == std::string::npos) return false;
  try {
    size_t end = 0;
    lo = std::stoll(text.substr(0, dots), &end);
    if (end != dots) return false;
    hi = std::stoll(text.substr(dots + 2), &end);
    return end == text.size() - dots - 2 && lo <= hi;
  } catch (const std::exception&) {
    return false;
  }
}

// Every value of every rule option of `game`'s register, in register order
// (report::RuleOptionsOf; empty when it has no register).
inline std::vector<RuleValue> RuleValuesOf(const GameInfo& game) {
  std::vector<RuleValue> out;
  for (const report::RuleOption& o : report::RuleOptionsOf(game.name)) {
    RuleValue r{o.key, o.value};
    r.range = ParseRange(r.value, r.lo, r.hi);
    out.push_back(std::move(r));
  }
  return out;
}

// The rules `w` chooses for `game` (values: RuleValuesOf(game)): the
// profile's, then each rule option in turn (a later one of a key wins).
inline RuleList RulesOf(const GameInfo& game, const std::vector<RuleValue>& values,
                        const WalkInput& w) {
  RuleList rules;
  if (const size_t n = game.profiles.size(); w.rule_set % (n + 1) != 0)
    for (const auto& [key, value] : game.profiles[w.rule_set % (n + 1) - 1].rules)
      rules.emplace_back(key, value);
  if (values.empty()) return rules;
  for (const auto& o : w.options) {
    const RuleValue& v = values[o[0] % values.size()];
    rules.emplace_back(v.key, v.range ? std::to_string(RangeValue(v, o[1])) : v.value);
  }
  return rules;
}

}  // namespace arbiter::fuzz
