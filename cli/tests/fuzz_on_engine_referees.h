// fuzz-referee as a whole command on fakes, against referees played by
// arbiter's own engine (harness/testing/engine_referee.h) in the protocol
// the command names: every referee process the run starts is a fresh engine
// referee in a FakeEnv, on the virtual clock, through the command's
// FuzzEnvFactory seam. Shared by the proofs on fakes
// (fuzz_referee_fake_test.cc, fuzz_referee_fake_bugs_test.cc,
// fuzz_referee_mutants_fake_test.cc).
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/fuzz_referee.h"
#include "cli/tests/fuzz_command_on_fakes.h"
#include "core/game.h"
#include "testing/engine_referee.h"
#include "testing/fake_env.h"

namespace arbiter::cli {

// `fuzz-referee ARGS` (with its report in a directory named `name`) where
// every referee the run starts is a fresh engine referee of `referee`: a
// runner's under --protocol cg-runner, else one that launches its bots
// (EngineBotsReferee, its command's "-s N" its seed). `machine`, when set,
// sets each fresh env's machine (how busy it is) before the run uses it.
inline FuzzOutcome FuzzOnFakes(
    const std::string& name, const std::vector<std::string>& args,
    const harness::testing::EngineRefereeOptions& referee,
    const std::function<void(harness::testing::FakeEnv&)>& machine = nullptr) {
  const FuzzRefereeOptions o = FuzzOptions(name, args);
  const GameInfo& game = *FindGame(o.game);
  const FuzzEnvFactory fakes = [&](harness::EventLoop&) {
    auto env = std::make_unique<harness::testing::FakeEnv>();
    const bool runner = o.protocol == "cg-runner";
    env->referees_launch_bots = !runner;
    env->script_for = runner ? harness::testing::EngineRunnerReferees(game, referee)
                             : harness::testing::EngineBotsReferees(game, referee);
    if (machine) machine(*env);
    return std::unique_ptr<harness::Env>(std::move(env));
  };
  return RunFuzzCommand(o,
                        [&](const FuzzRefereeOptions& given, std::ostream& out, std::ostream& err) {
                          return RunFuzzReferee(given, out, err, fakes);
                        });
}

// The run's failures; none when it wrote no report (an exit status of 1
// without one is no failure found).
inline std::vector<nlohmann::json> Failing(const FuzzOutcome& run) {
  std::vector<nlohmann::json> failing;
  if (run.status != 1 || !run.report.is_object()) return failing;
  for (const auto& f : run.report["findings"])
    if (f["severity"] == "fail") failing.push_back(f);
  return failing;
}

}  // namespace arbiter::cli
