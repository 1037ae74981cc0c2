// The harness's edge states are real, reachable states that show what their
// names promise: each is checked here through the text the bot receives.
#include "core/game.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::jc2015 {
namespace {

InputView ViewOf(const EdgeCase& e) {
  EXPECT_TRUE(e.state->CurrentPlayerReceivesInput()) << e.name;
  EXPECT_EQ(e.state->current_player(), e.seat) << e.name;
  const auto parsed = ParseInput(e.state->InputText(e.seat));
  EXPECT_TRUE(parsed.ok()) << e.name << ": " << parsed.error().ToString();
  return parsed.value();
}

const EdgeCase& Get(const std::vector<EdgeCase>& all, const std::string& name) {
  for (const EdgeCase& e : all)
    if (e.name == name) return e;
  ADD_FAILURE() << "no edge case " << name;
  return all.front();
}

int BlockUnder(const InputView& v, int id) {
  const PlayerView& p = v.players[id];
  return v.blocks[(p.row / 3) * 6 + p.col / 3];
}

SPEC_TEST(EdgeStates, TheStunnedStateShowsTheBotStunned, "jc2015.protocol.stunned-answer",
          "jc2015.attack.stun") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "stunned");
  EXPECT_EQ(ViewOf(e).players[e.seat].stun, 8);
}

SPEC_TEST(EdgeStates, TheOpponentsFallenStateShowsTwoOpponentsAtMinusOne,
          "jc2015.protocol.input.position") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "opponents-fallen");
  const InputView v = ViewOf(e);
  int fallen = 0;
  for (int q = 0; q < 4; ++q) fallen += q != e.seat && v.players[q].row == -1;
  EXPECT_EQ(fallen, 2);
  EXPECT_EQ(v.players[e.seat].stun, 0);
}

SPEC_TEST(EdgeStates, TheOwnBlockScheduledStateShowsAPositiveTimerUnderTheBot,
          "jc2015.protocol.input.block") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "own-block-scheduled");
  EXPECT_GT(BlockUnder(ViewOf(e), e.seat), 0);
}

SPEC_TEST(EdgeStates, TheBlocksDownStateHasFallenNeighboursAndTheBotsBlockAboutToFall,
          "jc2015.move.cancel.fallen") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "blocks-down-around");
  const InputView v = ViewOf(e);
  const int br = v.players[e.seat].row / 3, bc = v.players[e.seat].col / 3;
  int down = 0;
  for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
    const int r = br + dr, c = bc + dc;
    if (r >= 0 && r < 6 && c >= 0 && c < 6) down += v.blocks[r * 6 + c] < 0;
  }
  EXPECT_GE(down, 2);
  EXPECT_EQ(BlockUnder(v, e.seat), 1);
  EXPECT_EQ(v.players[e.seat].stun, 0);
}

SPEC_TEST(EdgeStates, TheCornerStateHasTheBotInACornerFacingTheEdge, "jc2015.move.cancel.edge") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "corner");
  const PlayerView p = ViewOf(e).players[e.seat];
  EXPECT_TRUE((p.row == 0 || p.row == 17) && (p.col == 0 || p.col == 17));
  EXPECT_TRUE((p.row == 17 && p.dir == 'D') || (p.row == 0 && p.dir == 'U') ||
              (p.col == 0 && p.dir == 'L') || (p.col == 17 && p.dir == 'R'));
}

SPEC_TEST(EdgeStates, TheLastTurnStateIsTurn999, "jc2015.end.turn-limit") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "last-turn");
  EXPECT_EQ(ViewOf(e).turn, 999);
  auto state = e.state->Clone();
  state->ApplyLine("N");
  EXPECT_TRUE(state->IsTerminal());
}

SPEC_TEST(EdgeStates, TheWalledInStateCancelsEveryMoveOfTheBot, "jc2015.move.cancel.distance",
          "jc2015.move.cancel.edge") {
  const auto all = EdgeCases();
  const EdgeCase& e = Get(all, "walled-in");
  const PlayerView before = ViewOf(e).players[e.seat];
  for (const char* move : {"U", "D", "L", "R"}) {
    auto state = e.state->Clone();
    state->ApplyLine(move);
    const auto after = ParseInput(state->InputText(e.seat));
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(after.value().players[e.seat].row, before.row) << move;
    EXPECT_EQ(after.value().players[e.seat].col, before.col) << move;
  }
}

SPEC_TEST(EdgeStates, TheLastTurnFollowsTheTurnLimitChosen, "jc2015.end.turn-limit",
          "arbiter.check.edge-states") {
  const auto all = EdgeCases({{"turn_limit", "40"}});
  const EdgeCase& e = Get(all, "last-turn");
  EXPECT_EQ(ViewOf(e).turn, 39);
  auto state = e.state->Clone();
  state->ApplyLine("N");
  EXPECT_TRUE(state->IsTerminal());
  // A limit too short for a scripted state leaves that state out.
  for (const EdgeCase& short_game : EdgeCases({{"turn_limit", "5"}}))
    EXPECT_FALSE(short_game.state->IsTerminal()) << short_game.name;
}

}  // namespace
}  // namespace arbiter::jc2015
