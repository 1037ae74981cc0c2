// The deviation findings of a fuzz-referee run, one per bug
// (arbiter.referee.deviations). A divergence a deviation of the game's
// catalogue explains is reported under a cause: an earlier deviation
// finding's, when its games allow one of the deviations this game allows
// (the set narrowed to those all allow), else a cause of its own.
// Deviations of one clause that state the same rule (climb-two, climb-any)
// are one bug in different amounts.
//
// A finding's message is kept in parts, so that naming it again or adding
// to it never reads the message back: what came before the deviation's
// words (a flaky finding's "seen once"), the words with what showed them,
// what was added after (the field shown, each other amount of the bug
// once), the caveat of its clause or of the kind of its first divergence
// (a field set, never appended), then the other bugs its games cannot tell
// from the named one.
//
// The run keeps the findings; the book is handed a lookup of the finding a
// cause was reported under, whichever game holds it.
#pragma once

#include <functional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "checks/findings.h"
#include "core/game.h"
#include "referee/referee_fuzz.h"
#include "referee/run_memory.h"

namespace arbiter::harness {

class DeviationCauses {
 public:
  // The finding reported under a cause so far; nullptr when none.
  using Lookup = std::function<Finding*(const std::string& cause)>;

  // `catalogue`: the game's deviations (GameInfo::deviations); it outlives
  // the book.
  explicit DeviationCauses(std::span<const Deviation> catalogue) : catalogue_(catalogue) {}

  // The cause divergence `d` of game result `r` is reported under: `cause`
  // (its signature) when no deviation explains it; else an earlier
  // deviation cause whose games allow one of those `r` allows (narrowed to
  // the deviations both allow), or a new cause of its own.
  std::string GroupOf(const Divergence& d, const std::string& cause, const RefereeGameResult& r);

  // A divergence of a cause reported before joins its finding (counted
  // once more): true then. A deviation finding whose named deviation a
  // later game (`id`) rules out is named again by one every game of it
  // allows; another amount of the same bug is said once.
  bool Join(const std::string& cause, const Divergence& d, const RefereeGameResult& r,
            const std::string& id, const Lookup& seen);

  // The cause a finding is reported under: a deviation finding's names the
  // deviation that names it now, so that merge-reports counts as one the
  // shards that named one bug first one way and then the other; the run's
  // own key stays the first name.
  std::string ReportedCause(const std::string& cause) const;

  // The finding `f` starts `cause` (its first): its message in parts, with
  // `before` (a flaky finding's "seen once") ahead of the deviation's words.
  void First(const std::string& cause, const Divergence& d, const std::string& before, Finding& f);

  // A deviation's finding and a divergence no deviation explains under one
  // clause, or of one kind (ClauseCaveats), whichever came first: the former
  // says the bug may be one no deviation models. `d` is finding `f`'s
  // divergence, reported under `cause`.
  void SameClause(Finding& f, const Divergence& d, const std::string& cause, const Lookup& seen);

 private:
  struct Cause {
    std::string key;
    std::set<std::string> live;  // the deviations every game of it allows
    std::string named;           // the one its message names
    std::string before = {}, words = {}, showed = {}, after = {}, caveat = {}, kind = {};
    std::set<std::string> amounts = {};  // the other amounts of the bug said
  };

  // The clause and rule a deviation states: one bug, whatever its amount.
  std::string RuleOf(const std::string& deviation) const;
  Cause* CauseOf(const std::string& key);
  const Cause* CauseOf(const std::string& key) const;
  std::string Worded(const Cause& c) const;
  // The other bugs (not another amount of the named one) that each game of
  // the finding allows as well, at most three by name.
  std::string AlsoFits(const Cause& c) const;

  std::span<const Deviation> catalogue_;
  std::vector<Cause> causes_;
  ClauseCaveats caveats_;  // clauses with a divergence nothing explains
};

}  // namespace arbiter::harness
