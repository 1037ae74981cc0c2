// Explanation::Explain (explanation.h): the smallest rule change under
// which every message of the game matches. A divergence is replayed under
// each reading of an ambiguous rule the game's register lists
// (arbiter.referee.readings), then under pairs of them, then under each
// deviation of the game's catalogue, a referee bug (arbiter.referee.deviations),
// added to the deviations the game adopted already: a referee with several
// bugs shows each. One under which every message matches (or the message
// shows fewer differing fields, the explained one not among them) explains
// it, and the game goes on under it; a deviation is recorded as the
// referee's bug, under its clause.
#include "referee/explanation.h"

#include <algorithm>
#include <set>

#include "core/deviations.h"
#include "core/parse.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

Explanation::~Explanation() = default;
Explanation::Trial::~Trial() = default;

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

// The reading's clause first, and not again further on.
void LeadWith(std::vector<std::string>& clauses, const std::string& clause) {
  std::erase(clauses, clause);
  clauses.insert(clauses.begin(), clause);
}

// The rule change that plays `dev`: rule "deviation" set to `value` (the
// deviations the game adopted, with or instead of one, and `dev`).
RuleReading DeviationReading(const Deviation& dev, std::string value) {
  RuleReading r;
  r.key = kDeviationRule;
  r.value = std::move(value);
  r.clause = dev.clause;
  r.meaning = dev.does;
  r.deviation = dev.name;
  return r;
}

}  // namespace

bool Explanation::ListedBefore(const Divergence& d) const {
  if (!d.listing_only) return false;
  const std::string sig = Signature(d);
  for (const std::string& seen : Signatures(side_.result_))
    if (seen == sig) return true;
  return false;
}

// Pass 1 lets through a last message that shows fewer differing fields,
// the one explained not among them (see Explain).
bool Explanation::ReplaySteps(ReferenceSide& replay, const RefereeGameResult& replayed,
                              const Divergence& d, bool at_end, const std::string& shown, int pass,
                              size_t stop_at, ReplayFailure* failure) const {
  using Step = ReferenceSide::Step;
  const std::vector<Step>& steps = side_.steps_;
  bool diverged = false;
  if (failure) *failure = {};
  for (size_t i = 0; i < steps.size() && !diverged; ++i) {
    const Step& step = steps[i];
    if (step.kind == Step::kReceive) {
      const int resyncs = replayed.resyncs;
      const bool last = i + 1 == steps.size() && !at_end;
      const bool went_on = replay.Receive(step.seat, step.text);
      const bool resynced = replayed.resyncs != resyncs;
      const std::optional<LaterDivergence>& recorded = replay.record_.last();
      // Under the readings the message may still list otherwise than
      // the reference, as the game's messages did before (no legal-action
      // list): when what is explained is not a listing, its state
      // matches, and the listing is a finding of its own.
      const Divergence* left = resynced && recorded ? &recorded->divergence : nullptr;
      if (last && left && (d.listing_only || !ListedBefore(*left))) {
        diverged = pass == 0 || !ExplainsPart(d, *left);
        if (failure) failure->partial = diverged && pass == 0;
      } else if (last)
        diverged = !went_on;
      else  // followed past the very difference the game was followed past
        diverged = !went_on || (resynced && (!step.resynced || !recorded ||
                                             DifferenceShown(*recorded) != step.resynced_past));
      // Not the message explained: whatever comes later, these rules
      // cannot replay the game.
      if (diverged && !last && failure) failure->refuted = true;
    } else if (!replay.ref_ && step.kind != Step::kStop) {
      diverged = true;
    } else if (step.kind == Step::kPlay && i != stop_at) {
      replay.Play(step.seat, step.text, step.input);
    } else {
      replay.Stop(step.seat, step.input);  // a kStop, or the one at stop_at
    }
  }
  if (!diverged && at_end) diverged = !replay.End(shown);
  // A stated winner being explained: the replay's must be it.
  if (!diverged && stated_winner_)
    diverged =
        !replay.ref_ || !replay.ref_->IsTerminal() || replay.ref_->Winner() != *stated_winner_;
  return !diverged;
}

