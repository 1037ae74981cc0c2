// Spec tests of the flow of the game: turn order, what a player is given on
// its turn, one action per turn, and the turns of fallen players.
#include "jc2015/codec.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

SPEC_TEST(Turns, GlobalTurnTBelongsToPlayerTModFourStartingWithPlayerZero, "jc2015.turn.order") {
  State s = Spread();
  for (int t = 0; t < 40; ++t) {
    ASSERT_EQ(s.turn(), t);
    ASSERT_EQ(s.current_player(), t % 4);
    const TurnEvents ev = s.Apply(Action::kNothing);
    ASSERT_EQ(ev.turn, t);
    ASSERT_EQ(ev.player, t % 4);
  }
}

SPEC_TEST(Turns, EveryTurnStartsByShowingTheMoverAllPositionsAndTheBoard, "jc2015.turn.input") {
  State s = Spread();
  Play(s, "R");  // player 0 steps right to (1,2)
  const InputView v = ViewFor(s, s.current_player());
  EXPECT_EQ(v.id, 1);
  EXPECT_EQ(v.turn, 1);
  EXPECT_EQ(v.players[0].row, 1);
  EXPECT_EQ(v.players[0].col, 2);
  EXPECT_EQ(v.players[3].row, 16);
  EXPECT_EQ(v.players[3].col, 16);
  EXPECT_TRUE(s.CurrentPlayerReceivesInput());
}

SPEC_TEST(Turns, AnActionChangesOnlyTheMoverAndAtMostOneSquare, "jc2015.turn.one-action") {
  for (const char* letter : {"U", "R", "D", "L", "A", "N"}) {
    State s = Make({8, 8, 'U'}, {1, 1, 'U'}, {1, 16, 'U'}, {16, 1, 'U'});
    const State before = s;
    Play(s, letter);
    for (int q = 1; q < 4; ++q) EXPECT_EQ(s.player(q), before.player(q)) << letter;
    EXPECT_LE(
        Manhattan(before.player(0).row, before.player(0).col, s.player(0).row, s.player(0).col), 1);
  }
}

// Player 1 stands in block (0,1) and falls when player 0's attack lands.
State WithPlayerOneFallen() {
  State s = Make({1, 1, 'R'}, {1, 5, 'U'}, {10, 1, 'U'}, {16, 16, 'U'});
  Play(s, "A N N N");  // the neighbour block falls at the start of turn 4
  return s;
}

SPEC_TEST(Turns, AFallenPlayersTurnCountsAndTicksButSendsItNoInput, "jc2015.fallen.turns") {
  State s = WithPlayerOneFallen();
  ASSERT_FALSE(s.player(1).on_board);
  Play(s, "N");  // turn 4, player 0
  ASSERT_EQ(s.turn(), 5);
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_FALSE(s.CurrentPlayerReceivesInput());
  const int before = s.block(0, 1);
  const TurnEvents ev = s.Apply(Action::kUp);  // whatever is passed is not an action
  EXPECT_EQ(ev.result, ActionResult::kNotOnBoard);
  EXPECT_EQ(s.turn(), 6);
  EXPECT_EQ(s.current_player(), 2);
  EXPECT_EQ(s.block(0, 1), before + 1);  // the fallen block's restore timer ticked
  EXPECT_FALSE(s.player(1).on_board);
}

SPEC_TEST(Turns, WithTheAlternativeAFallenPlayerIsSentInputShowingItselfOffTheBoard,
          "jc2015.fallen.turns") {
  Rules r;
  r.fallen_players_get_input = true;
  State s = Make({1, 1, 'R'}, {1, 5, 'U'}, {10, 1, 'U'}, {16, 16, 'U'}, r);
  Play(s, "A N N N N");
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_TRUE(s.CurrentPlayerReceivesInput());
  const InputView v = ViewFor(s, 1);
  EXPECT_EQ(v.players[1].row, -1);
  EXPECT_EQ(v.players[1].col, -1);
  EXPECT_EQ(s.Apply(Action::kDown).result, ActionResult::kNotOnBoard);
}

}  // namespace
}  // namespace arbiter::jc2015
