// Spec tests of the start of a game (island.start.positions,
// island.tiles.random) and of the scenario format that gives any position.
#include <nlohmann/json.hpp>

#include "spec-tests/island/builders.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Setup, PlayerOneStartsOnCellZeroAndPlayerTwoOnCellFourteen, "island.start.positions",
          "island.turn.order") {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const State s = State::Initial(seed, Rules{});
    EXPECT_EQ(s.pos(0), 0);
    EXPECT_EQ(s.pos(1), 14);
    EXPECT_EQ(s.distance(), 14);
    EXPECT_EQ(s.turn(), 0);
    EXPECT_EQ(s.current_player(), 0);
    EXPECT_EQ(s.shuffles(0), 0);
    EXPECT_EQ(s.shuffles(1), 0);
    EXPECT_FALSE(s.IsTerminal());
    const std::string board = FormatBoard(s, 0);
    EXPECT_EQ(board.substr(8), "100000000000002\n") << board;
  }
}

// The expected tiles were computed outside the engine, with SplitMix64 and
// the multiply-shift bound written out in Python from their definitions
// (Steele, Lea & Flood 2014; Lemire 2019): seed 1 draws
// 3 3 4 2 2 | 4 4 3 2 4 | 2 3 2 3 2 | 1 3 4 ..., each tile 1 + Uniform(4).
SPEC_TEST(Setup, SeedOneDealsTheTilesComputedOutsideTheEngine, "island.tiles.random",
          "island.tiles.deal", "island.tiles.replace") {
  for (const Rules& rules : {Rules{}, Immediate()}) {
    State s = State::Initial(1, rules);
    EXPECT_EQ(FormatBoard(s, 0), "1;33422;100000000000002\n");  // player 1's five first
    Play(s, "move;3");                                           // slot 0
    EXPECT_EQ(FormatBoard(s, 1), "2;44324;000100000000002\n");  // then player 2's
    Play(s, "move;4");                                           // slot 0
    EXPECT_EQ(FormatBoard(s, 0), "1;23422;000100000020000\n");  // the 11th draw, in slot 0
    Play(s, "shuffle");
    EXPECT_EQ(FormatBoard(s, 1), "2;34324;000100000020000\n");  // the 12th
    Play(s, "move;3");
    EXPECT_EQ(FormatBoard(s, 0), "1;23213;000100020000000\n");  // the 13th to 17th
    Play(s, "move;1");
    EXPECT_EQ(FormatBoard(s, 1), "2;44324;000010020000000\n");  // the 18th
  }
}

SPEC_TEST(Setup, TilesAreUniformOverOneToFourAndIndependent, "island.tiles.random") {
  // 16000 seeds, ten start tiles each: 40000 expected per value (sd about
  // 173); 1000 per ordered pair of the first two slots (sd about 31).
  std::array<int, 5> count{};
  std::array<std::array<int, 5>, 5> pairs{};
  for (uint64_t seed = 0; seed < 16000; ++seed) {
    const State s = State::Initial(seed, Rules{});
    for (int p = 0; p < 2; ++p)
      for (int i = 0; i < kHandSize; ++i) {
        ASSERT_TRUE(IsTile(s.hand(p)[i])) << seed;
        ++count[s.hand(p)[i]];
      }
    ++pairs[s.hand(0)[0]][s.hand(0)[1]];
  }
  for (int v = 1; v <= 4; ++v) {
    EXPECT_GT(count[v], 39200) << v;
    EXPECT_LT(count[v], 40800) << v;
    for (int w = 1; w <= 4; ++w) {
      EXPECT_GT(pairs[v][w], 850) << v << w;
      EXPECT_LT(pairs[v][w], 1150) << v << w;
    }
  }
}

SPEC_TEST(Setup, AScenarioGivesPositionsTilesShufflesAndTheTurn, "island.start.positions",
          "island.tiles.random") {
  const nlohmann::json doc = nlohmann::json::parse(R"({"game": "island", "positions": [3, 7],
      "tiles": ["42143", "1?2?3"], "shuffles": [0, 2], "turn": 4, "seed": 9,
      "rules": {"deal": "next-turn", "shuffle_limit": 5}, "actions": ["move;2", "shuffle"]})");
  ScenarioError error;
  const auto sc = LoadScenario(doc, {}, error);
  ASSERT_TRUE(sc) << error.field << ": " << error.message;
  const State& s = *StateOf(*sc->initial);
  EXPECT_EQ(s.pos(0), 3);
  EXPECT_EQ(s.pos(1), 7);
  EXPECT_EQ(s.turn(), 4);
  EXPECT_EQ(Text(s.hand(0)), "42143");
  EXPECT_EQ(Text(s.hand(1)), "1?2?3");  // dealt when player 2 is next to move
  EXPECT_EQ(s.shuffles(1), 2);
  EXPECT_EQ(s.rules().shuffle_limit, 5);
  EXPECT_EQ(sc->actions, (std::vector<std::string>{"move;2", "shuffle"}));
  // Without positions, the seed draws the standard start.
  const auto seeded = LoadScenario(nlohmann::json::parse(R"({"game": "island", "seed": 1})"), {},
                                   error);
  ASSERT_TRUE(seeded) << error.message;
  EXPECT_EQ(sc->initial->InputText(0), "1;42143;000100020000000\n");
  EXPECT_EQ(seeded->initial->InputText(0), "1;33422;100000000000002\n");
}

SPEC_TEST(Setup, AScenarioNamesTheFieldOfAnyMistake, "island.start.positions",
          "island.tiles.random") {
  const std::pair<const char*, const char*> bad[] = {
      {R"({"game": "island", "positions": [7, 3], "tiles": ["11111", "22222"]})", "positions"},
      {R"({"game": "island", "positions": [0, 15], "tiles": ["11111", "22222"]})", "positions"},
      {R"({"game": "island", "positions": [0, 14], "tiles": ["11151", "22222"]})", "tiles[0]"},
      {R"({"game": "island", "positions": [0, 14], "tiles": ["11111", "2222"]})", "tiles[1]"},
      {R"({"game": "island", "positions": [0, 14]})", "tiles"},
      {R"({"game": "island", "positions": [0, 14], "tiles": ["11111", "22222"],
           "shuffles": [21, 0]})", "shuffles[0]"},
      {R"({"game": "island", "seed": 1, "rules": {"deal": "later"}})", "rules.deal"},
      {R"({"game": "island", "seed": 1, "colour": "red"})", "colour"},
  };
  for (const auto& [text, field] : bad) {
    ScenarioError error;
    EXPECT_FALSE(LoadScenario(nlohmann::json::parse(text), {}, error)) << text;
    EXPECT_EQ(error.field, field) << text << ": " << error.message;
    EXPECT_FALSE(error.message.empty()) << text;
  }
}

}  // namespace
}  // namespace arbiter::island
