// Spec tests of the answer line (island.syntax.*): the grammar, letter case,
// blanks and line ends, separators and tile characters, each under its
// default and its alternative reading, as probes a referee fuzzer sends.
#include "spec-tests/island/builders.h"
#include "core/parse.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

// Every combination of the parsing options.
std::vector<Rules> AllParsings() {
  std::vector<Rules> out;
  for (const char* k : {"lower", "any"})
    for (const char* w : {"exact", "trim"})
      for (const char* t : {"ascii", "unicode"})
        out.push_back(RulesOf({{"keyword_case", k}, {"whitespace", w}, {"tile_chars", t}}));
  return out;
}

const Rules kAnyCase = RulesOf({{"keyword_case", "any"}});
const Rules kTrim = RulesOf({{"whitespace", "trim"}});
const Rules kUnicode = RulesOf({{"tile_chars", "unicode"}});

SPEC_TEST(Syntax, TheFourMovesAreMoveRetreatShuffleAndAttack, "island.syntax.grammar") {
  Answer a = ParseAnswer("move;3", Rules{});
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.move.kind, MoveKind::kMove);
  EXPECT_EQ(a.move.value, 3);
  EXPECT_EQ(a.move.count, 1);
  a = ParseAnswer("retreat;1", Rules{});
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.move.kind, MoveKind::kRetreat);
  EXPECT_EQ(a.move.value, 1);
  a = ParseAnswer("shuffle", Rules{});
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.move.kind, MoveKind::kShuffle);
  a = ParseAnswer("attack;444", Rules{});
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.move.kind, MoveKind::kAttack);
  EXPECT_EQ(a.move.value, 4);
  EXPECT_EQ(a.move.count, 3);
  for (const char* text : {"move;3", "retreat;1", "shuffle", "attack;444", "attack;1"})
    EXPECT_EQ(MoveText(ParseAnswer(text, Rules{}).move), text);
  for (const char* bad : {"", "pass", "wait", "move", "jump;2", "attack", "2", ";"})
    for (const Rules& r : AllParsings()) EXPECT_FALSE(Parses(bad, r)) << bad;
}

SPEC_TEST(Syntax, KeywordsAreLowerCaseUnlessAnyCaseIsSelected, "island.syntax.keywords") {
  EXPECT_EQ(Rules{}.keyword_case, KeywordCase::kLower);
  for (const char* line : {"MOVE;2", "Move;2", "SHUFFLE", "Shuffle", "Attack;2", "rEtreat;1"}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_TRUE(Parses(line, kAnyCase)) << line;
  }
  for (const char* line : {"moves;2", "mov;2", "shuffles", "shuffl", "ATTACKS;2"}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_FALSE(Parses(line, kAnyCase)) << line;
  }
  const State s = Make({3, 9}, "12341", "11111");
  EXPECT_EQ(Verdict(s, "MOVE;2"), AnswerVerdict::kInvalid);
  State t = s;
  Play(t, "Shuffle");
  EXPECT_EQ(t.end(), End::kInvalid);
}

SPEC_TEST(Syntax, BlanksAreInvalidAndACarriageReturnIsPartOfTheLineEnd,
          "island.syntax.whitespace") {
  EXPECT_EQ(Rules{}.whitespace, Whitespace::kExact);
  for (const char* line : {"move;2\r", "shuffle\r"}) {
    EXPECT_TRUE(Parses(line)) << line;
    EXPECT_TRUE(Parses(line, kTrim)) << line;
  }
  EXPECT_EQ(ParseAnswer("move;2\r", Rules{}).move.value, 2);
  for (const char* line : {" move;2", "move;2 ", "\tshuffle", "shuffle\t", " shuffle "}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_TRUE(Parses(line, kTrim)) << line;
  }
  // Inside the line, blanks are wrong under both readings; so is a CR that
  // does not end the line.
  for (const char* line : {"move; 2", "move ;2", "mo ve;2", "attack;2 2", "attack;2\t2",
                           "move;2\r\r", "move\r;2", "\rmove;2"}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_FALSE(Parses(line, kTrim)) << line;
  }
  // The bot checks: a CR line end is a warning; blanks are invalid by
  // default and a warning where the referee trims.
  const State s = Make({3, 9}, "12341", "11111");
  EXPECT_EQ(Verdict(s, "shuffle"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "shuffle\r"), AnswerVerdict::kWhitespace);
  EXPECT_EQ(Verdict(s, " shuffle"), AnswerVerdict::kInvalid);
  const State trimmed = Make({3, 9}, "12341", "11111", 0, kTrim);
  EXPECT_EQ(Verdict(trimmed, " shuffle"), AnswerVerdict::kWhitespace);
  EXPECT_EQ(Verdict(trimmed, "move;2\t"), AnswerVerdict::kWhitespace);
  State played = s;
  Play(played, "move;2\r");
  EXPECT_EQ(played.pos(0), 5);
  EXPECT_FALSE(played.IsTerminal());
}

