// ReferenceSide::Explain (reference_side.h): the readings of ambiguous
// rules a referee may follow (arbiter.referee.readings). A divergence is
// replayed under each reading the game's register lists, then under pairs of
// them; one under which every message matches (or the message shows fewer
// differing fields, the explained one not among them) explains it, and the
// game goes on under it.
#include <algorithm>

#include "reference_side.h"

namespace arbiter::harness {

namespace {

// Whether `now`, the divergence a message still shows under a reading,
// leaves `before` explained: a message to the wrong player now sent to the
// right one, or fewer differing fields, the one explained not among them.
bool ExplainsPart(const Divergence& before, const Divergence& now) {
  if (before.field == "recipient") return now.field != "recipient";
  if (before.fields.empty() || now.fields.size() >= before.fields.size()) return false;
  for (const std::string& f : now.fields) {
    if (f == before.field) return false;
    if (std::find(before.fields.begin(), before.fields.end(), f) == before.fields.end())
      return false;
  }
  return true;
}

}  // namespace

// A listing-only difference of a signature the game recorded already.
bool ReferenceSide::ListedBefore(const Divergence& d) const {
  if (!d.listing_only) return false;
  const std::string sig = Signature(d);
  for (const std::string& seen : Signatures(result_))
    if (seen == sig) return true;
  return false;
}

namespace {

// The reading's clause first, and not again further on.
void LeadWith(std::vector<std::string>& clauses, const std::string& clause) {
  std::erase(clauses, clause);
  clauses.insert(clauses.begin(), clause);
}

}  // namespace

// Replays every step into `replay` (started, not explaining), the step at
// `stop_at` (a kPlay) as a kStop instead; then the end, when `at_end`,
// shown as `shown`. True: the referee's messages match (see Explain for what
// pass 1 lets through), the last one, `d`'s, included.
bool ReferenceSide::ReplaySteps(ReferenceSide& replay, const RefereeGameResult& replayed,
                                const Divergence& d, bool at_end, const std::string& shown,
                                int pass, size_t stop_at) const {
  bool diverged = false;
  for (size_t i = 0; i < steps_.size() && !diverged; ++i) {
    const Step& step = steps_[i];
    if (step.kind == Step::kReceive) {
      const int resyncs = replayed.resyncs;
      const bool last = i + 1 == steps_.size() && !at_end;
      const bool went_on = replay.Receive(step.seat, step.text);
      const bool resynced = replayed.resyncs != resyncs;
      // Under the readings the message may still list otherwise than
      // the reference, as the game's messages did before (no legal-action
      // list): when what is explained is not a listing, its state
      // matches, and the listing is a finding of its own.
      const Divergence* left = resynced ? &replay.last_recorded_->divergence : nullptr;
      if (last && left && (d.listing_only || !ListedBefore(*left)))
        diverged = pass == 0 || !ExplainsPart(d, *left);
      else if (last)
        diverged = !went_on;
      else
        diverged = !went_on || (resynced && !step.resynced);
    } else if (!replay.ref_) {
      diverged = true;
    } else if (step.kind == Step::kPlay && i != stop_at) {
      replay.Play(step.seat, step.text, step.input);
    } else {
      replay.Stop(step.seat, step.input);  // a kStop, or the one at stop_at
    }
  }
  if (!diverged && at_end) diverged = !replay.End(shown);
  return !diverged;
}

// The replay's game becomes the game: its reference, history and findings.
void ReferenceSide::TakeReplay(ReferenceSide& replay, RefereeGameResult& replayed) {
  before_play_.reset();  // under the rules replaced
  ref_ = std::move(replay.ref_);
  seeded_.reset();
  stopped_ = replay.stopped_;
  queued_ = replay.queued_;
  partial_ = replay.partial_;
  result_.history = std::move(replayed.history);
  result_.answers = std::move(replayed.answers);
  result_.inputs = std::move(replayed.inputs);
  result_.scenario = std::move(replayed.scenario);
  // The divergences are the replay's: under the readings, an earlier one
  // may be another (or none).
  result_.divergence = std::move(replayed.divergence);
  result_.divergence_turn = replayed.divergence_turn;
  result_.divergence_seat = replayed.divergence_seat;
  result_.expected_text = std::move(replayed.expected_text);
  result_.actual_text = std::move(replayed.actual_text);
  result_.later = std::move(replayed.later);
  result_.resyncs = replayed.resyncs;
  result_.compared = replayed.compared;
  result_.checked_alone = replayed.checked_alone;
  result_.chance_learnt = replayed.chance_learnt;
  steps_ = std::move(replay.steps_);
}

// Single readings first, then pairs of readings of two options (a referee
// often reads several rules otherwise, and one message can show two of them
// at once: the official 2015 referee's first stun after a move).
//
// Replays cost time while the referee waits for an answer: a signature no
// reading explained once in a game is not tried again after the same answer,
// nor after more than kExplainTries answers in all, and pairs are tried only
// before the game's first divergence (two readings showing in one message
// happens early, before anything else differs).
constexpr int kExplainTries = 4;

bool ReferenceSide::Explain(Divergence& d, int seat, bool at_end, const std::string& shown) {
  if (!explain_ || config_->readings.empty()) return false;
  const std::string signature = Signature(d);
  // The same difference after another answer may be another reading's
  // ("MOVE;2" where "RETREAT;3" was misread): tried again, a few times.
  const std::string answer = result_.history.empty() ? "" : result_.history.back().answer;
  const std::string tried = signature + "\n" + answer;
  if (unexplained_.count(tried) || unexplained_tries_[signature] >= kExplainTries) return false;
  if (const auto named = named_.find(signature); named != named_.end()) {
    d.message += named->second.message;  // --strict-readings: the reading, found before
    d.kind = named->second.kind;
    LeadWith(d.clauses, named->second.clause);
    return false;
  }
  const auto& fixed = config_->fixed_rules;
  std::vector<const RuleReading*> open;
  for (const RuleReading& reading : config_->readings) {
    if (std::find(fixed.begin(), fixed.end(), reading.key) != fixed.end()) continue;
    bool in_use = reading.is_default;  // unless the rules set the option
    for (const auto& [key, value] : config_->rules)
      if (key == reading.key) in_use = value == reading.value;
    if (!in_use) open.push_back(&reading);
  }
  std::vector<std::vector<const RuleReading*>> candidates;
  for (const RuleReading* r : open) candidates.push_back({r});
  for (size_t i = 0; i < open.size() && !result_.divergence; ++i)
    for (size_t j = i + 1; j < open.size(); ++j)
      if (open[i]->key != open[j]->key) candidates.push_back({open[i], open[j]});
  // A reading under which every message matches comes before one that
  // explains part of a message: the first pass takes only the former.
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& readings : candidates) {
      auto rules = config_->rules;
      for (const RuleReading* reading : readings) Adopt(rules, *reading);
      auto config = std::make_shared<RefereeFuzzConfig>(*config_);
      config->rules = std::move(rules);
      RefereeGameResult replayed;
      ReferenceSide replay(*config, plan_, replayed);
      replay.explain_ = false;
      if (!replay.Start()) continue;  // a value this game's rules refuse
      // Under the readings every message must match, except where the
      // referee was followed past a divergence already (the same resync).
      // The message being explained may still show another divergence under
      // the readings (a bug beside the reading): then fewer of its fields may
      // differ, and not the one explained.
      bool diverged = !ReplaySteps(replay, replayed, d, at_end, shown, pass, steps_.size());
      // A replay that could only check messages one by one (its first message
      // hid what it cannot learn) explains nothing.
      if (diverged || replay.stand_in_) continue;
      // Explained.
      std::string flags, names;
      for (const RuleReading* reading : readings) {
        flags += (flags.empty() ? "--rule " : " --rule ") + reading->key + "=" + reading->value;
        names += (names.empty() ? "" : ", ") + reading->clause + ": " + reading->meaning;
      }
      if (!config_->adopt_readings) {
        // One cause, one finding: the reading's kind and clause, whichever
        // rule's field showed it.
        std::string kind = "reading";
        for (const RuleReading* reading : readings)
          kind += " " + reading->key + "=" + reading->value;
        named_[signature] = {"; this is exactly the reading " + flags + " (" + names + ")", kind,
                             readings.front()->clause};
        d.message += named_[signature].message;
        d.kind = kind;
        LeadWith(d.clauses, readings.front()->clause);
        return false;
      }
      // Copies: the pointers are into the config being replaced.
      std::vector<RuleReading> adopted;
      for (const RuleReading* reading : readings) adopted.push_back(*reading);
      const std::shared_ptr<RefereeFuzzConfig> before = adopted_;  // keeps config_ alive
      const RefereeFuzzConfig* config_before = config_;
      adopted_ = std::move(config);
      config_ = adopted_.get();
      TakeReplay(replay, replayed);
      for (RuleReading& reading : adopted) {
        std::string from;
        for (const auto& [key, value] : config_before->rules)
          if (key == reading.key) from = value;
        result_.readings.push_back({std::move(reading), ref_ ? ref_->turn() : 0, seat, d, from});
      }

      return true;
    }
  unexplained_.insert(tried);
  ++unexplained_tries_[signature];
  return false;
}

}  // namespace arbiter::harness
