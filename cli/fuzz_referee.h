// `arbiter fuzz-referee`: differential testing of a black-box referee against
// the reference engine (harness/referee/referee_fuzz.h): many seeded games, each
// divergence shrunk to a minimal reproducer and reported once per root cause.
#pragma once

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>

#include "cli/check_bot.h"
#include "process/bot_process.h"
#include "runs/fuzz_settings.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct FuzzRefereeOptions : RunOptions {
  FuzzRefereeOptions() { runs_bots = false; }
  std::string referee;            // the command template: {bot0}..{bot3}, {seed}
  std::string protocol = "bots";  // "bots" (probes in bot seats) or "cg-runner"
  int games = 20;
  // Seconds per game: 30 with an engine when not given; without an engine,
  // none unless given (a referee silent for 10 s hangs all the same).
  std::optional<double> time_limit;
  std::string replay_path;             // replay one scenario's answers instead of fuzzing
  int late_turn = -1, kill_turn = -1;  // with --replay
  int stall_turn = -1;                 // with --replay
  std::string repro_dir = "arbiter-repro";
  bool shrink = true;
  int shrink_runs = 150;
  int referee_memory_mb = 0;    // resident-memory limit of the referee's tree (0: none)
  int referee_cpu_seconds = 0;  // CPU-time limit of the referee (0: none)
  // --sandbox-referee: the referee runs contained as bots are (it is the
  // organiser's own program: by default it runs uncontained).
  bool sandbox_referee = false;
  // A divergence another reading of an ambiguous rule explains stays a
  // failure instead of a note adopted for the rest of the run.
  bool strict_readings = false;
  std::string match;  // "game-N": play only game N of the run from --seed
  // With --match or --replay: the referee fault the game is to show again
  // (referee.crash); not shown, the run is NOT REPRODUCED.
  std::string expect;
  int jobs = 0;  // games played at once (0: one per core)
  // A game arbiter has no engine for (fuzz_referee_bare.h): the bot whose
  // answers the referee is given, the runner protocol's players, and one
  // game's mutated answers (--answers "12:empty", with --match).
  std::string seed_bot;
  // --seed-answers FILE: a game's seed-bot answers as a finding recorded
  // them, played back in place of the seed bot (with --match).
  std::string seed_answers;
  std::optional<int> players;
  std::string answers;
  std::string seed_line = "auto";  // --seed-line: the runner protocol's ###Seed (seed_line.h)
};

// Where fuzz-referee's games run (harness/runs/fuzz_settings.h).
using FuzzEnvFactory = harness::FuzzEnvFactory;

// Exit status: 0 no divergence and no referee fault, 1 at least one, 2 usage
// error or arbiter could not run.
int RunFuzzReferee(const FuzzRefereeOptions& options, std::ostream& out, std::ostream& err,
                   const FuzzEnvFactory& make_env = {});

// The --time-limit the user gave, as a duration; nullopt when none was
// given, or when it is out of range (`error` then says so).
std::optional<std::chrono::milliseconds> GivenTimeLimit(const FuzzRefereeOptions& o,
                                                        std::string& error);

// " --time-limit 5 --referee-memory-mb 512 --referee-cpu-seconds 60": the
// referee's limits the user set, for a reproduce command ("" for none).
std::string RefereeLimitsText(const FuzzRefereeOptions& o);

// Registers `fuzz-referee` and its options (into `options`) with `app`.
CLI::App* AddFuzzRefereeCommand(CLI::App& app, FuzzRefereeOptions& options);

}  // namespace arbiter::cli