// The replay's game becomes the game: its reference, history and findings.
void Explanation::TakeReplay(ReferenceSide& replay, RefereeGameResult& replayed) {
  ReferenceSide& side = side_;
  RefereeGameResult& result = side.result_;
  side.before_play_.reset();  // under the rules replaced
  side.ref_ = std::move(replay.ref_);
  side.seeded_.reset();
  side.stopped_ = replay.stopped_;
  side.queued_ = replay.queued_;
  side.partial_ = replay.partial_;
  result.history = std::move(replayed.history);
  result.answers = std::move(replayed.answers);
  result.inputs = std::move(replayed.inputs);
  result.scenario = std::move(replayed.scenario);
  // The divergences are the replay's: under the readings, an earlier one
  // may be another (or none).
  result.divergence = std::move(replayed.divergence);
  result.divergence_turn = replayed.divergence_turn;
  result.divergence_seat = replayed.divergence_seat;
  result.expected_text = std::move(replayed.expected_text);
  result.actual_text = std::move(replayed.actual_text);
  result.later = std::move(replayed.later);
  side.record_.RestoreDeviated();
  result.resyncs = replayed.resyncs;
  result.compared = replayed.compared;
  result.checked_alone = replayed.checked_alone;
  result.chance_learnt = replayed.chance_learnt;
  side.steps_ = std::move(replay.steps_);
  Forget();  // under the rules replaced
}

std::shared_ptr<RefereeFuzzConfig> Explanation::Become(Trial& trial) {
  std::shared_ptr<RefereeFuzzConfig> before = side_.AdoptConfig(std::move(trial.config));
  TakeReplay(*trial.side, trial.replayed);
  return before;
}

