// fuzz-referee's games on fakes: the config of a runner-protocol referee
// played by EngineRunnerReferee (engine_referee.h), or of a referee that
// launches its bots played by EngineBotsReferee, one game of a plan in a
// fresh FakeEnv, and the deviations a run of games tells apart. Shared by the
// proofs on fakes (harness/tests/fuzz_game_test.cc) and the real-process
// smoke tests that check the real referee and the fake one agree
// (cli/tests/fuzz_referee_cg_test.cc).
#pragma once

#include <set>
#include <string>

#include "referee/cg_runner.h"
#include "referee/referee_fuzz.h"
#include "testing/engine_referee.h"

namespace arbiter::harness::testing {

// A runner-protocol referee "engine-referee" of `game` under `rules`, sent
// ###Seed N then ###Start P (cg-brutaltester's -s), with the run's shared
// set of deviations told apart.
RefereeFuzzConfig RunnerConfig(const GameInfo& game, RuleList rules);
// The same referee as one that launches its bots, "engine-bots-referee -s
// {seed} {bot0} {bot1}" (as many bots as the game seats), its answer limit
// the config's referee_action_ms.
RefereeFuzzConfig BotsConfig(const GameInfo& game, RuleList rules);

// One game of `plan` against a fresh engine referee of `referee`'s options,
// of the config's protocol, through RunFuzzGame, in `world` (a fresh
// FakeEnv when null).
RefereeGameResult PlayOnFakes(const RefereeFuzzConfig& config, EngineRefereeOptions referee,
                              const RefereeGamePlan& plan, FakeEnv* world = nullptr);

struct ToldApart {
  std::set<std::string> told, untold;  // by deviation name
  int diverged = 0;                    // games with a divergence (none for a clean referee)
};
// The deviations of the game's catalogue that `games` games of
// PlanGame(base_seed, i), against a referee that plays by `rules`, told
// apart from the rules (arbiter.referee.edges), as `fuzz-referee --games N
// --seed S` does.
ToldApart ToldApartOnFakes(const GameInfo& game, const RuleList& rules, uint64_t base_seed,
                           int games);

}  // namespace arbiter::harness::testing
