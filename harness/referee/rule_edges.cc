// Rule edges (arbiter.referee.edges; Explanation::TellApart, explanation.h):
// which deviations of the game's catalogue the games of a run told apart
// from the rules. A deviation no game told apart is a referee bug no
// replayed game would have shown: its clause's edges were never exercised,
// and the report says so.
#include "core/deviations.h"
#include "referee/explanation.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

// Told apart: a deviation the game adopted (a divergence showed it), or
// one under which, replayed (added to those adopted), some message, the end
// or the stated winner would have differed. Only a game whose every
// divergence a deviation explained replays: where a message differed
// unexplained, what followed is the referee's own game.
void Explanation::TellApart() {
  ReferenceSide& side = side_;
  const auto catalogue = side.config_->game->deviations;
  const auto& shared = side.config_->told_apart;
  if (!shared || !enabled_ || catalogue.empty() || catalogue.size() > 31) return;
  RefereeGameResult& result = side.result_;
  // The deviations the game adopted: a divergence showed each (not those
  // the user's rules set: the referee is said to have them).
  const uint32_t adopted = DeviationBitsOf(catalogue, side.config_->rules);
  const uint32_t shown = adopted & ~side.given_deviations_;
  result.told_apart |= shown & ~static_cast<uint32_t>(shared->load());
  shared->fetch_or(shown);
  if (!side.following()) return;
  if (result.divergence && result.divergence->deviation.empty()) return;
  for (const LaterDivergence& l : result.later)
    if (l.divergence.deviation.empty()) return;
  result.edges_measured = true;
  stated_winner_ = side.winner_stated_;
  for (size_t i = 0; i < catalogue.size(); ++i) {
    const uint32_t bit = DeviationBit(i);
    if ((adopted & bit) || (shared->load() & bit)) continue;
    RuleList rules = side.config_->rules;
    Adopt(rules,
          {std::string(kDeviationRule), DeviationRuleValue(catalogue, adopted | bit), {}, {}});
    const auto trial = Try(std::move(rules), Divergence{}, side.ended_, side.end_shown_, 0);
    // A replay that could not start, or only checked messages one by one,
    // tells nothing.
    if (trial->matched || !trial->side->ref_ || trial->side->stand_in_) continue;
    result.told_apart |= bit;
    shared->fetch_or(bit);
  }
  stated_winner_.reset();
}

}  // namespace arbiter::harness
