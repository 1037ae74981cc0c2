// Shrink (referee_fuzz.h): the delta debugging of a diverging game's
// answers down to a minimal reproducer, whatever the referee's protocol.
// First the same answers are re-run to confirm the divergence
// (arbiter.referee.replayable; a stop, arbiter.referee.load, on every
// re-run); then late, killed and stalled bots are dropped, answers made
// neutral, leading neutral rounds dropped, and the script cut at the
// divergence.
#include <algorithm>

#include "process/interrupt.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

namespace {

class Shrinker {
 public:
  Shrinker(const GameRunner& run, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
           const RefereeGameResult& failing, int max_runs)
      : run_(run), config_(config), failing_(failing), max_runs_(max_runs) {
    out_.game = failing;
    if (!failing.divergence) return;
    sig_ = out_.signature = Signature(*failing.divergence);
    p_ = plan;
    p_.fuzz_after_script = false;
    p_.stop_at = sig_;  // a later divergence: the game goes no further
    script_.assign(failing.answers.begin(),
                   failing.answers.begin() +
                       std::min<size_t>(failing.answers.size(), failing.divergence_turn + 1));
  }

  ShrinkResult Run() {
    if (!failing_.divergence || !Confirm()) return out_;  // not reproducible: the original
    out_.reproduced = true;
    neutral_ = HarmlessInScript(*config_.game);
    DropTimedBots();
    Neutralise();
    DropLeadingRounds();
    Finish();
    return out_;
  }

 private:
  bool Budget() const { return out_.runs < max_runs_; }
  bool Stop() const { return sig_.starts_with("stopped|"); }
  // The first message the failing game saw against the same turn's of the
  // last run. A turn the failing game played silent (its bot stopped before
  // its message reached arbiter, arbiter.referee.load) has no message to
  // tell by: the first turn that has one in both runs is compared.
  bool BeganOtherwise() const {
    for (size_t i = 0; i < failing_.inputs.size() && i < last_inputs_.size(); ++i) {
      if (failing_.inputs[i].empty() || last_inputs_[i].empty()) continue;
      return last_inputs_[i] != failing_.inputs[i];
    }
    return false;
  }
  bool Test(const std::vector<std::string>& candidate, const RefereeGamePlan& base,
            bool reread = false);
  bool Confirm();
  void DropTimedBots();
  void Neutralise();
  void DropLeadingRounds();
  void Finish();

