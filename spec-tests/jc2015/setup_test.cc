// Spec tests of the initial settings and the board: players, placement from a
// seed, the distance rule, the 18x18 board of 6x6 blocks, and directions.
#include <nlohmann/json.hpp>
#include <set>

#include "core/game.h"
#include "jc2015/codec.h"
#include "jc2015/placement.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

SPEC_TEST(Setup, TheGameHasFourPlayersWhoseInputsCarryIdsZeroToThree, "jc2015.players.count") {
  const State s = State::Initial(DrawPlacement(5));
  for (int id = 0; id < 4; ++id) {
    const std::string text = FormatInput(s, id);
    EXPECT_EQ(text.substr(0, 2), std::to_string(id) + "\n");
    // id, T, 6 block rows, 4 player rows, EOD.
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 13);
  }
  EXPECT_EQ(s.players_on_board(), 4);
}

SPEC_TEST(Setup, AScenarioWithThreePlayersIsRejectedNamingThePlayersField, "jc2015.players.count") {
  const auto doc = nlohmann::json::parse(R"({"game":"jc2015","players":[
      {"row":0,"col":0,"dir":"U"},{"row":9,"col":9,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})");
  ScenarioError error;
  EXPECT_FALSE(FindGame("jc2015")->load_scenario(doc, {}, error).has_value());
  EXPECT_EQ(error.field, "players");
  EXPECT_NE(error.message.find("exactly 4"), std::string::npos) << error.message;
}

SPEC_TEST(Setup, TheSameSeedAlwaysDrawsTheSamePlacement, "jc2015.setup.random") {
  for (uint64_t seed : {0ull, 1ull, 42ull, 18446744073709551615ull}) {
    const Placement a = DrawPlacement(seed), b = DrawPlacement(seed);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(a.players[i].row, b.players[i].row);
      EXPECT_EQ(a.players[i].col, b.players[i].col);
      EXPECT_EQ(a.players[i].dir, b.players[i].dir);
    }
  }
}

SPEC_TEST(Setup, SeedOneDrawsThePlacementRecordedWhenTheAlgorithmWasFixed, "jc2015.setup.random") {
  // Pins the documented algorithm: changing it would silently change every
  // seeded game, golden playthrough and reproduce command.
  const Placement p = DrawPlacement(1);
  const int expect[4][3] = {{10, 3, 2}, {17, 8, 1}, {7, 17, 3}, {15, 14, 2}};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p.players[i].row, expect[i][0]) << i;
    EXPECT_EQ(p.players[i].col, expect[i][1]) << i;
    EXPECT_EQ(static_cast<int>(p.players[i].dir), expect[i][2]) << i;
  }
}

SPEC_TEST(Setup, SeedsSpreadPlayersOverEverySquareAndEveryDirection, "jc2015.setup.random") {
  std::set<int> squares;
  int dirs[4] = {};
  const int kSeeds = 4000;
  for (int seed = 0; seed < kSeeds; ++seed) {
    const Placement p = DrawPlacement(seed);
    for (const auto& s : p.players) {
      squares.insert(s.row * 18 + s.col);
      ++dirs[static_cast<int>(s.dir)];
    }
  }
  EXPECT_EQ(squares.size(), 324u);
  for (int d = 0; d < 4; ++d) {
    // Each direction should get about a quarter of 16000 draws.
    EXPECT_GT(dirs[d], kSeeds * 4 / 4 * 0.9) << d;
    EXPECT_LT(dirs[d], kSeeds * 4 / 4 * 1.1) << d;
  }
}

SPEC_TEST(Setup, EveryDrawnPlacementKeepsPlayersMoreThanThreeApart, "jc2015.setup.distance") {
  for (int seed = 0; seed < 20000; ++seed) {
    const Placement p = DrawPlacement(seed);
    ASSERT_EQ(ValidatePlacement(p), "") << "seed " << seed;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < i; ++j)
        ASSERT_GT(Manhattan(p.players[i].row, p.players[i].col, p.players[j].row, p.players[j].col),
                  3)
            << "seed " << seed;
  }
}

SPEC_TEST(Setup, AnExplicitPlacementAtDistanceThreeIsRejectedAndFourIsAccepted,
          "jc2015.setup.distance") {
  Placement p;
  p.players = {{{0, 0, Dir::kUp}, {2, 1, Dir::kUp}, {10, 10, Dir::kUp}, {17, 17, Dir::kUp}}};
  const std::string err = ValidatePlacement(p);
  EXPECT_NE(err.find("players[1]"), std::string::npos) << err;
  EXPECT_NE(err.find("distance 3"), std::string::npos) << err;
  p.players[1] = {2, 2, Dir::kUp};
  EXPECT_EQ(ValidatePlacement(p), "");
}

SPEC_TEST(Board, SquaresRunFromZeroToSeventeenInBothAxes, "jc2015.board.size") {
  Placement p;
  p.players = {{{0, 0, Dir::kUp}, {0, 17, Dir::kUp}, {17, 0, Dir::kUp}, {17, 17, Dir::kUp}}};
  EXPECT_EQ(ValidatePlacement(p), "");
  p.players[3] = {18, 17, Dir::kUp};
  EXPECT_NE(ValidatePlacement(p).find("players[3].row: 18 is off the board"), std::string::npos);
  p.players[3] = {17, -1, Dir::kUp};
  EXPECT_NE(ValidatePlacement(p).find("players[3].col: -1 is off the board"), std::string::npos);
}

SPEC_TEST(Board, ASquareBelongsToTheBlockOfItsRowAndColumnDividedByThree, "jc2015.board.size") {
  // Attacking right from column 2 (block column 0) starts at block column 1;
  // from column 3 (block column 1) it starts at block column 2.
  State a = Make({4, 2, 'R'}, {16, 16, 'U'}, {16, 8, 'U'}, {10, 12, 'U'});
  Play(a, "A");
  EXPECT_EQ(a.block(1, 0), 0);
  EXPECT_EQ(a.block(1, 1), 3);  // 4, after the tick at the start of turn 1
  State b = Make({4, 3, 'R'}, {16, 16, 'U'}, {16, 8, 'U'}, {10, 12, 'U'});
  Play(b, "A");
  EXPECT_EQ(b.block(1, 1), 0);
  EXPECT_EQ(b.block(1, 2), 3);
  // Row 5 is still block row 1, row 6 is block row 2: the line stays in block row 1.
  EXPECT_EQ(b.block(2, 2), 0);
  EXPECT_EQ(b.block(0, 2), 0);
}

SPEC_TEST(Board, ThereAreSixBlockRowsOfSixBlocksInTheInput, "jc2015.board.size",
          "jc2015.protocol.input.format") {
  const std::string text = FormatInput(Spread(), 0);
  const auto view = ParseInput(text);
  ASSERT_TRUE(view.ok()) << view.error().ToString();
  EXPECT_EQ(view.value().blocks.size(), 36u);
}

SPEC_TEST(Player, EachPlayerStandsOnOneSquareFacingOneOfFourDirections,
          "jc2015.player.square-direction") {
  const State s = Make({1, 1, 'U'}, {1, 10, 'R'}, {10, 1, 'D'}, {16, 16, 'L'});
  const InputView v = ViewFor(s, 0);
  const char dirs[4] = {'U', 'R', 'D', 'L'};
  const int rows[4] = {1, 1, 10, 16}, cols[4] = {1, 10, 1, 16};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(v.players[i].dir, dirs[i]);
    EXPECT_EQ(v.players[i].row, rows[i]);
    EXPECT_EQ(v.players[i].col, cols[i]);
  }
}

}  // namespace
}  // namespace arbiter::jc2015
