// ReferenceSide::Explain (reference_side.h): the smallest rule change under
// which every message of the game matches. A divergence is replayed under
// each reading of an ambiguous rule the game's register lists
// (arbiter.referee.readings), then under pairs of them, then under each
// deviation of the game's catalogue, a referee bug (arbiter.referee.deviations),
// added to the deviations the game adopted already: a referee with several
// bugs shows each. One under which every message matches (or the message
// shows fewer differing fields, the explained one not among them) explains
// it, and the game goes on under it; a deviation is recorded as the
// referee's bug, under its clause.
#include <algorithm>
#include <set>

#include "core/deviations.h"
#include "core/parse.h"
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
                                int pass, size_t stop_at, ReplayFailure* failure) const {
  bool diverged = false;
  if (failure) *failure = {};
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
      if (last && left && (d.listing_only || !ListedBefore(*left))) {
        diverged = pass == 0 || !ExplainsPart(d, *left);
        if (failure) failure->partial = diverged && pass == 0;
      } else if (last)
        diverged = !went_on;
      else  // followed past the very difference the game was followed past
        diverged = !went_on ||
                   (resynced && (!step.resynced || !replay.last_recorded_ ||
                                 DifferenceShown(*replay.last_recorded_) != step.resynced_past));
      // Not the message explained: whatever comes later, these rules
      // cannot replay the game.
      if (diverged && !last && failure) failure->refuted = true;
    } else if (!replay.ref_) {
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
  RestoreDeviated();
  result_.resyncs = replayed.resyncs;
  result_.compared = replayed.compared;
  result_.checked_alone = replayed.checked_alone;
  result_.chance_learnt = replayed.chance_learnt;
  steps_ = std::move(replay.steps_);
  refuted_.clear();  // under the rules replaced
}

std::shared_ptr<RefereeFuzzConfig> ReferenceSide::Become(Trial& trial) {
  std::shared_ptr<RefereeFuzzConfig> before = std::move(adopted_);
  adopted_ = std::move(trial.config);
  config_ = adopted_.get();
  TakeReplay(*trial.side, trial.replayed);
  return before;
}

// The divergences deviations explained (deviated_) join those of a replay
// that became the game, in the order of their turns, once per signature.
void ReferenceSide::RestoreDeviated() {
  if (deviated_.empty()) return;
  std::vector<LaterDivergence> all = deviated_;
  if (result_.divergence)
    all.push_back({*result_.divergence, result_.divergence_turn, result_.divergence_seat,
                   result_.expected_text, result_.actual_text});
  for (LaterDivergence& l : result_.later) all.push_back(std::move(l));
  std::stable_sort(all.begin(), all.end(), [](const LaterDivergence& a, const LaterDivergence& b) {
    return a.turn < b.turn;
  });
  result_.divergence.reset();
  result_.later.clear();
  const std::optional<LaterDivergence> last = last_recorded_;  // the replay's, as it was
  for (LaterDivergence& l : all) Record(std::move(l));
  last_recorded_ = last;
}

