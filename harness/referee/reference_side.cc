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
  given_deviations_ = DeviationBits();
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
    bool seeded = seeded_ && !seeded_->IsTerminal() && seat == seeded_->current_player();
    if (seeded && text != seeded_->InitText(seat) + seeded_->InputText(seat)) {
      const auto d = fuzzing_.compare(*seeded_, {}, text, seat);
      seeded = d && d->listing_only;
    }
    if (seeded) {
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
        if (Explain(why, seat, false, text)) return !StopsAtExplained();
        Diverge(why, seat, text);
        return false;
      }
    }
    result_.scenario = fuzzing_.scenario_of(*ref_);
  }
  return ReceiveFollowed(seat, text);
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
                " " + shown->value + ", not the " + shown->key + " asked for (" + flag + " fits)";
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
  adopted_ = std::move(config);
  config_ = adopted_.get();
  refuted_.clear();
  seeded_ = std::move(seeded);
  Divergence d;
  d.kind = "variant-shown";
  d.field = shown->key;
  d.expected = "the rules' " + shown->key;
  d.actual = shown->why;
  result_.readings.push_back({std::move(reading), 0, seat, std::move(d)});
  return true;
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
    if (ExplainStop(*d, seat, text)) return true;
    if (Explain(*d, seat, false, text)) return !StopsAtExplained();
    const bool goes_on = Follow(std::move(*d), seat, text);
    steps_.back().resynced = goes_on;
    if (goes_on && last_recorded_) steps_.back().resynced_past = DifferenceShown(*last_recorded_);
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
  refuted_.clear();
  result_.history.clear();
  result_.answers.clear();
  result_.inputs.clear();
  result_.divergence.reset();
  result_.later.clear();
  result_.divergence_turn = result_.divergence_seat = -1;
  result_.checked_alone = 0;
  result_.chance_learnt = 0;
  result_.stand_in = false;
  last_recorded_.reset();
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

// The game's neutral answer on this turn where it has one, else ok_answer.
std::string ReferenceSide::HarmlessAnswer() const {
  return fuzzing_.neutral_answer ? fuzzing_.neutral_answer(*ref_)
                                 : std::string(config_->game->ok_answer);
}

std::string ReferenceSide::AnswerWith(Rng& rng) const {
  const int turn = ref_->turn();
  if (static_cast<size_t>(turn) < plan_.script.size())
    return plan_.script[turn] == kNeutralAnswer ? HarmlessAnswer() : plan_.script[turn];
  // While the start is still hidden in part (arbiter.referee.chance), a
  // legal answer: a referee misreading a fuzzing answer could move what the
  // next player's first message is to show as it started.
  if (pending_ && fuzzing_.neutral_answer) return fuzzing_.neutral_answer(*ref_);
  if (plan_.fuzz_after_script) return fuzzing_.fuzz_answer(*ref_, plan_.swarm, plan_.targeted, rng);
  // After a replay's answers: harmless ones, so that the replay shows only
  // what its answers do (Save The Island's ok_answer, a shuffle, ends the
  // game once a player has none left).
  return HarmlessAnswer();
}

std::string ReferenceSide::NextAnswer() { return AnswerWith(rng_); }

