// fuzz_on_fakes.h: fuzz-referee's games against EngineRunnerReferee.
#include "testing/fuzz_on_fakes.h"

#include <atomic>
#include <memory>

#include "core/deviations.h"

namespace arbiter::harness::testing {

RefereeFuzzConfig RunnerConfig(const GameInfo& game, RuleList rules) {
  RefereeFuzzConfig c;
  c.game = &game;
  c.rules = std::move(rules);
  std::string error;
  c.referee = *RefereeTemplate::Parse("engine-referee", RefereeProtocol::kRunner, -1, error);
  c.seed_line = SeedLine::kAlways;
  c.told_apart = std::make_shared<std::atomic<uint64_t>>(0);
  return c;
}

RefereeFuzzConfig BotsConfig(const GameInfo& game, RuleList rules) {
  RefereeFuzzConfig c = RunnerConfig(game, rules);
  std::string error;
  const std::unique_ptr<GameState> state = game.new_game(1, rules, error);
  const int seats = state ? state->num_players() : 2;
  std::string command = "engine-bots-referee -s {seed}";
  for (int s = 0; s < seats; ++s) command += " {bot" + std::to_string(s) + "}";
  c.referee = *RefereeTemplate::Parse(command, RefereeProtocol::kLaunchesBots, seats, error);
  c.seed_line = SeedLine::kNever;
  return c;
}

RefereeGameResult PlayOnFakes(const RefereeFuzzConfig& config, EngineRefereeOptions referee,
                              const RefereeGamePlan& plan, FakeEnv* world) {
  FakeEnv own;
  FakeEnv& env = world ? *world : own;
  const bool runner = config.referee.protocol() == RefereeProtocol::kRunner;
  referee.answer_ms = config.referee_action_ms;
  env.referees_launch_bots = !runner;
  env.script_for = runner ? EngineRunnerReferees(*config.game, std::move(referee))
                          : EngineBotsReferees(*config.game, std::move(referee));
  return RunFuzzGame(env, config, plan);
}

ToldApart ToldApartOnFakes(const GameInfo& game, const RuleList& rules, uint64_t base_seed,
                           int games) {
  const RefereeFuzzConfig config = RunnerConfig(game, rules);
  ToldApart out;
  for (int i = 0; i < games; ++i)
    out.diverged += PlayOnFakes(config, {rules}, PlanGame(base_seed, i)).divergence.has_value();
  const uint64_t bits = config.told_apart->load();
  for (size_t d = 0; d < game.deviations.size(); ++d) {
    const std::string name(game.deviations[d].name);
    (HasDeviation(bits, d) ? out.told : out.untold).insert(name);
  }
  return out;
}

}  // namespace arbiter::harness::testing
