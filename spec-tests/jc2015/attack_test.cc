// Spec tests of attacks and what follows them: the line of blocks scheduled,
// the 4n-turn delay, no rescheduling, the stun, the exact tick at which blocks
// fall and are restored, and players falling with their block.
#include "jc2015/invariants.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

// Player 0 at (7,4) in block (2,1); the others far from block row 2 and column 1.
State Attacker(char dir, const Rules& rules = {}) {
  return Make({7, 4, dir}, {0, 12, 'U'}, {16, 16, 'U'}, {16, 10, 'U'}, rules);
}

SPEC_TEST(Attack, AnAttackSchedulesEveryBlockAheadToTheEdgeButNotItsOwnBlock,
          "jc2015.attack.line") {
  State s = Attacker('R');
  const TurnEvents ev = s.Apply(Action::kAttack);
  EXPECT_EQ(ev.result, ActionResult::kAttacked);
  for (int bc = 0; bc < 6; ++bc) {
    const bool ahead = bc >= 2;
    EXPECT_EQ(((ev.scheduled >> (2 * 6 + bc)) & 1) == 1, ahead) << bc;
    EXPECT_EQ(s.block(2, bc) > 0, ahead) << bc;
  }
  // Nothing outside block row 2 is touched.
  for (int br = 0; br < 6; ++br) {
    for (int bc = 0; bc < 6; ++bc) {
      if (br != 2) {
        EXPECT_EQ(s.block(br, bc), 0);
      }
    }
  }
}

SPEC_TEST(Attack, EachDirectionAttacksItsOwnLine, "jc2015.attack.line",
          "jc2015.protocol.input.direction") {
  const struct {
    char dir;
    std::vector<int> blocks;  // block indexes expected scheduled
  } cases[] = {{'U', {1 * 6 + 1, 0 * 6 + 1}},
               {'D', {3 * 6 + 1, 4 * 6 + 1, 5 * 6 + 1}},
               {'L', {2 * 6 + 0}},
               {'R', {2 * 6 + 2, 2 * 6 + 3, 2 * 6 + 4, 2 * 6 + 5}}};
  for (const auto& c : cases) {
    State s = Attacker(c.dir);
    uint64_t expect = 0;
    for (int i : c.blocks) expect |= uint64_t{1} << i;
    EXPECT_EQ(s.Apply(Action::kAttack).scheduled, expect) << c.dir;
  }
}

