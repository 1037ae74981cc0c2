// ReferenceSide (reference_side.h), past a divergence: the chance outcome a
// message shows (arbiter.referee.chance), and following the referee past a
// divergence nothing explains (arbiter.referee.resync), the answer played as
// the referee played it where a known misreading shows.
#include <cctype>

#include "core/parse.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

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
  const std::string upper = AsciiUpper(answer), lower = AsciiLower(answer);
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

}  // namespace arbiter::harness
