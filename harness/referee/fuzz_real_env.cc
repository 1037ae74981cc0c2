// fuzz-referee's games on real processes: the one place where a fuzz game,
// of either protocol, and a shrink's runs meet MakeRealEnv. Everything they
// decide is written against Env (referee_fuzz.cc, cg_runner.cc,
// referee_plan.cc) and proved on the fakes of harness/testing; this file
// only hands them a real one.
#include "process/env.h"
#include "referee/cg_runner.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

RefereeGameResult RunRefereeGame(EventLoop& loop, const RefereeFuzzConfig& config,
                                 const RefereeGamePlan& plan) {
  return RunRefereeGame(*MakeRealEnv(loop), config, plan);
}

RefereeGameResult RunCgRunnerGame(EventLoop& loop, const RefereeFuzzConfig& config,
                                  const RefereeGamePlan& plan) {
  return RunCgRunnerGame(*MakeRealEnv(loop), config, plan);
}

ShrinkResult Shrink(EventLoop& loop, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                    const RefereeGameResult& failing, int max_runs) {
  return Shrink([&](const RefereeGamePlan& q) { return RunRefereeGame(loop, config, q); }, config,
                plan, failing, max_runs);
}

}  // namespace arbiter::harness
