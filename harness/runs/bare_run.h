// The run of `arbiter fuzz-referee` on a game arbiter has no engine for
// (cli/fuzz_referee_bare.h): the plan the command line checked its options
// into (cli/fuzz_referee_bare.cc, PlanBare), one game played (PlayBareGame,
// bare_game.cc), and the run (BareRun) that turns what the referee did into
// findings, one per bug (arbiter.referee-fuzz.answers).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checks/findings.h"
#include "process/env.h"
#include "referee/answer_fuzz.h"
#include "referee/referee_match.h"
#include "report/run_report.h"
#include "runs/fuzz_settings.h"
#include "runs/run_progress.h"
#include "runs/run_setup.h"

namespace arbiter::harness {

struct BareGame {
  std::string id;  // "game-3"
  uint64_t seed = 0;
  AnswerFuzzPlan fuzz;
  // A game played again (to shrink a finding, or to see the same game):
  // the seed bot's answers of the first play, by seat, played back instead
  // of the seed bot, which may answer otherwise (a random one).
  std::vector<std::vector<std::string>> recorded = {};
};

struct BarePlan {
  RunSetup p;                    // its `referee` set: the one driver's config
  std::vector<std::string> bot;  // --seed-bot, in every seat
  std::vector<BareGame> games;
  bool runner = false;  // --protocol cg-runner
  bool seeded = false;  // the referee is given the game's seed ({seed}, or ###Seed)
  int total_games = 0;
  FuzzSettings settings;  // what the run takes from the command line
};

// A game played: the match as arbiter saw it (the seed bot's own findings
// dropped) and what the referee did.
struct Played {
  MatchResult m;
  RefereeRecord r;
  std::string reproduce;                          // the command that plays the game again
  std::vector<std::vector<std::string>> answers;  // the seed bot's, by seat, in turn
  // The referee ranked first a player it said it put out (referee.ranking,
  // the match's own judgement): its message, quoting both; "" if not.
  std::string misranked;
};
Played PlayBareGame(Env& env, const BarePlan& plan, const BareGame& game);

// What stopped a game short, or a referee that did not exit after it: its
// check, the key one bug is reported under (the check and the error the
// referee's stderr names), and the words.
struct BareFault {
  std::string check, key, text;
};

class BareRun {
 public:
  // `env`: where every game is played (the caller's, real or fake); it
  // outlives the run. `rep`: the report the command began (its
  // environment), which the run fills; `err`: the progress lines.
  BareRun(const BarePlan& plan, report::RunReport rep, std::ostream& err, Env& env);
  void Play();
  const report::RunReport& Report() const { return rep_; }

 private:
  // A finding per bug: its first game's finding, counted in later games.
  struct Bug {
    Finding finding;
    size_t match = 0;         // its game in played_
    bool confirmed = true;    // shown again by a game played again
    std::string unconfirmed;  // else why not, and the games tried
    int tries = 0;            // games shrunk for it
    // Shown by answers with extra lines to a referee that launches its
    // bots: arbiter's relay holds back the bot's lines after the referee
    // moved on, which a real pipe would not; a later game's witness
    // without them is preferred.
    bool relayed_extra = false;
    // The seed bot's answers in the game its reproduce command plays: a
    // recording it plays back (--seed-answers), never the seed bot again.
    std::vector<std::vector<std::string>> answers = {};
    // Shown again only with the seed bot playing again (the referee drew
    // another game from the recorded answers): its command plays the seed
    // bot, and says it may play another game.
    bool live = false;
  };
  // Plays games_[index] and judges it; false when interrupted.
  bool PlayGame(size_t index, RunProgress& progress);
  // A delivery game's answer past the longest game the run has seen is
  // moved into it (arbiter.referee-fuzz.answers).
  void Fit(AnswerFuzzPlan& plan) const;
  // Families the planned games never delivered: up to two more games each,
  // the family on an early request (Fit).
  void Deliver(RunProgress& progress);
  void Judge(size_t index);
  Finding FaultFinding(const BareFault& fault, const Played& game);
  // Shrinks `witness`'s mutated answers to the fewest and earliest that
  // show `fault` again; those answers (with `f` saying so and its reproduce command)
  // when some did.
  std::optional<std::map<int, AnswerFamily>> Shrink(const BareFault& fault, const Played& witness,
                                                    Finding& f,
                                                    std::vector<std::vector<std::string>>& answers,
                                                    bool& live);
  // Each bug's reproduce command: the recording of its game's answers in
  // place of the seed bot, and the check it is to show (--expect).
  void Recordings();
  bool RelayedExtra(const std::map<int, AnswerFamily>& at) const;
  void Determinism(size_t index);
  // What the run keeps of a game once judged (arbiter.report.bounded): its
  // tallies, and the game itself only while a finding may name it.
  void Tally(size_t index);
  void Retire(size_t index);
  void Rankings();
  void Families();
  // A finding on `game` at request `turn` (default: the game's last), its
  // input, the answer it was given and, when broken, how.
  Finding New(const std::string& check, const Played& game, std::string message,
              std::optional<int> turn = std::nullopt);

  const FuzzSettings& o_;  // the plan's settings
  const BarePlan& plan_;
  std::vector<BareGame> games_;  // the plan's games, fitted as they come, and the delivery games
  int longest_ = 0;              // the most requests of a game that came to its end
  int reached_ = 0;              // the most requests of any game
  std::ostream& err_;
  Env& env_;
  report::RunReport rep_;
  CheckCatalog catalog_;        // the arbiter register's "referee_fuzz_checks"
  std::vector<Played> played_;  // a retired game: moved into rep_, left empty
  std::vector<bool> retired_;
  int ranked_ = 0;                        // games ended with a ranking
  std::vector<size_t> misranked_;         // ranked first a player it had put out
  std::vector<size_t> unranked_, exits_;  // ended with none; exited with an error after
  uint32_t tried_ = 0;                    // the families that reached the referee (bits)
  std::map<std::string, Bug> bugs_;       // by key, in the order found
  std::vector<std::string> order_;
  int replays_ = 0;  // games played again to see the same game
};

}  // namespace arbiter::harness
