// FuzzRun::DivergenceFindings (fuzz_referee_run.h): every divergence of a
// game (the first, then those seen after the reference re-synchronised:
// arbiter.referee.resync), each of its own cause shrunk to a reproducer and
// reported on its own; one the same answers do not show again is a warning
// (arbiter.referee.replayable), a bot the referee stopped is judged by the
// machine's load (arbiter.referee.load). A divergence a deviation explains
// is that referee bug, said in its words (arbiter.referee.deviations); a
// later one no deviation explains, whose reproducer still shows the game's
// first, is a symptom of that one and joins its finding.
#include <algorithm>

#include "cli/fuzz_referee_run.h"
#include "cli/invocation.h"
#include "core/deviations.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "referee/cg_runner.h"

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
  int runs = 0, confirm_runs = 0, repeats = 0;
  bool reproduced = false, nondeterministic = false, flaky = false;
};

// "the divergence needs N non-trivial answer(s) over M turns (shrunk in
// ...)"; and the reference's view of the reproducer. M counts the turns to
// the divergence, its own included: a shrunk script may stop short of it,
// the game playing on with its ok answer, or be empty when every answer
// was neutral (a referee that misreads any answer of its fifth turn).
std::string Advice(const Shown& s, const GameInfo& game, bool shrinking, const std::string& file) {
  int nontrivial = 0;
  for (size_t i = 0; i < s.script.size(); ++i)
    nontrivial +=
        !(i < s.neutral.size() && s.neutral[i]) && !harness::IsHarmlessInScript(game, s.script[i]);
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
              : "; the reference's view: " + Self() + " simulate --transcript " + file);
}

// The finding's sentence: the deviation's words when one explains the
// divergence; else the first differing field, and when the game's catalogue
// was tried, that no single rule change of it explains it.
std::string Field(const Divergence& d) {
  return d.field + " expected " + d.expected + ", the referee sent " + d.actual;
}

std::string Sentence(const Divergence& d) {
  const std::string shown = Field(d);
  if (!d.deviation.empty()) return d.message + ": " + shown;  // its words, and what showed it
  std::string out = d.message + ": " + shown;
  if (d.changes_tried > 0)
    out += "; no single rule change arbiter tried (" + std::to_string(d.changes_tried) +
           " readings and deviations) explains it";
  // The likeliest few, not every rule the game played: the finding's clause
  // is the first.
  constexpr size_t kShown = 3;
  if (d.clauses.size() > 1) {
    out += " (clauses, most likely first:";
    for (size_t i = 0; i < d.clauses.size() && i < kShown; ++i) out += " " + d.clauses[i];
    if (d.clauses.size() > kShown)
      out += "; " + std::to_string(d.clauses.size() - kShown) + " more the game played";
    out += ")";
  }
  return out;
}

}  // namespace

