// Spec tests of moves and their cancellation: one square in the chosen
// direction, facing it afterwards, and the three cancel rules, which still
// turn the player.
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

SPEC_TEST(Move, EachMoveLetterStepsOneSquareUpRightDownOrLeft, "jc2015.move.step",
          "jc2015.protocol.input.direction") {
  const struct {
    char letter;
    int drow, dcol;
  } cases[] = {{'U', -1, 0}, {'R', 0, 1}, {'D', 1, 0}, {'L', 0, -1}};
  for (const auto& c : cases) {
    State s = Make({8, 8, 'U'}, {1, 1, 'U'}, {1, 16, 'U'}, {16, 1, 'U'});
    const TurnEvents ev = Play(s, std::string(1, c.letter))[0];
    EXPECT_EQ(ev.result, ActionResult::kMoved) << c.letter;
    EXPECT_EQ(s.player(0).row, 8 + c.drow) << c.letter;
    EXPECT_EQ(s.player(0).col, 8 + c.dcol) << c.letter;
  }
}

SPEC_TEST(Move, AfterAMoveThePlayerFacesTheDirectionItMoved, "jc2015.move.face") {
  for (char d : {'U', 'R', 'D', 'L'}) {
    State s = Make({8, 8, d == 'U' ? 'D' : 'U'}, {1, 1, 'U'}, {1, 16, 'U'}, {16, 1, 'U'});
    Play(s, std::string(1, d));
    EXPECT_EQ(DirLetter(s.player(0).dir), d);
    EXPECT_EQ(ViewFor(s, 1).players[0].dir, d);
  }
}

SPEC_TEST(MoveCancel, AMoveOffTheBoardIsCancelledButTurnsThePlayer, "jc2015.move.cancel.edge",
          "jc2015.move.cancel.turns") {
  State s = Make({0, 5, 'D'}, {17, 17, 'U'}, {10, 0, 'U'}, {9, 17, 'U'});
  const auto ev = Play(s, "U R L R");
  EXPECT_EQ(ev[0].result, ActionResult::kCancelledEdge);
  EXPECT_EQ(s.player(0).row, 0);
  EXPECT_EQ(s.player(0).col, 5);
  EXPECT_EQ(s.player(0).dir, Dir::kUp);
  EXPECT_EQ(ev[1].result, ActionResult::kCancelledEdge);  // (17,17) right
  EXPECT_EQ(s.player(1).dir, Dir::kRight);
  EXPECT_EQ(ev[2].result, ActionResult::kCancelledEdge);  // (10,0) left
  EXPECT_EQ(ev[3].result, ActionResult::kCancelledEdge);  // (9,17) right
  EXPECT_EQ(s.player(3).col, 17);
}

// Player 0 attacks right from block (0,0): block (0,1) falls at turn 4.
State WithBlockZeroOneFallen() {
  State s = Make({1, 2, 'R'}, {10, 10, 'U'}, {16, 1, 'U'}, {16, 16, 'U'});
  Play(s, "A N N N");
  return s;
}

SPEC_TEST(MoveCancel, AMoveIntoAFallenBlockIsCancelledButTurnsThePlayer,
          "jc2015.move.cancel.fallen", "jc2015.move.cancel.turns") {
  State t = WithBlockZeroOneFallen();
  ASSERT_LT(t.block(0, 1), 0);
  // Player 0 is stunned until turn 12; the block is still down then (until 24).
  PassUntil(t, 12);
  ASSERT_LT(t.block(0, 1), 0);
  ASSERT_EQ(t.current_player(), 0);
  const TurnEvents ev = t.Apply(Action::kRight);
  EXPECT_EQ(ev.result, ActionResult::kCancelledFallen);
  EXPECT_EQ(t.player(0).col, 2);
  EXPECT_EQ(t.player(0).dir, Dir::kRight);
}

SPEC_TEST(MoveCancel, AMoveOntoABlockThatIsOnlyScheduledToFallIsAllowed,
          "jc2015.move.cancel.fallen") {
  // Player 1 attacks left from block (0,3): (0,2) gets 4, (0,1) 8, (0,0) 12.
  State s = Make({1, 2, 'D'}, {1, 10, 'L'}, {16, 1, 'U'}, {16, 16, 'U'});
  Play(s, "N A N N");
  ASSERT_EQ(s.current_player(), 0);
  ASSERT_GT(s.block(0, 1), 0);
  const TurnEvents ev = s.Apply(Action::kRight);  // into (1,3), block (0,1), B > 0
  EXPECT_EQ(ev.result, ActionResult::kMoved);
  EXPECT_EQ(s.player(0).col, 3);
}

SPEC_TEST(MoveCancel, AMoveEndingAtDistanceThreeFromAnotherPlayerIsCancelled,
          "jc2015.move.cancel.distance", "jc2015.move.cancel.turns") {
  // Player 0 at (5,5), player 1 at (5,9): distance 4. Moving right would make it 3.
  State s = Make({5, 5, 'U'}, {5, 9, 'U'}, {16, 1, 'U'}, {16, 16, 'U'});
  const TurnEvents ev = s.Apply(Action::kRight);
  EXPECT_EQ(ev.result, ActionResult::kCancelledDistance);
  EXPECT_EQ(ev.too_close_to, 1);
  EXPECT_EQ(s.player(0).col, 5);
  EXPECT_EQ(s.player(0).dir, Dir::kRight);
  // Both axes count: (5,5) -> (6,5) is 1 + 4 = 5 from (5,9), more than 4: allowed.
  State d = Make({5, 5, 'U'}, {5, 9, 'U'}, {16, 1, 'U'}, {16, 16, 'U'});
  EXPECT_EQ(d.Apply(Action::kDown).result, ActionResult::kMoved);
}

SPEC_TEST(MoveCancel, AMoveEndingAtDistanceFourIsAllowed, "jc2015.move.cancel.distance") {
  State s = Make({5, 4, 'U'}, {5, 9, 'U'}, {16, 1, 'U'}, {16, 16, 'U'});
  EXPECT_EQ(s.Apply(Action::kRight).result, ActionResult::kMoved);
  EXPECT_EQ(s.player(0).col, 5);
}

SPEC_TEST(MoveCancel, AFallenPlayerIsNotMeasuredFromMinusOneMinusOne,
          "jc2015.move.cancel.distance") {
  // Player 0 attacks left from (1,11): block (0,2) falls on turn 4 with player 1.
  State s = Make({1, 11, 'L'}, {1, 7, 'U'}, {2, 0, 'U'}, {16, 16, 'U'});
  Play(s, "A N N N");
  ASSERT_FALSE(s.player(1).on_board);
  PassUntil(s, 6);
  ASSERT_EQ(s.current_player(), 2);
  // (2,0) -> (1,0) lies at distance 3 from (-1,-1), where a fallen player is shown.
  EXPECT_EQ(s.Apply(Action::kUp).result, ActionResult::kMoved);
  EXPECT_EQ(s.player(2).row, 1);
}

}  // namespace
}  // namespace arbiter::jc2015
