// One game through a game's real referee (arbiter.referee-run.framing): the
// one driver interface behind check-bot, play --referee and fuzz-referee
// (with an engine and without), one class per protocol a referee speaks
// (MakeRefereeDriver picks it by the template's protocol):
//
//   runner protocol  the referee talks to arbiter on its stdin and stdout:
//                    arbiter writes "###Start P" (after "###Seed N" only
//                    when seed_line says so, as cg-brutaltester), reads
//                    "###Input p" blocks, and each "###Output p K" asks for
//                    K answer lines of player p; "###End RANKING" ends it;
//   bots protocol    the referee starts its bots itself ({bot0}, {bot1},
//                    ... are arbiter's relays, Env::OpenRelay): bytes it
//                    writes to a seat are that seat's input, and an answer
//                    is due once it has written a turn; the game ends when
//                    it exits (its ranking: a "RESULT W" line, or a JSON
//                    line with "ranks", as psyleague's referees print).
//
// RefereeDriver holds what every protocol shares: the referee's process
// and its start (argv, limits, containment), the game's limit and the
// patience of every wait, the answers' planned mutations, the referee's
// stderr, its exit, and its teardown with what it left running. A protocol
// (runner_driver.h, bots_driver.h) adds how the referee's requests are read
// and its answers delivered: the next protocol is one class of its own.
//
// The driver owns the referee's template and process (on Env: the tests use
// the fake clock) and says what the referee did: its requests, its stderr
// lines (with the seat each names, RefereeSaid), its ranking, its exit, and
// why a game stopped short (a crash, a hang, a message out of protocol).
// Nothing a referee does makes it throw or wait without a deadline.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "process/env.h"
#include "referee/answer_fuzz.h"
#include "referee/referee_lines.h"
#include "referee/referee_template.h"
#include "referee/seed_line_mode.h"

