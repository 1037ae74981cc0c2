// The pieces of fuzz-referee without an engine (fuzz_referee_bare.h): the
// options checked once into a BarePlan, one game played (PlayBareGame), and
// the run (BareRun) that turns what the referee did into findings, one per
// bug (arbiter.referee-fuzz.answers).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "answer_fuzz.h"
#include "env.h"
#include "fuzz_referee.h"
#include "referee_match.h"
#include "run_common.h"
#include "run_report.h"

namespace arbiter::cli {

struct BareGame {
  std::string id;  // "game-3"
  uint64_t seed = 0;
  harness::AnswerFuzzPlan fuzz;
};

struct BarePlan {
  Prepared p;                    // its `referee` set: the one driver's config
  std::vector<std::string> bot;  // --seed-bot, in every seat
  std::vector<BareGame> games;
  bool runner = false;  // --protocol cg-runner
  bool seeded = false;  // the referee is given the game's seed ({seed}, or ###Seed)
  int total_games = 0;
};

// 0 with `plan` filled, else the exit status of the usage error said on `err`.
int PlanBare(const FuzzRefereeOptions& o, BarePlan& plan, std::ostream& err);

// A game played: the match as arbiter saw it (the seed bot's own findings
// dropped) and what the referee did.
struct Played {
  harness::MatchResult m;
  harness::RefereeRecord r;
  std::string reproduce;  // the command that plays the game again
};
Played PlayBareGame(harness::Env& env, const FuzzRefereeOptions& o, const BarePlan& plan,
                    const BareGame& game);

// The command that runs the same referee with the same seed bot, without
// --seed, --games or --match.
std::string SameRun(const FuzzRefereeOptions& o);

// What stopped a game short, or a referee that did not exit after it: its
// check, the key one bug is reported under (the check and the error the
// referee's stderr names), and the words.
struct BareFault {
  std::string check, key, text;
};

class BareRun {
 public:
  BareRun(const FuzzRefereeOptions& o, const BarePlan& plan, std::ostream& err);
  void Play();
  const report::RunReport& Report() const { return rep_; }

 private:
  // A finding per bug: its first game's finding, counted in later games.
  struct Bug {
    harness::Finding finding;
    size_t match = 0;         // its game in played_
    bool confirmed = true;    // shown again by a game played again
    std::string unconfirmed;  // else why not, and the games tried
    int tries = 0;            // games shrunk for it
    // Shown by answers with extra lines to a referee that launches its
    // bots: arbiter's relay holds back the bot's lines after the referee
    // moved on, which a real pipe would not; a later game's witness
    // without them is preferred.
    bool relayed_extra = false;
  };
  void Judge(size_t index);
  harness::Finding FaultFinding(const BareFault& fault, const Played& game);
  // Shrinks `witness`'s mutated answers to the fewest that show `fault`
  // again; those answers (with `f` saying so and its reproduce command)
  // when some did.
  std::optional<std::map<int, harness::AnswerFamily>> Shrink(const BareFault& fault,
                                                             const Played& witness,
                                                             harness::Finding& f);
  bool RelayedExtra(const std::map<int, harness::AnswerFamily>& at) const;
  void Determinism(size_t index);
  // What the run keeps of a game once judged (arbiter.report.bounded): its
  // tallies, and the game itself only while a finding may name it.
  void Tally(size_t index);
  void Retire(size_t index);
  void Rankings();
  void Families();
  harness::Finding New(const std::string& check, const Played& game, std::string message);

  const FuzzRefereeOptions& o_;
  const BarePlan& plan_;
  std::ostream& err_;
  std::unique_ptr<harness::Env> env_;
  report::RunReport rep_;
  harness::CheckCatalog catalog_;  // the arbiter register's "referee_fuzz_checks"
  std::vector<Played> played_;     // a retired game: moved into rep_, left empty
  std::vector<bool> retired_;
  int ranked_ = 0;                        // games ended with a ranking
  std::vector<size_t> unranked_, exits_;  // ended with none; exited with an error after
  uint32_t tried_ = 0;                    // the families that reached the referee (bits)
  std::map<std::string, Bug> bugs_;       // by key, in the order found
  std::vector<std::string> order_;
  int replays_ = 0;  // games played again to see the same game
};

}  // namespace arbiter::cli
