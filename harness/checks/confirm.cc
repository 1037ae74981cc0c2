// Confirming a time verdict from two runs of a match (confirm.h).
#include "checks/confirm.h"

#include <algorithm>

#include "checks/silence.h"

namespace arbiter::harness {

namespace {

bool IsTimeFail(const Finding& f) {
  static constexpr std::string_view kTime[] = {"action.deadline", "action.first-deadline",
                                               "ready.late", "action.no-legal-silence"};
  return f.severity == Severity::kFail &&
         (f.confirm || std::find(std::begin(kTime), std::end(kTime), f.check) != std::end(kTime));
}

std::string TurnText(int turn) {
  return turn < 0 ? "its handshake" : "turn " + std::to_string(turn);
}

// The first turn before `turn` on which `seat`'s inputs or answers differ
// between the runs, said; "" when they agree. Other inputs are another
// game (a referee drawing from its clock), not the bot's doing.
std::string Nondeterminism(const MatchResult& a, const MatchResult& b, int seat, int turn) {
  if (turn < 0) return "";  // a handshake: nothing came before it
  std::vector<const TurnRecord*> x, y;
  for (const TurnRecord& t : a.turns)
    if (t.player == seat && t.turn < turn && !t.input.empty()) x.push_back(&t);
  for (const TurnRecord& t : b.turns)
    if (t.player == seat && t.turn < turn && !t.input.empty()) y.push_back(&t);
  for (size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
    if (x[i]->input != y[i]->input)
      return "; the second run was another game (its input on turn " + std::to_string(x[i]->turn) +
             " differed), so it did not replay the same turn";
    if (x[i]->answer == y[i]->answer) continue;
    return "; the bot is not deterministic: on turn " + std::to_string(x[i]->turn) +
           " it answered '" + x[i]->answer.substr(0, 60) + "' on the first run and '" +
           y[i]->answer.substr(0, 60) + "' on the second, so the second run did not replay " +
           "the same turn";
  }
  return "";
}

// How the second run went on the turn of the verdict, for its warning.
std::string SecondRunText(const MatchResult& second, const Finding& v) {
  if (v.turn < 0) {
    for (const Finding& f : second.findings)
      if (f.seat == v.seat && f.check == "ready.late") return "its handshake was late again";
    return "its handshake came in time";
  }
  for (const TurnRecord& t : second.turns) {
    if (t.turn != v.turn || t.player != v.seat) continue;
    if (t.elapsed_ms && !t.silent)
      return "it answered that turn after " + Fmt(*t.elapsed_ms) + " ms";
    if (t.elapsed_ms) return "its answer on that turn came after " + Fmt(*t.elapsed_ms) + " ms";
    return "it gave no answer on that turn";
  }
  return "the match did not reach that turn";
}

}  // namespace

const Finding* TimeVerdictToConfirm(const MatchResult& run) {
  for (const Finding& f : run.findings)
    if (f.confirm && f.severity == Severity::kFail) return &f;
  return nullptr;
}

MatchResult ConfirmTimeVerdict(const CheckCatalog& catalog, MatchResult first, MatchResult second) {
  const Finding* verdict = TimeVerdictToConfirm(first);
  if (!verdict) return first;
  const Finding v = *verdict;
  const std::string nondeterministic = Nondeterminism(first, second, v.seat, v.turn);
  const auto again = std::find_if(second.findings.begin(), second.findings.end(),
                                  [&](auto& f) { return f.seat == v.seat && IsTimeFail(f); });
  if (again != second.findings.end()) {
    for (Finding& f : first.findings) {
      if (f.check != v.check || f.seat != v.seat || f.turn != v.turn || !f.confirm) continue;
      f.message += "; confirmed: on a second run of the match (same seed) it was late again on " +
                   TurnText(again->turn) + ": " + again->message + nondeterministic;
      f.confirm = false;
      break;
    }
    first.replayed = "played again to confirm a time verdict: late on both runs";
    return first;
  }
  Finding w = v;
  const Finding stamp = NewFinding(catalog, "timing.unconfirmed");
  w.check = stamp.check;
  w.clause = stamp.clause;
  w.severity = stamp.severity;
  w.confirm = false;
  w.form = v.check + ", " + v.form;  // the statement unconfirmed
  // In time on the second run, the first run's lateness was not the bot's
  // own after all: its figures cannot say the machine had no hand in it.
  const std::string& said = v.unconfirmed_message.empty() ? v.message : v.unconfirmed_message;
  w.message = "on the first run of the match: " + said + "; on a second run (same seed) " +
              SecondRunText(second, v) + ": not confirmed, so a warning, not a FAIL" +
              nondeterministic;
  second.findings.push_back(std::move(w));
  second.replayed = "played again: the first run's time verdict needed a second look";
  return second;
}

}  // namespace arbiter::harness
