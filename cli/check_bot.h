// `arbiter check-bot` and `arbiter play`: the contestant's main job ("is my bot
// ready to submit?") and a local referee for a full game of bots. Both build
// matches for the game-agnostic session (harness/checks/session.h) from the game's
// registration, and write the reports of report/run_report.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "process/bot_process.h"
#include "process/env.h"
#include "core/game.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

// check-bot and play through a game's real referee (arbiter.referee-run.framing),
// for a game arbiter has no engine for.
struct RefereeRunOptions {
  std::string referee;                 // --referee: the command template ({seed}, {bot0}...)
  std::string protocol = "bots";       // --protocol: "bots" or "cg-runner"
  std::optional<int> players;          // --players: the runner protocol's (default 2)
  std::vector<std::string> opponents;  // check-bot --opponent: the other seats' commands
  std::string ready_line;              // --ready-line: the game's handshake, if it has one
  bool sandbox = false;                // --sandbox-referee: the referee runs contained too
  std::string seed_line = "auto";      // --seed-line: the runner protocol's ###Seed (seed_line.h)
};

struct RunOptions {
  std::string game = DefaultGame();
  std::string profile;  // empty: the game's default
  std::optional<int> ready_ms, action_ms, first_ms;
  uint64_t seed = 1;
  std::vector<std::string> rules;                               // key=value
  std::string json_path, junit_path, markdown_path, html_path;  // reports to write
  int memory_mb = harness::kDefaultMemoryMb;  // resident memory of the bot's process tree
  int address_space_mb = 0;                   // RLIMIT_AS, opt-in (0: none)
  int cpu_seconds = 120;
  bool no_network = false;
  bool sandbox = false;     // --sandbox: containment required, the run fails without it
  bool no_sandbox = false;  // --no-sandbox: bots run uncontained
  // Whether the command runs contestants' bots (not fuzz-referee, whose
  // referee is the organiser's own program and whose bots are arbiter's).
  bool runs_bots = true;
  std::vector<std::string> env;  // --env KEY=VALUE, added to the bots' environment
  bool inherit_env = false;      // --inherit-env: bots get arbiter's whole environment
  bool quiet = false, verbose = false;
  std::string command_line;  // how arbiter was invoked, for reports
  // --shard I/N (check-bot, fuzz-referee): run only the matches whose place
  // in the whole run is I modulo N (1 <= I <= N), so that N jobs split one
  // run without overlap; merge-reports puts their reports together.
  std::string shard;
  // --transcripts (check-bot, fuzz-referee): whose turn-by-turn transcripts
  // the run keeps: "failing", the matches with a finding (and their
  // reproducers), in the reports; or "all", every match's also written to
  // transcripts_dir as it ends, one JSON file a match. A passing match is
  // its summary alone in memory and in the reports either way, so that they
  // grow with what was found, not with how long the run was.
  std::string transcripts = "failing";
  std::string transcripts_dir = "arbiter-transcripts";
  // --log-dir (check-bot, play): a text log of every match, one file each
  // (arbiter.report.match-log); empty: none.
  std::string log_dir;
  RefereeRunOptions through;  // check-bot and play: --referee and its options
};

// The shard's index (0-based) and count of `text` ("3/16"); nullopt and
// `error` when it is not I/N with 1 <= I <= N <= 10000.
std::optional<std::pair<int, int>> ParseShard(const std::string& text, std::string& error);

struct CheckBotOptions : RunOptions {
  // Full games; nullopt: 4, or for a game with rule variants (its register's
  // "check_variants", e.g. Wondev Woman's leagues) one per variant and seat.
  std::optional<int> games;
  bool keep_going = false;  // the default already runs every match; kept for old scripts
  bool fail_fast = false;   // --fail-fast: stop at the first failing match
  // One whole game per seat and variant, against players that keep it alive,
  // to the game's end (arbiter.check.whole-games).
  bool whole_games = true;
  std::optional<int> turns;  // --turns N: stop every match after N turns
  bool edge_cases = true;
  std::string match;  // run only this match ("game-2", "edge-stunned")
  bool calibrate = true;
  // --depth N: N times the games, and each edge state played on to the end
  // N-1 more times (1: the default set).
  int depth = 1;
  // --jobs N: matches played at once, the report in the run's order (1, the
  // default: a timing judge keeps the machine's cores to one bot at a time).
  int jobs = 1;
  std::string repro_dir = "arbiter-repro";  // where the input streams of findings go
  std::vector<std::string> bot;             // argv
};

struct PlayOptions : RunOptions {
  std::vector<std::string> bots;  // one per player: a command string, or builtin:NAME
  int games = 1;                  // --games N: seeds seed..seed+N-1, seats rotated
  std::optional<int> turns;
  std::string replay_path;
};

// Exit status: 0 no failing finding, 1 at least one, 2 usage error or the
// harness could not run.
// Where a run's bots and referees run (the Env seam, harness/process/env.h):
// the real world by default; a test hands the fakes of harness/testing
// (one Env per worker; --jobs 1 with a fake).
using EnvFactory = std::function<std::unique_ptr<harness::Env>()>;
int RunCheckBot(const CheckBotOptions& options, std::ostream& out, std::ostream& err,
                const EnvFactory& make_env = {});
int RunPlay(const PlayOptions& options, std::ostream& out, std::ostream& err,
            const EnvFactory& make_env = {});

// The built-in echo bot used to calibrate the harness: prints READY, then
// echoes every line it reads, flushed. Returns the exit status.
int RunEchoBot();

// Registers `check-bot` (and the hidden `echo-bot`) and their options with `app`.
CLI::App* AddCheckBotCommand(CLI::App& app, CheckBotOptions& options);
CLI::App* AddEchoBotCommand(CLI::App& app);

// Registers `play` and its options (into `options`) with `app`.
CLI::App* AddPlayCommand(CLI::App& app, PlayOptions& options);

}  // namespace arbiter::cli
