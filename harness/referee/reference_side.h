// The reference side of referee fuzzing, shared by both protocols' drivers
// (the bot-launching mode, referee_fuzz.cc, and the runner protocol,
// cg_runner_game.cc): everything a message from the referee under test means
// for the game, whatever carried it. It learns the initial state from the
// first message, advances the reference engine over turns on which nobody
// answers, compares each message with what the reference sends, chooses the
// answer of the plan (its script, then fuzzing answers or the game's
// ok_answer), and records the turns played and the first divergence into the
// game's result. A driver only moves bytes and times the referee.
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
#include "core/rng.h"
#include "referee_fuzz.h"

namespace arbiter::harness {

// The difference a message showed (its field, expected and sent values):
// what a replay under another rule must show again at a message the game
// was followed past (arbiter.referee.resync).
inline std::string DifferenceShown(const LaterDivergence& l) {
  return l.divergence.field + "\n" + l.divergence.expected + "\n" + l.divergence.actual;
}

class ReferenceSide {
 public:
  ReferenceSide(const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                RefereeGameResult& result)
      : config_(&config),
        fuzzing_(*config.game->referee_fuzzing),
        plan_(plan),
        result_(result),
        rng_(plan.rng_seed) {}

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
  std::string NextAnswer();
  // The same answer without advancing the random stream, for an answer that
  // the referee must not take (sent after its time limit).
  std::string PeekAnswer() const;

  // The current player (`seat`, which was sent `input`) answered `answer`.
  void Play(int seat, const std::string& answer, const std::string& input);
  // The current player gave no answer, and gives none from now on (a bot
  // that was killed or answered too late): the referee must play on without
  // it, its player doing nothing.
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

 private:
  // What the referee did, in order, to replay it under another reading.
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
  // Replays every step (then the end, when `at_end`, shown as `shown`) under
  // each reading of config_->readings in turn; the first under which the
  // referee shows no divergence explains `d`. Adopted (the reference, its
  // rules and the history become the replay's) unless the config says not
  // to; then `d` names the reading. True: adopted, the game goes on.
  bool Explain(Divergence& d, int seat, bool at_end, const std::string& shown);
  // Replays every step into `replay`, the kPlay at `stop_at` as a kStop;
  // true when the referee's messages match under it (reference_readings.cc).
  // How a replay failed, when it did: `refuted`, a message before the last
  // one diverged (then the rules replayed never explain anything later in
  // the game either); `partial`, only the last one did, in a way pass 1
  // may still take as explaining part of it.
  struct ReplayFailure {
    bool refuted = false, partial = false;
  };
  bool ReplaySteps(ReferenceSide& replay, const RefereeGameResult& replayed, const Divergence& d,
                   bool at_end, const std::string& shown, int pass, size_t stop_at,
                   ReplayFailure* failure = nullptr) const;
  // A replay of the game so far under `rules` (ReplaySteps, with the
  // stop at `stop_at`): whether every message matched, and how it failed.
  struct Trial {
    std::shared_ptr<RefereeFuzzConfig> config;
    RefereeGameResult replayed;
    std::unique_ptr<ReferenceSide> side;
    ReplayFailure failure;
    bool matched = false;
  };
  std::unique_ptr<Trial> Try(RuleList rules, const Divergence& d, bool at_end,
                             const std::string& shown, int pass) const;
  // A trial that explained a divergence becomes the game: its rules are
  // adopted (TakeReplay). Returns the config replaced, which the caller
  // keeps alive while it still reads it.
  std::shared_ptr<RefereeFuzzConfig> Become(Trial& trial);
  // The replay's reference, history and findings become the game's; the
  // divergences deviations explained before stay (deviated_).
  void TakeReplay(ReferenceSide& replay, RefereeGameResult& replayed);
  // arbiter.referee.deviations: `d`, which the deviation `reading` explains,
  // recorded as that referee bug (its clause, its words); the game goes on
  // under it.
  void RecordDeviation(Divergence d, const RuleReading& reading, int seat, const std::string& text);
  // After Explain: whether the deviation it recorded is the divergence a
  // shrink's run stops at (plan_.stop_at); then the game stops there, as
  // after a divergence nothing explains, instead of playing on to its end.
  bool StopsAtExplained();
  void NameDeviation(Divergence& d, const RuleReading& reading, const std::string& showed) const;
  // A deviation the game adopted replaced by `reading.deviation`, one of the
  // alternatives it allowed, under which the whole game replays: the
  // earlier finding is renamed, and no new one made.
  void RenameDeviation(const RuleReading& reading);
  // The rule changes Explain replays `d` under, in order: the readings
  // alone, their pairs (before the game's first divergence only), then each
  // adopted deviation replaced by another that explained its divergence as
  // well (RuleReading::instead_of), then each deviation of the catalogue
  // not adopted yet, added to those that are: first those of the clauses
  // `d` names, in its order (the evidence of the field that differs), then
  // the others in catalogue order.
  std::vector<std::vector<RuleReading>> Candidates(const Divergence& d) const;
  void RestoreDeviated();
  // arbiter.referee.edges (rule_edges.cc). A game whose every message
  // matched (under the readings and deviations it adopted) replays itself
  // under each deviation of the catalogue the run has not told apart yet:
  // one under which a message, the end or the stated winner would have
  // differed was told apart by this game (RefereeGameResult::told_apart).
  void TellApart();
  // The deviations the game plays under (config_'s rule "deviation").
  uint32_t DeviationBits() const;
  // arbiter.referee.load: the message to `seat` matches when one bot's last
  // answer is played as never having come, and the referee did stop that
  // bot (the StopProbe). Then the game goes on so, and `d` becomes that
  // stop, recorded. True: explained. At the end of a game (`at_end`, the
  // end shown as `text`) the referee's exit has ended every bot, so only the
  // end itself shows the stop: explained when the replay ends exactly where
  // the referee did, and said to be unconfirmed (reference_stops.cc).
  bool ExplainStop(Divergence& d, int seat, const std::string& text, bool at_end = false);
  // Records a divergence no reading explains and follows the referee past
  // it where it can (arbiter.referee.resync). True: the game goes on.
  bool Follow(Divergence d, int seat, const std::string& text);
  // The first message hides what arbiter cannot learn: a note, then the
  // game is checked message by message where the game allows it.
  bool Unknowable(const Divergence& why, int seat, const std::string& text);
  bool ReceiveUnfollowed(int seat, const std::string& text);
  bool ReceiveFollowed(int seat, const std::string& text);
  bool VariantShown(int seat, const std::string& text);
  bool LearnFromFirsts(int seat, const std::string& text);
  void NoteUnknowable(const Divergence& why);
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
  // A listing-only difference (Divergence::listing_only) of a signature the
  // game recorded already: under a reading, the listing still differs as it did.
  bool ListedBefore(const Divergence& d) const;
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
  // Records a divergence into the result: the first, or a later one of a
  // signature new to the game.
  void Record(Divergence d, int seat, std::string actual);
  void Record(LaterDivergence l);
  void AdvanceSilent();
  std::string AnswerWith(Rng& rng) const;
  std::string HarmlessAnswer() const;
  void Log(int turn, int player, std::string answer, bool silent, std::vector<Event> events,
           std::string input);
  void AddPlayedClauses(Divergence& d) const;
  // Whether the game can build a stand-in state from one message
  // (Resync::stand_in_from_message), and so check a game it cannot follow.
  bool HasStandIn() const;

