// Spec tests of PUSH&BUILD (wondev.push.*, league 2) and of the fog of war
// (wondev.fog.*, league 3): which pushes are listed and what they do, what a
// player sees, and how unseen units cancel builds and pushes.
#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

bool AnyPush(const State& s) {
  for (const std::string& t : LegalTexts(s))
    if (t.rfind("PUSH&BUILD", 0) == 0) return true;
  return false;
}

SPEC_TEST(Push, AnEnemyNextToTheUnitCanBePushedStraightOrFortyFiveDegreesAside,
          "wondev.push.target") {
  const State s = Make2(kFlat5, At(2, 2), At(0, 4), At(2, 1), At(4, 4), League(2));
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N N"));
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N NE"));
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N NW"));
  EXPECT_FALSE(Listed(s, "PUSH&BUILD 0 N E"));
  EXPECT_FALSE(Listed(s, "PUSH&BUILD 0 N S"));
  EXPECT_FALSE(Listed(s, "PUSH&BUILD 0 E E"));  // nobody there
}

SPEC_TEST(Push, OwnUnitsAreNeverPushedAndNothingIsPushedBeforeLeagueTwo, "wondev.push.target",
          "wondev.league") {
  const State own = Make2(kFlat5, At(2, 2), At(3, 2), At(0, 0), At(4, 4), League(2));
  EXPECT_FALSE(Listed(own, "PUSH&BUILD 0 E E"));
  State one = Make(kFlat5, At(2, 2), At(2, 1), League(1));
  EXPECT_FALSE(AnyPush(one));
  const TurnEvents ev = Play(one, "PUSH&BUILD 0 N N");
  EXPECT_EQ(ev.result, Result::kIllegal);
  EXPECT_TRUE(one.out(0));
}

SPEC_TEST(Push, ThePushedUnitMustLandOnAFreePlayableCellAtMostOneLevelUp,
          "wondev.push.destination") {
  // Enemy on (2, 1) at height 1; north of it: (1, 0) height 0, (2, 0) a hole, (3, 0) height 2.
  const State s = Make2({"00.2.", "00100", "00000", "00000", "00000"}, At(2, 2), At(4, 4), At(2, 1),
                        At(0, 4), League(2));
  EXPECT_FALSE(Listed(s, "PUSH&BUILD 0 N N"));  // a hole
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N NE"));  // 1 -> 2
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N NW"));  // 1 -> 0
  const State high = Make2({"03000", "00100", "00000", "00000", "00000"}, At(2, 2), At(4, 4),
                           At(2, 1), At(0, 4), League(2));
  EXPECT_FALSE(Listed(high, "PUSH&BUILD 0 N NW"));  // 1 -> 3
  const State edge = Make2(kFlat5, At(2, 1), At(4, 4), At(1, 0), At(4, 2), League(2));
  EXPECT_TRUE(Listed(edge, "PUSH&BUILD 0 NW W"));   // into the corner
  EXPECT_FALSE(Listed(edge, "PUSH&BUILD 0 NW N"));  // off the grid
  EXPECT_FALSE(Listed(edge, "PUSH&BUILD 0 NW NW"));
  const State taken = Make2(kFlat5, At(2, 2), At(2, 0), At(2, 1), At(4, 4), League(2));
  EXPECT_FALSE(Listed(taken, "PUSH&BUILD 0 N N"));  // the pusher's own unit stands on P
  const State removed = Make2({"00400", "00000", "00000", "00000", "00000"}, At(2, 2), At(4, 4),
                              At(2, 1), At(0, 4), League(2));
  EXPECT_FALSE(Listed(removed, "PUSH&BUILD 0 N N"));
}

SPEC_TEST(Push, ThePusherStaysTheEnemyMovesTheLeftCellIsBuiltAndNobodyScores, "wondev.push.build") {
  State s = Make2({"00300", "00200", "00000", "00000", "00000"}, At(2, 2), At(4, 4), At(2, 1),
                  At(0, 4), League(2));
  const TurnEvents ev = Play(s, "PUSH&BUILD 0 N N");  // the enemy goes from level 2 to level 3
  EXPECT_EQ(ev.result, Result::kPushed);
  EXPECT_EQ(s.unit(0, 0), At(2, 2));
  EXPECT_EQ(s.unit(1, 0), At(2, 0));
  EXPECT_EQ(s.map().at(2, 1), 3);
  EXPECT_EQ(s.score(0), 0);
  EXPECT_EQ(s.score(1), 0);
}