namespace arbiter::harness {

struct RefereeDriverConfig {
  RefereeTemplate referee;
  int players = 2;  // the runner protocol's ###Start; the bots protocol: the template's seats
  // The runner protocol: whether "###Seed N" comes before "###Start P"
  // (arbiter.referee.runner-protocol). cg-brutaltester sends it only when
  // asked (its -s and -r), and a referee written for it may read exactly
  // one line, whatever it says, as its start: kAuto is resolved before a
  // run (ResolveSeedLine, seed_line.h) and, unresolved, sends none.
  SeedLine seed_line = SeedLine::kAuto;
  std::optional<uint64_t> seed_line_value;  // the N of ###Seed (default: the game's seed)
  std::string probe_executable;             // the bots protocol's relay (ProbeBesideSelf)
  Limits limits;  // the referee's own (none by default: it is the organiser's)
  Environment env;
  Containment containment;  // the referee's: none unless the organiser asks
  // The game's answers by which a player leaves it under the rules
  // (GameInfo::concede_answers), when arbiter knows the game.
  std::vector<std::string> concede_answers;
  // How long arbiter waits for the referee's next message before calling it
  // a hang (it may be waiting for a bot arbiter stopped: it then has this
  // long to notice).
  std::chrono::milliseconds patience{10000};
  std::chrono::milliseconds exit_grace{2000};  // to exit after its game
  // The whole game's limit (fuzz-referee's --time-limit; zero: none): a
  // referee that has not ended its game by then hangs.
  std::chrono::milliseconds game_limit{0};
  // The runner protocol as fuzz-referee on an engine holds a referee to it
  // (arbiter.referee.runner-protocol), a game whose answer is one line:
  // every ###Output asks for exactly one line, a player's input stays under
  // 64 KiB and ends with its ###Output before ###End, and a stdout line past
  // 64 KiB or a flood of lines is "referee.garbage". Otherwise (a game
  // arbiter has no engine for) ###Output may ask for any K (0: nothing is
  // due) and a line may reach 1 MB.
  bool one_line_answers = false;
  // fuzz-referee without an engine: the answers mutated on their way to the
  // referee (arbiter.referee-fuzz.answers); none when unset.
  std::optional<AnswerFuzzPlan> fuzz;
  // A seed bot's answers as recorded, by seat, each in turn: a seat whose
  // policy is kRecordedPolicy plays them back (a reproducer replays what
  // the seed bot said, never the seed bot, arbiter.referee.replayable).
  std::vector<std::vector<std::string>> recorded;
  // The bots protocol as fuzz-referee on an engine plays it
  // (arbiter.referee.completes):
  //   frame             the game's own framing of a seat's input
  //                     (RefereeFuzzing::frame_message): the length of the
  //                     complete message at its front, 0 while it is not;
  //                     a seat's input passing 64 KiB without one is
  //                     "referee.garbage". Unset: all that came, once it
  //                     ends a line;
  //   ready_line        the game's handshake, answered to each connection
  //                     of a seat's bot (a referee may restart one);
  //   drain_after_exit  once the referee has exited, how long the messages
  //                     its relays still carry are waited for, each still a
  //                     request (zero: the game is over at its exit);
  //   reorder_patience  how long a message to another seat than the one
  //                     the game expects (Next's hint) waits for that
  //                     seat's: messages to two seats may cross.
  std::function<size_t(const std::string&)> frame;
  std::optional<std::string> ready_line;
  std::chrono::milliseconds drain_after_exit{0};
  std::chrono::milliseconds reorder_patience{0};
};

// The policy of a seat that plays RefereeDriverConfig::recorded back.
inline constexpr const char* kRecordedPolicy = "recorded";

// What the caller knows of the game's next request (the bots protocol): the
// seat it expects a message for (-1: any), and when it stops waiting for
// one, earlier than the driver's patience (a stalled bot's referee must
// have played on by then): a hang.
struct NextHint {
  int expected_seat = -1;
  std::optional<Clock::time_point> until;
};

// What the referee asks: player `seat`'s answer, `lines` lines, to `input`.
struct RefereeRequest {
  int seat = -1;
  std::string input;
  int lines = 1;  // 0: as many as the referee reads (the bots protocol)
  // The input was waiting when arbiter asked for it: the referee wrote it
  // while arbiter relayed another seat, so its clock ran before the bot's.
  bool queued = false;
};

struct RefereeOutcome {
  bool started = false;
  bool ended = false;  // the game came to its end (###End, or the referee exited after it)
  std::optional<std::vector<std::vector<int>>> ranking;  // best first, ties grouped
  std::string result_line;                               // the line the ranking came from
  // The scores a CodinGame SDK referee printed instead of a result line
  // (ReadCgSdkScores), per seat; result_line is then "scores 3 1".
  std::vector<long long> scores;
  // psyleague's "errors": the players the referee put out for an error
  // (a timeout, a crash, an invalid answer); empty when it does not say.
  std::vector<int> errors;
  // Why the game stopped short, under arbiter's clause: "referee.crash",
  // "referee.hang", "referee.protocol", "referee.exec-failed"; "" if not.
  std::string fault_check, fault;
  std::string exit_text;                      // "exited with status 1", "" while running
  std::optional<int> exit_code, term_signal;  // as exit_text says
  bool exit_clean = false;
  bool exit_hung = false;  // it did not exit within exit_grace of its game's end
  // The hang is the game's limit (--time-limit) passing, whatever the referee
  // was doing then (GameCutFault tells a cut game from a hung referee).
  bool cut_by_limit = false;
  // The planned mutations that reached the referee: (request, seat, family).
  struct Mutated {
    int request = -1, seat = -1;
    AnswerFamily family = AnswerFamily::kGarbage;
    std::string bytes = {};  // what the referee was given instead (a content family; 200 bytes)
  };
  std::vector<Mutated> mutated;
  int requests = 0;         // the requests the referee made
  std::string stderr_tail;  // the referee's last stderr lines
  // A contained referee's stderr showing what its containment took away
  // (BotProcess::ContainmentEvidence), as advice; "" when nothing shows.
  std::string containment;
  std::string stdout_head;  // the referee's first stdout lines (4 KiB)
  // Processes the referee left running once it had exited on its own with
  // status 0 (a second after, arbiter's relays aside), "PID (name)", at
  // most 20: arbiter killed them.
  std::vector<std::string> leftovers;
};

// "the referee left 2 process(es) running a second after its exit: 4242
// (sleep), 4243 (java); arbiter killed them" (outcome.leftovers), or "".
std::string LeftoversText(const RefereeOutcome& outcome);

// A runner-protocol referee's error exit after its ###End, or none within
// the grace: "the referee ended its game with '###End 0 1', then exited with
// status 1; cg-brutaltester stops a referee at ###End, so no game is lost to
// it" (a note, arbiter.referee.completes), or "" when it exited cleanly.
std::string RunnerExitAfterEndText(const RefereeOutcome& outcome);

// The interface of a game through a referee, and what its protocols share.
// A protocol's class says how requests are read (Await) and answers
// delivered (Deliver, NoAnswer); an operation its protocol has no words for
// does nothing, as each says below.
class RefereeDriver {
 public:
  virtual ~RefereeDriver() = default;
  RefereeDriver(const RefereeDriver&) = delete;
  RefereeDriver& operator=(const RefereeDriver&) = delete;

