// Spec tests of the set-up: leagues and their unit counts (wondev.league*),
// the grid (wondev.grid.*), the three kinds of map and the random map's
// shape (wondev.map.*), the seeded placement of the units (wondev.setup.units)
// and the scenario format that gives all of them explicitly.
#include <nlohmann/json.hpp>
#include <set>

#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

// FormatInit + FormatInput of NewState(1, Rules{}) for player 0, up to the
// count of legal actions: the diamond, player 0 at (3, 4), player 1 at (3, 6).
const std::string kSeedOneInput =
    "7\n1\n...0...\n..000..\n.00000.\n0000000\n.00000.\n..000..\n...0...\n3 4\n3 6\n51\n";

int Floors(const Map& m) {
  int n = 0;
  for (int i = 0; i < m.size * m.size; ++i) n += m.height[i] != kHole;
  return n;
}

SPEC_TEST(Setup, TheDefaultLeagueIsTheSeedTextsLeagueOneWithOneUnitEach, "wondev.league",
          "wondev.league.units") {
  EXPECT_EQ(Rules{}.league, 1);
  EXPECT_EQ(NewState(1, Rules{}).units_per_player(), 1);
  for (int league = 0; league <= 3; ++league) {
    Rules r;
    ASSERT_EQ(SetRule(r, "league", std::to_string(league)), "");
    EXPECT_EQ(NewState(7, r).units_per_player(), league >= 2 ? 2 : 1);
    EXPECT_EQ(FormatInit(NewState(7, r)).substr(2), league >= 2 ? "2\n" : "1\n");
  }
  Rules r;
  EXPECT_NE(SetRule(r, "league", "4"), "");
}

SPEC_TEST(Setup, EveryGridIsSquareOfSizeFiveToSeven, "wondev.grid.square") {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const State s = NewState(seed, Rules{});
    EXPECT_GE(s.size(), 5);
    EXPECT_LE(s.size(), 7);
    for (const std::string& row : ViewFor(s, 0).rows)
      EXPECT_EQ(static_cast<int>(row.size()), s.size());
  }
  EXPECT_NE(ValidateMap(MapOf({"0000", "0000", "0000", "0000"})), "");
}

SPEC_TEST(Setup, TheSquareIsFullAndTheDiamondHasRowsOneThreeFiveSevenFiveThreeOne,
          "wondev.map.kinds") {
  EXPECT_EQ(Floors(SquareMap()), 25);
  const Map d = DiamondMap();
  EXPECT_EQ(d.size, 7);
  const int widths[] = {1, 3, 5, 7, 5, 3, 1};
  for (int y = 0; y < 7; ++y) {
    int n = 0;
    for (int x = 0; x < 7; ++x) n += d.at(x, y) != kHole;
    EXPECT_EQ(n, widths[y]) << "row " << y;
  }
  EXPECT_EQ(Floors(d), 25);
}

SPEC_TEST(Setup, SeedsDrawAllThreeKindsAndTheMapOptionPinsOne, "wondev.map.kinds") {
  std::set<int> sizes;
  for (uint64_t seed = 1; seed <= 30; ++seed) sizes.insert(NewState(seed, Rules{}).size());
  EXPECT_EQ(sizes, (std::set<int>{5, 6, 7}));
  for (const char* kind : {"square", "diamond", "random"}) {
    Rules r;
    ASSERT_EQ(SetRule(r, "map", kind), "");
    for (uint64_t seed = 1; seed <= 10; ++seed)
      EXPECT_EQ(NewState(seed, r).size(), kind[0] == 's' ? 5 : kind[0] == 'd' ? 7 : 6);
  }
}

SPEC_TEST(Setup, RandomMapsAreMirrorSymmetricConnectedAndLargeEnough, "wondev.map.random") {
  Rules r;
  r.map = MapKind::kRandom;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    const Map m = NewState(seed, r).map();
    EXPECT_EQ(m.size, 6);
    EXPECT_TRUE(IsMirrorSymmetric(m)) << seed;
    EXPECT_TRUE(IsConnected(m)) << seed;
    EXPECT_GE(Floors(m), kMinRandomCells);
    for (int i = 0; i < 36; ++i) EXPECT_TRUE(m.height[i] == kHole || m.height[i] == 0);
  }
  EXPECT_FALSE(IsConnected(MapOf({"00...", ".....", ".....", ".....", "...00"})));
}

SPEC_TEST(Setup, UnitsStartOnDistinctHeightZeroCellsTheSameForTheSameSeed, "wondev.setup.units") {
  for (int league : {1, 3}) {
    for (uint64_t seed = 1; seed <= 100; ++seed) {
      const State s = NewState(seed, League(league));
      std::set<std::pair<int, int>> cells;
      for (int q = 0; q < 2; ++q)
        for (int i = 0; i < s.units_per_player(); ++i) {
          const Pos p = s.unit(q, i);
          ASSERT_TRUE(s.OnGrid(p));
          EXPECT_EQ(s.Height(p), 0);
          cells.insert({p.x, p.y});
        }
      EXPECT_EQ(static_cast<int>(cells.size()), 2 * s.units_per_player());
      EXPECT_EQ(NewState(seed, League(league)), s);
    }
  }
}

SPEC_TEST(Setup, SeedOneDrawsTheGameRecordedWhenTheAlgorithmWasFixed, "wondev.setup.units",
          "wondev.map.kinds") {
  // A change here means every seeded game, golden file and reproducer changes.
  const std::string input = FormatInit(NewState(1, Rules{})) + FormatInput(NewState(1, Rules{}), 0);
  EXPECT_EQ(input.substr(0, kSeedOneInput.size()), kSeedOneInput);
}

SPEC_TEST(Setup, AScenarioGivesRowsAndUnitsAndNamesTheFieldOfAnyMistake, "wondev.setup.units",
          "wondev.league.units") {
  auto load = [](const char* text, ScenarioError& e) {
    return LoadScenario(nlohmann::json::parse(text), ScenarioOptions{}, e);
  };
  ScenarioError e;
  auto ok = load(R"({"game": "wondev", "rows": ["00000", "0.000", "00100", "00000", "00000"],
                     "units": [[{"x": 0, "y": 0}], [{"x": 4, "y": 4}]], "actions": ["ACCEPT-DEFEAT"]})",
                 e);
  ASSERT_TRUE(ok) << e.field << ": " << e.message;
  EXPECT_EQ(ok->actions.size(), 1u);
  EXPECT_EQ(ok->initial->InputText(0).substr(0, 18), "00000\n0.000\n00100\n");
  EXPECT_FALSE(load(R"({"rows": ["00000", "00000", "00000", "00000", "00000"],
                        "units": [[{"x": 1, "y": 1}], [{"x": 1, "y": 1}]]})",
                    e));
  EXPECT_EQ(e.field, "units[1][0]");
  EXPECT_FALSE(load(R"({"rows": ["00000", "00000", "00000", "00000", "00000"],
                        "units": [[{"x": 1, "y": 1}], [{"x": 2, "y": 2}]], "rules": {"league": 2}})",
                    e));
  EXPECT_EQ(e.field, "units[0]");
  EXPECT_FALSE(load(R"({"rows": ["0000", "0000", "0000", "0000"], "units": []})", e));
  EXPECT_EQ(e.field, "rows");
  EXPECT_TRUE(load(R"({"seed": 4, "rules": {"league": 3}})", e));
}

}  // namespace
}  // namespace arbiter::wondev
