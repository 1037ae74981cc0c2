// ReferenceSide (harness/referee/reference_side.h) driven directly, with no
// process: a referee is played by the engine itself under a deviation, so
// that the order of what the side does around a divergence can be watched.
#include "referee/reference_side.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace arbiter::harness {
namespace {

// arbiter.referee.load: a referee that times its bots must get the answer
// to a diverging message before arbiter replays the game to explain it
// (which may take longer than the referee's limit). The side calls its
// hook once, at the message's turn, before any candidate is adopted; once
// Receive returns, the deviation that explains the game is adopted.
TEST(ReferenceSide, TheAnswerToADivergingMessageMayGoBeforeAnyReplayExplainsIt) {
  const GameInfo* game = FindGame("jc2015");
  ASSERT_NE(game, nullptr);
  RefereeFuzzConfig config;
  config.game = game;
  RefereeGamePlan plan;
  plan.seed = 1;
  plan.script = {"A"};  // player 0 attacks: the next messages show the timers
  plan.fuzz_after_script = false;
  RefereeGameResult result;
  ReferenceSide side(config, plan, result);
  ASSERT_TRUE(side.Start());

  // The referee: the same game with blocks falling one tick late.
  std::string error;
  std::unique_ptr<GameState> referee =
      game->new_game(plan.seed, {{"deviation", "fall-one-turn-late"}}, error);
  ASSERT_NE(referee, nullptr) << error;

  struct Call {
    int turn;
    bool adopted_before;
  };
  std::vector<Call> calls;
  side.SetBeforeExplaining([&] {
    calls.push_back({side.reference()->turn(), !result.deviation_alternatives.empty()});
  });
  std::vector<bool> started(referee->num_players(), false);
  int diverged_at = -1;
  for (int turn = 0; turn < 8 && !referee->IsTerminal(); ++turn) {
    const int seat = referee->current_player();
    if (!referee->CurrentPlayerReceivesInput()) {
      referee->ApplySilence();
      continue;
    }
    const std::string message =
        (started[seat] ? std::string() : referee->InitText(seat)) + referee->InputText(seat);
    started[seat] = true;
    const size_t before = calls.size();
    ASSERT_TRUE(side.Receive(seat, message)) << "turn " << turn;
    if (calls.size() != before && diverged_at < 0) diverged_at = turn;
    const std::string answer = side.NextAnswer();
    side.Play(seat, answer, message);
    referee->ApplyLine(answer);
  }
  ASSERT_EQ(calls.size(), 1u) << "the hook runs once, at the one divergence";
  EXPECT_EQ(calls[0].turn, diverged_at);
  EXPECT_FALSE(calls[0].adopted_before) << "called before the explaining replays";
  EXPECT_TRUE(result.deviation_alternatives.count("fall-one-turn-late"))
      << "the divergence was explained after the hook";
}

}  // namespace
}  // namespace arbiter::harness
