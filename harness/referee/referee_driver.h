// One game through a game's real referee (arbiter.referee-run.framing): the
// one driver behind check-bot, play --referee and fuzz-referee (with an
// engine and without), for both protocols a referee speaks.
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

#include "referee/answer_fuzz.h"
#include "process/env.h"
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
  std::string probe_executable;  // the bots protocol's relay (ProbeBesideSelf)
  Limits limits;                 // the referee's own (none by default: it is the organiser's)
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

class RefereeDriver {
 public:
  RefereeDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed);
  ~RefereeDriver();
  RefereeDriver(const RefereeDriver&) = delete;
  RefereeDriver& operator=(const RefereeDriver&) = delete;

  // Starts the referee; false (outcome().fault says why) when it cannot be.
  bool Start();
  // Waits for the referee's next request; nullopt once the game is over or
  // stopped short (outcome()).
  std::optional<RefereeRequest> Next(const NextHint& hint = {});
  // The current request's answer, its lines without '\n'.
  void Answer(const std::vector<std::string_view>& lines);
  // The bots protocol: the current request's answer, sent `delay` from now
  // while the driver goes on serving the other seats (a bot too late for
  // the referee's limit).
  void AnswerAfter(const std::vector<std::string_view>& lines, std::chrono::milliseconds delay);
  // The bots protocol: the current request is never answered; its bot
  // writes a line to its stderr without the newline and hangs. False when
  // that line could not be written.
  bool Stall();
  // The bots protocol: one line of the current request's answer, sent at
  // once (the referee reads as many as it wants); Answered() ends it.
  void Stream(const std::string& line);
  void Answered();
  // A seat's handshake line, for a referee that launches its bots (it reads
  // the line itself); nothing under the runner protocol.
  void Handshake(int seat, const std::string& line);
  // The referee moved on since the current request: it wrote to a seat,
  // closed one's input, or exited.
  bool Moved() const;
  // Input was already waiting for another seat when the current request came.
  bool OthersWaiting() const;
  // Seat `seat`'s bot was stopped outside a turn (at its handshake): a
  // referee that launches its bots sees it die.
  void Drop(int seat);
  // The current request gets no answer: the seat's bot was stopped. The bots
  // protocol: the referee sees its bot die; the runner protocol, which
  // cannot say so: K empty lines, which a referee reads as no answer.
  void NoAnswer();
  // Bytes the referee wrote to `seat` since its request (a turn written in
  // pieces, the bots protocol); "" under the runner protocol.
  std::string MoreInput(int seat);
  // The runner protocol, after ###End: the referee's stdin closes, as a
  // runner's does once its game is over.
  void CloseInput();
  // After the game: waits for the referee's exit (exit_grace), then stops
  // its tree. Idempotent; the destructor calls it.
  void Finish();
  // The referee's stderr lines since the last call, read.
  std::vector<RefereeSaid> TakeSaid();

  const RefereeOutcome& outcome() const { return outcome_; }
  const std::vector<std::string>& argv() const { return argv_; }
  // The runner protocol: the lines arbiter wrote before the game
  // ("###Start 2\n"), which a bot never sent (arbiter's framing check).
  const std::string& start_text() const { return start_text_; }
  int players() const { return players_; }
  // Whether the referee closed `seat`'s input (the bots protocol) before
  // the game's end: it put that player out.
  bool SeatClosed(int seat) const;
  // The bots protocol: whether `seat`'s bot is gone as the referee sees it
  // (its input closed, or the bot stopped), and how many times the referee
  // started it.
  bool SeatStopped(int seat) const;
  int Connections(int seat) const;
  bool RefereeExited() const { return referee_ && referee_->exited(); }
  // Waits up to `grace` for the referee's exit; whether it exited.
  bool WaitForExit(std::chrono::milliseconds grace);
  // The bots protocol: the referee's last stdout lines that may be results
  // (50), and its whole stderr tail as kept (outcome().stderr_tail is its
  // last lines).
  const std::vector<std::string>& result_lines() const { return result_lines_; }
  std::string StderrTail() const { return referee_ ? referee_->stderr_tail() : ""; }

 private:
  std::optional<RefereeRequest> NextFromRunner(Clock::time_point deadline);
  // One runner-protocol line: false when it stopped the game (a fault, or
  // ###End); `request` set when it asks for an answer.
  bool RunnerLine(const TimedLine& line, std::optional<RefereeRequest>& request);
  // The runner protocol, silent or closed before ###End.
  void RunnerStopped();
  // The whole game's limit has passed, and how that is said.
  bool OutOfTime();
  std::string OutOfTimeText() const;
  std::optional<RefereeRequest> NextFromRelay(Clock::time_point deadline, int expected);
  // The bots protocol: the length of the complete message at the front of
  // `seat`'s input (0: none yet).
  size_t Complete(int seat);
  // The bots protocol, while waiting: the referee's stdout kept, handshakes
  // answered, relays whose input closed stopped, a late answer sent when due.
  void Tend();
  // The complete seat whose bytes came first; the expected seat's, when it
  // comes within reorder_patience.
  int Pick(int expected);
  RefereeRequest Take(int seat, bool queued);
  // Every seat's input closed, nothing complete left in it.
  bool AllClosed();
  // The relays still carrying messages after the referee's exit.
  void Drain();
  void KeepStdout();
  void Stopped(const std::string& check, const std::string& why);
  // The current request's planned mutation (nullopt: none), fixed and
  // recorded at its answer's first line.
  std::optional<AnswerFamily> Family();
  // Bytes of the current request's answer to the referee, as they are.
  void Deliver(const std::string& bytes);
  // A late answer's wait (fuzz-referee's late_ms).
  void WaitLate();
  // `bytes` as the planned mutation `family` makes them.
  std::string Mutated(AnswerFamily family, const std::string& bytes) const;
  NumberBounds seen_;  // the numbers of the game's answers so far (near-valid bounds)
  // The runner protocol, silent after an answer: one more line sent; true
  // when the referee then went on (it reads more lines than it asked for).
  bool ReadsMoreThanAsked();
  void ReadExit();
  void ResultFromStdout();
  // After the referee's own exit: its relays stopped, and what it started
  // given a moment to follow; then what is left is its leftovers.
  void SettleAfterExit();
  void NoteLeftovers(const TeardownReport& t);
  // A process of that name is one of arbiter's relays (run as a bot).
  bool IsRelay(std::string_view name) const;

  Env& env_;
  const RefereeDriverConfig config_;
  const uint64_t seed_;
  int players_ = 0;
  std::vector<std::string> argv_;
  std::string start_text_;  // what the runner protocol's start wrote (###Seed, ###Start)
  std::unique_ptr<SeatRelay> relay_;
  std::unique_ptr<BotProcess> referee_;
  RefereeOutcome outcome_;
  std::optional<RefereeRequest> current_;
  int request_index_ = -1;  // the current request's number, from 0
  // The current answer's mutation (Family), and what a streamed answer
  // needs of it: the lines held back (late), its first line (extra lines
  // follow the answer), whether its one mutated line went.
  std::optional<AnswerFamily> family_;
  bool family_taken_ = false, mutated_sent_ = false;
  std::string held_, first_line_;
  std::string last_answer_;           // the runner protocol: the bytes of the last answer sent
  std::vector<std::string> pending_;  // runner: per player, its ###Input so far
  int input_seat_ = -1;               // runner: the player of the open ###Input block
  // Its last lines that may be a result (RESULT ..., or JSON with "ranks"),
  // kept whatever followed them (a board printed after the result).
  std::vector<std::string> result_lines_;
  std::vector<int> readied_;  // bots protocol: per seat, the connections answered
  struct Late {
    int seat = -1;
    std::string bytes;
    Clock::time_point due;
  };
  std::optional<Late> late_;  // AnswerAfter's answer, until it is sent
  bool drained_ = false;
  std::optional<Clock::time_point> until_;  // the current Next's hint
  uint64_t stderr_seen_ = 0;
  std::string stderr_partial_;
  bool finished_ = false;
  Clock::time_point started_at_{};
  // The bots protocol, when the current request came: the seats closed, and
  // what was waiting for each (Moved).
  std::vector<bool> ended_at_request_;
  std::vector<size_t> inbox_at_request_;
};

}  // namespace arbiter::harness
