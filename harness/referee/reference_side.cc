// ReferenceSide (reference_side.h): the reference engine's view of a game
// against a referee under test, the same for every protocol.
#include "reference_side.h"

#include <algorithm>
#include <cctype>

#include "core/parse.h"

namespace arbiter::harness {

bool ReferenceSide::Start() {
  std::string error;
  seeded_ = config_->game->new_game(plan_.seed, config_->rules, error);
  if (!seeded_) {
    result_.faults.push_back({"arbiter.error", "rules: " + error});
    return false;
  }
  seats_ = seeded_->num_players();
  stopped_.assign(seats_, false);
  return true;
}

void ReferenceSide::Log(int turn, int player, std::string answer, bool silent,
                        std::vector<Event> events, std::string input) {
  result_.history.push_back({turn, player, answer, silent, std::move(events)});
  result_.answers.push_back(silent ? std::string(config_->game->ok_answer) : std::move(answer));
  result_.inputs.push_back(std::move(input));
}

// How a game ends, and who wins, depend on state no input may show (the
// scores): a divergence on the end (field "end"), the ranking or the result
// also cites, after its own clauses, every rule the game played, the most
// recent first (the rules that ended it before all).
void ReferenceSide::AddPlayedClauses(Divergence& d) const {
  auto add = [&](const std::string& clause) {
    if (clause.empty()) return;
    for (const auto& c : d.clauses)
      if (c == clause) return;
    d.clauses.push_back(clause);
  };
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events)
      if (e.kind == "end") add(e.clause);
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events) add(e.clause);
}

void ReferenceSide::Diverge(Divergence d, int seat, std::string actual) {
  Record(std::move(d), seat, std::move(actual));
  stopped_diverged_ = true;
}

void ReferenceSide::Record(Divergence d, int seat, std::string actual) {
  if (d.field == "end" || d.field == "ranking" || d.field == "result") AddPlayedClauses(d);
  LaterDivergence l{std::move(d), ref_ ? ref_->turn() : 0, seat, {}, std::move(actual)};
  if (ref_ && !ref_->IsTerminal() && seat >= 0)
    l.expected_text = ref_->InputText(ref_->current_player());
  Record(std::move(l));
}

void ReferenceSide::Record(LaterDivergence l) {
  last_recorded_ = l;
  if (!result_.divergence) {
    result_.divergence = std::move(l.divergence);
    result_.divergence_turn = l.turn;
    result_.divergence_seat = l.seat;
    result_.actual_text = std::move(l.actual_text);
    result_.expected_text = std::move(l.expected_text);
    return;
  }
  // A later one (arbiter.referee.resync), once per signature.
  const std::string sig = Signature(l.divergence);
  for (const std::string& seen : Signatures(result_))
    if (seen == sig) return;
  result_.later.push_back(std::move(l));
}

// Turns on which nobody answers: the player to move receives no input (it
// has fallen, it is out) or its bot gives no more answers.
void ReferenceSide::AdvanceSilent() {
  while (ref_ && !ref_->IsTerminal() &&
         (!ref_->CurrentPlayerReceivesInput() || stopped_[ref_->current_player()])) {
    const int turn = ref_->turn(), player = ref_->current_player();
    Log(turn, player, "", true, ref_->ApplySilence(), "");
  }
}

bool ReferenceSide::Receive(int seat, const std::string& text) {
  const GameInfo& game = *config_->game;
  steps_.push_back({Step::kReceive, seat, text, {}});
  if (!ref_) {
    // Exactly the seeded state's text: a comparison would let through what
    // it leaves open (random tiles a referee deals otherwise, for example).
    if (seeded_ && !seeded_->IsTerminal() && seat == seeded_->current_player() &&
        text == seeded_->InitText(seat) + seeded_->InputText(seat)) {
      ref_ = std::move(seeded_);
    } else {
      Divergence why;
      ref_ = game.state_from_first_message(text, config_->rules, why);
      if (!ref_) {
        if (Explain(why, seat, false, text)) return true;
        if (why.kind == "unlearnable") {
          // Not the referee's fault: arbiter cannot know what it hides
          // (arbiter.referee.unknowable). The game is not compared.
          result_.faults.push_back(
              {"referee.unknowable",
               why.message +
                   "; this game is not compared. The way out: let the referee draw its initial "
                   "state from {seed} as arbiter does, and arbiter follows it, hidden parts "
                   "included",
               0});
          return false;
        }
        Diverge(why, seat, text);
        return false;
      }
    }
    result_.scenario = game.scenario_of(*ref_);
  }
  AdvanceSilent();
  if (auto d = game.compare(*ref_, result_.history, text, seat)) {
    if (Explain(*d, seat, false, text)) return true;
    if (const auto goes_on = AcceptedAs(*d, seat, text)) return *goes_on;
    const bool goes_on = Resync(std::move(*d), seat, text);
    steps_.back().resynced = goes_on;
    return goes_on;
  }
  if (game.learn_from_message) game.learn_from_message(*ref_, text, seat);
  return true;
}