std::unique_ptr<Explanation::Trial> Explanation::Try(RuleList rules, const Divergence& d,
                                                     bool at_end, const std::string& shown,
                                                     int pass) const {
  auto trial = std::make_unique<Trial>();
  trial->config = std::make_shared<RefereeFuzzConfig>(*side_.config_);
  trial->config->rules = std::move(rules);
  trial->side = std::make_unique<ReferenceSide>(*trial->config, side_.plan_, trial->replayed);
  trial->side->explanation_.Disable();
  // A replay that could only check messages one by one (its first message
  // hid what it cannot learn) explains nothing; nor does a value this
  // game's rules refuse.
  trial->matched = trial->side->Start() &&
                   ReplaySteps(*trial->side, trial->replayed, d, at_end, shown, pass,
                               side_.steps_.size(), &trial->failure) &&
                   !trial->side->stand_in_;
  return trial;
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

std::vector<std::vector<RuleReading>> Explanation::Candidates(const Divergence& d) const {
  const RefereeFuzzConfig& config = *side_.config_;
  const auto& fixed = config.fixed_rules;
  const auto is_fixed = [&](std::string_view key) {
    return std::find(fixed.begin(), fixed.end(), key) != fixed.end();
  };
  std::vector<const RuleReading*> open;
  for (const RuleReading& reading : config.readings) {
    if (is_fixed(reading.key)) continue;
    bool in_use = reading.is_default;  // unless the rules set the option
    for (const auto& [key, value] : config.rules)
      if (key == reading.key) in_use = value == reading.value;
    if (!in_use) open.push_back(&reading);
  }
  std::vector<std::vector<RuleReading>> out;
  for (const RuleReading* r : open) out.push_back({*r});
  for (size_t i = 0; i < open.size() && !side_.result_.divergence; ++i)
    for (size_t j = i + 1; j < open.size(); ++j)
      if (open[i]->key != open[j]->key) out.push_back({*open[i], *open[j]});
  // The deviations (arbiter.referee.deviations), each added to those the
  // game adopted: a user who set the rule said what the referee does.
  if (is_fixed(kDeviationRule)) return out;
  std::string adopted;
  for (const auto& [key, value] : config.rules)
    if (key == kDeviationRule) adopted = value;
  const std::vector<std::string_view> have = SplitOn(adopted, ',');
  // First, an adopted deviation replaced by another that explained its
  // divergence as well (deviation_alternatives): one bug the game named
  // too early, a smaller change than a second bug.
  const auto& alternatives_of = side_.result_.deviation_alternatives;
  for (const std::string_view x : have) {
    const auto alternatives = alternatives_of.find(std::string(x));
    if (alternatives == alternatives_of.end()) continue;
    for (const std::string& y : alternatives->second) {
      const Deviation* dev = FindDeviation(config.game->deviations, y);
      if (!dev || std::find(have.begin(), have.end(), y) != have.end()) continue;
      std::string value;
      for (const std::string_view each : have)
        value += (value.empty() ? "" : ",") + std::string(each == x ? y : each);
      RuleReading r = DeviationReading(*dev, std::move(value));
      r.instead_of = x;
      out.push_back({std::move(r)});
    }
  }
  std::vector<const Deviation*> order;
  for (const std::string& clause : d.clauses)
    for (const Deviation& dev : config.game->deviations)
      if (dev.clause == clause) order.push_back(&dev);
  for (const Deviation& dev : config.game->deviations)
    if (std::find(order.begin(), order.end(), &dev) == order.end()) order.push_back(&dev);
  for (const Deviation* each : order) {
    const Deviation& dev = *each;
    if (std::find(have.begin(), have.end(), dev.name) != have.end()) continue;
    out.push_back(
        {DeviationReading(dev, (adopted.empty() ? "" : adopted + ",") + std::string(dev.name))});
  }
  return out;
}

// The deviation's words and clause on `d`, a divergence that showed as
// `showed` (what its first differing field said).
void Explanation::NameDeviation(Divergence& d, const RuleReading& reading,
                                const std::string& showed) const {
  d.deviation = reading.deviation;
  if (d.showed_kind.empty()) d.showed_kind = d.kind;
  d.kind = "deviation " + reading.deviation;
  LeadWith(d.clauses, reading.clause);
  d.listing_only = false;
  d.showed = showed;
  if (const Deviation* dev = FindDeviation(side_.config_->game->deviations, reading.deviation))
    d.message = DeviationMessage(*dev, kWholeGame, showed);
}

// The game named `reading.instead_of` too early: its divergences are
// `reading.deviation`'s, which replays the whole game, under its clause
// (not the old name's). Its alternatives are that one alone until
// RecordAlternatives checks the old name's others against the game so far:
// they were checked against its first divergence only.
void Explanation::RenameDeviation(const RuleReading& reading) {
  const Deviation* was = FindDeviation(side_.config_->game->deviations, reading.instead_of);
  const std::string& stop_at = side_.plan_.stop_at;
  for (LaterDivergence& l : side_.record_.deviated()) {
    if (l.divergence.deviation != reading.instead_of) continue;
    const std::string showed = l.divergence.showed;
    if (was && was->clause != reading.clause) std::erase(l.divergence.clauses, was->clause);
    NameDeviation(l.divergence, reading, showed);
    stop_explained_ = stop_explained_ || (!stop_at.empty() && Signature(l.divergence) == stop_at);
  }
  auto& alternatives = side_.result_.deviation_alternatives;
  alternatives.erase(reading.instead_of);
  alternatives[reading.deviation] = {reading.deviation};
}

// The deviation's divergence, in its words, under its clause; kept when a
// later replay becomes the game (TakeReplay). A shrink's run stops at the
// divergence it shrinks (RefereeGamePlan::stop_at).
void Explanation::RecordDeviation(Divergence d, const RuleReading& reading, int seat,
                                  const std::string& text) {
  const std::string showed = d.message;
  NameDeviation(d, reading, showed);
  side_.record_.AddDeviated(side_.Located(std::move(d), seat, text));
  const std::string& stop_at = side_.plan_.stop_at;
  stop_explained_ =
      stop_explained_ ||
      (!stop_at.empty() && Signature(side_.record_.deviated().back().divergence) == stop_at);
}

std::string Explanation::Identity(const std::vector<RuleReading>& readings, RuleList& rules) const {
  rules = side_.config_->rules;
  for (const RuleReading& reading : readings) Adopt(rules, reading);
  std::string written;
  for (const auto& [key, value] : rules) written += key + "=" + value + " ";
  return written;
}

// The other deviations the first pass finds explaining `d` as well.
void Explanation::RecordAlternatives(const std::vector<std::vector<RuleReading>>& candidates,
                                     const std::vector<RuleReading>& chosen, const Divergence& d,
                                     bool at_end, const std::string& shown) {
  std::vector<std::string>& alternatives =
      side_.result_.deviation_alternatives[chosen.front().deviation];
  alternatives = {chosen.front().deviation};
  for (const auto& other : candidates) {
    // Of the same kind as `chosen`: a deviation added, or (a rename) one
    // that replaces the same adopted deviation.
    if (other.front().deviation.empty() || other.front().instead_of != chosen.front().instead_of ||
        &other == &chosen)
      continue;
    RuleList other_rules;
    if (refuted_.count(Identity(other, other_rules))) continue;
    if (Try(std::move(other_rules), d, at_end, shown, 0)->matched)
      alternatives.push_back(other.front().deviation);
  }
}

bool Explanation::AdoptReadings(const std::vector<RuleReading>& readings, Trial& trial,
                                Divergence& d, int seat) {
  std::string flags, names;
  for (const RuleReading& reading : readings) {
    flags += (flags.empty() ? "--rule " : " --rule ") + reading.key + "=" + reading.value;
    names += (names.empty() ? "" : ", ") + reading.clause + ": " + reading.meaning;
  }
  if (!side_.config_->adopt_readings) {
    // One cause, one finding: the reading's kind and clause, whichever
    // rule's field showed it.
    std::string kind = "reading";
    for (const RuleReading& reading : readings) kind += " " + reading.key + "=" + reading.value;
    Named& named = named_[Signature(d)];
    named = {"; this is exactly the reading " + flags + " (" + names + ")", kind,
             readings.front().clause};
    d.message += named.message;
    d.kind = kind;
    LeadWith(d.clauses, readings.front().clause);
    return false;
  }
  std::vector<RuleReading> adopted = readings;
  const RefereeFuzzConfig* config_before = side_.config_;
  const auto before = Become(trial);  // keeps config_before alive
  for (RuleReading& reading : adopted) {
    std::string from;
    for (const auto& [key, value] : config_before->rules)
      if (key == reading.key) from = value;
    side_.result_.readings.push_back({std::move(reading), side_.turn(), seat, d, from});
  }
  return true;
}

bool Explanation::Explain(Divergence& d, int seat, bool at_end, const std::string& shown) {
  if (!enabled_) return false;
  const RefereeGameResult& result = side_.result_;
  const std::string signature = Signature(d);
  // The same difference after another answer may be another reading's
  // ("MOVE;2" where "RETREAT;3" was misread): tried again, a few times.
  const std::string answer = result.history.empty() ? "" : result.history.back().answer;
  const std::string tried = signature + "\n" + answer;
  if (unexplained_.count(tried) || unexplained_tries_[signature] >= kExplainTries) {
    d.changes_tried = changes_tried_[signature];
    return false;
  }
  if (const auto named = named_.find(signature); named != named_.end()) {
    d.message += named->second.message;  // --strict-readings: the reading, found before
    d.kind = named->second.kind;
    LeadWith(d.clauses, named->second.clause);
    return false;
  }
  const std::vector<std::vector<RuleReading>> candidates = Candidates(d);
  if (candidates.empty()) return false;
  // A reading under which every message matches comes before one that
  // explains part of a message: the first pass takes only the former.
  std::set<std::string> partial;              // the candidates pass 1 may take
  std::vector<const RuleReading*> promising;  // for pairs (Combine)
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& readings : candidates) {
      if (RefutedByClause(readings.front())) continue;
      RuleList rules;
      const std::string written = Identity(readings, rules);
      if (refuted_.count(written)) continue;
      // Pass 1 replays only what pass 0 left partly explained.
      if (pass == 1 && !partial.count(written)) continue;
      // Under the readings every message must match, except where the
      // referee was followed past a divergence already (the same resync).
      // The message being explained may still show another divergence under
      // the readings (a bug beside the reading): then fewer of its fields may
      // differ, and not the one explained.
      const std::unique_ptr<Trial> trial = Try(std::move(rules), d, at_end, shown, pass);
      if (trial->failure.refuted) refuted_.insert(written);
      if (trial->failure.partial) partial.insert(written);
      if (!trial->matched) {
        if (pass == 0 && Changed(*trial, readings, d)) promising.push_back(&readings.front());
        continue;
      }
      const RuleReading& first = readings.front();
      if (first.deviation.empty()) return AdoptReadings(readings, *trial, d, seat);
      if (!first.instead_of.empty()) {
        // The bug the game named before, named right: no new finding. The
        // old name's other alternatives that replay the game this far too
        // stay names a later game may choose (one bug, not two findings).
        RenameDeviation(first);
        if (pass == 0) RecordAlternatives(candidates, readings, d, at_end, shown);
      } else {
        // A referee bug: recorded as such, and the game goes on under it
        // (whatever --strict-readings says: it is a finding either way).
        // The other deviations this game allows as well, for the run.
        if (pass == 0)
          RecordAlternatives(candidates, readings, d, at_end, shown);
        else
          side_.result_.deviation_alternatives[first.deviation] = {first.deviation};
        RecordDeviation(d, first, seat, shown);
      }
      Become(*trial);
      return true;
    }
  int tried_pairs = 0;
  if (Combine(promising, d, seat, at_end, shown, tried_pairs)) return true;
  unexplained_.insert(tried);
  if (!d.clauses.empty()) unexplained_clauses_.insert(d.clauses.front());
  ++unexplained_tries_[signature];
  changes_tried_[signature] = d.changes_tried = static_cast<int>(candidates.size()) + tried_pairs;
  return false;
}

