// Fuzzes the Save The Island move parser, which reads what a bot answers
// (island.syntax.*). The first byte chooses the rule options of the syntax
// (bit 0 keyword_case=any, bit 1 whitespace=trim, bit 2 tile_chars=unicode),
// the rest is the answer line. ParseAnswer never crashes on any bytes, a
// rejection says why, and:
//  - with ASCII tiles, it accepts exactly the lines an independent matcher of
//    the grammar accepts, as the same Move: "move;x", "retreat;x", "shuffle",
//    "attack;x..x" (one value repeated), x '1'..'4', one "\r" line end
//    dropped; keyword_case=any folds ASCII letters, whitespace=trim drops
//    blanks and tabs at both ends;
//  - with tile_chars=unicode, it accepts what the ASCII reading accepts (as
//    the same Move), and reads a line of ASCII bytes the same way;
//  - every accepted Move's MoveText re-parses under the default rules to the
//    same Move.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "island/codec.h"
#include "island/rules.h"
#include "island/state.h"

namespace {

using namespace arbiter::island;

char Fold(char c, bool any_case) {
  return any_case && c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c;
}

bool StartsWithWord(std::string_view line, std::string_view word, bool any_case) {
  if (line.size() < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (Fold(line[i], any_case) != word[i]) return false;
  return true;
}

// The grammar, written without the engine's parser.
std::optional<Move> Grammar(std::string_view line, bool any_case, bool trim) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (trim) {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  }
  if (line.size() == 7 && StartsWithWord(line, "shuffle", any_case))
    return Move{MoveKind::kShuffle, 0, 0};
  static constexpr struct {
    std::string_view word;
    MoveKind kind;
  } kForms[] = {{"move;", MoveKind::kMove},
                {"retreat;", MoveKind::kRetreat},
                {"attack;", MoveKind::kAttack}};
  for (const auto& form : kForms) {
    if (!StartsWithWord(line, form.word, any_case)) continue;
    const std::string_view tiles = line.substr(form.word.size());
    if (tiles.empty() || tiles[0] < '1' || tiles[0] > '4') return std::nullopt;
    if (tiles.find_first_not_of(tiles[0]) != std::string_view::npos) return std::nullopt;
    if (form.kind != MoveKind::kAttack && tiles.size() != 1) return std::nullopt;
    return Move{form.kind, tiles[0] - '0', static_cast<int>(tiles.size())};
  }
  return std::nullopt;
}

[[noreturn]] void Fail(const char* what, std::string_view line, const Rules& rules,
                       const std::string& detail) {
  std::string shown;
  for (unsigned char c : line) {
    char buf[8];
    std::snprintf(buf, sizeof buf, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
    shown += buf;
  }
  std::fprintf(stderr, "island_move_parser_fuzzer: %s\n  rules: %s\n  line: '%s'\n  %s\n", what,
               DescribeRules(rules).c_str(), shown.c_str(), detail.c_str());
  std::abort();
}

std::string Describe(const Answer& a) {
  return a.ok ? "accepted as '" + MoveText(a.move) + "'" : "rejected: " + a.error;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const uint8_t options = size > 0 ? data[0] : 0;
  const std::string_view line =
      size > 0 ? std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1)
               : std::string_view();
  Rules rules;
  rules.keyword_case = options & 1 ? KeywordCase::kAny : KeywordCase::kLower;
  rules.whitespace = options & 2 ? Whitespace::kTrim : Whitespace::kExact;
  rules.tile_chars = options & 4 ? TileChars::kUnicode : TileChars::kAscii;
  const bool any_case = rules.keyword_case == KeywordCase::kAny;
  const bool trim = rules.whitespace == Whitespace::kTrim;

  const Answer answer = ParseAnswer(line, rules);
  if (!answer.ok && answer.error.empty()) Fail("rejected without a reason", line, rules, "");

  const std::optional<Move> expected = Grammar(line, any_case, trim);
  if (rules.tile_chars == TileChars::kAscii) {
    if (answer.ok != expected.has_value() || (expected && !(answer.move == *expected)))
      Fail("disagrees with the grammar", line, rules,
           Describe(answer) + "; the grammar " +
               (expected ? "reads '" + MoveText(*expected) + "'" : std::string("rejects it")));
  } else {
    bool ascii = true;
    for (char c : line) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (expected && !(answer.ok && answer.move == *expected))
      Fail("unicode tiles reject or change a move of the ASCII grammar", line, rules,
           Describe(answer) + "; the grammar reads '" + MoveText(*expected) + "'");
    if (ascii && answer.ok != expected.has_value())
      Fail("unicode tiles read an ASCII line differently", line, rules, Describe(answer));
  }

  if (answer.ok) {
    const std::string text = MoveText(answer.move);
    const Answer again = ParseAnswer(text, Rules{});
    if (!again.ok || !(again.move == answer.move))
      Fail("MoveText of an accepted move does not re-parse to it", line, rules,
           "MoveText '" + text + "' is " + Describe(again));
  }
  return 0;
}
