// ReferenceSide (reference_side.h): the reference engine's view of a game
// against a referee under test, the same for every protocol.
#include "reference_side.h"

namespace arbiter::harness {

bool ReferenceSide::Start() {
  std::string error;
  seeded_ = config_.game->new_game(plan_.seed, config_.rules, error);
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
  result_.answers.push_back(silent ? std::string(config_.game->ok_answer) : std::move(answer));
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
  const GameInfo& game = *config_.game;
  if (!ref_) {
    // Exactly the seeded state's text: a comparison would let through what
    // it leaves open (random tiles a referee deals otherwise, for example).
    if (seeded_ && !seeded_->IsTerminal() && seat == seeded_->current_player() &&
        text == seeded_->InitText(seat) + seeded_->InputText(seat)) {
      ref_ = std::move(seeded_);
    } else {
      Divergence why;
      ref_ = game.state_from_first_message(text, config_.rules, why);
      if (!ref_) {
        Diverge(why, seat, text);
        return false;
      }
    }
    result_.scenario = game.scenario_of(*ref_);
  }
  AdvanceSilent();
  if (auto d = game.compare(*ref_, result_.history, text, seat)) {
    Diverge(*d, seat, text);
    return false;
  }
  if (game.learn_from_message) game.learn_from_message(*ref_, text, seat);
  return true;
}

std::string ReferenceSide::AnswerWith(Rng& rng) const {
  const GameInfo& game = *config_.game;
  const int turn = ref_->turn();
  if (static_cast<size_t>(turn) < plan_.script.size()) return plan_.script[turn];
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
  const int turn = ref_->turn();
  Log(turn, seat, answer, false, ref_->ApplyLine(answer), input);
}

void ReferenceSide::Stop(int seat, const std::string& input) {
  stopped_[seat] = true;
  const int turn = ref_->turn();
  Log(turn, seat, "", true, ref_->ApplySilence(), input);
}

bool ReferenceSide::End(const std::string& shown) {
  if (!ref_) return true;
  AdvanceSilent();
  if (auto d = config_.game->compare(*ref_, result_.history, "", -1)) {
    Diverge(*d, -1, shown);
    return false;
  }
  return true;
}

void ReferenceSide::Finish() {
  result_.game_over = ref_ && ref_->IsTerminal();
  result_.winner = ref_ ? ref_->Winner() : -1;
}

}  // namespace arbiter::harness