bool Explanation::RefutedByClause(const RuleReading& r) const {
  return !r.deviation.empty() && r.instead_of.empty() && unexplained_clauses_.count(r.clause);
}

// A deviation added alone that the game replays up to the message, where
// something else differs now: the message may show two bugs at once.
bool Explanation::Changed(const Trial& trial, const std::vector<RuleReading>& readings,
                          const Divergence& d) const {
  const RuleReading& r = readings.front();
  if (r.deviation.empty() || !r.instead_of.empty() || readings.size() != 1 ||
      trial.failure.refuted || !trial.side->ref_)
    return false;
  const std::optional<LaterDivergence>& left = trial.side->record_.last();
  return left && Signature(left->divergence) != Signature(d);
}

// Two deviations at once, added to those adopted: the first one of the
// kCombined most promising (in candidate order, the differing field's
// clauses first), the second any other. Both are findings, each under its
// clause, of the one message that showed them.
constexpr size_t kCombined = 2;

bool Explanation::Combine(const std::vector<const RuleReading*>& promising, Divergence& d, int seat,
                          bool at_end, const std::string& shown, int& tried) {
  const auto catalogue = side_.config_->game->deviations;
  const uint32_t adopted = DeviationBitsOf(catalogue, side_.config_->rules);
  for (size_t i = 0; i < promising.size() && i < kCombined; ++i) {
    const RuleReading& first = *promising[i];
    if (RefutedByClause(first)) continue;
    const Deviation* one = FindDeviation(catalogue, first.deviation);
    if (!one) continue;
    const uint32_t with_one =
        adopted | DeviationBitsOf(catalogue, RuleList{{first.key, first.value}});
    for (const Deviation& other : catalogue) {
      const uint32_t both =
          with_one | DeviationBitsOf(catalogue, RuleList{{first.key, std::string(other.name)}});
      if (both == with_one) continue;  // adopted already, or the first one
      const std::string value = DeviationRuleValue(catalogue, both);
      const std::vector<RuleReading> pair = {DeviationReading(*one, value),
                                             DeviationReading(other, value)};
      if (RefutedByClause(pair.back())) continue;
      RuleList rules;
      const std::string written = Identity(pair, rules);
      if (refuted_.count(written)) continue;
      ++tried;
      const std::unique_ptr<Trial> trial = Try(std::move(rules), d, at_end, shown, 0);
      if (trial->failure.refuted) refuted_.insert(written);
      if (!trial->matched) continue;
      for (const RuleReading& each : pair) {
        side_.result_.deviation_alternatives[each.deviation] = {each.deviation};
        RecordDeviation(d, each, seat, shown);
      }
      Become(*trial);
      return true;
    }
  }
  return false;
}

bool Explanation::ExplainWinner(int stated, Divergence& d, const std::string& end_shown) {
  stated_winner_ = stated;
  const bool explained = Explain(d, -1, true, end_shown);
  stated_winner_.reset();
  return explained;
}

}  // namespace arbiter::harness
