// The side of a match that decides the game, as a match's session asks of
// it (session.h): whose turn it is, what each bot is sent, what an answer
// does, and when the game is over. Two implementations: EngineSide, one of
// arbiter's engines (a GameState), and a real referee (RefereeState,
// referee/referee_match.h), which knows nothing of a game's state and so
// has no Serialize, Clone or legal-answer list to stub. The few things only
// a real referee does (a turn written in pieces, answers streamed to it
// line by line, handshakes it reads, seats it sees die) are methods here
// whose defaults are the engine's: nothing of the kind.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace arbiter::harness {

class MatchSide {
 public:
  virtual ~MatchSide() = default;

  // The game as GameState says it (engine/core/game.h).
  virtual int num_players() const = 0;
  virtual int turn() const = 0;
  virtual int current_player() const = 0;
  virtual bool CurrentPlayerReceivesInput() const = 0;
  virtual std::string InitText(int /*player*/) const { return {}; }
  virtual std::string InputText(int player) const = 0;
  virtual std::vector<Event> ApplyLine(std::string_view line) = 0;
  virtual std::vector<Event> ApplySilence() = 0;
  virtual bool IsTerminal() const = 0;
  virtual int Winner() const = 0;
  virtual std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const = 0;
  virtual AnswerVerdict ClassifyAnswer(std::string_view line) const = 0;
  virtual bool CurrentPlayerHasLegalAction() const { return true; }
  virtual std::optional<std::string> ServerReading(std::string_view /*line*/) const {
    return std::nullopt;
  }
  virtual Refusal RejectionReason(std::string_view /*line*/) const { return {}; }
  virtual bool QueuesExtraLines() const { return false; }
  virtual int TurnLimit() const { return 0; }
  // The state the match started from, for the report ("" when the side
  // keeps none: a real referee).
  virtual std::string InitialState() const { return {}; }

  // How many lines the current player's answer takes: ApplyLine gets them
  // joined by '\n'. 1 on an engine; a runner-protocol referee says it on
  // each turn (###Output p K); 0: as many as the referee reads, which only
  // it knows (a referee that launches its bots: they are streamed to it,
  // StreamLine, until TurnOver).
  virtual int AnswerLines() const { return 1; }
  virtual void StreamLine(const std::string& /*line*/) {}
  virtual bool TurnOver() const { return true; }
  // A real referee's turn written in pieces (arbiter.referee-run.framing):
  // the bytes for `seat` that came after its input was taken ("" none).
  virtual std::string MoreInput(int /*seat*/) { return {}; }
  // Input was waiting for another seat when this turn began (a referee that
  // writes to every seat before it reads any).
  virtual bool OthersWaiting() const { return false; }
  // A real referee: it reads the bots' handshake lines (HandshakeLine), and
  // a bot arbiter stopped is to die before it (SeatStopped).
  virtual bool IsRealReferee() const { return false; }
  virtual void HandshakeLine(int /*seat*/, const std::string& /*line*/) {}
  virtual void SeatStopped(int /*seat*/) {}
};

// One of arbiter's engines as a match's side.
class EngineSide final : public MatchSide {
 public:
  explicit EngineSide(std::unique_ptr<GameState> state) : state_(std::move(state)) {}
  // The side of `state`; null when `state` is (a game that could not start).
  static std::unique_ptr<MatchSide> Of(std::unique_ptr<GameState> state) {
    if (!state) return nullptr;
    return std::make_unique<EngineSide>(std::move(state));
  }
  const GameState& state() const { return *state_; }
  // A side for the same match not yet played (the second run that
  // confirms a time verdict); a referee has none: its game starts anew.
  std::unique_ptr<MatchSide> Copy() const { return Of(state_->Clone()); }

  int num_players() const override { return state_->num_players(); }
  int turn() const override { return state_->turn(); }
  int current_player() const override { return state_->current_player(); }
  bool CurrentPlayerReceivesInput() const override { return state_->CurrentPlayerReceivesInput(); }
  std::string InitText(int player) const override { return state_->InitText(player); }
  std::string InputText(int player) const override { return state_->InputText(player); }
  std::vector<Event> ApplyLine(std::string_view line) override { return state_->ApplyLine(line); }
  std::vector<Event> ApplySilence() override { return state_->ApplySilence(); }
  bool IsTerminal() const override { return state_->IsTerminal(); }
  int Winner() const override { return state_->Winner(); }
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const override {
    return state_->BuiltinAnswer(policy, rng);
  }
  AnswerVerdict ClassifyAnswer(std::string_view line) const override {
    return state_->ClassifyAnswer(line);
  }
  bool CurrentPlayerHasLegalAction() const override {
    return state_->CurrentPlayerHasLegalAction();
  }
  std::optional<std::string> ServerReading(std::string_view line) const override {
    return state_->ServerReading(line);
  }
  Refusal RejectionReason(std::string_view line) const override {
    return state_->RejectionReason(line);
  }
  bool QueuesExtraLines() const override { return state_->QueuesExtraLines(); }
  int TurnLimit() const override { return state_->TurnLimit(); }
  std::string InitialState() const override { return state_->Serialize(); }

 private:
  std::unique_ptr<GameState> state_;
};

}  // namespace arbiter::harness
