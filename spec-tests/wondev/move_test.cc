// Spec tests of MOVE&BUILD: where a unit may move (wondev.move.*), where it
// may build and what a build does (wondev.build.*), and scoring
// (wondev.score.*). Each test sets up a hand-drawn grid and plays one action.
#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

SPEC_TEST(Move, NorthIsYMinusOneAndEastIsXPlusOneAndDiagonalsCombine, "wondev.grid.coordinates",
          "wondev.move.neighbour") {
  State s = Make(kFlat5, At(2, 2), At(0, 4));
  const TurnEvents ev = Play(s, "MOVE&BUILD 0 NE S");
  EXPECT_EQ(ev.result, Result::kMoved);
  EXPECT_EQ(s.unit(0, 0), At(3, 1));  // x + 1, y - 1
  EXPECT_EQ(s.map().at(3, 2), 1);     // south of (3, 1) is (3, 2)
  State w = Make(kFlat5, At(2, 2), At(0, 4));
  Play(w, "MOVE&BUILD 0 W NW");
  EXPECT_EQ(w.unit(0, 0), At(1, 2));
  EXPECT_EQ(w.map().at(0, 1), 1);
}

SPEC_TEST(Move, AUnitMayReachAllEightNeighboursButNotLeaveTheGridOrEnterAHole,
          "wondev.move.neighbour", "wondev.move.removed") {
  const State open = Make(kFlat5, At(2, 2), At(0, 4));
  for (const char* d : {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}) {
    bool listed = false;
    for (const std::string& t : LegalTexts(open))
      listed = listed || t.rfind(std::string("MOVE&BUILD 0 ") + d + " ", 0) == 0;
    EXPECT_TRUE(listed) << d;
  }
  const State corner = Make({"0.000", "..000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  EXPECT_TRUE(corner.LegalActions().empty());  // every neighbour is a hole or off the grid
}

SPEC_TEST(Move, AUnitClimbsAtMostOneLevelButMayDropAnyNumber, "wondev.move.climb") {
  const State low = Make({"02100", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  EXPECT_FALSE(Listed(low, "MOVE&BUILD 0 E W"));  // 0 -> 2
  const State mid = Make({"12000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  EXPECT_TRUE(Listed(mid, "MOVE&BUILD 0 E W"));  // 1 -> 2
  const State high = Make({"30000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  EXPECT_TRUE(Listed(high, "MOVE&BUILD 0 E W"));  // 3 -> 0
}

SPEC_TEST(Move, ACellAtHeightFourIsNeverEnteredEvenFromLevelThree, "wondev.move.removed",
          "wondev.grid.cells") {
  const State s = Make({"34000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  for (const std::string& t : LegalTexts(s)) EXPECT_NE(t.substr(0, 14), "MOVE&BUILD 0 E") << t;
}

SPEC_TEST(Move, NoUnitMovesOntoAnyOtherUnit, "wondev.move.occupied") {
  const State s = Make(kFlat5, At(0, 0), At(1, 0));
  for (const std::string& t : LegalTexts(s)) EXPECT_NE(t.substr(0, 14), "MOVE&BUILD 0 E") << t;
  const State own = Make2(kFlat5, At(0, 0), At(1, 1), At(4, 4), At(4, 3), League(2));
  for (const std::string& t : LegalTexts(own)) EXPECT_NE(t.substr(0, 15), "MOVE&BUILD 0 SE") << t;
}

SPEC_TEST(Build, TheBuildIsNextToTheNewCellMayHitTheCellJustLeftButNoUnit,
          "wondev.build.adjacent") {
  State s = Make(kFlat5, At(1, 1), At(3, 1));
  EXPECT_TRUE(Listed(s, "MOVE&BUILD 0 E W"));   // the cell just left
  EXPECT_FALSE(Listed(s, "MOVE&BUILD 0 E E"));  // the enemy's cell
  EXPECT_FALSE(Listed(Make({"00000", "0..00", "00000", "00000", "00000"}, At(0, 0), At(4, 4)),
                      "MOVE&BUILD 0 E SE"));  // a hole
  Play(s, "MOVE&BUILD 0 E W");
  EXPECT_EQ(s.map().at(1, 1), 1);
}

SPEC_TEST(Build, ABuildAddsOneAndAtFourTheCellIsRemovedButStillPrinted, "wondev.build.height",
          "wondev.grid.cells") {
  State s = Make({"00300", "00000", "00000", "00000", "00000"}, At(1, 1), At(4, 4));
  const TurnEvents ev = Play(s, "MOVE&BUILD 0 E N");  // to (2, 1), build on (2, 0)
  EXPECT_EQ(ev.build, At(2, 0));
  EXPECT_TRUE(ev.removed);
  EXPECT_EQ(s.map().at(2, 0), 4);
  EXPECT_EQ(Shown(s, 2, 0), '4');
  EXPECT_FALSE(Listed(Make({"00400", "00000", "00000", "00000", "00000"}, At(1, 1), At(4, 4)),
                      "MOVE&BUILD 0 E N"));  // no build on a removed cell
}

SPEC_TEST(Score, MovingOntoLevelThreeScoresEveryTimeAlsoFromLevelThree, "wondev.score.climb",
          "wondev.goal.points") {
  State s = Make({"23300", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  EXPECT_TRUE(Play(s, "MOVE&BUILD 0 E S").scored);  // 2 -> 3
  EXPECT_EQ(s.score(0), 1);
  Play(s, "MOVE&BUILD 0 N S");                      // the opponent moves
  EXPECT_TRUE(Play(s, "MOVE&BUILD 0 E S").scored);  // 3 -> 3
  EXPECT_EQ(s.score(0), 2);
  Play(s, "MOVE&BUILD 0 N S");
  EXPECT_FALSE(Play(s, "MOVE&BUILD 0 S N").scored);  // 3 -> 1 (the cell built before)
  EXPECT_EQ(s.score(0), 2);
}

SPEC_TEST(Score, TheHeightCountedIsTheDestinationsBeforeAnyBuild, "wondev.score.climb") {
  // Building on the cell just left never changes the destination.
  State s = Make({"23000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4));
  const TurnEvents ev = Play(s, "MOVE&BUILD 0 E W");
  EXPECT_TRUE(ev.scored);
  EXPECT_EQ(s.map().at(0, 0), 3);
  EXPECT_EQ(s.map().at(1, 0), 3);
}

SPEC_TEST(Score, InLeagueZeroTheFirstUnitOnLevelThreeWinsAtOnce, "wondev.score.league0",
          "wondev.league") {
  State s = Make({"23000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4), League(0));
  Play(s, "MOVE&BUILD 0 E W");
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.Winner(), 0);
  State one = Make({"23000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4), League(1));
  Play(one, "MOVE&BUILD 0 E W");
  EXPECT_FALSE(one.IsTerminal());  // league 1 goes on for points
}

SPEC_TEST(Turns, EachTurnMovesExactlyOneUnitOfThePlayerToMove, "wondev.turn.one-action",
          "wondev.turn.order") {
  State s = Make2(kFlat5, At(0, 0), At(4, 0), At(0, 4), At(4, 4), League(2));
  EXPECT_EQ(s.current_player(), 0);
  Play(s, "MOVE&BUILD 1 S N");
  EXPECT_EQ(s.unit(0, 0), At(0, 0));
  EXPECT_EQ(s.unit(0, 1), At(4, 1));
  EXPECT_EQ(s.current_player(), 1);
  Play(s, "MOVE&BUILD 0 N S");
  EXPECT_EQ(s.unit(1, 0), At(0, 3));
  EXPECT_EQ(s.current_player(), 0);
}

}  // namespace
}  // namespace arbiter::wondev