void FuzzRun::DivergenceFindings(const std::string& id, const RefereeGamePlan& plan,
                                 const RefereeGameResult& r, Found& found, Shrunk& shrunk) {
  const bool shrinking = o_.shrink && o_.replay_path.empty();
  const harness::GameRunner run_game = [&](const RefereeGamePlan& p) {
    return PlayOne(loop_, shrink_config_, p);
  };
  int shrunk_count = 0;
  // The game's first divergence no deviation explains (its signature, and
  // the cause it is reported under): later ones may be its symptoms.
  std::string root_sig, root_cause;
  for (std::string cause : harness::Signatures(r)) {
    const RefereeGameResult focus = harness::Focus(r, cause);
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
      harness::ShrinkResult k =
          harness::Shrink(run_game, shrink_config_, plan, focus, o_.shrink_runs);
      s.runs = k.runs;
      s.reproduced = k.reproduced;
      s.nondeterministic = k.nondeterministic;
      s.confirm_runs = k.confirm_runs;
      s.repeats = k.repeats;
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
    Finding f = harness::NewFinding(catalog_, "referee.divergence");
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
    f.message = Sentence(d);
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
      Finding n = harness::NewFinding(catalog_, "referee.nondeterministic");
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
      cause = StopFinding(catalog_, f, s.game, s.reproduced, s.confirm_runs, s.repeats,
                          shrink_config_.referee_action_ms);
      if (Finding* earlier = Seen(cause, found, shrunk)) {
        ++earlier->occurrences;
        continue;
      }
    }
    cause = GroupOf(d, cause, r);
    FirstOfCause(cause, d, seen_once, f);
    if (!s.flaky && d.kind != "stopped") SameClause(f, d, cause, found, shrunk);
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

namespace arbiter::cli {

// A deviation's divergence is reported under the cause of an earlier
// deviation finding whose games allow one of the deviations this game allows
// (RefereeGameResult::deviation_alternatives), the set narrowed to those all
// allow; else under a cause of its own. Deviations of one clause that state
// the same rule (climb-two, climb-any) are one bug in different amounts.
std::string FuzzRun::GroupOf(const Divergence& d, const std::string& cause,
                             const harness::RefereeGameResult& r) {
  if (d.deviation.empty()) return cause;
  std::set<std::string> allowed = {d.deviation};
  if (const auto it = r.deviation_alternatives.find(d.deviation);
      it != r.deviation_alternatives.end())
    allowed.insert(it->second.begin(), it->second.end());
  for (DeviationCause& known : deviation_causes_) {
    std::set<std::string> both;
    for (const std::string& name : allowed)
      for (const std::string& kept : known.live)
        if (name == kept || RuleOf(name) == RuleOf(kept)) both.insert(kept), both.insert(name);
    if (both.empty()) continue;
    known.live = both;
    return known.key;
  }
  deviation_causes_.push_back({"deviation " + d.deviation, allowed, d.deviation});
  return deviation_causes_.back().key;
}

// The clause and rule a deviation states: one bug, whatever its amount.
std::string FuzzRun::RuleOf(const std::string& deviation) const {
  if (const Deviation* dev = FindDeviation(plan_.prepared.game->deviations, deviation))
    return std::string(dev->clause) + "|" + std::string(dev->rule);
  return deviation;
}

// A divergence of a cause reported before joins its finding. A deviation
// finding whose named deviation a later game rules out is named again by one
// that every game of it allows; another amount of the same bug is said once.
bool FuzzRun::Joined(const std::string& cause, const Divergence& d,
                     const harness::RefereeGameResult& r, const std::string& id, Found& found,
                     Shrunk& shrunk) {
  const size_t known = deviation_causes_.size();
  const std::string key = GroupOf(d, cause, r);
  Finding* earlier = Seen(key, found, shrunk);
  if (!earlier) {
    if (deviation_causes_.size() > known) deviation_causes_.pop_back();  // registered when kept
    return false;
  }
  ++earlier->occurrences;
  if (d.deviation.empty()) return true;
  DeviationCause* group = CauseOf(key);
  if (!group) return true;
  const std::string named = group->named;
  if (!group->live.count(named)) {
    // Named again, by the first deviation of the catalogue every game allows.
    for (const Deviation& dev : plan_.prepared.game->deviations) {
      if (!group->live.count(std::string(dev.name))) continue;
      group->words = harness::DeviationMessage(
          dev, "every message of each game it touched; " + id + " ruled out " + named,
          group->showed);
      earlier->clause = dev.clause;
      group->named = dev.name;
      earlier->cause = ReportedCause(key);
      break;
    }
  } else if (named != d.deviation && RuleOf(named) == RuleOf(d.deviation) &&
             group->amounts.insert(d.deviation).second) {
    // Another amount of the bug, said once (by the first game that showed
    // it): the deviation's words without what showed it (that is a field).
    const Deviation* dev = FindDeviation(plan_.prepared.game->deviations, d.deviation);
    group->after +=
        "; " + id + " showed it in another amount: " +
        (d.showed.empty() || !dev ? d.message
                                  : harness::DeviationMessage(*dev, harness::kWholeGame, ""));
  }
  // Worded again: the game may have narrowed the bugs its games allow.
  earlier->message = Worded(*group);
  return true;
}

// The other bugs (not another amount of the named one) that each game of
// the finding allows as well: each replays its game up to the message that
// showed the bug, where the named one replays it whole. The finding names
// one bug and says which others its games cannot tell from it, never more
// than they showed (arbiter.referee.deviations); at most three by name.
std::string FuzzRun::AlsoFits(const DeviationCause& c) const {
  std::vector<const Deviation*> others;
  for (const Deviation& dev : plan_.prepared.game->deviations) {
    const std::string name(dev.name);
    if (c.live.count(name) && RuleOf(name) != RuleOf(c.named)) others.push_back(&dev);
  }
  if (others.empty()) return "";
  return "; up to the message that showed it, its games cannot tell it from: " +
         harness::DeviationsInWords(others, 3);
}

FuzzRun::DeviationCause* FuzzRun::CauseOf(const std::string& key) {
  for (DeviationCause& each : deviation_causes_)
    if (each.key == key) return &each;
  return nullptr;
}

// The message the finding was given (a flaky one's "seen once", then
// Sentence), as the parts a later game may name again or add to.
void FuzzRun::FirstOfCause(const std::string& cause, const Divergence& d, const std::string& before,
                           Finding& f) {
  DeviationCause* c = d.deviation.empty() ? nullptr : CauseOf(cause);
  if (!c) return;
  c->before = before;
  c->words = d.message;
  c->showed = d.showed;
  c->after = ": " + Field(d);
  c->kind = d.showed_kind;
  f.message = Worded(*c);
}

// A deviation's finding and a divergence no deviation explains under one
// clause, or of one kind (run_memory.h: ClauseCaveats), whichever came
// first. `d` is finding `f`'s divergence.
void FuzzRun::SameClause(Finding& f, const Divergence& d, const std::string& cause, Found& found,
                         Shrunk& shrunk) {
  if (!d.deviation.empty()) {  // a deviation's: GroupOf gave its divergence a cause
    if (DeviationCause* c = CauseOf(cause)) {
      if (std::string caveat = caveats_.For(f.clause, c->kind); !caveat.empty()) c->caveat = caveat;
      f.message = Worded(*c);
    }
    return;
  }
  caveats_.Unexplained(f.clause, f.match, d.kind);
  for (DeviationCause& each : deviation_causes_)
    if (Finding* named = Seen(each.key, found, shrunk);
        named && (named->clause == f.clause || each.kind == d.kind)) {
      // A field: said once, whoever sets it again; its clause's first.
      each.caveat = caveats_.For(named->clause, each.kind);
      named->message = Worded(each);
    }
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
                               ? harness::SymptomShrinks::Note()
                               : "a later divergence of the same game (" + d.field +
                                     ") follows from it: its reproducer still shows this one first";
  // Said once per root and kind: a record of what was said, never a search
  // of the advice.
  if (symptom_notes_.emplace(root_cause, note).second)
    root->advice += (root->advice.empty() ? "" : "; ") + note;
  return true;
}

}  // namespace arbiter::cli
