// ReferenceSide (reference_side.h): the reference engine's view of a game
// against a referee under test, the same for every protocol.
#include "referee/reference_side.h"

#include <algorithm>

#include "core/deviations.h"
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
  given_deviations_ = DeviationBitsOf(config_->game->deviations, config_->rules);
  stopped_.assign(seats_, false);
  queued_.assign(seats_, {});
  return true;
}

void ReferenceSide::Log(int turn, int player, std::string answer, bool silent,
                        std::vector<Event> events, std::string input) {
  result_.history.push_back({turn, player, answer, silent, std::move(events)});
  result_.answers.push_back(silent ? std::string(config_->game->ok_answer) : std::move(answer));
  result_.inputs.push_back(std::move(input));
}

std::shared_ptr<RefereeFuzzConfig> ReferenceSide::AdoptConfig(
    std::shared_ptr<RefereeFuzzConfig> config) {
  std::shared_ptr<RefereeFuzzConfig> before = std::move(adopted_);
  adopted_ = std::move(config);
  config_ = adopted_.get();
  explanation_.Forget();  // under the rules replaced
  return before;
}

LaterDivergence ReferenceSide::Located(Divergence d, int seat, std::string actual) const {
  if (OnTheEnd(d)) record_.AddPlayedClauses(d);
  LaterDivergence l{std::move(d), turn(), seat, {}, std::move(actual)};
  if (ref_ && !ref_->IsTerminal() && seat >= 0)
    l.expected_text = ref_->InputText(ref_->current_player());
  return l;
}

void ReferenceSide::Record(Divergence d, int seat, std::string actual) {
  record_.Record(Located(std::move(d), seat, std::move(actual)));
}

void ReferenceSide::Diverge(Divergence d, int seat, std::string actual) {
  Record(std::move(d), seat, std::move(actual));
  stopped_diverged_ = true;
}

bool ReferenceSide::GoesOnExplained() {
  if (!explanation_.StopsAtExplained()) return true;
  stopped_diverged_ = true;
  return false;
}

// A turn on which nobody answers: the player to move receives no input (it
// has fallen, it is out) or its bot gives no more answers.
bool ReferenceSide::SilentTurn(const GameState& s) const {
  return !s.IsTerminal() && (!s.CurrentPlayerReceivesInput() || stopped_[s.current_player()]);
}

int ReferenceSide::ExpectedSeat() const {
  if (!ref_ || stand_in_) return -1;
  if (!SilentTurn(*ref_)) return ref_->IsTerminal() ? -1 : ref_->current_player();
  auto s = ref_->Clone();
  while (SilentTurn(*s)) s->ApplySilence();
  return s->IsTerminal() ? -1 : s->current_player();
}

void ReferenceSide::AdvanceSilent() {
  while (ref_ && SilentTurn(*ref_)) {
    const int turn = ref_->turn(), player = ref_->current_player();
    Log(turn, player, "", true, ref_->ApplySilence(), "");
  }
}

bool ReferenceSide::Receive(int seat, const std::string& text) {
  steps_.push_back({Step::kReceive, seat, text, {}});
  if (stand_in_) {
    bool first = pending_;
    for (const auto& [s, m] : firsts_) first = first && s != seat;
    return first ? LearnFromFirsts(seat, text) : ReceiveUnfollowed(seat, text);
  }
  if (!ref_) {
    if (fuzzing_.rule_shown && !VariantShown(seat, text)) return false;
    // The seeded state's text, or the text of its state with another
    // listing (a referee that sends no legal-action list): a comparison
    // would let through what it leaves open (random tiles a referee deals
    // otherwise, for example).
    if (seeded_ && ShowsFirst(*seeded_, seat, text)) {
      ref_ = std::move(seeded_);
    } else {
      Divergence why;
      ref_ = fuzzing_.state_from_first_message(text, config_->rules, why);
      if (!ref_) {
        // A start the message hides in part is learnt from the players'
        // first messages (arbiter.referee.chance), never from a reading
        // under which arbiter's own seeded start happens to show the same
        // (a 5x5 square map with the same two units, one game in hundreds).
        if (why.kind == "unlearnable") return Unknowable(why, seat, text);
        if (explanation_.Explain(why, seat, false, text)) return GoesOnExplained();
        Diverge(why, seat, text);
        return false;
      }
    }
    result_.scenario = fuzzing_.scenario_of(*ref_);
  }
  return ReceiveFollowed(seat, text);
}

