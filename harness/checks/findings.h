// Findings: what the harness reports about a bot. A finding is data, never an
// exception: a check ID with its clause and severity (from the game's spec
// register), where it happened (match, seed, seat, turn), the measured time
// and the limit, the exact bytes, the bot's input and stderr, and a command
// that reproduces it.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_ids.h"

namespace arbiter::harness {

class BotProcess;

enum class Severity { kFail, kWarn, kInfo };
const char* SeverityName(Severity s);  // "fail", "warn", "info"
// The severity SeverityName names; anything else is a failure.
Severity SeverityFromName(std::string_view name);

struct CheckInfo {
  std::string id;      // "action.deadline"
  std::string clause;  // "jc2015.protocol.action.limit"
  Severity severity = Severity::kFail;
  std::string title;  // "answers within the time limit"
};

// A check ID arbiter was about to report that its catalog does not list.
class UnknownCheck : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// The checks of one game: every check ID the harness emits must be here.
class CheckCatalog {
 public:
  void Add(CheckInfo info) { checks_[info.id] = std::move(info); }
  const CheckInfo* Find(const std::string& id) const;
  // The check `id`, which must be listed: a finding under an ID the
  // register does not list would be a FAIL with no clause, so an unlisted
  // ID throws UnknownCheck (arbiter's own bug; the commands say so and
  // exit 2).
  const CheckInfo& Require(const std::string& id) const;
  const std::map<std::string, CheckInfo>& all() const { return checks_; }

 private:
  std::map<std::string, CheckInfo> checks_;
};

// The check IDs arbiter reports, and the registers that list them:
// check_ids.h. Three of a game's are opt-in finer IDs: when its register does
// not list them, the harness reports under the coarser ID in parentheses.
//   action.first-deadline   a deadline missed on the bot's first turn of a
//                           match, limit first_action_ms (action.deadline)
//   action.illegal          an answer the game judges AnswerVerdict::kIllegal:
//                           well-formed but not legal now (action.invalid)
//   action.no-legal-silence no answer (late, none, crash, closed stdout) on a
//                           silent turn whose events cite this check's clause:
//                           the game's way of saying the player had no legal
//                           action and still had to print a line (the check
//                           the silence would otherwise be reported under)

struct Finding {
  std::string check;
  std::string clause;
  Severity severity = Severity::kFail;
  std::string match;  // "game-2", "edge-stunned", "handshake"
  std::optional<uint64_t> seed;
  int seat = -1;
  // play: the name of the entrant in that seat ("alice", "bot.py"); "" where
  // the seat is the bot's (check-bot) or not a bot's.
  std::string entrant;
  int turn = -1;  // -1: not on a turn (handshake, end of game)
  // The bot's own turn (1-based: its 7th answer is own turn 7) beside the
  // game's; 0 when not on a turn or not a bot's (a referee's finding).
  int own_turn = 0;
  std::optional<double> elapsed_ms;
  std::optional<int> limit_ms;
  std::string message;   // what is wrong, in one sentence
  std::string received;  // the bytes received, escaped
  std::string input;     // the input the bot was given on that turn
  // Every byte the bot was sent up to and including that turn (its opening
  // lines too): piped into the bot, it replays the turn. Not in the reports
  // themselves: check-bot writes it to `input_file`.
  std::string input_stream;
  std::string input_file;
  std::string stderr_tail;  // the last lines of its stderr
  std::string advice;       // how to fix it, when known
  std::string reproduce;    // one command line
  int occurrences = 1;      // how many times this check fired in the match
  // A time verdict a second run of the match must confirm before it is a
  // FAIL (arbiter.timing.confirm): every late answer or handshake.
  // Not written to reports.
  bool confirm = false;
  // A time verdict's message as a warning says it when a second run in time
  // does not confirm it (arbiter.timing.confirm): without the claim that
  // run disproves (that the machine had no hand in it). Empty: the message
  // as it is. Set where the verdict is made; not written to reports.
  std::string unconfirmed_message;
  // fuzz-referee: the root cause this finding stands for, a key of the run's
  // own ("deviation climb-two", a divergence's signature, "referee.crash"),
  // the same in every shard of a run. merge-reports counts the findings of
  // one check and one cause as one; it never reads the message to group.
  std::string cause;
  // check-bot, play and a run through a referee: which of its check's
  // statements the finding makes, a key set with the message where it is
  // made ("before its handshake", "killed by SIGSEGV instead of answering",
  // "refused: " and the rule a refused answer broke as the game names it),
  // the same whatever figures or bytes the message quotes. The human
  // reports count the findings of one check and one form (or one cause) as
  // one; a finding with neither is a group of its own.
  std::string form;
};

// A finding under check `id`, with the clause and severity `catalog` gives
// it (CheckCatalog::Require: an unlisted ID throws UnknownCheck).
Finding NewFinding(const CheckCatalog& catalog, const std::string& id);

// The finding's seat for people: "1", or "1 (alice)" with its entrant.
inline std::string SeatText(const Finding& f) {
  return std::to_string(f.seat) + (f.entrant.empty() ? "" : " (" + f.entrant + ")");
}

// Whether finding `f` is reported under check `c`: by its check ID, or, for a
// check that stands for a clause (id == clause), by the clause it cites.
inline bool Belongs(const Finding& f, const CheckInfo& c) {
  return f.check == c.id || (c.id == c.clause && f.clause == c.id);
}

// The catalog of a game from its spec register's "checks" table (or another: the
// arbiter register's "referee_run_checks", for games with no engine).
CheckCatalog CatalogFromRegister(const nlohmann::json& reg, const char* key = "checks");

// What `p` wrote to stderr since `seen` bytes (as far as its kept tail
// reaches), and `seen` moved to its total.
std::string StderrSince(const BotProcess& p, uint64_t& seen);

// The last `lines` lines of `text`.
std::string LastLines(const std::string& text, int lines);

}  // namespace arbiter::harness