SPEC_TEST(Fog, AnEnemyIsSeenOnlyWithinOneCellOfSomeOwnUnitAndIsOtherwiseMinusOne,
          "wondev.fog.visibility", "wondev.protocol.input.units") {
  const State s = Make2(kFlat5, At(0, 0), At(4, 4), At(2, 0), At(3, 3), League(3));
  const InputView v = ViewFor(s, 0);
  EXPECT_EQ(v.theirs[0], Pos{});     // two cells from (0, 0)
  EXPECT_EQ(v.theirs[1], At(3, 3));  // next to (4, 4)
  EXPECT_EQ(v.mine[0], At(0, 0));
  const InputView clear =
      ViewFor(Make2(kFlat5, At(0, 0), At(4, 4), At(2, 0), At(3, 3), League(2)), 0);
  EXPECT_EQ(clear.theirs[0], At(2, 0));  // no fog before league 3
}

SPEC_TEST(Fog, VisibilityIsJudgedOnTheStateBeforeTheAction, "wondev.fog.visibility") {
  State s = Make2(kFlat5, At(0, 2), At(0, 4), At(2, 2), At(4, 0), League(3));
  EXPECT_EQ(ViewFor(s, 0).theirs[0], Pos{});
  Play(s, "MOVE&BUILD 0 E W");  // now next to the enemy
  EXPECT_EQ(ViewFor(s, 1).theirs[0], At(1, 2));
  Play(s, "MOVE&BUILD 1 S N");
  EXPECT_EQ(ViewFor(s, 0).theirs[0], At(2, 2));
}

SPEC_TEST(Fog, AUnitNextToTheMoverIsAlwaysSeenSoMovesNeverTargetAnUnseenUnit, "wondev.fog.move",
          "wondev.move.occupied") {
  const State s = Make2(kFlat5, At(1, 1), At(4, 4), At(2, 2), At(0, 3), League(3));
  EXPECT_TRUE(s.Visible(0, 1, 0));
  for (const std::string& t : LegalTexts(s)) EXPECT_NE(t.substr(0, 15), "MOVE&BUILD 0 SE") << t;
}

SPEC_TEST(Fog, ABuildOnAnUnseenEnemyIsListedTheMoveHappensAndTheBuildIsCancelled,
          "wondev.fog.build") {
  State s = Make2(kFlat5, At(1, 2), At(0, 4), At(3, 2), At(4, 0), League(3));
  ASSERT_TRUE(Listed(s, "MOVE&BUILD 0 E E"));
  const TurnEvents ev = Play(s, "MOVE&BUILD 0 E E");
  EXPECT_EQ(ev.result, Result::kBuildCancelled);
  EXPECT_EQ(s.unit(0, 0), At(2, 2));
  EXPECT_EQ(s.map().at(3, 2), 0);
  EXPECT_FALSE(s.out(0));
  EXPECT_FALSE(Listed(Make2(kFlat5, At(1, 2), At(0, 4), At(3, 2), At(4, 0), League(2)),
                      "MOVE&BUILD 0 E E"));  // seen, so not legal without fog
}

SPEC_TEST(Fog, APushOntoAnUnseenUnitIsListedAndCancelsTheWholeAction, "wondev.fog.push") {
  State s = Make2(kFlat5, At(1, 2), At(0, 4), At(2, 2), At(3, 2), League(3));
  ASSERT_FALSE(s.Visible(0, 1, 1));
  ASSERT_TRUE(Listed(s, "PUSH&BUILD 0 E E"));
  const State before = s;
  const TurnEvents ev = Play(s, "PUSH&BUILD 0 E E");
  EXPECT_EQ(ev.result, Result::kPushCancelled);
  EXPECT_EQ(s.units(), before.units());
  EXPECT_EQ(s.map(), before.map());
  EXPECT_EQ(s.turn(), before.turn() + 1);
  EXPECT_FALSE(s.out(0));
}

}  // namespace
}  // namespace arbiter::wondev
