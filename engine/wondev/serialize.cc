// The text serialisation of a wondev State (format: serialize.h).
#include "wondev/serialize.h"

#include <vector>

#include "wondev/invariants.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

bool Int(std::string_view f, long long lo, long long hi, int& out) {
  const auto v = ParseCanonicalInt(f);
  if (!v || *v < lo || *v > hi) return false;
  out = static_cast<int>(*v);
  return true;
}

}  // namespace

std::string Serialize(const State& s) {
  std::string out = "wondev-state 1\nrules " + DescribeRules(s.rules()) + "\nturn " +
                    std::to_string(s.turn()) + "\nscore " + std::to_string(s.score(0)) + ' ' +
                    std::to_string(s.score(1)) + "\nout " + (s.out(0) ? "1" : "0") +
                    (s.out(1) ? " 1" : " 0") + '\n';
  for (int y = 0; y < s.size(); ++y) {
    out += "row ";
    for (int x = 0; x < s.size(); ++x) {
      const int h = s.map().at(x, y);
      out += h == kHole ? '.' : static_cast<char>('0' + h);
    }
    out += '\n';
  }
  for (int q = 0; q < kNumPlayers; ++q) {
    out += "units " + std::to_string(q);
    for (int i = 0; i < s.units_per_player(); ++i)
      out += ' ' + std::to_string(s.unit(q, i).x) + ' ' + std::to_string(s.unit(q, i).y);
    out += '\n';
  }
  return out;
}

Parsed<State> Deserialize(std::string_view text) {
  if (text.empty() || text.back() != '\n') return ParseError{0, 0, "a state ends with a newline"};
  const auto lines = SplitOn(text.substr(0, text.size() - 1), '\n');
  if (lines.size() < 5 || lines[0] != "wondev-state 1")
    return ParseError{1, 0, "expected 'wondev-state 1' and at least 5 lines"};
  Rules rules;
  if (lines[1].substr(0, 6) != "rules ") return ParseError{2, 0, "expected 'rules ...'"};
  for (std::string_view kv : SplitOn(lines[1].substr(6), ' ')) {
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos) return ParseError{2, 0, "expected key=value"};
    if (auto err = SetRule(rules, kv.substr(0, eq), kv.substr(eq + 1)); !err.empty())
      return ParseError{2, 0, err};
  }
  if (DescribeRules(rules) != lines[1].substr(6))
    return ParseError{2, 0, "rules must list every option once, in canonical order"};
  int turn = 0;
  if (lines[2].substr(0, 5) != "turn " ||
      !Int(lines[2].substr(5), 0, kNumPlayers * rules.max_rounds, turn))
    return ParseError{3, 0, "expected 'turn N' with 0 <= N <= 2 * max_rounds"};
  const auto sc = SplitOn(lines[3], ' ');
  std::array<int, kNumPlayers> score{};
  if (sc.size() != 3 || sc[0] != "score" || !Int(sc[1], 0, 100000, score[0]) ||
      !Int(sc[2], 0, 100000, score[1]))
    return ParseError{4, 0, "expected 'score A B'"};
  const auto o = SplitOn(lines[4], ' ');
  if (o.size() != 3 || o[0] != "out" || (o[1] != "0" && o[1] != "1") ||
      (o[2] != "0" && o[2] != "1"))
    return ParseError{5, 0, "expected 'out A B' with 0 or 1"};
  const std::array<bool, kNumPlayers> out = {o[1] == "1", o[2] == "1"};
  Map map;
  map.height.fill(kHole);
  map.size = lines.size() >= 7 ? static_cast<int>(lines.size()) - 7 : 0;
  if (map.size < kMinSize || map.size > kMaxSize)
    return ParseError{6, 0, "expected 5 to 7 row lines and two units lines"};
  for (int y = 0; y < map.size; ++y) {
    const std::string_view row = lines[5 + y];
    if (row.size() != static_cast<size_t>(4 + map.size) || row.substr(0, 4) != "row " ||
        row.find_first_not_of(".01234", 4) != std::string_view::npos)
      return ParseError{6 + y, 0, "expected 'row ' and " + std::to_string(map.size) + " cells"};
    for (int x = 0; x < map.size; ++x)
      map.height[y * map.size + x] =
          row[4 + x] == '.' ? kHole : static_cast<int8_t>(row[4 + x] - '0');
  }
  Units units{};
  for (int q = 0; q < kNumPlayers; ++q) {
    const int line = 6 + map.size + q;
    const auto f = SplitOn(lines[5 + map.size + q], ' ');
    if (f.size() != 2 + 2 * static_cast<size_t>(rules.units_per_player()) || f[0] != "units" ||
        f[1] != std::to_string(q))
      return ParseError{line, 0, "expected 'units " + std::to_string(q) + "' and x y per unit"};
    for (int i = 0; i < rules.units_per_player(); ++i) {
      int x = 0, y = 0;
      if (!Int(f[2 + 2 * i], 0, map.size - 1, x) || !Int(f[3 + 2 * i], 0, map.size - 1, y))
        return ParseError{line, 0, "a unit is off the grid"};
      units[q][i] = {static_cast<int8_t>(x), static_cast<int8_t>(y)};
    }
  }
  if (auto err = ValidateUnits(map, units, rules.units_per_player()); !err.empty())
    return ParseError{0, 0, err};
  State s = State::FromParts(map, units, rules, turn, score, out);
  if (auto err = CheckInvariants(s); !err.empty())
    return ParseError{0, 0, "not a reachable state: " + err};
  return s;
}

}  // namespace arbiter::wondev
