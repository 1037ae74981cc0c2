// Explaining a divergence (arbiter.referee.readings, arbiter.referee.deviations,
// arbiter.referee.load, arbiter.referee.edges): the smallest change to the
// rules, or to what the referee was sent, under which every message of the
// game matches. One home for the candidates, the replay of a game under one,
// adoption and naming, used the same way by both referee protocols through
// the reference side (reference_side.h), whose game it replays.
//
// - Candidates: the readings of the register's ambiguous rules, alone then
//   in pairs; an adopted deviation replaced by another that explained its
//   divergence as well; each deviation of the game's catalogue added to
//   those adopted, those of the differing field's clauses first.
// - A trial replays every step the side recorded into a fresh side under
//   the candidate's rules. One under which every message matches explains
//   the divergence, and becomes the game (its reference, history and
//   divergences; the divergences deviations explained stay findings).
// - A reading is recorded as one (or, with --strict-readings, named on the
//   divergence); a deviation is a finding under its clause, in its words.
// - A stop: one bot's last answer as never having come (the referee killed
//   it), explained only when the referee did stop that bot.
// - Rule edges: a game fully explained replays itself under each deviation
//   the run has not told apart yet.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "referee/referee_fuzz.h"

namespace arbiter::harness {

class ReferenceSide;

class Explanation {
 public:
  explicit Explanation(ReferenceSide& side) : side_(side) {}
  ~Explanation();

  // A replay explains nothing itself.
  void Disable() { enabled_ = false; }
  bool enabled() const { return enabled_; }

  // `d`, the divergence of the message `shown` to `seat` (-1 and `at_end`:
  // the end), replayed under each candidate in turn. True: one explained it
  // and became the game, which goes on (`d` may name it). False: nothing
  // did (d.changes_tried says how many were replayed), or the reading is
  // only named (--strict-readings).
  bool Explain(Divergence& d, int seat, bool at_end, const std::string& shown);
  // The referee stated `stated` the winner, which `d` says otherwise than
  // the reference, at the end shown as `end_shown`: the same, where a
  // replay's winner must be the one stated.
  bool ExplainWinner(int stated, Divergence& d, const std::string& end_shown);
  // arbiter.referee.load (explanation_stops.cc).
  bool ExplainStop(Divergence& d, int seat, const std::string& text, bool at_end);
  // arbiter.referee.load: the message to `seat` came where the reference
  // expects another seat's, and the referee stopped the bot of that seat
  // (and of each seat expected after it) before its message reached
  // arbiter. True: those players are stopped in the game, the stop is
  // recorded, and the message is to be compared again (`d` is said so).
  bool ExplainUnseenStop(Divergence& d, int seat, const std::string& text);
  // After Explain: whether the deviation it recorded is the divergence a
  // shrink's run stops at (RefereeGamePlan::stop_at); then the game stops
  // there, as after a divergence nothing explains.
  bool StopsAtExplained() const { return stop_explained_; }
  // The rules or the steps were replaced: what refuted them no longer holds.
  void Forget() { refuted_.clear(); }
  // arbiter.referee.edges (rule_edges.cc): at the end of a game, what it
  // told apart from the rules, into the result and the run's shared set.
  void TellApart();

 private:
  // How a replay failed, when it did: `refuted`, a message before the last
  // one diverged (then the rules replayed never explain anything later in
  // the game either); `partial`, only the last one did, in a way pass 1
  // may still take as explaining part of it.
  struct ReplayFailure {
    bool refuted = false, partial = false;
  };
  // A replay of the game so far under one candidate's rules: whether every
  // message matched, and how it failed.
  struct Trial {
    std::shared_ptr<RefereeFuzzConfig> config;
    RefereeGameResult replayed;
    std::unique_ptr<ReferenceSide> side;
    ReplayFailure failure;
    bool matched = false;
    ~Trial();
  };
  // Replays every step into `replay`, the kPlay at `stop_at` as a kStop;
  // then the end, when `at_end`, shown as `shown`. True when the referee's
  // messages match under it.
  bool ReplaySteps(ReferenceSide& replay, const RefereeGameResult& replayed, const Divergence& d,
                   bool at_end, const std::string& shown, int pass, size_t stop_at,
                   ReplayFailure* failure = nullptr) const;
  // A replay of the game so far under `rules`.
  std::unique_ptr<Trial> Try(RuleList rules, const Divergence& d, bool at_end,
                             const std::string& shown, int pass) const;
  // The replay becomes the game; its config replaces the side's. Returns
  // the config replaced, which the caller keeps alive while it reads it.
  std::shared_ptr<RefereeFuzzConfig> Become(Trial& trial);
  void TakeReplay(ReferenceSide& replay, RefereeGameResult& replayed);
  std::vector<std::vector<RuleReading>> Candidates(const Divergence& d) const;
  // A listing-only difference of a signature the game recorded already.
  bool ListedBefore(const Divergence& d) const;
  // The rule changes of `candidates`, other than `chosen` and of its kind
  // (added, or replacing the same adopted deviation), that explain `d` as
  // well: the names a later game may rename the bug to.
  void RecordAlternatives(const std::vector<std::vector<RuleReading>>& candidates,
                          const std::vector<RuleReading>& chosen, const Divergence& d, bool at_end,
                          const std::string& shown);
  void NameDeviation(Divergence& d, const RuleReading& reading, const std::string& showed) const;
  void RenameDeviation(const RuleReading& reading);
  void RecordDeviation(Divergence d, const RuleReading& reading, int seat, const std::string& text);
  // Pairs of deviations (explanation.cc says which).
  bool Changed(const Trial& trial, const std::vector<RuleReading>& readings,
               const Divergence& d) const;
  bool Combine(const std::vector<const RuleReading*>& promising, Divergence& d, int seat,
               bool at_end, const std::string& shown, int& tried);
  // A reading explained `d`: adopted and recorded, or named on `d` only.
  bool AdoptReadings(const std::vector<RuleReading>& readings, Trial& trial, Divergence& d,
                     int seat);
  // A new deviation under a clause a divergence of this game that nothing
  // explained was under: every deviation was tried on that one and none
  // explained it, so one that fits a later divergence after the referee was
  // followed past it would name a bug the whole game refutes.
  bool RefutedByClause(const RuleReading& r) const;
  // The candidate's rules, into `rules`, and its identity in refuted_.
  std::string Identity(const std::vector<RuleReading>& readings, RuleList& rules) const;

  ReferenceSide& side_;
  bool enabled_ = true;
  bool stop_explained_ = false;       // Explain recorded the divergence plan.stop_at names
  std::optional<int> stated_winner_;  // while explaining a stated winner
  // Signature and answer of differences no reading explained; how many per signature.
  std::set<std::string> unexplained_;
  std::map<std::string, int> unexplained_tries_;
  std::set<std::string> unexplained_clauses_;  // the first clause of each (RefutedByClause)
  // Per signature: how many rule changes were replayed and explained none.
  std::map<std::string, int> changes_tried_;
  // Rule changes (their rules, written out) a message before the one
  // explained refuted: under the side's rules and steps so far they never
  // explain anything. Cleared whenever those are replaced (Forget).
  std::set<std::string> refuted_;
  // --strict-readings (or a server profile): signature -> the reading that explained it.
  struct Named {
    std::string message;  // what the divergence's message adds
    std::string kind;     // the divergence's kind
    std::string clause;   // the reading's clause, put first
  };
  std::map<std::string, Named> named_;
};

}  // namespace arbiter::harness