// Whether `start`, past the turns of players who get no input or whose bots
// were stopped before any message came (arbiter.referee.load), is the
// state the first message to `seat` shows.
bool ReferenceSide::ShowsFirst(const GameState& start, int seat, const std::string& text) const {
  std::unique_ptr<GameState> s = start.Clone();
  while (SilentTurn(*s)) s->ApplySilence();
  if (s->IsTerminal() || seat != s->current_player()) return false;
  if (text == s->InitText(seat) + s->InputText(seat)) return true;
  const auto d = fuzzing_.compare(*s, {}, text, seat);
  return d && d->listing_only;
}

// arbiter.referee.variant: the first message shows a rule variant other
// than the rules' (a Wondev Woman league). Unless the user set that option,
// the game is played under the variant shown, said once as a reading of the
// run; else the first message is a divergence that names the --rule that
// fits. False: the game stops here.
bool ReferenceSide::VariantShown(int seat, const std::string& text) {
  const GameInfo& game = *config_->game;
  const auto shown = fuzzing_.rule_shown(text, config_->rules);
  if (!shown) return true;
  const std::string flag = "--rule " + shown->key + "=" + shown->value;
  const auto& fixed = config_->fixed_rules;
  if (std::find(fixed.begin(), fixed.end(), shown->key) != fixed.end()) {
    Divergence d;
    d.field = shown->key;
    d.kind = "variant";
    for (const auto& [key, value] : config_->rules)
      if (key == shown->key) d.expected = value;
    d.actual = shown->value;
    d.clauses = {shown->clause};
    d.message = "the referee's first message shows " + shown->why + ": it plays " + shown->key +
                " " + shown->value + ", not the " + shown->key + " asked for (" + flag + " fits)" +
                DeviationsShowing(seat, text);
    Diverge(d, seat, text);
    return false;
  }
  auto config = std::make_shared<RefereeFuzzConfig>(*config_);
  RuleReading reading{shown->key, shown->value, shown->clause,
                      "the " + shown->key + " the referee's first message shows: " + shown->why};
  Adopt(config->rules, reading);
  std::string error;
  auto seeded = game.new_game(plan_.seed, config->rules, error);
  if (!seeded) return true;  // a variant these rules refuse: the game goes on as it is
  AdoptConfig(std::move(config));
  seeded_ = std::move(seeded);
  Divergence d;
  d.kind = "variant-shown";
  d.field = shown->key;
  d.expected = "the rules' " + shown->key;
  d.actual = shown->why;
  result_.readings.push_back({std::move(reading), 0, seat, std::move(d)});
  return true;
}

// A first message read as another variant than the one the user set may be
// that one with a bug: a Wondev Woman referee whose fog sees two cells away
// shows a unit two cells off, as league 2's no fog does. Each deviation of
// the catalogue under which the rules give this very message is named beside
// the variant, which the message alone cannot tell from it
// (arbiter.referee.variant). Where the user set no variant, the rules are
// the game's default, whose first message is another's (a Wondev Woman
// league 1 shows one unit): nothing to name there.
std::string ReferenceSide::DeviationsShowing(int seat, const std::string& text) const {
  std::vector<const Deviation*> showing;
  for (const Deviation& dev : config_->game->deviations) {
    RuleList rules = config_->rules;
    rules.emplace_back(std::string(kDeviationRule), std::string(dev.name));
    Divergence why;
    const std::unique_ptr<GameState> start = fuzzing_.state_from_first_message(text, rules, why);
    if (!start) continue;
    const auto d = fuzzing_.compare(*start, {}, text, seat);
    if (!d || d->listing_only) showing.push_back(&dev);
  }
  return showing.empty() ? ""
                         : "; the message alone cannot tell that from a bug under the rules "
                           "asked for: " +
                               DeviationsInWords(showing, showing.size());
}