std::string ReferenceSide::AnswerWith(Rng& rng) const {
  const GameInfo& game = *config_->game;
  const int turn = ref_->turn();
  if (static_cast<size_t>(turn) < plan_.script.size()) {
    if (plan_.script[turn] != kNeutralAnswer) return plan_.script[turn];
    return game.neutral_answer ? game.neutral_answer(*ref_) : std::string(game.ok_answer);
  }
  if (plan_.fuzz_after_script) return game.fuzz_answer(*ref_, plan_.swarm, plan_.targeted, rng);
  return std::string(game.ok_answer);
}

std::string ReferenceSide::NextAnswer() { return AnswerWith(rng_); }

std::string ReferenceSide::PeekAnswer() const {
  Rng stream = rng_;
  return AnswerWith(stream);
}

// The turn is read before it is played (the order in which function
// arguments are evaluated is unspecified).
void ReferenceSide::Play(int seat, const std::string& answer, const std::string& input) {
  steps_.push_back({Step::kPlay, seat, answer, input});
  before_play_ = ref_->Clone();
  play_log_ = result_.history.size();
  const int turn = ref_->turn();
  Log(turn, seat, answer, false, ref_->ApplyLine(answer), input);
}

// An answer the reference refused (not valid under the text) that the
// referee played as another line: the game's known server reading of it, or
// the same in upper or lower case. When under that line the referee's
// message matches, the divergence is said in those words, and the reference
// goes on from there (a resync that any game can make).
std::optional<bool> ReferenceSide::AcceptedAs(Divergence& d, int seat, const std::string& text) {
  if (!before_play_ || steps_.size() < 2 || steps_[steps_.size() - 2].kind != Step::kPlay)
    return std::nullopt;
  const GameState& before = *before_play_;
  const std::string& answer = steps_[steps_.size() - 2].text;
  const AnswerVerdict verdict = before.ClassifyAnswer(answer);
  if (verdict != AnswerVerdict::kInvalid && verdict != AnswerVerdict::kServerAccepts)
    return std::nullopt;
  std::string upper = answer, lower = answer;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::pair<std::string, std::string>> readings;  // (line, how)
  if (auto read = before.ServerReading(answer)) readings.emplace_back(*read, "server-reading");
  readings.emplace_back(upper, "upper-case");
  readings.emplace_back(lower, "lower-case");
  for (const auto& [line, how] : readings) {
    if (line == answer) continue;
    const AnswerVerdict v = before.ClassifyAnswer(line);
    if (v != AnswerVerdict::kValid && v != AnswerVerdict::kWhitespace) continue;
    auto state = before.Clone();
    state->ApplyLine(line);
    while (!state->IsTerminal() &&
           (!state->CurrentPlayerReceivesInput() || stopped_[state->current_player()]))
      state->ApplySilence();
    if (config_->game->compare(*state, result_.history, text, seat)) continue;
    // The referee played `answer` as `line`.
    std::string refused;
    for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t) {
      if (t->silent) continue;
      if (!t->events.empty()) refused = t->events.front().clause;
      break;
    }
    Divergence accepted;
    accepted.field = "answer '" + EscapeBytes(answer) + "'";
    accepted.kind = "accepted-" + how;
    accepted.expected = "refused";
    accepted.actual = "a message of the game where it was played as '" + EscapeBytes(line) + "'";
    if (!refused.empty()) accepted.clauses.push_back(refused);
    for (const std::string& c : d.clauses)
      if (c != refused) accepted.clauses.push_back(c);
    accepted.message = "the referee accepted the answer '" + EscapeBytes(answer) + "' as '" +
                       EscapeBytes(line) + "', which the text does not allow" +
                       (how == "server-reading" ? " (the game's real server reads it so too)" : "");
    const bool stop_here = !plan_.stop_at.empty() && Signature(accepted) == plan_.stop_at;
    Record(std::move(accepted), seat, text);
    if (stop_here || !resync_) {
      stopped_diverged_ = true;
      return false;
    }
    // The turns since are the reference's again: the answer played as the
    // referee played it, then the silent turns after it.
    ref_ = before.Clone();
    result_.history.resize(play_log_ + 1);
    result_.answers.resize(play_log_ + 1);
    result_.inputs.resize(play_log_ + 1);
    result_.history.back().events = ref_->ApplyLine(line);
    AdvanceSilent();
    ++result_.resyncs;
    steps_.back().resynced = true;
    return true;
  }
  return std::nullopt;
}

void ReferenceSide::Stop(int seat, const std::string& input) {
  steps_.push_back({Step::kStop, seat, {}, input});
  stopped_[seat] = true;
  const int turn = ref_->turn();
  Log(turn, seat, "", true, ref_->ApplySilence(), input);
}