std::string ReferenceSide::PeekAnswer() const {
  Rng stream = rng_;
  return AnswerWith(stream);
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

void ReferenceSide::ReplayLastPlay(std::unique_ptr<GameState> after, std::vector<Event> events) {
  const size_t played = LastPlayLogged();
  result_.history.resize(played + 1);
  result_.answers.resize(played + 1);
  result_.inputs.resize(played + 1);
  result_.history.back().events = std::move(events);
  ref_ = std::move(after);
  AdvanceSilent();
}

bool ReferenceSide::LearnOutcome(int seat, const std::string& text) {
  if (!before_play_ || result_.history.empty()) return false;
  const size_t played = LastPlayLogged();
  if (result_.history[played].silent) return false;
  for (ChanceOutcome& outcome : before_play_->UnshownChanceOutcomes(last_line_)) {
    std::vector<TurnLog> history(result_.history.begin(), result_.history.begin() + played + 1);
    history.back().events = outcome.events;
    auto state = outcome.after->Clone();
    while (SilentTurn(*state)) {
      const int turn = state->turn(), player = state->current_player();
      history.push_back({turn, player, "", true, state->ApplySilence()});
    }
    if (fuzzing_.compare(*state, history, seat < 0 ? "" : text, seat)) continue;
    // The outcome the referee drew.
    ReplayLastPlay(std::move(outcome.after), std::move(outcome.events));
    ++result_.chance_learnt;
    return true;
  }
  return false;
}

// An answer the reference refused (not valid under the text) that the
// referee played as another line: the game's known server reading of it, or
// the same in upper or lower case. When under that line the referee's
// message matches, the divergence is that, said in those words.
std::optional<ReferenceSide::PlayedAs> ReferenceSide::AcceptedAs(const Divergence& d, int seat,
                                                                 const std::string& text) const {
  if (!before_play_ || steps_.size() < 2 || steps_[steps_.size() - 2].kind != Step::kPlay)
    return std::nullopt;
  const GameState& before = *before_play_;
  const std::string& answer = steps_[steps_.size() - 2].text;
  const AnswerVerdict verdict = before.ClassifyAnswer(answer);
  // An answer the rules (and the readings adopted) take may still be one a
  // known kind of referee misreads: only misreadings are tried for it.
  const bool taken = verdict == AnswerVerdict::kValid || verdict == AnswerVerdict::kWhitespace;
  const bool as_line = !taken && verdict != AnswerVerdict::kIllegal;
  std::string upper = answer, lower = answer;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::pair<std::string, std::string>> lines;  // (line, how)
  if (auto read = before.ServerReading(answer)) lines.emplace_back(*read, "server-reading");
  lines.emplace_back(upper, "upper-case");
  lines.emplace_back(lower, "lower-case");
  // The answer as the referee played it: the state after it (before the
  // silent turns), what happened, and the divergence that is, when the
  // message shows that state.
  const auto played = [&](std::unique_ptr<GameState> after, std::vector<Event> events,
                          std::string kind, std::string actual, std::vector<std::string> clauses,
                          std::string message) -> std::optional<PlayedAs> {
    auto state = after->Clone();
    while (SilentTurn(*state)) state->ApplySilence();
    if (!ShowsState(*state, text, seat)) return std::nullopt;
    PlayedAs out{{}, std::move(after), std::move(events)};
    Divergence& accepted = out.divergence;
    accepted.field = "answer '" + EscapeBytes(answer) + "'";
    accepted.kind = std::move(kind);
    accepted.expected = "refused";
    accepted.actual = std::move(actual);
    accepted.clauses = std::move(clauses);
    accepted.message = std::move(message);
    return out;
  };
  // The reference refused the answer by the rule of its first event.
  const std::vector<Event>& refusal = result_.history[LastPlayLogged()].events;
  const std::string refused = refusal.empty() || taken ? std::string() : refusal.front().clause;
  for (const auto& [line, how] : lines) {
    if (line == answer || !as_line) continue;
    const AnswerVerdict v = before.ClassifyAnswer(line);
    if (v != AnswerVerdict::kValid && v != AnswerVerdict::kWhitespace) continue;
    auto after = before.Clone();
    std::vector<Event> events = after->ApplyLine(line);
    std::vector<std::string> clauses;
    if (!refused.empty()) clauses.push_back(refused);
    for (const std::string& c : d.clauses)
      if (c != refused) clauses.push_back(c);
    if (auto out = played(
            std::move(after), std::move(events), "accepted-" + how,
            "a message of the game where it was played as '" + EscapeBytes(line) + "'",
            std::move(clauses),
            "the referee accepted the answer '" + EscapeBytes(answer) + "' as '" +
                EscapeBytes(line) + "', which the text does not allow" +
                (how == "server-reading" ? " (the game's real server reads it so too)" : "")))
      return out;
  }
  // What a known kind of referee plays instead (GameState::Misreadings).
  for (Misreading& m : before.Misreadings(answer)) {
    // Only a misreading the message shows: one that changes nothing its
    // recipient sees (a unit moved out of sight) matches any message.
    if (m.after->InputText(seat) == before.InputText(seat)) continue;
    std::vector<std::string> clauses = {m.clause};
    if (!refused.empty() && refused != m.clause) clauses.push_back(refused);
    if (auto out =
            played(std::move(m.after), {{"misread", "", "the referee played the answer otherwise"}},
                   "accepted-misread", "played " + m.how, std::move(clauses),
                   "the referee accepted the answer '" + EscapeBytes(answer) + "' and played it " +
                       m.how + ", which the rules refuse")) {
      out->last = m.last;
      out->divergence.deviation = m.deviation;  // the same bug as that deviation
      return out;
    }
  }
  return std::nullopt;
}

// Whether the message shows `state` (what it lists besides aside: a
// referee sending no legal-action list still shows the state it played).
bool ReferenceSide::ShowsState(const GameState& state, const std::string& text, int seat) const {
  const auto d = fuzzing_.compare(state, result_.history, text, seat);
  return !d || d->listing_only;
}

// The entry of the last answer played in the result's history (the silent
// turns after it follow it).
size_t ReferenceSide::LastPlayLogged() const {
  size_t i = result_.history.size();
  while (i > 0 && result_.history[i - 1].silent) --i;
  return i - 1;
}

void ReferenceSide::Stop(int seat, const std::string& input) {
  const int turn = ref_->turn();
  steps_.push_back({Step::kStop, seat, {}, input, false, turn});
  stopped_[seat] = true;
  Log(turn, seat, "", true, ref_->ApplySilence(), input);
}

// arbiter.referee.resync: a divergence no reading explains is recorded (the
// first as the game's, a later one when its signature is new to the game),
// then, unless the plan stops at it, the reference follows the referee: it
// plays the last answer as the referee did (AcceptedAs), or it takes the
// state the message shows when that is the whole state at the reference's
// own turn, unless the difference is in how the message shows the state
// (Divergence::display). Else the game stops here.
bool ReferenceSide::Follow(Divergence d, int seat, const std::string& text) {
  const bool display = d.display;  // a rendering, not a state to take
  // A message whose state is the reference's (only its listing differs)
  // shows the last answer played as the reference played it.
  auto accepted = d.listing_only ? std::nullopt : AcceptedAs(d, seat, text);
  if (accepted) d = std::move(accepted->divergence);
  const bool stop_here = !plan_.stop_at.empty() && Signature(d) == plan_.stop_at;
  const bool listing_only = d.listing_only;  // never so once accepted otherwise
  Record(std::move(d), seat, text);
  if (stop_here) {
    stopped_diverged_ = true;
    return false;
  }
  // The state is the reference's; only what the message lists besides it
  // differs (a missing legal-action list): a finding about that field, and
  // the game goes on as it is.
  if (listing_only) {
    if (fuzzing_.learn_from_message) fuzzing_.learn_from_message(*ref_, text, seat);
    ++result_.resyncs;  // followed past a divergence (a replay under a reading must see it)
    return true;
  }
  if (accepted && accepted->last) {  // a state the rules cannot reach: not followed
    stopped_diverged_ = true;
    return false;
  }
  if (accepted) {
    // The turns since are the reference's again: the answer played as the
    // referee played it, then the silent turns after it.
    ReplayLastPlay(std::move(accepted->after), std::move(accepted->events));
    if (fuzzing_.learn_from_message) fuzzing_.learn_from_message(*ref_, text, seat);
    ++result_.resyncs;
    return true;
  }
  const GameInfo& game = *config_->game;
  std::unique_ptr<GameState> shown;
  if (game.resync && game.resync->state_from_message && !display) {
    std::string why;
    shown = game.resync->state_from_message(text, seat, *ref_, config_->rules, why);
  }
  // The same turn only: answers are planned and logged by turn.
  if (!shown || shown->turn() != ref_->turn()) {
    stopped_diverged_ = true;
    return false;
  }
  ref_ = std::move(shown);
  ++result_.resyncs;
  partial_ = partial_ || (game.resync && game.resync->resync_keeps_hidden_parts);
  return true;
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
    if (Explain(*d, -1, true, shown)) return true;
    // arbiter.referee.load: a bot the referee stopped on its last answer,
    // with no message since to show it, may change only how the game ends.
    if (d->kind == "end" && ExplainStop(*d, -1, shown, /*at_end=*/true)) return true;
    Diverge(*d, -1, shown);
    return false;
  }
  return true;
}

bool ReferenceSide::StatedWinner(int stated, Divergence d, const std::string& shown) {
  winner_stated_ = stated;
  if (!ref_ || ref_->Winner() == stated) return true;
  stated_winner_ = stated;
  const bool explained = Explain(d, -1, true, end_shown_);
  stated_winner_.reset();
  if (explained) return true;
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
  TellApart();
}

}  // namespace arbiter::harness
