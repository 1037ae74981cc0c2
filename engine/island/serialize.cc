// Serialize (serialize.h).
#include "island/serialize.h"

#include <cstdio>
#include <cstdlib>

#include "island/invariants.h"

namespace arbiter::island {
namespace {

const char* EndName(End e) {
  switch (e) {
    case End::kNone:
      return "none";
    case End::kRetreatEdge:
      return "retreat-edge";
    case End::kKnockedOff:
      return "knocked-off";
    case End::kInvalid:
      return "invalid";
    case End::kIllegal:
      return "illegal";
    case End::kDisqualified:
      return "disqualified";
    case End::kLimit:
      return "limit";
  }
  return "?";
}

std::string HandText(const Hand& h) {
  std::string out;
  for (int8_t t : h) out += t == kNoTile ? '?' : static_cast<char>('0' + t);
  return out;
}

// "a,b" into two integers in [lo, hi].
bool Pair(std::string_view text, int lo, int hi, std::array<int, 2>& out) {
  const auto parts = SplitOn(text, ',');
  if (parts.size() != 2) return false;
  for (int i = 0; i < 2; ++i) {
    const auto v = ParseCanonicalInt(parts[i]);
    if (!v || *v < lo || *v > hi) return false;
    out[i] = static_cast<int>(*v);
  }
  return true;
}

bool HandOf(std::string_view text, Hand& out) {
  if (text.size() != kHandSize) return false;
  for (int i = 0; i < kHandSize; ++i) {
    const char c = text[i];
    if (c == '?') {
      out[i] = kNoTile;
    } else if (c >= '0' + kMinTile && c <= '0' + kMaxTile) {
      out[i] = static_cast<int8_t>(c - '0');
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

Parsed<State> Deserialize(std::string_view text) {
  const size_t at = text.find(" rules=");
  if (text.substr(0, 7) != "island " || at == std::string_view::npos)
    return ParseError{1, 0, "expected 'island turn=... rules=...'"};
  Rules rules;
  const std::string_view rule_text = text.substr(at + 7);
  for (std::string_view kv : SplitOn(rule_text, ' ')) {
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos) return ParseError{1, 0, "rules: expected key=value"};
    if (auto err = SetRule(rules, kv.substr(0, eq), kv.substr(eq + 1)); !err.empty())
      return ParseError{1, 0, "rules: " + err};
  }
  if (DescribeRules(rules) != rule_text)
    return ParseError{1, 0, "rules must list every option once, in canonical order"};
  const auto fields = SplitOn(text.substr(7, at - 7), ' ');
  const char* const kNames[] = {"turn",  "pos", "hands",  "shuffles",
                                "fresh", "end", "winner", "rng"};
  if (fields.size() != std::size(kNames)) return ParseError{1, 0, "expected 8 fields before rules"};
  std::string_view v[std::size(kNames)];
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string name = std::string(kNames[i]) + "=";
    if (fields[i].substr(0, name.size()) != name)
      return ParseError{1, 0, "expected '" + name + "' as field " + std::to_string(i + 1)};
    v[i] = fields[i].substr(name.size());
  }
  const auto turn = ParseCanonicalInt(v[0]);
  if (!turn || *turn < 0 || *turn > rules.max_turns) return ParseError{1, 0, "turn: out of range"};
  std::array<int, 2> pos{}, shuffles{}, fresh{};
  if (!Pair(v[1], -2 * kIslandSize, 3 * kIslandSize, pos))  // off the island at the end
    return ParseError{1, 0, "pos: expected two positions"};
  std::array<Hand, 2> hands{};
  const auto hand_text = SplitOn(v[2], ',');
  if (hand_text.size() != 2 || !HandOf(hand_text[0], hands[0]) || !HandOf(hand_text[1], hands[1]))
    return ParseError{1, 0, "hands: expected two hands of 5 tiles 1..4 or '?'"};
  if (!Pair(v[3], 0, rules.shuffle_limit, shuffles))
    return ParseError{1, 0, "shuffles: out of range"};
  if (!Pair(v[4], 0, (1 << kHandSize) - 1, fresh)) return ParseError{1, 0, "fresh: out of range"};
  End end = End::kNone;
  bool named = false;
  for (End e : {End::kNone, End::kRetreatEdge, End::kKnockedOff, End::kInvalid, End::kIllegal,
                End::kDisqualified, End::kLimit})
    if (v[5] == EndName(e)) end = e, named = true;
  if (!named) return ParseError{1, 0, "end: not an end's name"};
  const auto winner = ParseCanonicalInt(v[6]);
  if (!winner || *winner < -1 || *winner > 1) return ParseError{1, 0, "winner: -1, 0 or 1"};
  if (v[7].size() != 16 || v[7].find_first_not_of("0123456789abcdef") != std::string_view::npos)
    return ParseError{1, 0, "rng: expected 16 lowercase hex digits"};
  const uint64_t rng = std::strtoull(std::string(v[7]).c_str(), nullptr, 16);
  State s = State::Restore(rules, static_cast<int>(*turn), pos, hands, shuffles,
                           {static_cast<uint8_t>(fresh[0]), static_cast<uint8_t>(fresh[1])}, end,
                           static_cast<int>(*winner), rng);
  if (std::string why = CheckInvariants(s); !why.empty()) return ParseError{1, 0, why};
  if (Serialize(s) != text) return ParseError{1, 0, "not in the canonical form Serialize writes"};
  return s;
}

std::string Serialize(const State& s) {
  char rng[17];
  std::snprintf(rng, sizeof rng, "%016llx", static_cast<unsigned long long>(s.rng_state()));
  return "island turn=" + std::to_string(s.turn()) + " pos=" + std::to_string(s.pos(0)) + "," +
         std::to_string(s.pos(1)) + " hands=" + HandText(s.hand(0)) + "," + HandText(s.hand(1)) +
         " shuffles=" + std::to_string(s.shuffles(0)) + "," + std::to_string(s.shuffles(1)) +
         " fresh=" + std::to_string(s.fresh(0)) + "," + std::to_string(s.fresh(1)) +
         " end=" + EndName(s.end()) + " winner=" + std::to_string(s.Winner()) + " rng=" + rng +
         " rules=" + DescribeRules(s.rules());
}

}  // namespace arbiter::island