  // Starts the referee; false (outcome().fault says why) when it cannot be.
  bool Start();
  // Waits for the referee's next request; nullopt once the game is over or
  // stopped short (outcome()).
  std::optional<RefereeRequest> Next(const NextHint& hint = {});
  // The current request's answer, its lines without '\n'.
  void Answer(const std::vector<std::string_view>& lines);
  // The current request gets no answer: the seat's bot was stopped. The bots
  // protocol: the referee sees its bot die; the runner protocol, which
  // cannot say so: K empty lines, which a referee reads as no answer.
  virtual void NoAnswer() = 0;
  // Whether a line's CR before its newline is dropped on its way to the
  // referee: cg-brutaltester reads a bot's line with Java's
  // Scanner.nextLine, whose line end takes "\r\n" whole, and writes it on
  // with println; the runner protocol's referee never sees a bot's CR
  // (arbiter.referee.runner-protocol). The bots protocol relays bytes as the
  // bot wrote them.
  virtual bool DropsCrBeforeNewline() const { return false; }
  // After the game: waits for the referee's exit (exit_grace), then stops
  // its tree. Idempotent; each protocol's destructor calls it.
  void Finish();
  // The referee's stderr lines since the last call, read.
  std::vector<RefereeSaid> TakeSaid();

  // The bots protocol's own: nothing under a protocol whose referee does not
  // launch its bots.
  //   AnswerAfter  the current request's answer, sent `delay` from now while
  //                the driver goes on serving the other seats (a bot too
  //                late for the referee's limit);
  //   Stall        the current request is never answered; its bot writes a
  //                line to its stderr without the newline and hangs. False
  //                when that line could not be written;
  //   Stream       one line of the current request's answer, sent at once
  //                (the referee reads as many as it wants); Answered() ends
  //                it;
  //   Handshake    a seat's handshake line (the referee reads it itself);
  //   Drop         seat `seat`'s bot was stopped outside a turn (at its
  //                handshake): the referee sees it die;
  //   MoreInput    bytes the referee wrote to `seat` since its request (a
  //                turn written in pieces).
  virtual void AnswerAfter(const std::vector<std::string_view>&, std::chrono::milliseconds) {}
  virtual bool Stall() { return false; }
  virtual void Stream(const std::string&) {}
  virtual void Answered() { current_.reset(); }
  virtual void Handshake(int, const std::string&) {}
  virtual void Drop(int) {}
  virtual std::string MoreInput(int) { return ""; }
  // The referee moved on since the current request: it wrote to a seat,
  // closed one's input, or exited.
  virtual bool Moved() const { return !referee_ || referee_->exited(); }
  // Input was already waiting for another seat when the current request came.
  virtual bool OthersWaiting() const { return false; }
  // Whether the referee closed `seat`'s input (the bots protocol) before
  // the game's end: it put that player out.
  virtual bool SeatClosed(int) const { return false; }
  // The bots protocol: whether `seat`'s bot is gone as the referee sees it
  // (its input closed, or the bot stopped), and how many times the referee
  // started it.
  virtual bool SeatStopped(int) const { return false; }
  virtual int Connections(int) const { return 0; }
  // The bots protocol: the referee's last stdout lines that may be results
  // (50); none under the runner protocol, whose ranking is its ###End.
  virtual const std::vector<std::string>& result_lines() const { return no_lines_; }
  // The runner protocol, after ###End: the referee's stdin closes, as a
  // runner's does once its game is over.
  virtual void CloseInput() {}
  // The runner protocol: the lines arbiter wrote before the game
  // ("###Start 2\n"), which a bot never sent (arbiter's framing check).
  virtual const std::string& start_text() const { return no_text_; }