std::unique_ptr<ReferenceSide::Trial> ReferenceSide::Try(RuleList rules, const Divergence& d,
                                                         bool at_end, const std::string& shown,
                                                         int pass) const {
  auto trial = std::make_unique<Trial>();
  trial->config = std::make_shared<RefereeFuzzConfig>(*config_);
  trial->config->rules = std::move(rules);
  trial->side = std::make_unique<ReferenceSide>(*trial->config, plan_, trial->replayed);
  trial->side->explain_ = false;
  // A replay that could only check messages one by one (its first message
  // hid what it cannot learn) explains nothing; nor does a value this
  // game's rules refuse.
  trial->matched = trial->side->Start() &&
                   ReplaySteps(*trial->side, trial->replayed, d, at_end, shown, pass, steps_.size(),
                               &trial->failure) &&
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

namespace {

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

std::vector<std::vector<RuleReading>> ReferenceSide::Candidates(const Divergence& d) const {
  const auto& fixed = config_->fixed_rules;
  const auto is_fixed = [&](std::string_view key) {
    return std::find(fixed.begin(), fixed.end(), key) != fixed.end();
  };
  std::vector<const RuleReading*> open;
  for (const RuleReading& reading : config_->readings) {
    if (is_fixed(reading.key)) continue;
    bool in_use = reading.is_default;  // unless the rules set the option
    for (const auto& [key, value] : config_->rules)
      if (key == reading.key) in_use = value == reading.value;
    if (!in_use) open.push_back(&reading);
  }
  std::vector<std::vector<RuleReading>> out;
  for (const RuleReading* r : open) out.push_back({*r});
  for (size_t i = 0; i < open.size() && !result_.divergence; ++i)
    for (size_t j = i + 1; j < open.size(); ++j)
      if (open[i]->key != open[j]->key) out.push_back({*open[i], *open[j]});
  // The deviations (arbiter.referee.deviations), each added to those the
  // game adopted: a user who set the rule said what the referee does.
  if (is_fixed(kDeviationRule)) return out;
  std::string adopted;
  for (const auto& [key, value] : config_->rules)
    if (key == kDeviationRule) adopted = value;
  const std::vector<std::string_view> have = SplitOn(adopted, ',');
  // First, an adopted deviation replaced by another that explained its
  // divergence as well (deviation_alternatives): one bug the game named
  // too early, a smaller change than a second bug.
  for (const std::string_view x : have) {
    const auto alternatives = result_.deviation_alternatives.find(std::string(x));
    if (alternatives == result_.deviation_alternatives.end()) continue;
    for (const std::string& y : alternatives->second) {
      const Deviation* dev = FindDeviation(config_->game->deviations, y);
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
    for (const Deviation& dev : config_->game->deviations)
      if (dev.clause == clause) order.push_back(&dev);
  for (const Deviation& dev : config_->game->deviations)
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
void ReferenceSide::NameDeviation(Divergence& d, const RuleReading& reading,
                                  const std::string& showed) const {
  d.deviation = reading.deviation;
  d.kind = "deviation " + reading.deviation;
  LeadWith(d.clauses, reading.clause);
  d.listing_only = false;
  if (const Deviation* dev = FindDeviation(config_->game->deviations, reading.deviation))
    d.message = DeviationMessage(*dev, "every message of the game", showed);
}

// The game named `reading.instead_of` too early: its divergences are
// `reading.deviation`'s, which replays the whole game, under its clause
// (not the old name's). Only that one is known to replay the whole game:
// the old name's other alternatives were checked against its first
// divergence only.
void ReferenceSide::RenameDeviation(const RuleReading& reading) {
  const Deviation* was = FindDeviation(config_->game->deviations, reading.instead_of);
  for (LaterDivergence& l : deviated_) {
    if (l.divergence.deviation != reading.instead_of) continue;
    const size_t at = l.divergence.message.find(kShowedAs);
    const std::string showed = at == std::string::npos
                                   ? l.divergence.message
                                   : l.divergence.message.substr(at + kShowedAs.size());
    if (was && was->clause != reading.clause) std::erase(l.divergence.clauses, was->clause);
    NameDeviation(l.divergence, reading, showed);
    stop_explained_ =
        stop_explained_ || (!plan_.stop_at.empty() && Signature(l.divergence) == plan_.stop_at);
  }
  result_.deviation_alternatives.erase(reading.instead_of);
  result_.deviation_alternatives[reading.deviation] = {reading.deviation};
}

bool ReferenceSide::StopsAtExplained() {
  if (!stop_explained_) return false;
  stopped_diverged_ = true;
  return true;
}

// The deviation's divergence, in its words, under its clause; kept when a
// later replay becomes the game (TakeReplay).
void ReferenceSide::RecordDeviation(Divergence d, const RuleReading& reading, int seat,
                                    const std::string& text) {
  const std::string showed = d.message;
  NameDeviation(d, reading, showed);
  if (d.field == "end" || d.field == "ranking" || d.field == "result") AddPlayedClauses(d);
  LaterDivergence l{std::move(d), ref_ ? ref_->turn() : 0, seat, {}, text};
  if (ref_ && !ref_->IsTerminal() && seat >= 0)
    l.expected_text = ref_->InputText(ref_->current_player());
  deviated_.push_back(std::move(l));
}

bool ReferenceSide::Explain(Divergence& d, int seat, bool at_end, const std::string& shown) {
  if (!explain_) return false;
  const std::string signature = Signature(d);
  // The same difference after another answer may be another reading's
  // ("MOVE;2" where "RETREAT;3" was misread): tried again, a few times.
  const std::string answer = result_.history.empty() ? "" : result_.history.back().answer;
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
  std::set<std::string> partial;  // the candidates pass 1 may take
  const auto identity = [&](const std::vector<RuleReading>& readings, RuleList& rules) {
    rules = config_->rules;
    for (const RuleReading& reading : readings) Adopt(rules, reading);
    std::string written;  // the candidate's identity in refuted_
    for (const auto& [key, value] : rules) written += key + "=" + value + " ";
    return written;
  };
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& readings : candidates) {
      RuleList rules;
      const std::string written = identity(readings, rules);
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
      if (!trial->matched) continue;
      // Explained.
      const bool deviation = !readings.front().deviation.empty();
      if (deviation && !readings.front().instead_of.empty()) {
        // The bug the game named before, named right: no new finding.
        RenameDeviation(readings.front());
        Become(*trial);
        return true;
      }
      if (deviation) {
        // A referee bug: recorded as such, and the game goes on under it
        // (whatever --strict-readings says: it is a finding either way).
        // The other deviations this game allows as well, for the run.
        std::vector<std::string>& alternatives =
            result_.deviation_alternatives[readings.front().deviation];
        alternatives = {readings.front().deviation};
        for (const auto& other : candidates) {
          if (other.front().deviation.empty() || !other.front().instead_of.empty() ||
              &other == &readings || pass != 0)
            continue;
          RuleList other_rules;
          if (refuted_.count(identity(other, other_rules))) continue;
          if (Try(std::move(other_rules), d, at_end, shown, 0)->matched)
            alternatives.push_back(other.front().deviation);
        }
        RecordDeviation(d, readings.front(), seat, shown);
        // A shrink's run stops at the divergence it shrinks (RefereeGamePlan::stop_at).
        stop_explained_ =
            !plan_.stop_at.empty() && Signature(deviated_.back().divergence) == plan_.stop_at;
        Become(*trial);
        return true;
      }
      std::string flags, names;
      for (const RuleReading& reading : readings) {
        flags += (flags.empty() ? "--rule " : " --rule ") + reading.key + "=" + reading.value;
        names += (names.empty() ? "" : ", ") + reading.clause + ": " + reading.meaning;
      }
      if (!config_->adopt_readings) {
        // One cause, one finding: the reading's kind and clause, whichever
        // rule's field showed it.
        std::string kind = "reading";
        for (const RuleReading& reading : readings) kind += " " + reading.key + "=" + reading.value;
        named_[signature] = {"; this is exactly the reading " + flags + " (" + names + ")", kind,
                             readings.front().clause};
        d.message += named_[signature].message;
        d.kind = kind;
        LeadWith(d.clauses, readings.front().clause);
        return false;
      }
      std::vector<RuleReading> adopted = readings;
      const RefereeFuzzConfig* config_before = config_;
      const auto before = Become(*trial);  // keeps config_before alive
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
  changes_tried_[signature] = d.changes_tried = static_cast<int>(candidates.size());
  return false;
}

}  // namespace arbiter::harness