  const RefereeFuzzConfig* config_;
  const RefereeFuzzing& fuzzing_;  // the game's; fuzz-referee refuses a game without it
  StopProbe stop_probe_;
  std::shared_ptr<RefereeFuzzConfig> adopted_;  // config_ under the readings adopted
  bool explain_ = true;                         // false in a replay
  bool stopped_diverged_ = false;               // a divergence stopped the game
  bool stand_in_ = false;                       // ref_ is a stand-in (Unknowable)
  // A re-synchronisation kept parts of the reference's own that no message
  // shows (Resync::resync_keeps_hidden_parts): the end is not compared.
  bool partial_ = false;
  std::optional<LaterDivergence> last_recorded_;  // deduplicated or not
  // Divergences that deviations explained, in order: each a finding, kept
  // when a replay under the next deviation becomes the game.
  std::vector<LaterDivergence> deviated_;
  std::string end_shown_;             // what End was shown
  std::optional<int> stated_winner_;  // while explaining a stated winner
  std::optional<int> winner_stated_;  // the winner the referee stated (StatedWinner)
  bool ended_ = false;                // End was called
  uint32_t given_deviations_ = 0;     // the deviations the plan's rules set (Start)
  bool stop_explained_ = false;       // Explain recorded the divergence plan_.stop_at names
  // Signature and answer of differences no reading explained; how many per signature.
  std::set<std::string> unexplained_;
  std::map<std::string, int> unexplained_tries_;
  // Per signature: how many rule changes were replayed and explained none.
  std::map<std::string, int> changes_tried_;
  // Rule changes (their rules, written out) a message before the one
  // explained refuted: under config_ and the steps so far they never explain
  // anything, so Explain skips them. Cleared whenever config_ or the steps
  // are replaced.
  std::set<std::string> refuted_;
  // --strict-readings (or a server profile): signature -> the reading that explained it.
  struct Named {
    std::string message;  // what the divergence's message adds
    std::string kind;     // the divergence's kind
    std::string clause;   // the reading's clause, put first
  };
  std::map<std::string, Named> named_;
  std::vector<Step> steps_;
  // arbiter.referee.chance: the first message of each seat so far, while
  // the start is hidden in part and another seat's may show the rest
  // (pending_), and why one alone did not.
  std::vector<std::pair<int, std::string>> firsts_;
  bool pending_ = false;
  Divergence pending_why_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  Rng rng_;
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
