// The pieces of `arbiter fuzz-referee` (fuzz_referee.h), each doing one
// thing: the options validated once into a FuzzPlan (fuzz_referee_plan.cc);
// the games played and each result turned into findings by a FuzzRun
// (fuzz_referee_run.cc, its divergences in fuzz_referee_divergence.cc); the
// report handed to the writers (RunFuzzReferee, fuzz_referee.cc).
#pragma once

#include <chrono>
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cli/fuzz_referee.h"
#include "cli/progress.h"
#include "cli/run_common.h"
#include "referee/deviation_causes.h"
#include "referee/fuzz_findings.h"
#include "referee/game_pool.h"
#include "referee/referee_fuzz.h"
#include "referee/run_memory.h"
#include "report/run_report.h"

namespace arbiter::cli {

// What a run plays, from the options, checked: every problem is a usage
// error before any game.
struct FuzzPlan {
  Prepared prepared;
  harness::RefereeFuzzConfig config;  // the games', unchanged while they run
  bool runner = false;                // --protocol cg-runner
  int players = 2;                    // the game's, for the runner protocol's ###Start
  std::vector<std::pair<std::string, harness::RefereeGamePlan>> games;  // (id, plan)
  nlohmann::json replay_doc;  // --replay: the reproducer, with what it expects
  nlohmann::json game_register;
  bool made_repro_dir = false;  // removed again if the run leaves it empty
  int jobs = 1;
};

// 0 with `plan` filled, else the exit status of the usage error said on `err`.
int PlanFuzzReferee(const FuzzRefereeOptions& o, FuzzPlan& plan, std::ostream& err);

// The run: plays the plan's games (on --jobs threads) and turns each
// result, in plan order, into findings, each reported once per root cause.
class FuzzRun {
 public:
  // `make_env`: each game's Env (RunFuzzReferee's seam, the real world
  // unless a test hands its fakes).
  FuzzRun(const FuzzRefereeOptions& o, const FuzzPlan& plan, std::ostream& err,
          FuzzEnvFactory make_env);
  // Plays every game; false (said on err) when arbiter itself failed.
  bool Play();
  report::RunReport& report() { return rep_; }

 private:
  using Found = std::vector<std::pair<std::string, harness::Finding>>;
  using Shrunk = std::vector<std::pair<harness::MatchResult, Found>>;

  void Consume(size_t index, harness::RefereeGameResult r);
  void ReadingFindings(const std::string& id, const harness::RefereeGamePlan& plan,
                       const harness::RefereeGameResult& r, Found& found);
  // False when arbiter itself failed (arbiter_error_ is set).
  bool FaultFindings(const std::string& id, const harness::RefereeGamePlan& plan,
                     const harness::RefereeGameResult& r, Found& found, Shrunk& shrunk);
  void DivergenceFindings(const std::string& id, const harness::RefereeGamePlan& plan,
                          const harness::RefereeGameResult& r, Found& found, Shrunk& shrunk);
  // A divergence of a cause reported before joins its finding
  // (harness::DeviationCauses::Join, over Seen).
  bool Joined(const std::string& cause, const Divergence& d, const harness::RefereeGameResult& r,
              const std::string& id, Found& found, Shrunk& shrunk);
  // A later divergence that is a symptom of the game's first
  // (fuzz_referee_divergence.cc); false when that one has no finding.
  // `unshrunk`: joined by symptom_shrinks_, not by a shrink of its own.
  bool Symptom(const std::string& root_cause, const harness::RefereeGameResult& later, Found& found,
               Shrunk& shrunk, bool unshrunk = false);
  // The finding of a cause reported before: in an earlier game, or in this one.
  harness::Finding* Known(const std::string& cause);
  harness::Finding* Seen(const std::string& cause, Found& found, Shrunk& shrunk);
  void AddMatch(harness::MatchResult m, Found findings);
  // What every reproducer needs besides the seed (arbiter.check.reproduce).
  std::string SameReferee() const;
  // The options that play game `id` of this run again.
  std::string ThisGame(const std::string& id) const;

  const FuzzRefereeOptions& o_;
  const FuzzPlan& plan_;
  std::ostream& err_;
  harness::CheckCatalog catalog_;
  report::RunReport rep_;
  // Root cause -> (match, finding) of its first report.
  std::map<std::string, std::pair<size_t, size_t>> by_cause_;
  // Shrinking runs on this thread's loop, under the rules of the run so far
  // (the user's and the readings adopted).
  harness::EventLoop loop_;
  FuzzEnvFactory make_env_;
  // One game of `config` and `game` in a fresh Env on `loop`.
  harness::RefereeGameResult PlayOne(harness::EventLoop& loop,
                                     const harness::RefereeFuzzConfig& config,
                                     const harness::RefereeGamePlan& game) const;
  std::vector<std::pair<std::string, std::string>> run_rules_;
  harness::RefereeFuzzConfig shrink_config_;
  int repro_count_ = 0;
  std::string arbiter_error_;
  // Deviation findings, one per bug (arbiter.referee.deviations).
  harness::DeviationCauses deviations_;
  harness::SymptomShrinks symptom_shrinks_;  // root and later signatures shrinks joined
  // The notes a root's finding gained from its later divergences (Symptom),
  // by the root's cause: each is added once.
  std::set<std::pair<std::string, std::string>> symptom_notes_;
  uint64_t families_played_ = 0;  // the swarm bits of the games played
  uint64_t told_apart_ = 0;       // the deviations the games told apart (arbiter.referee.edges)
  void RuleEdges();
  std::chrono::steady_clock::time_point run_start_ = std::chrono::steady_clock::now();
  Progress progress_;
};

// The readings of the game's ambiguous rules, from its register
// (fuzz_referee.cc); the rest of what the pieces share about one game's
// result is harness/referee/fuzz_findings.h.
std::vector<harness::RuleReading> Readings(std::string_view game);

}  // namespace arbiter::cli