  const RefereeOutcome& outcome() const { return outcome_; }
  const std::vector<std::string>& argv() const { return argv_; }
  int players() const { return players_; }
  bool RefereeExited() const { return referee_ && referee_->exited(); }
  // Waits up to `grace` for the referee's exit; whether it exited.
  bool WaitForExit(std::chrono::milliseconds grace);
  // The referee's whole stderr tail as kept (outcome().stderr_tail is its
  // last lines).
  std::string StderrTail() const { return referee_ ? referee_->stderr_tail() : ""; }

 protected:
  RefereeDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed, int players);

  // What a protocol adds to the referee's start: the bots' commands for its
  // {botK} (and what a contained referee must share with them), before it
  // runs; false (after Stopped) when they cannot be had.
  virtual bool OpenSeats(std::vector<std::string>& bots, SpawnOptions& options) = 0;
  // Once the referee runs: what the protocol writes first.
  virtual void Begin() = 0;
  // Lines the referee sent that are still read past the game's limit (a
  // runner's queued ###End).
  virtual bool HasQueued() const = 0;
  // The next request, waiting until `deadline` at most; nullopt after
  // Stopped, or at the game's end (outcome_.ended).
  virtual std::optional<RefereeRequest> Await(Clock::time_point deadline, int expected) = 0;
  // Bytes of the current request's answer to the referee, as they are.
  virtual void Deliver(const std::string& bytes) = 0;
  // Teardown: the bots the protocol runs for the referee stopped (those
  // whose input it closed, or all), what it printed last kept, and whether
  // a process of that name is the protocol's own (not a leftover).
  virtual void StopSeats(bool all) = 0;
  virtual void KeepLastOutput() {}
  virtual bool IsOwnProcess(std::string_view) const { return false; }

  void Stopped(const std::string& check, const std::string& why);
  void ReadExit();
  // The whole game's limit has passed, and how that is said.
  bool OutOfTime();
  std::string OutOfTimeText() const;
  // The current request's planned mutation (nullopt: none), fixed and
  // recorded at its answer's first line.
  std::optional<AnswerFamily> Family();
  // A late answer's wait (fuzz-referee's late_ms).
  void WaitLate();
  // `bytes` as the planned mutation `family` makes them.
  std::string Mutated(AnswerFamily family, const std::string& bytes) const;

  Env& env_;
  const RefereeDriverConfig config_;
  const uint64_t seed_;
  const int players_;
  std::vector<std::string> argv_;
  std::unique_ptr<BotProcess> referee_;
  RefereeOutcome outcome_;
  std::optional<RefereeRequest> current_;
  int request_index_ = -1;  // the current request's number, from 0
  // The current answer's mutation (Family), fixed at its first line.
  std::optional<AnswerFamily> family_;
  bool family_taken_ = false;
  NumberBounds seen_;  // the numbers of the game's answers so far (near-valid bounds)
  std::optional<Clock::time_point> until_;  // the current Next's hint
  Clock::time_point started_at_{};

 private:
  // After the referee's own exit: the protocol's bots stopped, and what it
  // started given a moment to follow; then what is left is its leftovers.
  void SettleAfterExit();
  void NoteLeftovers(const TeardownReport& t);

  uint64_t stderr_seen_ = 0;
  std::string stderr_partial_;
  bool finished_ = false;
  const std::vector<std::string> no_lines_;
  const std::string no_text_;
};

// The driver of `config`'s referee, by its template's protocol.
std::unique_ptr<RefereeDriver> MakeRefereeDriver(Env& env, const RefereeDriverConfig& config,
                                                 uint64_t seed);

}  // namespace arbiter::harness
