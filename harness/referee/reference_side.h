// The reference side of referee fuzzing, shared by both protocols' drivers
// (the bot-launching mode, bots_fuzz_game.cc, and the runner protocol,
// cg_runner_game.cc): everything a message from the referee under test means
// for the game, whatever carried it. It learns the initial state from the
// first message, advances the reference engine over turns on which nobody
// answers, compares each message with what the reference sends, follows the
// referee past a divergence where it can, and records the steps of the game.
// A driver only moves bytes and times the referee. Its parts, each deciding
// one thing:
// - Explanation (explanation.h): which rule change explains a divergence,
//   replaying the recorded steps; the one that does becomes the game.
// - DivergenceRecord (divergence_record.h): what the result says diverged.
// - PlanAnswers (plan_answers.h): what arbiter answers.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "referee/divergence_record.h"
#include "referee/explanation.h"
#include "referee/plan_answers.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

class ReferenceSide {
 public:
  ReferenceSide(const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                RefereeGameResult& result)
      : config_(&config),
        fuzzing_(*config.game->referee_fuzzing),
        plan_(plan),
        result_(result),
        explanation_(*this),
        record_(result),
        answers_(*config.game, plan) {}
  ReferenceSide(const ReferenceSide&) = delete;
  ReferenceSide& operator=(const ReferenceSide&) = delete;

  // Draws arbiter's own seeded state (GameInfo::new_game with the plan's
  // seed and the rules); false, with an arbiter.error fault, on a bad rule.
  bool Start();
  int seats() const { return seats_; }

  // A complete message the referee sent to `seat`. The first one fixes the
  // reference: arbiter's seeded state when the message is exactly what that
  // state shows the player (hidden parts included, such as what a fog of war
  // hides), else the state learnt from the message. Then the reference
  // advances over silent turns and the message is compared with it; a
  // consistent message teaches the reference what it reveals
  // (RefereeFuzzing::learn_from_message). False: a divergence, now recorded.
  bool Receive(int seat, const std::string& text);

  // The answer the plan gives on the current turn: its script's, else a
  // fuzzing answer (which advances the plan's random stream), else the
  // game's ok_answer.
  std::string NextAnswer() { return answers_.Next(*ref_, pending_); }
  // The same answer without advancing the random stream, for an answer that
  // the referee must not take (sent after its time limit).
  std::string PeekAnswer() const { return answers_.Peek(*ref_, pending_); }

  // The current player (`seat`, which was sent `input`) answered `answer`.
  void Play(int seat, const std::string& answer, const std::string& input);
  // The current player gave no answer, and gives none from now on (a bot
  // that was killed or answered too late): the referee must play on without
  // it, its player doing nothing. Before the first message, the player of
  // `seat` (stopped before any message reached arbiter) does nothing from
  // its first turn.
  void Stop(int seat, const std::string& input);

  // The referee ended the game (###End, or the last message before it
  // exited): the reference must be over too. False: a divergence.
  bool End(const std::string& shown);

  // The winner the referee states once the game is over (-1: a draw; its
  // RESULT line, or its ranking), which `d` says otherwise than the
  // reference, as the end `shown` did: a deviation may explain it (the
  // scores no message shows), else it is recorded. False: a divergence.
  bool StatedWinner(int stated, Divergence d, const std::string& shown);

  // Records the first divergence; on the end, the ranking or the result it
  // also cites every rule the game played.
  void Diverge(Divergence d, int seat, std::string actual);
  // Whether the game has diverged and the reference no longer follows the
  // referee (a divergence it re-synchronised after does not count).
  bool diverged() const { return stopped_diverged_; }

  // nullptr until the first message fixed the reference.
  const GameState* reference() const { return ref_.get(); }
  // Whether the reference follows the game from turn to turn: false when it
  // is only a stand-in for each message of a game whose first message hid
  // what arbiter cannot learn (arbiter.referee.unknowable); then the end and
  // the ranking are not compared.
  bool following() const { return ref_ && !stand_in_ && !partial_; }
  int turn() const { return ref_ ? ref_->turn() : 0; }
  // The seat the next message should go to (past the silent turns), or -1:
  // no reference yet, or its game is over.
  int ExpectedSeat() const;

  // Fills in the end of the result (game over, winner), and what the game
  // told apart from the rules (TellApart).
  void Finish();

  // arbiter.referee.load: whether the referee stopped the bot of a seat
  // (killed it, or closed its stdin), with arbiter's scheduler evidence
  // since before its last answer; nullopt when it did not. `may_wait`: a
  // stop still in flight may be waited for, briefly. `at_end`: the referee
  // has exited, and every bot with it; whether the bot is gone is all a
  // driver can tell. Set by a driver that sees the bots (the bot-launching
  // mode); without it no divergence is explained so.
  using StopProbe =
      std::function<std::optional<StopEvidence>(int seat, bool may_wait, bool at_end)>;
  void SetStopProbe(StopProbe probe) { stop_probe_ = std::move(probe); }

  // Called once a message diverged, before anything is replayed to explain
  // it, with the reference at the message's turn (NextAnswer answers it):
  // a driver whose referee times its bots sends its answer then, so that
  // the time explaining takes never makes the answer late
  // (arbiter.referee.load). Not called in a replay, nor before the first
  // message fixed the reference.
  void SetBeforeExplaining(std::function<void()> hook) { before_explaining_ = std::move(hook); }