  const GameRunner& run_;
  const RefereeFuzzConfig& config_;
  const RefereeGameResult& failing_;
  const int max_runs_;
  ShrinkResult out_;
  std::string sig_;
  RefereeGamePlan p_;
  std::vector<std::string> script_;
  std::vector<std::string> last_inputs_;  // of the last run
  std::string neutral_;                   // the game's harmless answer in a script
};

// `reread`: confirming, a divergence on the same turn of another signature
// is the same one read under the readings the run adopted since (the
// config's rules): it becomes the one shrunk.
bool Shrinker::Test(const std::vector<std::string>& candidate, const RefereeGamePlan& base,
                    bool reread) {
  if (Interrupted()) return false;  // every loop then runs out at once
  RefereeGamePlan q = base;
  q.script = candidate;
  ++out_.runs;
  RefereeGameResult r = run_(q);
  last_inputs_ = r.inputs;
  if (r.interrupted) return false;
  const std::vector<std::string> shown = Signatures(r);
  for (const std::string& seen : shown) {
    if (seen != sig_) continue;
    // Never later than the witness so far: a candidate that shows the
    // same kind of divergence only further on has slid onto another
    // occurrence of it (harmless answers too can reach a bug by playing
    // on), and would make the witness longer.
    RefereeGameResult focused = Focus(std::move(r), sig_);
    if (focused.divergence_turn > out_.game.divergence_turn) return false;
    out_.game = std::move(focused);
    out_.shown = shown;
    return true;
  }
  if (!reread) return false;
  for (const std::string& seen : shown) {
    // Not another deviation's name for a deviation's divergence: the
    // game named the bug otherwise further on than these answers go.
    if (sig_.starts_with("deviation ") && seen.starts_with("deviation ")) continue;
    RefereeGameResult focused = Focus(r, seen);
    if (focused.divergence_turn != failing_.divergence_turn) continue;
    sig_ = out_.signature = seen;
    p_.stop_at = sig_;
    out_.game = std::move(focused);
    out_.shown = shown;
    return true;
  }
  return false;
}

// The same answers, up to three times (a referee's timing may differ from
// run to run), unless the referee starts another game: said only when two
// re-runs of the same seed began otherwise (arbiter.referee.replayable), not
// on one, which a slip may explain. A stop (arbiter.referee.load) is a rule
// only if the same answers always show it: one re-run without it is the
// machine's, and no later re-run that happens to stop the same bot on the
// same turn makes it a rule.
bool Shrinker::Confirm() {
  bool confirmed = false;
  int began_otherwise = 0;
  while (!confirmed && out_.confirm_runs < 3 && Budget() && !Interrupted()) {
    ++out_.confirm_runs;
    confirmed = Test(script_, p_, /*reread=*/true);
    out_.repeats += confirmed;
    if (BeganOtherwise()) ++began_otherwise;
    if (began_otherwise >= 2) {
      out_.nondeterministic = true;
      if (!confirmed) break;
    }
    if (!confirmed && Stop()) break;
  }
  // Confirmed at once by a re-run that began otherwise: one more re-run
  // tells a referee drawing its own game from a slip.
  if (confirmed && began_otherwise == 1 && Budget() && !Interrupted()) {
    Test(script_, p_);
    if (BeganOtherwise()) out_.nondeterministic = true;
  }
  // And a stop repeats only when it comes back on two re-runs more: a busy
  // machine may stop the same bot on the same turn once by chance.
  for (int more = 0; Stop() && confirmed && more < 2 && Budget() && !Interrupted(); ++more) {
    ++out_.confirm_runs;
    confirmed = Test(script_, p_);
    out_.repeats += confirmed;
  }
  return confirmed;
}

// Late answers, killed and stalled bots may not matter.
void Shrinker::DropTimedBots() {
  if (p_.late_turn < 0 && p_.kill_turn < 0 && p_.stall_turn < 0) return;
  RefereeGamePlan q = p_;
  q.late_turn = q.kill_turn = q.stall_turn = -1;
  if (Budget() && Test(script_, q)) p_ = q;
}

// Answers are replaced by the harmless one of their turn.
void Shrinker::Neutralise() {
  const GameInfo& game = *config_.game;
  std::vector<size_t> live;
  for (size_t i = 0; i < script_.size(); ++i)
    if (!IsHarmlessInScript(game, script_[i])) live.push_back(i);
  size_t n = 2;
  while (!live.empty() && Budget()) {
    const size_t chunk = (live.size() + n - 1) / n;
    bool reduced = false;
    for (size_t start = 0; start < live.size() && Budget(); start += chunk) {
      std::vector<std::string> candidate = script_;
      const size_t end = std::min(live.size(), start + chunk);
      for (size_t k = start; k < end; ++k) candidate[live[k]] = neutral_;
      if (Test(candidate, p_)) {
        script_ = std::move(candidate);
        live.erase(live.begin() + start, live.begin() + end);
        n = std::max<size_t>(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= live.size()) break;
      n = std::min(live.size(), n * 2);
    }
  }
}

// Leading rounds where every answer is neutral only delay the divergence:
// drop whole rounds (so every answer stays with its player) while it holds.
void Shrinker::DropLeadingRounds() {
  std::string error;
  const auto probe = config_.game->new_game(p_.seed, config_.rules, error);
  const size_t players = probe ? static_cast<size_t>(probe->num_players()) : 1;
  size_t leading = 0;
  while (leading < script_.size() && script_[leading] == neutral_) ++leading;
  for (size_t step = leading / players * players; step >= players && Budget();) {
    std::vector<std::string> candidate(script_.begin() + step, script_.end());
    if (Test(candidate, p_)) {
      script_ = std::move(candidate);
      leading -= step;
      step = leading / players * players;
    } else {
      step = step / 2 / players * players;
    }
  }
}

// Answers after the (possibly earlier) divergence are irrelevant. The
// reproducer holds concrete answers: each neutral marker becomes the answer
// that run played on its turn.
void Shrinker::Finish() {
  const GameInfo& game = *config_.game;
  script_.resize(std::min<size_t>(script_.size(), out_.game.divergence_turn + 1));
  out_.neutral.assign(script_.size(), false);
  for (size_t i = 0; i < script_.size(); ++i) {
    if (!IsHarmlessInScript(game, script_[i])) continue;
    out_.neutral[i] = true;
    if (script_[i] == kNeutralAnswer)
      script_[i] =
          i < out_.game.answers.size() ? out_.game.answers[i] : std::string(game.ok_answer);
  }
  out_.script = script_;
}

}  // namespace

ShrinkResult Shrink(const GameRunner& run, const RefereeFuzzConfig& config,
                    const RefereeGamePlan& plan, const RefereeGameResult& failing, int max_runs) {
  return Shrinker(run, config, plan, failing, max_runs).Run();
}

}  // namespace arbiter::harness
