// check-bot and play through a game's real referee, for a game arbiter has
// no engine for (arbiter.referee-run.framing): the options (--referee,
// --protocol, --players, --opponent), checked once into Prepared (its
// `referee` driver config, its limits from a referee profile, the
// game-agnostic checks of the arbiter register's "referee_run_checks"), and
// the words reproduce commands repeat them with.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/check_bot.h"
#include "cli/run_common.h"
#include "core/game.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

// The options of a run through a referee; `check_bot` adds --opponent.
void AddRefereeRunOptions(CLI::App& command, RefereeRunOptions& o, bool check_bot);

// The limits of a game arbiter has no engine for: "referee" (1000 ms for
// the first answer, 100 ms after; the default) and "cg" (CodinGame's 1000
// and 50 ms, Python run unbuffered as CodinGame runs it).
const std::vector<Profile>& RefereeProfiles();

// Prepares a run of `command` through o.through.referee into `p` (its game
// nullptr); false after a usage error on `err`.
bool PrepareThroughReferee(const RunOptions& o, const std::string& command, Prepared& p,
                           std::ostream& err);

// arbiter's check of its own framing over a whole run through a
// runner-protocol referee (arbiter.referee-run.framing): every game ended on
// its first turn in every seat and nothing failed is arbiter out of step
// with the referee as likely as a one-turn game; the run is then said to
// have checked one turn a seat (referee.out-of-step), never a PASS.
class FirstTurnEnds {
 public:
  void Count(const harness::MatchResult& m);
  // The finding, on the report's first match, when every game counted
  // ended so (two games at least).
  void Judge(const Prepared& p, report::RunReport& rep) const;

 private:
  int games_ = 0, first_turn_only_ = 0;
  bool said_ = false;  // a game was out of step on a quote already
};

// " --referee '...' --protocol cg-runner --players 3 --opponent '...'": the
// referee options for a reproduce command.
std::string RefereeOptionsText(const RefereeRunOptions& o);

// The usage error for a game name arbiter has no engine for, given
// without --referee: the known games, the nearest one, and the way through
// a referee.
std::string UnknownGameMessage(const std::string& game);

}  // namespace arbiter::cli
