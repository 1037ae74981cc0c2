// ReferenceSide (reference_side.h): the reference engine's view of a game
// against a referee under test, the same for every protocol.
#include "reference_side.h"

#include <algorithm>

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
  if (result_.divergence) return;  // the first one stands
  if (d.field == "end" || d.field == "ranking" || d.field == "result") AddPlayedClauses(d);
  result_.divergence = std::move(d);
  result_.divergence_turn = ref_ ? ref_->turn() : 0;
  result_.divergence_seat = seat;
  result_.actual_text = std::move(actual);
  if (ref_ && !ref_->IsTerminal() && seat >= 0)
    result_.expected_text = ref_->InputText(ref_->current_player());
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
    Diverge(*d, seat, text);
    return false;
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
  const int turn = ref_->turn();
  Log(turn, seat, answer, false, ref_->ApplyLine(answer), input);
}

void ReferenceSide::Stop(int seat, const std::string& input) {
  steps_.push_back({Step::kStop, seat, {}, input});
  stopped_[seat] = true;
  const int turn = ref_->turn();
  Log(turn, seat, "", true, ref_->ApplySilence(), input);
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

bool ReferenceSide::Explain(Divergence& d, int seat, bool at_end, const std::string& shown) {
  if (!explain_ || config_->readings.empty()) return false;
  for (const RuleReading& reading : config_->readings) {
    const auto& fixed = config_->fixed_rules;
    if (std::find(fixed.begin(), fixed.end(), reading.key) != fixed.end()) continue;
    auto rules = config_->rules;
    bool same = false;
    for (auto& [key, value] : rules) {
      if (key != reading.key) continue;
      same = same || value == reading.value;
      value = reading.value;
    }
    if (same) continue;  // the reading in use already
    if (std::none_of(rules.begin(), rules.end(),
                     [&](const auto& kv) { return kv.first == reading.key; }))
      rules.emplace_back(reading.key, reading.value);
    auto config = std::make_shared<RefereeFuzzConfig>(*config_);
    config->rules = std::move(rules);
    RefereeGameResult replayed;
    ReferenceSide replay(*config, plan_, replayed);
    replay.explain_ = false;
    if (!replay.Start()) continue;  // a value this game's rules refuse
    bool diverged = false;
    for (const Step& step : steps_) {
      if (step.kind == Step::kReceive) {
        diverged = !replay.Receive(step.seat, step.text);
      } else if (!replay.ref_) {
        diverged = true;
      } else if (step.kind == Step::kPlay) {
        replay.Play(step.seat, step.text, step.input);
      } else {
        replay.Stop(step.seat, step.input);
      }
      if (diverged) break;
    }
    if (!diverged && at_end) diverged = !replay.End(shown);
    if (diverged) continue;
    // Explained.
    ReadingFound found{reading, ref_ ? ref_->turn() : 0, seat, d};
    if (!config_->adopt_readings) {
      d.message += "; this is exactly the reading --rule " + reading.key + "=" + reading.value +
                   " (" + reading.clause + ": " + reading.meaning + ")";
      d.kind = "reading " + reading.key + "=" + reading.value;
      return false;
    }
    adopted_ = std::move(config);
    config_ = adopted_.get();
    ref_ = std::move(replay.ref_);
    seeded_.reset();
    stopped_ = replay.stopped_;
    result_.history = std::move(replayed.history);
    result_.answers = std::move(replayed.answers);
    result_.inputs = std::move(replayed.inputs);
    result_.scenario = std::move(replayed.scenario);
    result_.readings.push_back(std::move(found));
    return true;
  }
  return false;
}

void ReferenceSide::Finish() {
  result_.game_over = ref_ && ref_->IsTerminal();
  result_.winner = ref_ ? ref_->Winner() : -1;
}

}  // namespace arbiter::harness
