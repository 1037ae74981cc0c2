#include "jc2015/serialize.h"

#include <vector>

#include "jc2015/invariants.h"

namespace arbiter::jc2015 {
namespace {

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string_view::npos ? p : p - start));
    if (p == std::string_view::npos) return out;
    start = p + 1;
  }
}

bool Int(std::string_view f, long long lo, long long hi, long long& out) {
  const auto v = ParseCanonicalInt(f);
  if (!v || *v < lo || *v > hi) return false;
  out = *v;
  return true;
}

}  // namespace

std::string Serialize(const State& s) {
  std::string out = "jc2015-state 1\nrules " + DescribeRules(s.rules()) + "\nturn " +
                    std::to_string(s.turn()) + "\nblocks";
  for (int i = 0; i < kNumBlocks; ++i) out += ' ' + std::to_string(s.block_at(i));
  out += '\n';
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& p = s.player(q);
    out += "player " + std::to_string(q) + ' ' + std::to_string(p.row) + ' ' +
           std::to_string(p.col) + ' ' + DirLetter(p.dir) + ' ' + (p.on_board ? "1" : "0") + ' ' +
           std::to_string(p.stunned_until) + '\n';
  }
  return out;
}

Parsed<State> Deserialize(std::string_view text) {
  if (text.empty() || text.back() != '\n') return ParseError{0, 0, "a state ends with a newline"};
  auto lines = Split(text.substr(0, text.size() - 1), '\n');
  if (lines.size() != 8) {
    return ParseError{0, 0, "a state has 8 lines, found " + std::to_string(lines.size())};
  }
  if (lines[0] != "jc2015-state 1") return ParseError{1, 0, "expected 'jc2015-state 1'"};
  Rules rules;
  if (lines[1].substr(0, 6) != "rules ") return ParseError{2, 0, "expected 'rules ...'"};
  for (std::string_view kv : Split(lines[1].substr(6), ' ')) {
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos) return ParseError{2, 0, "expected key=value"};
    if (auto err = SetRule(rules, kv.substr(0, eq), kv.substr(eq + 1)); !err.empty())
      return ParseError{2, 0, err};
  }
  if (DescribeRules(rules) != lines[1].substr(6)) {
    return ParseError{2, 0, "rules must list every option once, in canonical order"};
  }
  long long v = 0;
  if (lines[2].substr(0, 5) != "turn " || !Int(lines[2].substr(5), 0, rules.turn_limit, v))
    return ParseError{3, 0, "expected 'turn N' with 0 <= N <= turn_limit"};
  const int turn = static_cast<int>(v);
  auto b = Split(lines[3], ' ');
  if (b.size() != kNumBlocks + 1 || b[0] != "blocks")
    return ParseError{4, 0, "expected 'blocks' and 36 values"};
  std::array<int8_t, kNumBlocks> blocks{};
  for (int i = 0; i < kNumBlocks; ++i) {
    if (!Int(b[i + 1], -kRestoreTurns, kMaxFallTimer, v))
      return ParseError{4, 0, "block " + std::to_string(i) + " is not a timer in range"};
    blocks[i] = static_cast<int8_t>(v);
  }
  std::array<Player, kNumPlayers> players{};
  for (int q = 0; q < kNumPlayers; ++q) {
    const int line = 5 + q;
    auto f = Split(lines[4 + q], ' ');
    if (f.size() != 7 || f[0] != "player" || f[1] != std::to_string(q))
      return ParseError{line, 0, "expected 'player " + std::to_string(q) + " R C D B S'"};
    Player& p = players[q];
    if (!Int(f[2], -1, kBoardSquares - 1, v)) return ParseError{line, 0, "bad row"};
    p.row = static_cast<int8_t>(v);
    if (!Int(f[3], -1, kBoardSquares - 1, v)) return ParseError{line, 0, "bad column"};
    p.col = static_cast<int8_t>(v);
    const size_t d = std::string_view("URDL").find(f[4]);
    if (f[4].size() != 1 || d == std::string_view::npos)
      return ParseError{line, 0, "bad direction"};
    p.dir = static_cast<Dir>(d);
    if (f[5] != "0" && f[5] != "1") return ParseError{line, 0, "on_board must be 0 or 1"};
    p.on_board = f[5] == "1";
    if (!Int(f[6], 0, 2'000'000'000, v)) return ParseError{line, 0, "bad stunned_until"};
    p.stunned_until = static_cast<int32_t>(v);
  }
  State s = State::FromParts(rules, turn, blocks, players);
  if (auto err = CheckInvariants(s); !err.empty())
    return ParseError{0, 0, "not a reachable state: " + err};
  return s;
}

}  // namespace arbiter::jc2015