// arbiter.referee.resync: a divergence is recorded (the first as the
// game's, a later one when its signature is new to the game), then, when the
// message shows the whole state at the reference's own turn, the reference
// takes that state and the game goes on; else it stops here.
bool ReferenceSide::Resync(Divergence d, int seat, const std::string& text) {
  const GameInfo& game = *config_->game;
  const bool stop_here = !plan_.stop_at.empty() && Signature(d) == plan_.stop_at;
  Record(std::move(d), seat, text);
  std::unique_ptr<GameState> shown;
  if (!stop_here && resync_ && game.state_from_message) {
    std::string why;
    shown = game.state_from_message(text, seat, config_->rules, why);
    // The same turn only: answers are planned and logged by turn.
    if (shown && shown->turn() != ref_->turn()) shown.reset();
  }
  if (!shown) {
    stopped_diverged_ = true;
    return false;
  }
  ref_ = std::move(shown);
  ++result_.resyncs;
  return true;
}

bool ReferenceSide::End(const std::string& shown) {
  if (!ref_) return true;
  AdvanceSilent();
  if (auto d = config_->game->compare(*ref_, result_.history, "", -1)) {
    if (Explain(*d, -1, true, shown)) return true;
    Diverge(*d, -1, shown);
    return false;
  }
  return true;
}

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

// Single readings first, then pairs of readings of two options (a referee
// often reads several rules otherwise, and one message can show two of them
// at once: the official 2015 referee's first stun after a move).
//
// Replays cost time while the referee waits for an answer: a signature no
// reading explained once in a game is not tried again in it, and pairs are
// tried only before the game's first divergence (two readings showing in one
// message happens early, before anything else differs).
bool ReferenceSide::Explain(Divergence& d, int seat, bool at_end, const std::string& shown) {
  if (!explain_ || config_->readings.empty()) return false;
  const std::string signature = Signature(d);
  if (unexplained_.count(signature)) return false;
  if (const auto named = named_.find(signature); named != named_.end()) {
    d.message += named->second.first;  // --strict-readings: the reading, found before
    d.kind = named->second.second;
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
  for (const auto& readings : candidates) {
    auto rules = config_->rules;
    for (const RuleReading* reading : readings) {
      bool set = false;
      for (auto& [key, value] : rules)
        if (key == reading->key) value = reading->value, set = true;
      if (!set) rules.emplace_back(reading->key, reading->value);
    }
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
    bool diverged = false;
    for (size_t i = 0; i < steps_.size() && !diverged; ++i) {
      const Step& step = steps_[i];
      if (step.kind == Step::kReceive) {
        const int resyncs = replayed.resyncs;
        const bool last = i + 1 == steps_.size() && !at_end;
        const bool went_on = replay.Receive(step.seat, step.text);
        const bool resynced = replayed.resyncs != resyncs;
        if (last && resynced)
          diverged = !ExplainsPart(d, replay.last_recorded_->divergence);
        else
          diverged = !went_on || (resynced && !step.resynced);
      } else if (!replay.ref_) {
        diverged = true;
      } else if (step.kind == Step::kPlay) {
        replay.Play(step.seat, step.text, step.input);
      } else {
        replay.Stop(step.seat, step.input);
      }
    }
    if (!diverged && at_end) diverged = !replay.End(shown);
    if (diverged) continue;
    // Explained.
    std::string flags, names;
    for (const RuleReading* reading : readings) {
      flags += (flags.empty() ? "--rule " : " --rule ") + reading->key + "=" + reading->value;
      names += (names.empty() ? "" : ", ") + reading->clause + ": " + reading->meaning;
    }
    if (!config_->adopt_readings) {
      std::string kind = "reading";
      for (const RuleReading* reading : readings) kind += " " + reading->key + "=" + reading->value;
      named_[signature] = {"; this is exactly the reading " + flags + " (" + names + ")", kind};
      d.message += named_[signature].first;
      d.kind = kind;
      return false;
    }
    // Copies: the pointers are into the config being replaced.
    std::vector<RuleReading> adopted;
    for (const RuleReading* reading : readings) adopted.push_back(*reading);
    adopted_ = std::move(config);
    config_ = adopted_.get();
    before_play_.reset();  // under the rules replaced
    ref_ = std::move(replay.ref_);
    seeded_.reset();
    stopped_ = replay.stopped_;
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
    steps_ = std::move(replay.steps_);
    for (RuleReading& reading : adopted)
      result_.readings.push_back({std::move(reading), ref_ ? ref_->turn() : 0, seat, d});

    return true;
  }
  unexplained_.insert(signature);
  return false;
}

void ReferenceSide::Finish() {
  result_.game_over = ref_ && ref_->IsTerminal();
  result_.winner = ref_ ? ref_->Winner() : -1;
}

}  // namespace arbiter::harness
