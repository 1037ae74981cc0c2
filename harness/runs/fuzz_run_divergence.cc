// FuzzRun::DivergenceFindings (fuzz_run.h): every divergence of a
// game (the first, then those seen after the reference re-synchronised:
// arbiter.referee.resync), each of its own cause shrunk to a reproducer and
// reported on its own; one the same answers do not show again is a warning
// (arbiter.referee.replayable), a bot the referee stopped is judged by the
// machine's load (arbiter.referee.load). A divergence a deviation explains
// is that referee bug, said in its words (arbiter.referee.deviations); a
// later one no deviation explains, whose reproducer still shows the game's
// first, is a symptom of that one and joins its finding.
#include <algorithm>

#include "core/deviations.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "referee/cg_runner.h"
#include "runs/fuzz_run.h"

namespace arbiter::harness {
namespace {

// A divergence as shown: shrunk when the same answers showed it again.
struct Shown {
  RefereeGameResult game;
  std::vector<std::string> script;
  std::vector<bool> neutral;  // answers shrinking made neutral
  int runs = 0, confirm_runs = 0, repeats = 0;
  bool reproduced = false, nondeterministic = false, flaky = false;
};

// "the divergence needs N non-trivial answer(s) over M turns (shrunk in
// ...)"; and the reference's view of the reproducer. M counts the turns to
// the divergence, its own included: a shrunk script may stop short of it,
// the game playing on with its ok answer, or be empty when every answer
// was neutral (a referee that misreads any answer of its fifth turn).
std::string Advice(const Shown& s, const GameInfo& game, bool shrinking, const std::string& file,
                   const std::string& self) {
  int nontrivial = 0;
  for (size_t i = 0; i < s.script.size(); ++i)
    nontrivial += !(i < s.neutral.size() && s.neutral[i]) && !IsHarmlessInScript(game, s.script[i]);
  std::string how;
  if (shrinking)
    how = s.reproduced ? " (shrunk in " + std::to_string(s.runs) + " referee runs)"
          : s.nondeterministic
              ? " (not shrunk: re-run with the same seed, the referee started another game; the "
                "whole witness game is the reproducer)"
          : s.repeats > 0 ? " (not shrunk: the same answers showed it again in only " +
                                std::to_string(s.repeats) + " of " +
                                std::to_string(s.confirm_runs) + " re-runs)"
                          : " (not shrunk: the same answers did not show it again in " +
                                std::to_string(s.confirm_runs) + " re-runs)";
  const size_t turns = std::max<size_t>(s.script.size(), s.game.divergence_turn + 1);
  return "the divergence needs " + std::to_string(nontrivial) + " non-trivial answer(s) over " +
         std::to_string(turns) + " turns" + how +
         (file.empty() || s.game.stand_in
              ? ""
              : "; the reference's view: " + self + " simulate --transcript " + file);
}

}  // namespace

void FuzzRun::DivergenceFindings(const std::string& id, const RefereeGamePlan& plan,
                                 const RefereeGameResult& r, Found& found, Shrunk& shrunk) {
  const bool shrinking = o_.shrink && o_.replay_path.empty();
  const GameRunner run_game = [&](const RefereeGamePlan& p) {
    return PlayOne(loop_, shrink_config_, p);
  };
  int shrunk_count = 0;
  // The game's first divergence no deviation explains (its signature, and
  // the cause it is reported under): later ones may be its symptoms.
  std::string root_sig, root_cause;
  for (std::string cause : Signatures(r)) {
    const RefereeGameResult focus = Focus(r, cause);
    // A difference only in what a message lists besides the state leads to
    // nothing later: it is never a root.
    const bool root = root_sig.empty() && focus.divergence->deviation.empty() &&
                      focus.divergence->kind != "stopped" && !focus.divergence->listing_only;
    const bool maybe_symptom = !root_sig.empty() && focus.divergence->deviation.empty() &&
                               focus.divergence->kind != "stopped";
    if (root) root_sig = root_cause = cause;
    if (Joined(cause, *focus.divergence, r, id, found, shrunk)) continue;
    // A later kind of divergence that shrinks in earlier games showed to
    // follow from this root is counted under it without a shrink of its
    // own: those runs would not change the answer (run_memory.h).
    const std::string signature = cause;
    if (shrinking && maybe_symptom && symptom_shrinks_.Known(root_cause, signature) &&
        Symptom(root_cause, focus, found, shrunk, true))
      continue;
    Shown s;
    s.game = focus;
    s.script.assign(focus.answers.begin(), focus.answers.end());
    if (shrinking) {
      ShrinkResult k = Shrink(run_game, shrink_config_, plan, focus, o_.shrink_runs);
      s.runs = k.runs;
      s.reproduced = k.reproduced;
      s.nondeterministic = k.nondeterministic;
      s.confirm_runs = k.confirm_runs;
      s.repeats = k.repeats;
      s.flaky = !k.reproduced && !k.nondeterministic && !Interrupted();
      if (k.reproduced) {
        s.game = std::move(k.game);
        s.script = std::move(k.script);
        s.neutral = std::move(k.neutral);
      }
      // The same turn read under the readings adopted since: its cause is
      // that reading's, perhaps one reported already.
      if (k.reproduced && k.signature != cause) {
        cause = k.signature;
        if (root) root_cause = cause;
        if (Joined(cause, *s.game.divergence, r, id, found, shrunk)) continue;  // k.game moved
      }
      // A symptom: its reproducer still shows the game's first divergence
      // before it, or it was not seen again at all.
      const bool independent =
          k.reproduced && std::find(k.shown.begin(), k.shown.end(), root_sig) == k.shown.end();
      if (maybe_symptom && !independent && Symptom(root_cause, focus, found, shrunk)) {
        if (k.reproduced) symptom_shrinks_.Shown(root_cause, signature);
        continue;
      }
    } else if (maybe_symptom && Symptom(root_cause, focus, found, shrunk)) {
      continue;
    }
    s.script.resize(std::min<size_t>(s.script.size(), s.game.divergence_turn + 1));
    const Divergence& d = *s.game.divergence;
    // The register's severity; the clause is the rule the referee broke.
    Finding f = NewFinding(catalog_, "referee.divergence");
    f.clause = d.clauses.empty() ? "" : d.clauses.front();
    // The finding belongs to the game it is shown in: the shrunk one when
    // shrinking reproduced it (its own match, so that the replay's turns
    // are the reproducer's), else the original.
    const std::string shrunk_id =
        id + "-shrunk" + (shrunk_count > 0 ? "-" + std::to_string(shrunk_count + 1) : "");
    f.match = s.reproduced ? shrunk_id : id;
    f.seed = plan.seed;
    f.seat = s.game.divergence_seat;
    f.turn = s.game.divergence_turn;
    f.message = DivergenceSentence(d);
    f.received = EscapeBytes(s.game.actual_text);
    f.input = s.game.expected_text;  // what the reference engine would have sent
    f.stderr_tail = LastLines(s.game.referee_stderr, 10);
    // The reproducer: a scenario for `arbiter simulate` with the answers.
    const std::string file =
        s.game.scenario.empty()
            ? std::string()
            : WriteReproducer(o_.repro_dir, repro_count_, s.game, s.script, cause, f.clause);
    f.advice = Advice(s, *plan_.prepared.game, shrinking, file, o_.self);
    f.reproduce = o_.self + " fuzz-referee --game " + o_.game + SameReferee() + " --seed " +
                  std::to_string(plan.seed) + (file.empty() ? "" : " --replay " + file);
    const int turn = s.game.divergence_turn;
    if (turn > plan.late_turn && plan.late_turn >= 0)
      f.reproduce += " --late-turn " + std::to_string(plan.late_turn);
    if (turn > plan.kill_turn && plan.kill_turn >= 0)
      f.reproduce += " --kill-turn " + std::to_string(plan.kill_turn);
    if (turn > plan.stall_turn && plan.stall_turn >= 0)
      f.reproduce += " --stall-turn " + std::to_string(plan.stall_turn);
    f.reproduce += "   # referee command: " + QuoteCommand(s.game.argv);
    // A divergence the same answers do not show again is not a rule bug
    // to report as one (arbiter.referee.replayable): a warning.
    const std::string runs =
        std::to_string(s.confirm_runs) + " re-runs of the same answers with the same seed: ";
    const std::string seen_once =
        !s.flaky        ? ""
        : s.repeats > 0 ? "seen again in only " + std::to_string(s.repeats) + " of " + runs
                        : "seen once, not again in " + runs;
    if (s.flaky) {
      f.check = "referee.flaky";
      f.severity = catalog_.Require(f.check).severity;
      f.message = seen_once + f.message;
    }
    // Once per run (each divergence of the game is shrunk apart).
    if (s.nondeterministic && !Seen("referee.nondeterministic", found, shrunk)) {
      Finding n = NewFinding(catalog_, "referee.nondeterministic");
      n.match = id;
      n.seed = plan.seed;
      n.message =
          "re-run with the same seed and the same answers, the referee sent another first "
          "message: it draws its game from a source of its own, so a finding that depends "
          "on its draw is not shrunk and keeps its whole witness game";
      n.advice = "draw the game from {seed} to make the referee's findings shrinkable";
      n.reproduce = o_.self + " fuzz-referee --game " + o_.game + SameReferee() + ThisGame(id);
      found.emplace_back("referee.nondeterministic", std::move(n));
    }
    // A bot the referee stopped: the machine's load, a race, or a referee
    // that stops bots answering in time (arbiter.referee.load).
    if (d.kind == "stopped") {
      cause = StopFinding(catalog_, f, s.game, s.reproduced, s.confirm_runs, s.repeats,
                          shrink_config_.referee_action_ms);
      if (Finding* earlier = Seen(cause, found, shrunk)) {
        ++earlier->occurrences;
        continue;
      }
    }
    cause = deviations_.GroupOf(d, cause, r);
    deviations_.First(cause, d, seen_once, f);
    if (!s.flaky && d.kind != "stopped") deviations_.SameClause(f, d, cause, Lookup(found, shrunk));
    if (!s.reproduced) {
      found.emplace_back(cause, std::move(f));
      continue;
    }
    ++shrunk_count;
    MatchResult m = MatchOf(shrunk_id, plan, s.game);
    m.shrunk_from = id;
    m.description =
        "the shrunk reproducer of " + id + " (" + std::to_string(s.script.size()) + " turns)";
    Found one;
    one.emplace_back(cause, std::move(f));
    shrunk.emplace_back(std::move(m), std::move(one));
  }
}

bool FuzzRun::Joined(const std::string& cause, const Divergence& d, const RefereeGameResult& r,
                     const std::string& id, Found& found, Shrunk& shrunk) {
  return deviations_.Join(cause, d, r, id, Lookup(found, shrunk));
}

DeviationCauses::Lookup FuzzRun::Lookup(Found& found, Shrunk& shrunk) {
  return [this, &found, &shrunk](const std::string& cause) { return Seen(cause, found, shrunk); };
}

// A later divergence counted under the game's first (`root_cause`): the
// root's finding says so once per kind. False when the root has no finding
// to join (then the divergence is reported on its own).
bool FuzzRun::Symptom(const std::string& root_cause, const RefereeGameResult& later, Found& found,
                      Shrunk& shrunk, bool unshrunk) {
  Finding* root = Seen(root_cause, found, shrunk);
  if (!root) return false;
  const Divergence& d = *later.divergence;
  const std::string note = unshrunk
                               ? SymptomShrinks::Note()
                               : "a later divergence of the same game (" + d.field +
                                     ") follows from it: its reproducer still shows this one first";
  // Said once per root and kind: a record of what was said, never a search
  // of the advice.
  if (symptom_notes_.emplace(root_cause, note).second)
    root->advice += (root->advice.empty() ? "" : "; ") + note;
  return true;
}

}  // namespace arbiter::harness
