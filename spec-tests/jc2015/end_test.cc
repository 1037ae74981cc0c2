// Spec tests of the end of the game: the last player standing wins, players
// falling together leave a draw, and the 1000-turn limit.
#include "core/game.h"
#include "jc2015/game.h"
#include "jc2015/policies.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

// Player 0 on (7,1) facing right; players 1, 2, 3 on block row 2 at columns 7, 11, 15.
State Row() { return Make({7, 1, 'R'}, {7, 7, 'U'}, {7, 11, 'U'}, {7, 15, 'U'}); }

SPEC_TEST(End, WhenOnlyOnePlayerIsLeftItWinsAndTheGameEnds, "jc2015.end.win",
          "jc2015.goal.last-standing") {
  State s = Row();  // blocks (2,2), (2,3), (2,5) fall on turns 8, 12, 20
  Play(s, "A");
  while (!s.IsTerminal()) s.Apply(Action::kNothing);
  EXPECT_EQ(s.turn(), 20);  // the game ends with the tick that removes the last opponent
  EXPECT_EQ(s.Winner(), 0);
  EXPECT_EQ(s.players_on_board(), 1);
}

SPEC_TEST(End, TheGameDoesNotEndWhileTwoPlayersRemain, "jc2015.end.win") {
  State s = Row();
  Play(s, "A");
  PassUntil(s, 19);
  EXPECT_FALSE(s.IsTerminal());
  EXPECT_EQ(s.players_on_board(), 2);
  EXPECT_EQ(s.Winner(), -1);
}

// Players 0 and 1 share block (0,0) at opposite corners (distance 4). Player 0
// attacks right along block row 0, dooming player 3 in (0,3) on turn 12 and
// player 2 in (0,5) on turn 20; player 2 attacks left back at block (0,0),
// which falls on turn 22 with players 0 and 1 together.
State Crossfire(const Rules& rules = {}) {
  State s = Make({0, 0, 'R'}, {2, 2, 'U'}, {0, 15, 'L'}, {0, 10, 'U'}, rules);
  Play(s, "A N A N");
  return s;
}

SPEC_TEST(End, WhenTheLastPlayersFallInTheSameTickTheGameIsADraw, "jc2015.end.simultaneous") {
  State s = Crossfire();
  PassUntil(s, 21);
  ASSERT_FALSE(s.IsTerminal());
  ASSERT_EQ(s.players_on_board(), 2);  // players 3 and 2 fell on turns 12 and 20
  const TurnEvents ev = s.Apply(Action::kNothing);
  EXPECT_EQ(ev.players_fell, 0b0011);
  EXPECT_TRUE(ev.game_over);
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.turn(), 22);
  EXPECT_EQ(s.players_on_board(), 0);
  EXPECT_EQ(s.Winner(), -1);
}

SPEC_TEST(End, TheSimultaneousDrawIsReportedWithItsClause, "jc2015.end.simultaneous") {
  State s = Crossfire();
  PassUntil(s, 21);
  const TurnEvents ev = s.Apply(Action::kNothing);
  const auto events = DescribeEvents(s, ev);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().kind, "end");
  EXPECT_EQ(events.back().clause, "jc2015.end.simultaneous");
  EXPECT_EQ(events.back().detail, "draw");
}

SPEC_TEST(End, TheLastTurnIs999AndThenTheGameIsADrawIfSeveralPlayersRemain,
          "jc2015.end.turn-limit") {
  State s = Spread();
  PassUntil(s, 999);
  EXPECT_FALSE(s.IsTerminal());
  EXPECT_EQ(s.current_player(), 3);
  s.Apply(Action::kNothing);
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.turn(), 1000);
  EXPECT_EQ(s.Winner(), -1);
}

SPEC_TEST(End, ABlockDueToFallOnTurn1000NeverFalls, "jc2015.end.turn-limit") {
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  PassUntil(s, 996);
  s.Apply(Action::kAttack);  // the neighbour block, under player 1, is due on turn 1000
  PassUntil(s, 1000);
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_TRUE(s.player(1).on_board);
  EXPECT_EQ(s.block(2, 2), 1);  // never ticked to 0
}

SPEC_TEST(End, WithTurnLimit1001TheTurnNumbered1000IsPlayed, "jc2015.end.turn-limit") {
  Rules r;
  r.turn_limit = 1001;
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'U'}, r);
  PassUntil(s, 996);
  s.Apply(Action::kAttack);
  PassUntil(s, 1000);
  EXPECT_FALSE(s.IsTerminal());
  EXPECT_FALSE(s.player(1).on_board);  // fell at the start of turn 1000
  s.Apply(Action::kNothing);
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.turn(), 1001);
}

// The referee fuzzer's "simultaneous last fall" answers steer all four
// players into it from placements drawn as a referee draws them: seats 2 and
// 3 fall on the same tick, after seats 1 and 0, and nobody is left. Under
// zero_alive=turn-limit the game goes on with nobody on the board.
int SharedFalls(const Rules& rules, int games) {
  int shared = 0;
  for (int g = 0; g < games; ++g) {
    State s = State::Initial(DrawPlacement(1000 + g), rules);
    Rng rng(g);
    bool together = false;
    while (!s.IsTerminal()) {
      const int before = s.players_on_board();
      const TurnEvents ev = s.Apply(SteerToSharedFall(s, rng));
      together |= before == 2 && ev.players_fell == 0b1100 && s.players_on_board() == 0;
    }
    shared += together && s.Winner() == -1;
  }
  return shared;
}

SPEC_TEST(End, SteeredPlayersReachASimultaneousLastFallFromEverySeededPlacementTried,
          "jc2015.end.simultaneous") {
  EXPECT_EQ(SharedFalls(Rules{}, 200), 200);
  Rules official;
  official.zero_alive = ZeroAlive::kTurnLimit;
  EXPECT_EQ(SharedFalls(official, 50), 50);
}

}  // namespace
}  // namespace arbiter::jc2015