// A message of a game the reference follows: compared with what it sends.
bool ReferenceSide::ReceiveFollowed(int seat, const std::string& text) {
  AdvanceSilent();
  ++result_.compared;
  if (auto d = fuzzing_.compare(*ref_, result_.history, text, seat)) {
    if (LearnOutcome(seat, text)) {
      if (fuzzing_.learn_from_message) fuzzing_.learn_from_message(*ref_, text, seat);
      return true;
    }
    // After a re-synchronisation that kept hidden parts of the reference's
    // own, an end the reference sees may not be the referee's: the game is
    // no longer compared, and nothing is said of it.
    if (partial_ && d->kind == "end") {
      stopped_diverged_ = true;
      return false;
    }
    if (before_explaining_ && explanation_.enabled()) before_explaining_();
    if (explanation_.ExplainStop(*d, seat, text, /*at_end=*/false)) return true;
    if (explanation_.ExplainUnseenStop(*d, seat, text)) {
      --result_.compared;  // compared again, with those players stopped
      return ReceiveFollowed(seat, text);
    }
    if (explanation_.Explain(*d, seat, false, text)) return GoesOnExplained();
    const bool goes_on = Follow(std::move(*d), seat, text);
    steps_.back().resynced = goes_on;
    if (goes_on && record_.last()) steps_.back().resynced_past = DifferenceShown(*record_.last());
    return goes_on;
  }
  if (fuzzing_.learn_from_message) fuzzing_.learn_from_message(*ref_, text, seat);
  return true;
}

// arbiter.referee.chance: the first message of another seat, while the
// start is still partly hidden. With every first message so far the game
// may tell the start (RefereeFuzzing::state_from_first_messages): then the game is
// played again from it, every message compared, and followed from here on.
// Else it stays unknowable, said once.
bool ReferenceSide::LearnFromFirsts(int seat, const std::string& text) {
  firsts_.emplace_back(seat, text);
  pending_ = false;
  Divergence why;
  auto learnt = fuzzing_.state_from_first_messages(firsts_, config_->rules, why);
  if (!learnt) {
    NoteUnknowable(pending_why_);
    return ReceiveUnfollowed(seat, text);
  }
  std::vector<Step> steps = std::move(steps_);
  steps_.clear();
  explanation_.Forget();
  result_.history.clear();
  result_.answers.clear();
  result_.inputs.clear();
  result_.divergence.reset();
  result_.later.clear();
  result_.divergence_turn = result_.divergence_seat = -1;
  result_.checked_alone = 0;
  result_.chance_learnt = 0;
  result_.stand_in = false;
  record_.ForgetLast();
  stand_in_ = false;
  ref_ = std::move(learnt);
  result_.scenario = fuzzing_.scenario_of(*ref_);
  for (Step& step : steps) {
    if (step.kind == Step::kPlay) {
      Play(step.seat, step.text, step.input);
    } else if (step.kind == Step::kStop) {
      Stop(step.seat, step.input);
    } else {
      steps_.push_back({Step::kReceive, step.seat, step.text, {}});
      if (!ReceiveFollowed(step.seat, step.text)) return false;
    }
  }
  return true;
}

// Not the referee's fault: arbiter cannot know what the first message hides
// (arbiter.referee.unknowable). Said as a note; then, where the game can,
// each message is checked on its own against a stand-in state that shows
// the player exactly what it was sent (Resync::stand_in_from_message).
bool ReferenceSide::HasStandIn() const {
  return config_->game->resync && config_->game->resync->stand_in_from_message != nullptr;
}

bool ReferenceSide::Unknowable(const Divergence& why, int seat, const std::string& text) {
  if (!HasStandIn()) {
    NoteUnknowable(why);
    return false;
  }
  stand_in_ = true;
  result_.stand_in = true;
  // The other seats' first messages may show the rest (arbiter.referee.chance).
  if (fuzzing_.state_from_first_messages && firsts_.empty()) {
    pending_ = true;
    pending_why_ = why;
    firsts_.emplace_back(seat, text);
  } else {
    NoteUnknowable(why);
  }
  return ReceiveUnfollowed(seat, text);
}

void ReferenceSide::NoteUnknowable(const Divergence& why) {
  const bool checked = HasStandIn();
  result_.faults.push_back(
      {"referee.unknowable",
       why.message +
           (checked ? "; this game is followed message by message only: what each message shows "
                      "on its own is checked (its layout, the actions it lists), not how one "
                      "turn leads to the next, nor the end and the ranking"
                    : "; this game is not compared") +
           ". The way out: let the referee draw its initial state from {seed} as arbiter does, "
           "and arbiter follows it, hidden parts included",
       0});
}

