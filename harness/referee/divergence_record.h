// The divergences of one game against a referee under test, as its result
// holds them (RefereeGameResult: the first, then later ones once per
// signature), and the divergences deviations explained, which are the
// game's findings whatever replay becomes the game later. Part of the
// reference side (reference_side.h): it decides what is recorded, never
// whether a message diverged.
#pragma once

#include <optional>
#include <vector>

#include "referee/referee_fuzz.h"

namespace arbiter::harness {

// The difference a message showed (its field, expected and sent values):
// what a replay under another rule must show again at a message the game
// was followed past (arbiter.referee.resync).
inline std::string DifferenceShown(const LaterDivergence& l) {
  return l.divergence.field + "\n" + l.divergence.expected + "\n" + l.divergence.actual;
}

// Whether `d` is about how the game ended (its end, ranking or result).
inline bool OnTheEnd(const Divergence& d) {
  return d.field == "end" || d.field == "ranking" || d.field == "result";
}

class DivergenceRecord {
 public:
  explicit DivergenceRecord(RefereeGameResult& result) : result_(result) {}

  // The first divergence of the game, or a later one (arbiter.referee.resync)
  // of a signature new to it.
  void Record(LaterDivergence l);
  // The last divergence Record was given, whether it was new or not.
  const std::optional<LaterDivergence>& last() const { return last_; }
  void ForgetLast() { last_.reset(); }

  // How a game ends, and who wins, depend on state no input may show (the
  // scores): a divergence on the end cites, after its own clauses, every
  // rule the game played, the most recent first (the rules that ended it
  // before all).
  void AddPlayedClauses(Divergence& d) const;

  // arbiter.referee.deviations: divergences deviations explained, in order.
  void AddDeviated(LaterDivergence l) { deviated_.push_back(std::move(l)); }
  std::vector<LaterDivergence>& deviated() { return deviated_; }
  // A replay's divergences just became the result's: the deviated ones
  // join them, in the order of their turns, once per signature.
  void RestoreDeviated();

 private:
  RefereeGameResult& result_;
  std::optional<LaterDivergence> last_;
  std::vector<LaterDivergence> deviated_;
};

}  // namespace arbiter::harness
