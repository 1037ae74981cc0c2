// fuzz-referee without an engine (arbiter.referee-fuzz.answers): the
// answers a referee is given start from what a real bot says, and on a few
// planned turns become what broken bots send: garbage, an empty line, a
// huge line, bytes that are not UTF-8, a CR, extra lines, an answer too
// late, none at all, a bot that dies, or a near-valid answer: the bot's
// own with one token changed as a careless bot changes it ("+3", "03",
// "UP " or "up", a token dropped or repeated, a number out of bounds, another
// separator), the input that finds parser crashes and hangs. The plan is drawn from the run's
// seed, so that a game is played again from its seed and its plan, and
// shrinking a finding is dropping planned mutations. Pure: the driver
// (referee_driver.h) applies a plan as the answers go to the referee.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {

enum class AnswerFamily {
  kGarbage,    // printable bytes that are no answer
  kEmpty,      // an empty line
  kHuge,       // the answer repeated to 200 KB on one line
  kNonUtf8,    // the answer with bytes that are not UTF-8
  kCr,         // the answer ending in CR LF
  kExtra,      // the answer, then two more lines
  kLate,       // the answer, after the referee's time is long over
  kMissing,    // no answer: the bot stays alive and silent
  kCrash,      // the bot dies instead of answering
  kNearValid,  // the answer with one token changed (NearValid)
};
inline constexpr int kAnswerFamilies = 10;

std::string_view FamilyName(AnswerFamily f);
// "an empty line", "nothing (the bot died)": what the referee was given.
std::string_view FamilyWords(AnswerFamily f);
// Late, missing and crash: what the referee sees depends on its clock.
bool IsTimed(AnswerFamily f);
std::optional<AnswerFamily> FamilyNamed(std::string_view name);
// Whether a referee of the runner protocol can be given the family: the
// runner times the bots and forwards exactly the lines asked for, each
// without its line end, so late, missing, dead bots, extra lines and a CR
// before the newline never reach it.
bool RunnerCanSend(AnswerFamily f);

// The mutations of one game: on the game's Nth request (0: the first, of
// whichever seat), that answer's family.
struct AnswerFuzzPlan {
  std::map<int, AnswerFamily> at;
  uint64_t salt = 0;   // draws the garbage bytes
  int late_ms = 3000;  // how late a late answer is
};

// Game `index` of a run from `base_seed`: game i < families mutates one
// answer of family i (of those the protocol can send; three near-valid
// ones), on a request in [2, 20); the others one to three answers, in
// [1, 120), each near-valid one time in three, else of a family drawn at
// random.
AnswerFuzzPlan PlanAnswerFuzz(uint64_t base_seed, int index, bool runner);

// The numbers a game's answers held, by token position in their first
// line: the smallest and the largest seen, for near-valid answers one past
// the bounds the game used (a column 7 where 0-6 were seen).
class NumberBounds {
 public:
  void See(std::string_view answer);  // its first line's tokens
  // The bounds seen at token `index`; nullopt when no number was there.
  std::optional<std::pair<long long, long long>> At(size_t index) const;

 private:
  std::vector<std::optional<std::pair<long long, long long>>> by_token_;
};

// The bytes the referee reads instead of `answer` (its lines, each ending
// in '\n') under a content family; `answer` itself for late, missing and
// crash, which the driver plays out. `seen`: the game's answers so far.
std::string MutateAnswer(AnswerFamily f, const std::string& answer, uint64_t salt,
                         const NumberBounds* seen = nullptr);

// The near-valid answers of `line` (one line, no newline), one per way a
// token changes: a sign ("+3", "-0"), leading zeros, spaces inside and
// around, another case, a token dropped, a token repeated, a number one
// past the bounds `seen` at its place (below the smallest, above the
// largest; without them, one past the number itself) and a huge one, another
// separator (',', a tab); those that differ from `line`, in that order.
// MutateAnswer picks one by its salt.
std::vector<std::string> NearValid(const std::string& line, const NumberBounds* seen = nullptr);

// "12:empty,40:late": a plan as reproduce commands write it (--answers).
std::string FormatPlan(const AnswerFuzzPlan& plan);
// The plan of `text`; nullopt (with `error`) unless every entry is
// REQUEST:FAMILY with a request in [0, 100000) and a known family.
std::optional<AnswerFuzzPlan> ParsePlan(std::string_view text, std::string& error);

}  // namespace arbiter::harness
