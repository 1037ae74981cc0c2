// fuzz-referee's games on real processes: the one place where a fuzz game,
// of either protocol, and a shrink's runs meet MakeRealEnv. Everything they
// decide is written against Env (fuzz_game.cc and its protocols'
// bots_fuzz_game.cc and cg_runner.cc, referee_plan.cc) and proved on the
// fakes of harness/testing; this file only hands them a real one.
#include "process/env.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

RefereeGameResult RunFuzzGame(EventLoop& loop, const RefereeFuzzConfig& config,
                              const RefereeGamePlan& plan) {
  return RunFuzzGame(*MakeRealEnv(loop), config, plan);
}

ShrinkResult Shrink(EventLoop& loop, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                    const RefereeGameResult& failing, int max_runs) {
  return Shrink([&](const RefereeGamePlan& q) { return RunFuzzGame(loop, config, q); }, config,
                plan, failing, max_runs);
}

}  // namespace arbiter::harness
