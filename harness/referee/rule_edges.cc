// Rule edges (arbiter.referee.edges; reference_side.h): which deviations of
// the game's catalogue the games of a run told apart from the rules. A
// deviation no game told apart is a referee bug no replayed game would have
// shown: its clause's edges were never exercised, and the report says so.
#include <algorithm>

#include "core/deviations.h"
#include "reference_side.h"

namespace arbiter::harness {

namespace {

// "drop-one,push-scores": the value of rule "deviation" that selects `bits`.
std::string DeviationValue(std::span<const Deviation> catalogue, uint32_t bits) {
  std::string value;
  for (size_t i = 0; i < catalogue.size(); ++i)
    if (bits >> (i + 1) & 1u) value += (value.empty() ? "" : ",") + std::string(catalogue[i].name);
  return value.empty() ? "none" : value;
}

}  // namespace

uint32_t ReferenceSide::DeviationBits() const {
  uint32_t bits = 0;
  for (const auto& [key, value] : config_->rules)
    if (key == kDeviationRule) SetDeviationRule(config_->game->deviations, value, bits);
  return bits;
}

// Told apart: a deviation the game adopted (a divergence showed it), or
// one under which, replayed (added to those adopted), some message, the end
// or the stated winner would have differed. Only a game whose every
// divergence a deviation explained replays: where a message differed
// unexplained, what followed is the referee's own game.
void ReferenceSide::TellApart() {
  const auto catalogue = config_->game->deviations;
  const auto& shared = config_->told_apart;
  if (!shared || !explain_ || catalogue.empty() || catalogue.size() > 31) return;
  // The deviations the game adopted: a divergence showed each (not those
  // the user's rules set: the referee is said to have them).
  const uint32_t adopted = DeviationBits();
  const uint32_t shown = adopted & ~given_deviations_;
  result_.told_apart |= shown & ~static_cast<uint32_t>(shared->load());
  shared->fetch_or(shown);
  if (!following()) return;
  if (result_.divergence && result_.divergence->deviation.empty()) return;
  for (const LaterDivergence& l : result_.later)
    if (l.divergence.deviation.empty()) return;
  result_.edges_measured = true;
  stated_winner_ = winner_stated_;
  for (size_t i = 0; i < catalogue.size(); ++i) {
    const uint32_t bit = 1u << (i + 1);
    if ((adopted & bit) || (shared->load() & bit)) continue;
    RuleList rules = config_->rules;
    Adopt(rules, {std::string(kDeviationRule), DeviationValue(catalogue, adopted | bit), {}, {}});
    const auto trial = Try(std::move(rules), Divergence{}, ended_, end_shown_, 0);
    // A replay that could not start, or only checked messages one by one,
    // tells nothing.
    if (trial->matched || !trial->side->ref_ || trial->side->stand_in_) continue;
    result_.told_apart |= bit;
    shared->fetch_or(bit);
  }
  stated_winner_.reset();
}

}  // namespace arbiter::harness
