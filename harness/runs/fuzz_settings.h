// What the runs of `arbiter fuzz-referee` (fuzz_run.h, on an engine;
// bare_run.h, without one) take from the command line: the options that
// change what they play and judge, and the words of the commands they print.
// cli/fuzz_referee_plan.cc fills it once, from the options it checked.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "checks/findings.h"
#include "process/env.h"
#include "report/run_report.h"

namespace arbiter::harness {

// Where fuzz-referee's games run (the Env seam, process/env.h): one Env a
// game, made on the event loop of the thread that plays it; the real world
// by default, the fakes of harness/testing in a test (with --jobs 1).
using FuzzEnvFactory = std::function<std::unique_ptr<Env>(EventLoop& loop)>;

using Rules = std::vector<std::pair<std::string, std::string>>;

struct FuzzSettings {
  std::string game;  // --game
  uint64_t seed = 1;
  int games = 20;
  bool shrink = true;  // false: --no-shrink
  int shrink_runs = 150;
  std::string repro_dir = "arbiter-repro";
  bool quiet = false;
  // With --match or --replay: the referee fault the game is to show again.
  std::string expect;
  // --replay FILE, with the turns it plays late, killed or stalled.
  std::string replay_path;
  int late_turn = -1, kill_turn = -1, stall_turn = -1;
  // Without an engine: the game played alone ("game-N"), its mutated
  // answers, and the seed bot or the recording of its answers.
  std::string match, answers, seed_bot, seed_answers;

  // The words of the commands a run prints (arbiter.check.reproduce):
  // arbiter as the user invoked it; on an engine, what every reproduce
  // command needs besides the seed, under the run's rules so far (the
  // user's and the readings adopted); without one, the same referee and
  // the seed bot's words.
  std::string self = "arbiter";
  std::function<std::string(const Rules& rules)> same_referee;
  std::string same_run, seed_text;
  // Each match as it ends, besides the report (--transcripts all).
  std::function<void(const report::RunReport&, const MatchResult&)> transcript;
};

}  // namespace arbiter::harness
