// Differential testing of a referee that speaks the CodinGame runner protocol
// (`arbiter fuzz-referee --protocol cg-runner`): instead of launching bots,
// the referee talks to its runner on its own stdin and stdout. Arbiter is the
// runner: it sends "###Start P" (after "###Seed N" when the referee reads
// it, seed_line.h), reads "###Input p" followed
// by the lines for player p, answers each "###Output p K" with the bot's K
// lines (K must be 1: a turn answer is one line), and at "###End RANKING"
// compares the ranking with the reference engine's winner. Arbiter plays
// every seat itself with the same seeded plans as the bot-launching mode
// (referee_fuzz.h), so a game replays from its answers and shrinks the same
// way. Every input is compared with the reference engine (RefereeFuzzing::compare).
//
// The referee runs through the one referee driver (referee_driver.h, on
// Env), as check-bot and play run a real referee: its own process group,
// capped stdout lines and stderr, killed as a tree; every wait has a
// deadline. Referee misbehaviour (a crash, a hang, garbage, wrong framing, a
// bad K, a malformed or missing ###End) is a fault in the result, never an
// exception or a hang of arbiter. Game-agnostic.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/referee_driver.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

// Plays `plan` against the runner-protocol referee config.referee
// ({seed} substituted; config.probe_executable is not used). The late and
// killed bots of a plan do not apply: the runner answers every turn at once.
// config.seed_line kAuto resolved for the run's referee (seed_line.h), its
// ###Start naming `players`; the report's line on the referee's start.
std::string ResolveRunnerSeedLine(Env& env, RefereeFuzzConfig& config, int players, uint64_t seed);

// One game through the runner protocol (a fault, arbiter.error, for a
// referee that launches its bots); RunFuzzGame picks it by the protocol.
RefereeGameResult RunCgRunnerGame(Env& env, const RefereeFuzzConfig& config,
                                  const RefereeGamePlan& plan);

}  // namespace arbiter::harness
