// FuzzRun::DivergenceFindings (fuzz_referee_run.h): every divergence of a
// game (the first, then those seen after the reference re-synchronised:
// arbiter.referee.resync), each of its own cause shrunk to a reproducer and
// reported on its own; one the same answers do not show again is a warning
// (arbiter.referee.replayable), a bot the referee stopped is judged by the
// machine's load (arbiter.referee.load).
#include <algorithm>

#include "cg_runner.h"
#include "command_line.h"
#include "core/parse.h"
#include "fuzz_referee_run.h"
#include "interrupt.h"
#include "invocation.h"

namespace arbiter::cli {
namespace {

using harness::Finding;
using harness::RefereeGamePlan;
using harness::RefereeGameResult;

// A divergence as shown: shrunk when the same answers showed it again.
struct Shown {
  RefereeGameResult game;
  std::vector<std::string> script;
  std::vector<bool> neutral;  // answers shrinking made neutral
  int runs = 0, confirm_runs = 0;
  bool reproduced = false, nondeterministic = false, flaky = false;
};

// "the divergence needs N non-trivial answer(s) over M turns (shrunk in
// ...)"; and the reference's view of the reproducer.
std::string Advice(const Shown& s, const GameInfo& game, bool shrinking, const std::string& file) {
  int nontrivial = 0;
  for (size_t i = 0; i < s.script.size(); ++i)
    nontrivial += !(i < s.neutral.size() && s.neutral[i]) &&
                  (game.referee_fuzzing->neutral_answer || s.script[i] != game.ok_answer);
  std::string how;
  if (shrinking)
    how = s.reproduced ? " (shrunk in " + std::to_string(s.runs) + " referee runs)"
          : s.nondeterministic
              ? " (not shrunk: re-run with the same seed, the referee started another game; the "
                "whole witness game is the reproducer)"
              : " (not shrunk: the same answers did not show it again in " +
                    std::to_string(s.confirm_runs) + " re-runs)";
  return "the divergence needs " + std::to_string(nontrivial) + " non-trivial answer(s) over " +
         std::to_string(s.script.size()) + " turns" + how +
         (file.empty() || s.game.stand_in
              ? ""
              : "; the reference's view: " + Self() + " simulate --transcript " + file);
}

}  // namespace

void FuzzRun::DivergenceFindings(const std::string& id, const RefereeGamePlan& plan,
                                 const RefereeGameResult& r, Found& found, Shrunk& shrunk) {
  const bool shrinking = o_.shrink && o_.replay_path.empty();
  const harness::GameRunner run_game = [&](const RefereeGamePlan& p) {
    return plan_.runner ? harness::RunCgRunnerGame(loop_, shrink_config_, p)
                        : harness::RunRefereeGame(loop_, shrink_config_, p);
  };
  int shrunk_count = 0;
  for (std::string cause : harness::Signatures(r)) {
    if (Finding* earlier = Seen(cause, found, shrunk)) {
      ++earlier->occurrences;
      continue;
    }
    const RefereeGameResult focus = harness::Focus(r, cause);
    Shown s;
    s.game = focus;
    s.script.assign(focus.answers.begin(), focus.answers.end());
    if (shrinking) {
      harness::ShrinkResult k =
          harness::Shrink(run_game, shrink_config_, plan, focus, o_.shrink_runs);
      s.runs = k.runs;
      s.reproduced = k.reproduced;
      s.nondeterministic = k.nondeterministic;
      s.confirm_runs = k.confirm_runs;
      s.flaky = !k.reproduced && !k.nondeterministic && !harness::Interrupted();
      if (k.reproduced) {
        s.game = std::move(k.game);
        s.script = std::move(k.script);
        s.neutral = std::move(k.neutral);
      }
      // The same turn read under the readings adopted since: its cause is
      // that reading's, perhaps one reported already.
      if (k.reproduced && k.signature != cause) {
        cause = k.signature;
        if (Finding* earlier = Seen(cause, found, shrunk)) {
          ++earlier->occurrences;
          continue;
        }
      }
    }
    s.script.resize(std::min<size_t>(s.script.size(), s.game.divergence_turn + 1));
    const Divergence& d = *s.game.divergence;
    Finding f;
    f.check = "referee.divergence";
    f.clause = d.clauses.empty() ? "" : d.clauses.front();
    f.severity = harness::Severity::kFail;
    // The finding belongs to the game it is shown in: the shrunk one when
    // shrinking reproduced it (its own match, so that the replay's turns
    // are the reproducer's), else the original.
    const std::string shrunk_id =
        id + "-shrunk" + (shrunk_count > 0 ? "-" + std::to_string(shrunk_count + 1) : "");
    f.match = s.reproduced ? shrunk_id : id;
    f.seed = plan.seed;
    f.seat = s.game.divergence_seat;
    f.turn = s.game.divergence_turn;
    f.message =
        d.message + ": " + d.field + " expected " + d.expected + ", the referee sent " + d.actual;
    if (d.clauses.size() > 1) {
      f.message += " (clauses:";
      for (const auto& c : d.clauses) f.message += " " + c;
      f.message += ")";
    }
    f.received = EscapeBytes(s.game.actual_text);
    f.input = s.game.expected_text;  // what the reference engine would have sent
    f.stderr_tail = harness::LastLines(s.game.referee_stderr, 10);
    // The reproducer: a scenario for `arbiter simulate` with the answers.
    const std::string file =
        s.game.scenario.empty()
            ? std::string()
            : WriteReproducer(o_.repro_dir, repro_count_, s.game, s.script, cause, f.clause);
    f.advice = Advice(s, *plan_.prepared.game, shrinking, file);
    f.reproduce = Self() + " fuzz-referee --game " + o_.game + SameReferee() + " --seed " +
                  std::to_string(plan.seed) + (file.empty() ? "" : " --replay " + file);
    const int turn = s.game.divergence_turn;
    if (turn > plan.late_turn && plan.late_turn >= 0)
      f.reproduce += " --late-turn " + std::to_string(plan.late_turn);
    if (turn > plan.kill_turn && plan.kill_turn >= 0)
      f.reproduce += " --kill-turn " + std::to_string(plan.kill_turn);
    if (turn > plan.stall_turn && plan.stall_turn >= 0)
      f.reproduce += " --stall-turn " + std::to_string(plan.stall_turn);
    f.reproduce += "   # referee command: " + harness::QuoteCommand(s.game.argv);
    // A divergence the same answers do not show again is not a rule bug
    // to report as one (arbiter.referee.replayable): a warning.
    if (s.flaky) {
      f.check = "referee.flaky";
      f.severity = harness::Severity::kWarn;
      f.message = "seen once, not again in " + std::to_string(s.confirm_runs) +
                  " re-runs of the same answers with the same seed: " + f.message;
    }
    if (s.nondeterministic && !Known("referee.nondeterministic")) {
      Finding n;
      n.check = "referee.nondeterministic";
      if (const auto* info = catalog_.Find(n.check))
        n.clause = info->clause, n.severity = info->severity;
      n.match = id;
      n.seed = plan.seed;
      n.message =
          "re-run with the same seed and the same answers, the referee sent another first "
          "message: it draws its game from a source of its own, so a finding that depends "
          "on its draw is not shrunk and keeps its whole witness game";
      n.advice = "draw the game from {seed} to make the referee's findings shrinkable";
      n.reproduce = Self() + " fuzz-referee --game " + o_.game + SameReferee() + ThisGame(id);
      found.emplace_back("referee.nondeterministic", std::move(n));
    }
    // A bot the referee stopped: the machine's load, a race, or a referee
    // that stops bots answering in time (arbiter.referee.load).
    if (d.kind == "stopped") {
      cause =
          StopFinding(f, s.game, s.reproduced, s.confirm_runs, shrink_config_.referee_action_ms);
      if (Finding* earlier = Seen(cause, found, shrunk)) {
        ++earlier->occurrences;
        continue;
      }
    }
    if (!s.reproduced) {
      found.emplace_back(cause, std::move(f));
      continue;
    }
    ++shrunk_count;
    harness::MatchResult m = MatchOf(shrunk_id, plan, s.game);
    m.shrunk_from = id;
    m.description =
        "the shrunk reproducer of " + id + " (" + std::to_string(s.script.size()) + " turns)";
    Found one;
    one.emplace_back(cause, std::move(f));
    shrunk.emplace_back(std::move(m), std::move(one));
  }
}

}  // namespace arbiter::cli