SPEC_TEST(Attack, AnAttackFacingTheEdgeFromAnEdgeBlockSchedulesNothingButStillStuns,
          "jc2015.attack.line", "jc2015.attack.stun") {
  State s = Make({1, 1, 'U'}, {0, 12, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  const TurnEvents ev = s.Apply(Action::kAttack);
  EXPECT_EQ(ev.scheduled, 0u);
  EXPECT_EQ(s.StunShown(0), 11);
}

SPEC_TEST(Attack, ABlockNBlocksAwayFallsFourNTurnsLater, "jc2015.attack.delay") {
  State s = Attacker('R');
  Play(s, "A");
  // Shown on turn 1, after one tick: 4n - 1.
  EXPECT_EQ(Shown(s, 2, 2), 3);
  EXPECT_EQ(Shown(s, 2, 3), 7);
  EXPECT_EQ(Shown(s, 2, 4), 11);
  EXPECT_EQ(Shown(s, 2, 5), 15);
  // Each falls exactly on turn 4n: the attacker's n-th next turn.
  for (int n = 1; n <= 4; ++n) {
    PassUntil(s, 4 * n - 1);
    EXPECT_GT(s.block(2, 1 + n), 0) << n;
    PassUntil(s, 4 * n);
    EXPECT_EQ(s.block(2, 1 + n), -kRestoreTurns) << n;
  }
}

SPEC_TEST(Attack, WithTheSquaresReadingNCountsSquaresToTheNearestSquareOfTheBlock,
          "jc2015.attack.delay") {
  Rules r;
  r.attack_distance = AttackDistance::kSquares;
  State s = Attacker('R', r);  // column 4; block columns start at 6, 9, 12, 15
  s.Apply(Action::kAttack);
  EXPECT_EQ(s.block(2, 2), 4 * 2 - 1);
  EXPECT_EQ(s.block(2, 3), 4 * 5 - 1);
  EXPECT_EQ(s.block(2, 4), 4 * 8 - 1);
  EXPECT_EQ(s.block(2, 5), 4 * 11 - 1);
}

SPEC_TEST(Attack, AttackingScheduledOrFallenBlocksChangesNeitherTimer,
          "jc2015.attack.no-reschedule") {
  // Player 0 attacks right along block row 0; player 1 attacks left along it later.
  State s = Make({1, 1, 'R'}, {1, 16, 'L'}, {16, 1, 'U'}, {16, 16, 'U'});
  Play(s, "A");  // turn 0: (0,1)=4 (0,2)=8 (0,3)=12 (0,4)=16 (0,5)=20
  // Turn 1, from block (0,5): (0,4)..(0,1) are already scheduled; only (0,0) is new.
  const TurnEvents ev = s.Apply(Action::kAttack);
  EXPECT_EQ(ev.scheduled, uint64_t{1} << 0);
  EXPECT_EQ(s.block(0, 4), 14);  // 16 ticked twice, not reset to 4
  EXPECT_EQ(s.block(0, 1), 2);
  PassUntil(s, 4);  // (0,1) has fallen: -20
  ASSERT_EQ(s.block(0, 1), -20);
  PassUntil(s, 12);  // player 0 may act again; (0,1) is at -12, (0,2) fell at 8: -16
  ASSERT_EQ(s.current_player(), 0);
  const int fallen = s.block(0, 1), pending = s.block(0, 3);
  ASSERT_LT(fallen, 0);
  const TurnEvents again = s.Apply(Action::kAttack);
  EXPECT_EQ(again.scheduled, 0u);
  EXPECT_EQ(s.block(0, 1), fallen + 1);  // only the tick
  EXPECT_EQ(s.block(0, 3), pending < 0 ? pending + 1 : pending - 1);
}

SPEC_TEST(Stun, AnAttackerCannotActOnItsNextTwoTurnsAndActsOnTheThird, "jc2015.attack.stun",
          "jc2015.protocol.stunned-answer") {
  State s = Attacker('U');
  Play(s, "A N N N");
  // Turn 4 and 8: player 0 answers a move, which is read and ignored.
  for (int t : {4, 8}) {
    PassUntil(s, t);
    ASSERT_EQ(s.current_player(), 0);
    EXPECT_TRUE(s.CurrentPlayerReceivesInput());
    const Player before = s.player(0);
    EXPECT_EQ(s.Apply(Action::kDown).result, ActionResult::kStunned) << t;
    EXPECT_EQ(s.player(0), before) << t;
  }
  PassUntil(s, 12);
  EXPECT_EQ(s.Apply(Action::kDown).result, ActionResult::kMoved);
}

SPEC_TEST(Stun, SCountsGlobalTurnsUntilTheAttackerMayAct, "jc2015.protocol.input.stun",
          "jc2015.attack.stun") {
  State s = Attacker('U');
  Play(s, "A");
  const int expect[] = {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0};
  for (int i = 0; i < 13; ++i) {
    EXPECT_EQ(ViewFor(s, s.current_player()).players[0].stun, expect[i]) << "turn " << s.turn();
    s.Apply(Action::kNothing);
  }
}

SPEC_TEST(Stun, WithTheOwnTurnsReadingSCountsTheAttackersBlockedTurns,
          "jc2015.protocol.input.stun") {
  Rules r;
  r.stun_count = StunCount::kOwnTurns;
  State s = Attacker('U', r);
  Play(s, "A");
  const int expect[] = {2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0};  // turns 1..13
  for (int i = 0; i < 13; ++i) {
    EXPECT_EQ(ViewFor(s, 1).players[0].stun, expect[i]) << "turn " << s.turn();
    s.Apply(Action::kNothing);
  }
}

SPEC_TEST(Fall, APlayerOnABlockWhenItFallsIsRemovedFromTheBoard, "jc2015.fall.player",
          "jc2015.protocol.input.position") {
  // Player 1 stands in block (2,3), two blocks right of the attacker: falls on turn 8.
  State s = Make({7, 4, 'R'}, {7, 10, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A");
  PassUntil(s, 7);
  EXPECT_TRUE(s.player(1).on_board);
  const TurnEvents ev = s.Apply(Action::kNothing);  // turn 7 ends; turn 8 starts with the fall
  EXPECT_EQ(ev.players_fell, 1u << 1);
  EXPECT_FALSE(s.player(1).on_board);
  const InputView v = ViewFor(s, 0);
  EXPECT_EQ(v.players[1].row, -1);
  EXPECT_EQ(v.players[1].col, -1);
  EXPECT_TRUE(s.player(0).on_board);
}

SPEC_TEST(Fall, BlocksFallAtTheStartOfTheDueTurnBeforeItsInputIsSent, "jc2015.fall.timing",
          "jc2015.protocol.input.block") {
  // Player 1 stands on the neighbour block of player 0's attack.
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A");
  for (int t = 1; t <= 3; ++t) {
    EXPECT_EQ(Shown(s, 2, 2), 4 - t) << "turn " << t;  // every player sees 3, 2, 1
    EXPECT_TRUE(s.player(1).on_board);
    s.Apply(Action::kNothing);
  }
  // Turn 4, the attacker's next turn: the block is already down, player 1 with it.
  EXPECT_EQ(s.turn(), 4);
  EXPECT_EQ(Shown(s, 2, 2, 0), -20);
  EXPECT_EQ(ViewFor(s, 0).players[1].row, -1);
}

SPEC_TEST(Restore, AFallenBlockIsRestoredTwentyTurnsAfterItFell, "jc2015.restore.delay",
          "jc2015.protocol.input.block") {
  State s = Attacker('R');
  Play(s, "A");
  PassUntil(s, 4);
  ASSERT_EQ(s.block(2, 2), -20);  // fell at the start of turn 4
  for (int t = 4; t < 24; ++t) {
    EXPECT_EQ(s.block(2, 2), -(24 - t)) << "turn " << t;
    s.Apply(Action::kNothing);
  }
  EXPECT_EQ(s.turn(), 24);  // the attacker's fifth next turn after the fall
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.block(2, 2), 0);
}

SPEC_TEST(Restore, UnderTheOfficialCountAFallenBlockShowsMinus19AndIsBackOneTurnEarlier,
          "jc2015.restore.delay") {
  // --rule restore_turns=19, the official 2015 referee's count: the same fall,
  // -19 first, and the block is back on turn 23, not 24.
  Rules official;
  official.restore_turns = 19;
  State s = Attacker('R', official);
  Play(s, "A");
  PassUntil(s, 4);
  ASSERT_EQ(s.block(2, 2), -19);
  for (int t = 4; t < 23; ++t) {
    EXPECT_EQ(s.block(2, 2), -(23 - t)) << "turn " << t;
    s.Apply(Action::kNothing);
  }
  EXPECT_EQ(s.turn(), 23);
  EXPECT_EQ(s.block(2, 2), 0);
  EXPECT_EQ(CheckInvariants(s), "");
}

SPEC_TEST(Restore, ARestoredBlockCanBeEnteredAndAttackedAgain, "jc2015.restore.delay") {
  State s = Attacker('R');
  Play(s, "A");
  PassUntil(s, 24);
  ASSERT_EQ(s.block(2, 2), 0);
  EXPECT_EQ(s.Apply(Action::kRight).result, ActionResult::kMoved);  // (7,5), block (2,1)
  PassUntil(s, 28);
  EXPECT_EQ(s.Apply(Action::kRight).result, ActionResult::kMoved);  // (7,6), block (2,2)
  PassUntil(s, 32);
  EXPECT_EQ(s.Apply(Action::kAttack).scheduled & (uint64_t{1} << (2 * 6 + 3)),
            uint64_t{1} << (2 * 6 + 3));
}

SPEC_TEST(Restore, AFallenPlayerStaysOffTheBoardAfterItsBlockIsRestored,
          "jc2015.restore.no-player") {
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A");
  PassUntil(s, 30);
  ASSERT_EQ(s.block(2, 2), 0);
  EXPECT_FALSE(s.player(1).on_board);
  EXPECT_EQ(ViewFor(s, 2).players[1].row, -1);
}

}  // namespace
}  // namespace arbiter::jc2015