SPEC_TEST(Syntax, ExactlyOneSemicolonFollowsTheKeywordAndNoneFollowsShuffle,
          "island.syntax.separators") {
  for (const char* line : {"move;;2", "move;2;", "move2", "move;", "retreat;", "attack;",
                           "shuffle;", "shuffle;1", ";move;2", "move:2", "move,2", "attack;2;2",
                           "retreat;;", "attack;;22", "move;2;2"})
    for (const Rules& r : AllParsings()) EXPECT_FALSE(Parses(line, r)) << line;
  const State s = Make({4, 6}, "22222", "11111");
  for (const char* line : {"move;;1", "move;1;", "attack;", "attack;2;"})
    EXPECT_EQ(Verdict(s, line), AnswerVerdict::kInvalid) << line;
}

SPEC_TEST(Syntax, OnlyTheAsciiDigitsOneToFourAreTiles, "island.syntax.tiles") {
  EXPECT_EQ(Rules{}.tile_chars, TileChars::kAscii);
  for (const char* line : {"move;0", "move;5", "move;9", "attack;0", "attack;55", "move;x",
                           "move;-1", "move;+2", "move;02", "attack;20", "retreat;a"})
    for (const Rules& r : AllParsings()) EXPECT_FALSE(Parses(line, r)) << line;
  // A digit outside 1..4 is not a tile value at all: invalid, not illegal.
  const State s = Make({4, 9}, "11111", "11111");
  EXPECT_EQ(Verdict(s, "move;5"), AnswerVerdict::kInvalid);
  EXPECT_EQ(Verdict(s, "move;0"), AnswerVerdict::kInvalid);
}

SPEC_TEST(Syntax, OtherDecimalDigitsAreTilesOnlyUnderUnicode, "island.syntax.tiles") {
  struct Probe {
    const char* utf8;
    int value;  // under tile_chars=unicode; -1: never a tile
  };
  const Probe probes[] = {
      {"\xD9\xA2", 2},          // U+0662 ARABIC-INDIC DIGIT TWO
      {"\xDB\xB3", 3},          // U+06F3 EXTENDED ARABIC-INDIC DIGIT THREE
      {"\xE0\xA5\xA8", 2},      // U+0968 DEVANAGARI DIGIT TWO
      {"\xE0\xB9\x91", 1},      // U+0E51 THAI DIGIT ONE
      {"\xEF\xBC\x94", 4},      // U+FF14 FULLWIDTH DIGIT FOUR
      {"\xF0\x9D\x9F\x90", 2},  // U+1D7D0 MATHEMATICAL BOLD DIGIT TWO
      {"\xD9\xA5", -1},         // U+0665 ARABIC-INDIC DIGIT FIVE: a digit, not 1..4
      {"\xD9\xA0", -1},         // U+0660 ARABIC-INDIC DIGIT ZERO
      {"\xC2\xB2", -1},         // U+00B2 SUPERSCRIPT TWO: not a decimal digit
      {"\xE2\x85\xA1", -1},     // U+2161 ROMAN NUMERAL TWO: a number, not a digit
      {"\xC0\xB2", -1},         // an overlong '2': not UTF-8
      {"\xD9", -1},             // a truncated sequence
  };
  for (const Probe& p : probes) {
    const std::string move = std::string("move;") + p.utf8;
    EXPECT_FALSE(Parses(move)) << EscapeBytes(move);
    const Answer a = ParseAnswer(move, kUnicode);
    EXPECT_EQ(a.ok, p.value > 0) << EscapeBytes(move);
    if (a.ok) {
      EXPECT_EQ(a.move.value, p.value) << EscapeBytes(move);
      EXPECT_EQ(a.move.count, 1);
    }
  }
  // An attack may mix ASCII and other digits of the same value.
  const Answer mixed = ParseAnswer("attack;2\xD9\xA2\xE0\xA5\xA8", kUnicode);
  ASSERT_TRUE(mixed.ok) << mixed.error;
  EXPECT_EQ(mixed.move.value, 2);
  EXPECT_EQ(mixed.move.count, 3);
  EXPECT_FALSE(Parses("attack;2\xD9\xA2"));
  // Through the referee: legal under unicode, a disqualification by default.
  State u = Make({4, 9}, "12341", "11111", 0, kUnicode);
  Play(u, "move;\xD9\xA2");
  EXPECT_FALSE(u.IsTerminal());
  EXPECT_EQ(u.pos(0), 6);
  State a = Make({4, 9}, "12341", "11111");
  Play(a, "move;\xD9\xA2");
  EXPECT_EQ(a.end(), End::kInvalid);
  EXPECT_EQ(a.Winner(), 1);
}

}  // namespace
}  // namespace arbiter::island
