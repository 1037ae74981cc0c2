// What `check-bot` and `play` share: resolving the game, profile and limits,
// the check catalog from the spec register, the harness's self-calibration,
// and writing the reports with the exit status.
#pragma once

#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

#include "checks/findings.h"
#include "checks/session.h"
#include "cli/check_bot.h"
#include "cli/invocation.h"
#include "core/game.h"
#include "process/env.h"
#include "referee/referee_driver.h"
#include "referee/referee_fuzz.h"
#include "report/run_report.h"
#include "runs/run_progress.h"
#include "runs/run_setup.h"

namespace arbiter::cli {

// What a run resolved from its options before its first game
// (harness/runs/run_setup.h).
using Prepared = harness::RunSetup;

// One match under `p`: through its referee when it has one, else on the
// engine (the spec's state).
harness::MatchResult PlayMatch(harness::Env& env, harness::MatchSpec spec, const Prepared& p,
                               const harness::Progress& progress = {});

// Bounds of the command line (arbiter.cli.bad-input): enough for any real
// run, small enough that a typo fails at argument checking instead of
// growing to gigabytes.
inline constexpr int kMaxGames = 100000;
inline constexpr double kMinGameSeconds = 0.001, kMaxGameSeconds = 86400;
inline constexpr double kDefaultGameSeconds = 30;  // fuzz-referee's --time-limit on an engine

int Usage(std::ostream& err, const std::string& command, const std::string& message);

// fuzz-referee --match game-N: N - 1; -1 with `error` set when it names no
// game a run can have.
int GameIndexOfMatch(const std::string& match, std::string& error);

// --log-dir: makes the folder before the run; false (the error said) when it
// cannot be made or is a file.
// Makes the folder `dir` given to option `option` (and its parents): "" when
// it is there, else the error to show. `made`, when given: whether it was not
// there before (a run that writes nothing into it then removes it).
std::string MakeFolder(const std::string& dir, const std::string& option, bool* made = nullptr);
bool PrepareLogDir(const RunOptions& o, const std::string& command, std::ostream& err);
// --transcripts all: makes the transcripts folder before the run, the same way.
bool PrepareTranscriptsDir(const RunOptions& o, const std::string& command, std::ostream& err);
// Writes `m`'s transcript to <transcripts_dir>/<match>.json with
// --transcripts all (nothing otherwise); a file that cannot be written is
// said once on `err`, the run goes on.
void WriteTranscript(const RunOptions& o, const report::RunReport& rep,
                     const harness::MatchResult& m, std::ostream& err);
// Writes `m`'s text log to <log_dir>/<match>.log (nothing without --log-dir);
// a log that cannot be written is said once on `err`, the run goes on.
void WriteLog(const RunOptions& o, const report::RunReport& rep, const harness::MatchResult& m,
              std::ostream& err);

bool Prepare(const RunOptions& o, const std::string& command, Prepared& p, std::ostream& err);
// The bots' limits, time limits and environment of `o` under `profile`, into
// `c`; "" or the usage error. Where bots cannot be contained and the user
// did not require it (--sandbox), says so once on `err` and goes on.
std::string ConfigureBots(const RunOptions& o, const Profile& profile, harness::SessionConfig& c,
                          std::ostream& err);
// "resident memory limit 2048 MB per bot (--memory-mb), enforced by the
// kernel (a memory cgroup, cgroup v1), CPU time 120 s".
std::string MemoryLimitsText(const harness::Limits& limits,
                             const harness::Containment& containment = {});
// How the bots of `c` are contained, for the report's environment.
std::vector<std::string> DescribeContainment(const harness::Containment& c);
// --sandbox-referee (arbiter.process.contained): the referee's containment,
// the bots' own, into `c`; "" or why the referee cannot be contained here.
// The referee is the organiser's program: contained only when asked.
std::string ConfigureRefereeContainment(harness::Containment& c);
inline constexpr const char* kSandboxRefereeHelp =
    "Run the referee contained too, as bots are (bubblewrap: the system read-only, a copy of "
    "its folder, fresh HOME and /tmp, no network, its own PID namespace; arbiter's relays "
    "shown as they are); it is the organiser's program, so by default it runs uncontained";
inline constexpr const char* kSeedLineHelp =
    "With --protocol cg-runner: whether '###Seed N' comes before '###Start P' (always, as "
    "cg-brutaltester's -r; never, as its default), or auto (the default): sent once three "
    "starts of the referee show that it reads the line";
// --seed-line auto (arbiter.referee.runner-protocol): resolved once, before
// the games, for a runner-protocol referee (harness/referee/seed_line.h),
// into p.referee; the report's line on the referee's start is kept in
// p.referee_start. The referee's trial starts run in `env`, the run's world.
void ResolveRefereeStart(harness::Env& env, Prepared& p, uint64_t seed);
// A run whose referee replays no game (p.referee_unrepeatable): each
// finding's reproduce command says so, and where the bot's inputs were kept
// (check-bot's input files), that the bot's side replays exactly from them.
void NoteUnrepeatable(const Prepared& p, report::RunReport& rep);
// The report's environment and "not checked" lines of a contained referee.
void NoteRefereeContainment(report::RunReport& r);
// The options of `o` that change what a run does, as command-line words
// (" --action-ms 150 --memory-mb 1024 --env A=1 --rule league=2"), for
// reproduce commands (arbiter.check.reproduce); defaults are left out.
// `rules` are the rules to repeat (the profile's, the user's, and whatever
// the run added): each key whose last value is not what `profile` (given as
// --profile) sets already; `bot_limits`: also the bots' memory,
// address-space, CPU and network limits.
std::string ResultOptions(const RunOptions& o, const Profile& profile,
                          const std::vector<std::pair<std::string, std::string>>& rules,
                          bool bot_limits = true);
report::RunReport NewReport(const RunOptions& o, const Prepared& p, const std::string& tool);

// Round trips through the built-in echo bot (this executable, `echo-bot`).
report::Calibration Calibrate(harness::Env& env, const harness::SessionConfig& config,
                              int samples = 200);

// A report file a run writes: the option that asked for it, its path, and
// its writer.
struct OutputFile {
  std::string option;  // "--json"
  std::string path;
  void (*write)(const report::RunReport&, std::ostream&);
};
// The report files of --json, --junit, --markdown and --html that were given.
std::vector<OutputFile> OutputFiles(const RunOptions& o);

// Before the run (arbiter.report.not-lost): every report path can be
// written (probed without truncating an existing file or leaving a new one
// behind), no two formats share a path, and none is a file named in the
// command under test (`command_args`: the bot's or referee's argv, by
// filesystem identity). False after a usage error on `err`.
bool CheckOutputFiles(const std::vector<OutputFile>& files,
                      const std::vector<std::string>& command_args, const std::string& command,
                      std::ostream& err);

// Writes the report files (those of `o` and `extra`) and the terminal
// summary; returns the exit status. The terminal summary comes first, so
// that a report that cannot be written loses nothing; the failure is named
// after it with its reason, and the status is 2 (arbiter.report.not-lost).
int Finish(const RunOptions& o, const report::RunReport& rep, std::ostream& out, std::ostream& err,
           const std::vector<OutputFile>& extra = {});

}  // namespace arbiter::cli
