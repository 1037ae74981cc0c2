// The text serialisation of a jc2015 State (format: serialize.h). The fuzz
// targets round-trip every state they reach, so both directions avoid
// temporaries: Serialize appends into one reserved string with
// std::to_chars, and Deserialize splits into fixed arrays of string_views on
// the stack. Error messages are built only on the failure path.
#include "jc2015/serialize.h"

#include <array>
#include <charconv>

#include "jc2015/invariants.h"

namespace arbiter::jc2015 {
namespace {

// Splits `s` at every `sep` into out[0..N) and returns the number of fields,
// which may exceed N (the fields past N are counted, not stored).
template <size_t N>
size_t Split(std::string_view s, char sep, std::array<std::string_view, N>& out) {
  size_t n = 0, start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    if (n < N) out[n] = s.substr(start, p == std::string_view::npos ? p : p - start);
    ++n;
    if (p == std::string_view::npos) return n;
    start = p + 1;
  }
}

// Whether `f` is ParseCanonicalInt's canonical form of a number in [lo, hi]
// (an optional '-', digits, no leading zero, not "-0"), read in one pass.
// Every bound here has at most 10 digits, so a longer field is out of range.
bool Int(std::string_view f, long long lo, long long hi, long long& out) {
  const bool negative = !f.empty() && f[0] == '-';
  const size_t digits = f.size() - negative;
  if (digits == 0 || digits > 10) return false;
  if (f[negative] == '0' && (digits > 1 || negative)) return false;
  long long v = 0;
  for (size_t i = negative; i < f.size(); ++i) {
    if (f[i] < '0' || f[i] > '9') return false;
    v = v * 10 + (f[i] - '0');
  }
  if (negative) v = -v;
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

void AppendInt(std::string& out, int value) {
  char buf[16];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  (void)ec;  // 16 characters hold any int
  out.append(buf, end);
}

// Enough for the rules line, 36 timers of up to 3 characters and 4 players.
constexpr size_t kTypicalSize = 512;

}  // namespace

std::string Serialize(const State& s) {
  std::string out;
  out.reserve(kTypicalSize);
  out += "jc2015-state 1\nrules ";
  out += DescribeRules(s.rules());
  out += "\nturn ";
  AppendInt(out, s.turn());
  out += "\nblocks";
  for (int i = 0; i < kNumBlocks; ++i) {
    out += ' ';
    AppendInt(out, s.block_at(i));
  }
  out += '\n';
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& p = s.player(q);
    out += "player ";
    AppendInt(out, q);
    out += ' ';
    AppendInt(out, p.row);
    out += ' ';
    AppendInt(out, p.col);
    out += ' ';
    out += DirLetter(p.dir);
    out += p.on_board ? " 1 " : " 0 ";
    AppendInt(out, p.stunned_until);
    out += '\n';
  }
  return out;
}

Parsed<State> Deserialize(std::string_view text) {
  if (text.empty() || text.back() != '\n') return ParseError{0, 0, "a state ends with a newline"};
  std::array<std::string_view, 8> lines;
  if (const size_t n = Split(text.substr(0, text.size() - 1), '\n', lines); n != lines.size())
    return ParseError{0, 0, "a state has 8 lines, found " + std::to_string(n)};
  if (lines[0] != "jc2015-state 1") return ParseError{1, 0, "expected 'jc2015-state 1'"};
  Rules rules;
  if (lines[1].substr(0, 6) != "rules ") return ParseError{2, 0, "expected 'rules ...'"};
  const std::string_view rules_text = lines[1].substr(6);
  for (size_t start = 0;;) {  // every space-separated key=value, in order
    const size_t end = rules_text.find(' ', start);
    const std::string_view kv = rules_text.substr(start, end - start);
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos) return ParseError{2, 0, "expected key=value"};
    if (auto err = SetRule(rules, kv.substr(0, eq), kv.substr(eq + 1)); !err.empty())
      return ParseError{2, 0, err};
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (DescribeRules(rules) != rules_text) {
    return ParseError{2, 0, "rules must list every option once, in canonical order"};
  }
  long long v = 0;
  if (lines[2].substr(0, 5) != "turn " || !Int(lines[2].substr(5), 0, rules.turn_limit, v))
    return ParseError{3, 0, "expected 'turn N' with 0 <= N <= turn_limit"};
  const int turn = static_cast<int>(v);
  std::array<std::string_view, kNumBlocks + 1> b;
  if (Split(lines[3], ' ', b) != b.size() || b[0] != "blocks")
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
    std::array<std::string_view, 7> f;
    const char id = static_cast<char>('0' + q);
    if (Split(lines[4 + q], ' ', f) != f.size() || f[0] != "player" ||
        f[1] != std::string_view(&id, 1))
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
