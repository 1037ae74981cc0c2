// A match played through a game's real referee, with no engine of
// arbiter's (arbiter.referee-run.framing): the referee decides the game,
// arbiter runs every bot and applies every game-agnostic check of a match
// (session.h: timing, flushing, framing, crashes, floods, memory, exit at
// end of input), and what the referee said about a bot becomes evidence on
// its turn (arbiter.referee-run.evidence): a bot the referee rejects in its
// own words is a FAIL (action.rejected), a timeout it claims that arbiter
// did not measure is a warning (action.referee-timeout), and a referee that
// stops the game short (crash, hang, out of protocol) is a warning about
// the referee, never a failure of the bot (referee.stopped).
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checks/match_side.h"
#include "checks/session.h"
#include "core/game.h"
#include "referee/referee_driver.h"

namespace arbiter::harness {

// What a referee did in one match, for the findings after it.
struct RefereeRecord {
  struct Said {
    int turn = -1;         // the turn it followed (-1: before the first)
    int asked = -1;        // the seat that turn asked
    bool stopped = false;  // arbiter had already stopped that seat
    RefereeSaid said;
  };
  std::vector<Said> said;
  // (seat, turn): the referee closed a seat's input before the game's end.
  std::vector<std::pair<int, int>> closed;
  // Turns whose input waited for another seat's relay (the referee's clock
  // ran before the bot had it).
  std::set<int> queued_turns;
  RefereeOutcome outcome;
  std::vector<std::string> argv;
  // The runner protocol: the lines arbiter wrote before the game ("###Seed
  // 5\n###Start 2\n"): text no bot sent (arbiter's framing check).
  std::string start_text;
  int last_turn = -1;
  // A recorded seat asked for more answers than were recorded: the game
  // went otherwise than the one recorded (a referee drawing from its clock).
  bool recording_ended = false;
};

// The referee as a match's side (checks/match_side.h): its requests are the
// turns. Starting it starts the referee and waits for its first request.
class RefereeState final : public MatchSide {
 public:
  RefereeState(Env& env, const RefereeDriverConfig& config, uint64_t seed,
               std::shared_ptr<RefereeRecord> record);
  ~RefereeState() override;

  int num_players() const override { return driver_->players(); }
  int turn() const override { return turn_; }
  int current_player() const override { return Begun().request_ ? request_->seat : -1; }
  bool CurrentPlayerReceivesInput() const override { return Begun().request_.has_value(); }
  std::string InputText(int player) const override;
  std::vector<Event> ApplyLine(std::string_view line) override;
  std::vector<Event> ApplySilence() override;
  bool IsTerminal() const override { return !Begun().request_; }
  int Winner() const override;
  // A seat of kRecordedPolicy: its next recorded answer.
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng&) const override;
  // Without an engine only the form is judged: surrounding whitespace or a
  // CR (kWhitespace); the referee judges the rest.
  AnswerVerdict ClassifyAnswer(std::string_view line) const override;
  int AnswerLines() const override { return request_ ? request_->lines : 1; }

  // What only a real referee does (MatchSide).
  bool IsRealReferee() const override { return true; }
  void HandshakeLine(int seat, const std::string& line) override { driver_->Handshake(seat, line); }
  void SeatStopped(int seat) override;
  std::string MoreInput(int seat) override;
  void StreamLine(const std::string& line) override;
  bool TurnOver() const override { return driver_->Moved(); }
  bool OthersWaiting() const override { return driver_->OthersWaiting(); }
  // The current request's input waited while another seat was relayed.
  bool queued() const { return request_ && request_->queued; }

 private:
  std::vector<Event> Advance();
  std::vector<Event> WithFirst(std::vector<Event> events);
  // The referee's first request is waited for at the first question about
  // the game, once the bots are started and their handshakes relayed (a
  // referee that launches bots sends nothing before).
  const RefereeState& Begun() const;
  bool begun_ = false;
  std::vector<Event> first_events_;  // what the referee said before its first request
  std::unique_ptr<RefereeDriver> driver_;
  std::shared_ptr<RefereeRecord> record_;
  std::optional<RefereeRequest> request_;
  std::vector<bool> closed_;
  std::vector<std::vector<std::string>> recorded_;  // RefereeDriverConfig::recorded
  mutable std::vector<size_t> replayed_;            // by seat: the recorded answers given
  std::set<int> silenced_;                          // seats whose bot arbiter stopped
  bool streamed_ = false;  // the current answer went to the referee line by line
  int turn_ = 0;
};

// What a referee's stderr says, shortly: the first line naming an
// exception or error (a Java or Python trace's own line, not a runner
// protocol's "###Error" about a bot) and the last one; else its last three
// lines.
std::string KeyLines(const std::string& tail);

// The match `spec` (its state unset: the referee is its state) through the
// referee of `config`, seed `seed`; the findings of the referee's words and
// of its own trouble are added to the match's (catalog: the run's checks).
// `record`, when given, receives what the referee did (fuzz-referee judges
// the referee by it).
MatchResult RunRefereeMatch(Env& env, MatchSpec spec, const SessionConfig& session,
                            const RefereeDriverConfig& config, const CheckCatalog& catalog,
                            const Progress& progress = {}, RefereeRecord* record = nullptr);

}  // namespace arbiter::harness
