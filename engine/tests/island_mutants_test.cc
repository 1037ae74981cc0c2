// The Save The Island engine mutants (island/rules.h) are live: each one,
// played from a hand-made state, does something the real rules do not, at
// exactly the rule its clause names. The referee fuzzer's integration tests
// (examples/CMakeLists.txt) then show that `arbiter fuzz-referee` catches each
// one through a referee's messages alone.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/game.h"
#include "island/codec.h"
#include "island/rules.h"
#include "island/state.h"
#include "tests/mutant_catalogue.h"

namespace arbiter::island {
namespace {

const std::string kSourceDir = ARBITER_SOURCE_DIR;

std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

Rules With(Mutant m) {
  Rules r;
  r.mutants = MutantBit(m);
  return r;
}

Hand H(const char* t) {
  Hand h{};
  for (int i = 0; i < kHandSize; ++i) h[i] = static_cast<int8_t>(t[i] - '0');
  return h;
}

// Player 1 (index 0) to move on turn 10 unless `turn` says otherwise.
State At(const Rules& r, std::array<int, 2> pos, const char* h0, const char* h1,
         std::array<int, 2> shuffles = {0, 0}, int turn = 10) {
  return State::FromParts(r, turn, pos, {H(h0), H(h1)}, shuffles, 99);
}

TEST(IslandMutants, EveryMutantHasANameAClauseOfTheRegisterAndAMarkedMutationPoint) {
  const nlohmann::json reg =
      nlohmann::json::parse(ReadFile(kSourceDir + "/spec-tests/island/clauses.json"));
  std::set<std::string> clauses;
  for (const auto& c : reg["clauses"]) clauses.insert(c["id"].get<std::string>());
  const std::string sources = ReadFile(kSourceDir + "/engine/island/state.cc") +
                              ReadFile(kSourceDir + "/engine/island/codec.cc");
  EXPECT_GE(AllMutants().size(), 4u);
  for (Mutant m : AllMutants()) {
    const std::string name(MutantName(m));
    EXPECT_EQ(MutantFromName(name), m) << name;
    EXPECT_TRUE(clauses.count(std::string(MutantClause(m)))) << name << ": " << MutantClause(m);
    EXPECT_NE(sources.find("MUTANT " + name + ":"), std::string::npos) << name << " is not marked";
  }
  Rules r;
  const std::string plain = DescribeRules(r);
  EXPECT_EQ(SetRule(r, "mutant", "tiles-from-right"), "");
  EXPECT_EQ(DescribeRules(r), plain + " mutant=tiles-from-right");
}

// island.defence.count: one attack tile meets two matching defence tiles.
TEST(IslandMutants, DefenceUncappedSpendsEveryMatchingTileOfTheDefender) {
  for (Mutant m : {Mutant::kNone, Mutant::kDefenceUncapped}) {
    State s = At(With(m), {5, 7}, "21111", "22331");
    const TurnEvents ev = s.Apply({MoveKind::kAttack, 2, 1});
    EXPECT_EQ(ev.hits, 0);
    EXPECT_EQ(ev.defence_used, m == Mutant::kNone ? 0b00001 : 0b00011) << MutantName(m);
  }
}

// island.board.island: both players are sent the same orientation.
TEST(IslandMutants, MirroredForPlayerTwoReversesOnlyPlayerTwosIsland) {
  const State real = At(Rules{}, {2, 9}, "12341", "12341", {0, 0}, 11);
  const State bug = At(With(Mutant::kMirroredForPlayer2), {2, 9}, "12341", "12341", {0, 0}, 11);
  EXPECT_EQ(FormatBoard(real, 1), "2;12341;001000000200000\n");
  EXPECT_EQ(FormatBoard(bug, 1), "2;12341;000002000000100\n");
  EXPECT_EQ(FormatBoard(real, 0), FormatBoard(bug, 0));
}

// island.retreat.edge: retreating past the edge loses at once.
TEST(IslandMutants, RetreatEdgeIgnoredKeepsAPlayerWhoRetreatedPastItsEdge) {
  State real = At(Rules{}, {1, 10}, "33333", "11111");
  State bug = At(With(Mutant::kRetreatEdgeIgnored), {1, 10}, "33333", "11111");
  real.Apply({MoveKind::kRetreat, 3, 1});
  bug.Apply({MoveKind::kRetreat, 3, 1});
  EXPECT_TRUE(real.IsTerminal());
  EXPECT_EQ(real.Winner(), 1);
  EXPECT_FALSE(bug.IsTerminal());
  EXPECT_EQ(bug.pos(0), 1);
}

// island.tiles.replace: the leftmost matching tile is the one used.
TEST(IslandMutants, TilesFromRightUsesTheRightmostMatchingTile) {
  State real = At(Rules{}, {0, 14}, "12121", "33333");
  State bug = At(With(Mutant::kTilesFromRight), {0, 14}, "12121", "33333");
  EXPECT_EQ(real.Apply({MoveKind::kMove, 1, 1}).used, 0b00001);
  EXPECT_EQ(bug.Apply({MoveKind::kMove, 1, 1}).used, 0b10000);
}

// island.shuffle.limit: the 21st shuffle is not allowed.
TEST(IslandMutants, ShuffleLimitPlusOneAcceptsATwentyFirstShuffle) {
  State real = At(Rules{}, {3, 9}, "12341", "12341", {20, 0});
  State bug = At(With(Mutant::kShuffleLimitPlusOne), {3, 9}, "12341", "12341", {20, 0});
  real.Apply({MoveKind::kShuffle, 0, 0});
  bug.Apply({MoveKind::kShuffle, 0, 0});
  EXPECT_TRUE(real.IsTerminal());
  EXPECT_EQ(real.end(), End::kIllegal);
  EXPECT_FALSE(bug.IsTerminal());
}

// island.syntax.keywords: keywords are lower case by default.
TEST(IslandMutants, KeywordsAnyCaseAcceptsUpperCaseKeywords) {
  EXPECT_FALSE(ParseAnswer("MOVE;2", Rules{}).ok);
  EXPECT_TRUE(ParseAnswer("MOVE;2", With(Mutant::kKeywordsAnyCase)).ok);
}

}  // namespace
// The production catalogue of deviations (rules.cc's kDeviations, what
// fuzz-referee names a referee's bug by) is this list of mutants: the same
// names, in the same order, each breaking the same clause, and each said in
// words.
TEST(IslandMutants, EachMutantIsTheDeviationOfTheSameNameAndClause) {
  testing::ExpectEachMutantIsItsDeviation(Deviations(), AllMutants(), &MutantName, &MutantClause,
                                          &SetRule);
}

}  // namespace arbiter::island