  // One thing the referee did, in order, to replay it under another rule.
  struct Step {
    enum Kind { kReceive, kPlay, kStop } kind;
    int seat;
    std::string text;       // the message (kReceive) or the answer (kPlay)
    std::string input;      // kPlay, kStop: the message answered
    bool resynced = false;  // kReceive: it diverged, and the reference took its state
    int turn = -1;          // kPlay, kStop: the turn answered
    // kReceive, resynced: the difference followed past (its field, expected
    // and sent values); a replay must show exactly that one there.
    std::string resynced_past = {};
  };

 private:
  friend class Explanation;

  // Adopts `config` (the rules under a reading or a deviation) for the
  // rest of the game; returns the config replaced, which the caller keeps
  // alive while it still reads it.
  std::shared_ptr<RefereeFuzzConfig> AdoptConfig(std::shared_ptr<RefereeFuzzConfig> config);
  // `d`, shown to `seat` as `actual`, where the game is: its turn, what the
  // reference would have sent, and on the end every rule the game played.
  LaterDivergence Located(Divergence d, int seat, std::string actual) const;
  // Records `d` into the result (DivergenceRecord::Record).
  void Record(Divergence d, int seat, std::string actual);
  // Records a divergence no reading explains and follows the referee past
  // it where it can (arbiter.referee.resync). True: the game goes on.
  bool Follow(Divergence d, int seat, const std::string& text);
  // The first message hides what arbiter cannot learn: a note, then the
  // game is checked message by message where the game allows it.
  bool Unknowable(const Divergence& why, int seat, const std::string& text);
  bool ReceiveUnfollowed(int seat, const std::string& text);
  bool ReceiveFollowed(int seat, const std::string& text);
  bool VariantShown(int seat, const std::string& text);
  bool ShowsFirst(const GameState& start, int seat, const std::string& text) const;
  // What else gives the first message a variant the user did not set was
  // read from: "" or the sentence naming each deviation of the catalogue
  // under which the rules asked for send it too.
  std::string DeviationsShowing(int seat, const std::string& text) const;
  bool LearnFromFirsts(int seat, const std::string& text);
  void NoteUnknowable(const Divergence& why);
  // After Explain: the game goes on unless a shrink's run stops at the
  // deviation it recorded (Explanation::StopsAtExplained).
  bool GoesOnExplained();
  // The last answer, one the reference refused, as the referee played it:
  // another line (its server reading, another case) or a known misreading
  // of it (GameState::Misreadings) under which the referee's message
  // matches, and the divergence that is.
  struct PlayedAs {
    Divergence divergence;
    std::unique_ptr<GameState> after;  // the state after it, before the silent turns
    std::vector<Event> events;         // what happened in it
    bool last = false;                 // Misreading::last: followed no further
  };
  std::optional<PlayedAs> AcceptedAs(const Divergence& d, int seat, const std::string& text) const;
  bool ShowsState(const GameState& state, const std::string& text, int seat) const;
  // arbiter.referee.chance: the last answer's outcome hung on chance no
  // message had shown (GameState::UnshownChanceOutcomes); the message to
  // `seat` (seat -1: the referee ended the game) shows the one the referee
  // drew. True: the reference now plays that one; nothing diverged.
  bool LearnOutcome(int seat, const std::string& text);
  // The last answer played again as `after` and `events` (the referee
  // played it so): the turns since it are the reference's again, then the
  // silent turns after it.
  void ReplayLastPlay(std::unique_ptr<GameState> after, std::vector<Event> events);
  // The history entry of the last answer played (silent turns follow it).
  size_t LastPlayLogged() const;
  // Whether nobody answers on `s`'s turn: its player gets no input, or its
  // bot gives no more answers.
  bool SilentTurn(const GameState& s) const;
  void AdvanceSilent();
  void Log(int turn, int player, std::string answer, bool silent, std::vector<Event> events,
           std::string input);
  // Whether the game can build a stand-in state from one message
  // (Resync::stand_in_from_message), and so check a game it cannot follow.
  bool HasStandIn() const;

  const RefereeFuzzConfig* config_;
  const RefereeFuzzing& fuzzing_;  // the game's; fuzz-referee refuses a game without it
  StopProbe stop_probe_;
  std::function<void()> before_explaining_;
  std::shared_ptr<RefereeFuzzConfig> adopted_;  // config_ under the readings adopted
  bool stopped_diverged_ = false;               // a divergence stopped the game
  bool stand_in_ = false;                       // ref_ is a stand-in (Unknowable)
  // A re-synchronisation kept parts of the reference's own that no message
  // shows (Resync::resync_keeps_hidden_parts): the end is not compared.
  bool partial_ = false;
  std::string end_shown_;             // what End was shown
  std::optional<int> winner_stated_;  // the winner the referee stated (StatedWinner)
  bool ended_ = false;                // End was called
  uint32_t given_deviations_ = 0;     // the deviations the plan's rules set (Start)
  // What the referee did, in order: what a replay under another rule replays.
  std::vector<Step> steps_;
  // arbiter.referee.chance: the first message of each seat so far, while
  // the start is hidden in part and another seat's may show the rest
  // (pending_), and why one alone did not.
  std::vector<std::pair<int, std::string>> firsts_;
  bool pending_ = false;
  Divergence pending_why_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  Explanation explanation_;
  DivergenceRecord record_;
  PlanAnswers answers_;
  std::unique_ptr<GameState> seeded_;       // the state arbiter draws from the seed
  std::unique_ptr<GameState> ref_;          // the reference, once fixed
  std::unique_ptr<GameState> before_play_;  // the reference before the last answer
  std::string last_line_;                   // the line it played
  int seats_ = 0;
  std::vector<bool> stopped_;  // per player: gives no more answers
  // Per player: lines answered and not yet read, when the game queues them.
  std::vector<std::deque<std::string>> queued_;
};

}  // namespace arbiter::harness
