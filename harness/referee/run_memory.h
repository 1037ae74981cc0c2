// What a fuzz-referee run learns across its games, so that its time goes
// where it changes the answer (arbiter.referee.deviations,
// arbiter.referee.resync). Plain values, no processes: the run (cli's
// FuzzRun) asks before it spends and tells after.
//
// - SymptomShrinks: a later divergence of a game that shrinking showed, in
//   kEnough games, to follow from the game's first (the root) is counted
//   under the root without a shrink of its own; each shrink is up to
//   --shrink-runs whole referee games, and against a bug no deviation
//   models, the same symptom comes back in nearly every game.
// - ClauseCaveats: a deviation names a bug only as the one rule change that
//   fitted its games. Where a game shows a divergence under the same clause
//   that no deviation explains, the deviation's finding says the bug may be
//   one the catalogue does not model, whichever came first.
#pragma once

#include <map>
#include <string>

namespace arbiter::harness {

class SymptomShrinks {
 public:
  static constexpr int kEnough = 2;
  // A shrink showed `later` (a divergence's signature) to follow from `root`.
  void Shown(const std::string& root, const std::string& later) { ++shown_[Key(root, later)]; }
  // Enough shrinks showed it: count it under the root without one.
  bool Known(const std::string& root, const std::string& later) const {
    const auto it = shown_.find(Key(root, later));
    return it != shown_.end() && it->second >= kEnough;
  }
  // What the root's finding says of the divergences counted so.
  static std::string Note();

 private:
  static std::string Key(const std::string& root, const std::string& later) {
    return root + "\n" + later;
  }
  std::map<std::string, int> shown_;
};

class ClauseCaveats {
 public:
  // A divergence finding no deviation explains, under `clause`, in `game`,
  // of `kind` (Divergence::kind: "position", "block", "cell"): the first
  // such game of a clause, and of a kind, is the one caveats name.
  void Unexplained(const std::string& clause, const std::string& game, const std::string& kind) {
    if (!clause.empty()) first_.emplace(clause, game);
    if (!kind.empty()) first_of_kind_.emplace(kind, std::make_pair(game, clause));
  }
  // The caveat a deviation's finding under `clause`, whose divergence is of
  // `kind`, carries; "" for none. Its clause's first, else its kind's: a
  // referee with a bug the catalogue does not model (one that misreads an
  // answer) diverges in many games, and in a few a deviation under another
  // clause may fit what it did by chance. The same words every time: the
  // finding keeps them as a part of its own (cli's FuzzRun::DeviationCause),
  // said once.
  std::string For(const std::string& clause, const std::string& kind) const;

 private:
  std::map<std::string, std::string> first_;                                  // clause -> game
  std::map<std::string, std::pair<std::string, std::string>> first_of_kind_;  // -> game, clause
};

}  // namespace arbiter::harness