// A message of a game arbiter cannot follow: compared with a stand-in state
// built from it. A difference is recorded (once per signature) and the game
// goes on: the next message brings its own stand-in.
bool ReferenceSide::ReceiveUnfollowed(int seat, const std::string& text) {
  const GameInfo& game = *config_->game;
  Divergence why;
  auto shown =
      game.resync->stand_in_from_message(text, seat, ref_ ? ref_->turn() : 0, config_->rules, why);
  if (!shown) {
    Diverge(why, seat, text);
    return false;
  }
  ref_ = std::move(shown);
  // The answers alone replay the game (the referee draws its own state).
  if (result_.scenario.empty()) result_.scenario = "{\"game\": \"" + std::string(game.name) + "\"}";
  ++result_.checked_alone;
  auto d = fuzzing_.compare(*ref_, result_.history, text, seat);
  if (!d) return true;
  const bool stop_here = !plan_.stop_at.empty() && Signature(*d) == plan_.stop_at;
  Record(std::move(*d), seat, text);
  if (stop_here) stopped_diverged_ = true;
  return !stop_here;
}

// The turn is read before it is played (the order in which function
// arguments are evaluated is unspecified).
//
// An answer of several lines (jc2015.protocol.action.extra-lines): the turn
// plays its first line, and the others are not answers; unless the game
// queues extra lines, when every line joins the seat's queue and the turn
// plays the oldest.
void ReferenceSide::Play(int seat, const std::string& answer, const std::string& input) {
  const int turn = ref_->turn();
  steps_.push_back({Step::kPlay, seat, answer, input, false, turn});
  before_play_ = ref_->Clone();
  std::string line = answer;
  std::deque<std::string>& queue = queued_[seat];
  if (answer.find('\n') != std::string::npos || !queue.empty()) {
    const std::vector<std::string_view> lines = SplitOn(answer, '\n');
    if (ref_->QueuesExtraLines()) {
      queue.insert(queue.end(), lines.begin(), lines.end());
      line = queue.front();
      queue.pop_front();
    } else {
      line = std::string(lines.front());
    }
  }
  last_line_ = line;
  Log(turn, seat, answer, false, ref_->ApplyLine(line), input);
}

void ReferenceSide::Stop(int seat, const std::string& input) {
  if (!ref_) {  // before any message: its turn is played silent once one comes
    steps_.push_back({Step::kStop, seat, {}, input, false, seeded_ ? seeded_->turn() : 0});
    stopped_[seat] = true;
    return;
  }
  const int turn = ref_->turn();
  steps_.push_back({Step::kStop, seat, {}, input, false, turn});
  stopped_[seat] = true;
  Log(turn, seat, "", true, ref_->ApplySilence(), input);
}

bool ReferenceSide::End(const std::string& shown) {
  end_shown_ = shown;
  ended_ = true;
  // A stand-in, or a state partly the reference's own guess, knows nothing
  // of the end.
  if (!ref_ || stand_in_ || partial_) return true;
  AdvanceSilent();
  if (auto d = fuzzing_.compare(*ref_, result_.history, "", -1)) {
    if (LearnOutcome(-1, shown)) return true;
    if (explanation_.Explain(*d, -1, true, shown)) return true;
    // arbiter.referee.load: a bot the referee stopped on its last answer,
    // with no message since to show it, may change only how the game ends.
    if (d->kind == "end" && explanation_.ExplainStop(*d, -1, shown, /*at_end=*/true)) return true;
    Diverge(*d, -1, shown);
    return false;
  }
  return true;
}

bool ReferenceSide::StatedWinner(int stated, Divergence d, const std::string& shown) {
  winner_stated_ = stated;
  if (!ref_ || ref_->Winner() == stated) return true;
  if (explanation_.ExplainWinner(stated, d, end_shown_)) return true;
  Diverge(std::move(d), -1, shown);
  return false;
}

void ReferenceSide::Finish() {
  if (pending_) {  // no other seat's first message came: the start stayed hidden
    pending_ = false;
    NoteUnknowable(pending_why_);
  }
  result_.game_over = ref_ && ref_->IsTerminal() && !stand_in_;
  result_.winner = ref_ ? ref_->Winner() : -1;
  explanation_.TellApart();
}

}  // namespace arbiter::harness
