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

RefereeGameResult PlayOnFakes(const RefereeFuzzConfig& config, EngineRefereeOptions referee,
                              const RefereeGamePlan& plan, FakeEnv* world) {
  FakeEnv own;
  FakeEnv& env = world ? *world : own;
  env.script_for = EngineRunnerReferees(*config.game, std::move(referee));
  return RunCgRunnerGame(env, config, plan);
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
