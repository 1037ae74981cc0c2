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

// Plays `plan` against the engine under `deviation` as the referee, for 8
// turns, through a side of `config`.
RefereeGameResult PlayAgainst(const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                              const std::string& deviation) {
  RefereeGameResult result;
  ReferenceSide side(config, plan, result);
  EXPECT_TRUE(side.Start());
  std::string error;
  std::unique_ptr<GameState> referee =
      config.game->new_game(plan.seed, {{"deviation", deviation}}, error);
  EXPECT_NE(referee, nullptr) << error;
  if (!referee) return result;
  std::vector<bool> started(referee->num_players(), false);
  for (int turn = 0; turn < 8 && !referee->IsTerminal(); ++turn) {
    const int seat = referee->current_player();
    if (!referee->CurrentPlayerReceivesInput()) {
      referee->ApplySilence();
      continue;
    }
    const std::string message =
        (started[seat] ? std::string() : referee->InitText(seat)) + referee->InputText(seat);
    started[seat] = true;
    if (!side.Receive(seat, message)) break;
    const std::string answer = side.NextAnswer();
    side.Play(seat, answer, message);
    referee->ApplyLine(answer);
  }
  side.Finish();
  return result;
}

// arbiter.referee.deviations: a shrink's run of a divergence its whole game
// explained by none does not search it again (RefereeFuzzConfig::
// unexplained): a shorter game may fit a rule change the whole game
// refuted. The same divergence a deviation explains in a plain game stays
// unexplained there, with the count of rule changes the whole game tried.
TEST(ReferenceSide, AShrinksRunDoesNotSearchADivergenceItsWholeGameLeftUnexplained) {
  RefereeFuzzConfig config;
  config.game = FindGame("jc2015");
  ASSERT_NE(config.game, nullptr);
  RefereeGamePlan plan;
  plan.seed = 1;
  plan.script = {"A"};
  plan.fuzz_after_script = false;
  const RefereeGameResult plain = PlayAgainst(config, plan, "fall-one-turn-late");
  ASSERT_TRUE(plain.deviation_alternatives.count("fall-one-turn-late"))
      << "in a plain game the deviation explains the divergence";
  ASSERT_TRUE(plain.divergence.has_value());
  const Divergence& named = *plain.divergence;
  ASSERT_EQ(named.deviation, "fall-one-turn-late");
  for (const std::string& clause : named.clauses) config.unexplained["block|" + clause] = 95;
  const RefereeGameResult shrink_run = PlayAgainst(config, plan, "fall-one-turn-late");
  EXPECT_TRUE(shrink_run.deviation_alternatives.empty()) << "nothing searched, nothing named";
  ASSERT_TRUE(shrink_run.divergence.has_value());
  EXPECT_TRUE(shrink_run.divergence->deviation.empty());
  EXPECT_EQ(shrink_run.divergence->changes_tried, 95) << shrink_run.divergence->message;
}

}  // namespace
}  // namespace arbiter::harness
