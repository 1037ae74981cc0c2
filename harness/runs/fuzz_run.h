// The run of `arbiter fuzz-referee` on an engine: the plan's games played
// (on --jobs threads) and each result, in plan order, turned into findings,
// each reported once per root cause (fuzz_run.cc; its divergences in
// fuzz_run_divergence.cc). What one game's result makes is
// referee/fuzz_findings.h, the deviation findings referee/deviation_causes.h;
// the options are checked into the plan by the command line
// (cli/fuzz_referee_plan.cc), which writes the report.
#pragma once

#include <chrono>
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/deviation_causes.h"
#include "referee/fuzz_findings.h"
#include "referee/game_pool.h"
#include "referee/referee_fuzz.h"
#include "referee/run_memory.h"
#include "report/run_report.h"
#include "runs/fuzz_settings.h"
#include "runs/run_progress.h"
#include "runs/run_setup.h"

namespace arbiter::harness {

// What a run plays, from the options, checked (cli/fuzz_referee_plan.cc):
// every problem is a usage error before any game.
struct FuzzPlan {
  RunSetup prepared;
  RefereeFuzzConfig config;  // the games', unchanged while they run
  bool runner = false;       // --protocol cg-runner
  int players = 2;           // the game's, for the runner protocol's ###Start
  std::vector<std::pair<std::string, RefereeGamePlan>> games;  // (id, plan)
  nlohmann::json replay_doc;  // --replay: the reproducer, with what it expects
  nlohmann::json game_register;
  bool made_repro_dir = false;  // removed again if the run leaves it empty
  int jobs = 1;
  FuzzSettings settings;  // what the run takes from the command line
};

// The run: plays the plan's games (on --jobs threads) and turns each
// result, in plan order, into findings, each reported once per root cause.
class FuzzRun {
 public:
  // `make_env`: each game's Env (RunFuzzReferee's seam, the real world
  // unless a test hands its fakes); `rep`: the report the command began
  // (its environment), which the run fills; `err`: where arbiter's own
  // failure and the progress lines go.
  FuzzRun(const FuzzPlan& plan, report::RunReport rep, std::ostream& err, FuzzEnvFactory make_env);
  // Plays every game; false (said on err) when arbiter itself failed.
  bool Play();
  report::RunReport& report() { return rep_; }

 private:
  using Found = std::vector<std::pair<std::string, Finding>>;
  using Shrunk = std::vector<std::pair<MatchResult, Found>>;

  void Consume(size_t index, RefereeGameResult r);
  void ReadingFindings(const std::string& id, const RefereeGamePlan& plan,
                       const RefereeGameResult& r, Found& found);
  // False when arbiter itself failed (arbiter_error_ is set).
  bool FaultFindings(const std::string& id, const RefereeGamePlan& plan, const RefereeGameResult& r,
                     Found& found, Shrunk& shrunk);
  void DivergenceFindings(const std::string& id, const RefereeGamePlan& plan,
                          const RefereeGameResult& r, Found& found, Shrunk& shrunk);
  // A divergence of a cause reported before joins its finding
  // (DeviationCauses::Join, over Seen).
  bool Joined(const std::string& cause, const Divergence& d, const RefereeGameResult& r,
              const std::string& id, Found& found, Shrunk& shrunk);
  // A later divergence that is a symptom of the game's first
  // (fuzz_run_divergence.cc); false when that one has no finding.
  // `unshrunk`: joined by symptom_shrinks_, not by a shrink of its own.
  bool Symptom(const std::string& root_cause, const RefereeGameResult& later, Found& found,
               Shrunk& shrunk, bool unshrunk = false);
  // The finding of a cause reported before: in an earlier game, or in this one.
  Finding* Known(const std::string& cause);
  Finding* Seen(const std::string& cause, Found& found, Shrunk& shrunk);
  // Seen, as deviations_ looks a cause up.
  DeviationCauses::Lookup Lookup(Found& found, Shrunk& shrunk);
  void AddMatch(MatchResult m, Found findings);
  // What every reproducer needs besides the seed (arbiter.check.reproduce).
  std::string SameReferee() const;
  // The options that play game `id` of this run again.
  std::string ThisGame(const std::string& id) const;

  const FuzzSettings& o_;  // the plan's settings
  const FuzzPlan& plan_;
  std::ostream& err_;
  CheckCatalog catalog_;
  report::RunReport rep_;
  // Root cause -> (match, finding) of its first report.
  std::map<std::string, std::pair<size_t, size_t>> by_cause_;
  // Shrinking runs on this thread's loop, under the rules of the run so far
  // (the user's and the readings adopted).
  EventLoop loop_;
  FuzzEnvFactory make_env_;
  // One game of `config` and `game` in a fresh Env on `loop`.
  RefereeGameResult PlayOne(EventLoop& loop, const RefereeFuzzConfig& config,
                            const RefereeGamePlan& game) const;
  std::vector<std::pair<std::string, std::string>> run_rules_;
  RefereeFuzzConfig shrink_config_;
  int repro_count_ = 0;
  std::string arbiter_error_;
  // Deviation findings, one per bug (arbiter.referee.deviations).
  DeviationCauses deviations_;
  SymptomShrinks symptom_shrinks_;  // root and later signatures shrinks joined
  // The notes a root's finding gained from its later divergences (Symptom),
  // by the root's cause: each is added once.
  std::set<std::pair<std::string, std::string>> symptom_notes_;
  uint64_t families_played_ = 0;  // the swarm bits of the games played
  uint64_t told_apart_ = 0;       // the deviations the games told apart (arbiter.referee.edges)
  void RuleEdges();
  std::chrono::steady_clock::time_point run_start_ = std::chrono::steady_clock::now();
  RunProgress progress_;
};

// The readings of the game's ambiguous rules (arbiter.referee.readings):
// every value of every rule option its register's decisions name, the
// default and each alternative, except those of the harness (the timing
// profile) and ranges.
std::vector<RuleReading> Readings(std::string_view game);

}  // namespace arbiter::harness
