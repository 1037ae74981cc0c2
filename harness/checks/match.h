// The referee loop of one match, inside: a bot seat and the Match that
// drives the seats through a game (session.cc) and judges what a silence or
// a late answer means (match_silence.cc). Internal to checks/.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "checks/session.h"
#include "checks/silence.h"

namespace arbiter::harness::detail {

// The checks a game opts into by listing them in its register (findings.h).
inline constexpr const char* kFirstDeadline = "action.first-deadline";
inline constexpr const char* kIllegalCheck = "action.illegal";
inline constexpr const char* kNoLegalSilence = "action.no-legal-silence";
inline constexpr const char* kNoLegalLine = "action.no-legal-line";
inline constexpr const char* kNoLegalCrash = "process.no-legal-crash";
inline constexpr const char* kServerAccepts = "action.server-accepts";
inline constexpr const char* kMemory = "process.memory";
inline constexpr const char* kInconclusive = "timing.inconclusive";
inline constexpr const char* kLauncherCheck = "bot.launcher";
inline constexpr const char* kReadyUnflushed = "ready.unflushed";
// A real referee's turn: at most this many lines streamed to it in one
// answer, and its input's later pieces restart the bot's clock for at most
// this long after the first.
inline constexpr int kMaxStreamedLines = 1000;
inline constexpr std::chrono::seconds kPiecesWindow{10};
// How long past its deadline a bot whose launcher is still running (or
// exec'd the interpreter within the window) is waited for: a pyenv shim
// took 2.8 s on a 2-core machine at load 10 (arbiter.timing.launcher).
inline constexpr std::chrono::seconds kLauncherWait{10};
// Debug text on stdout: every line there is read as an answer.
inline constexpr const char* kStderrAdvice =
    "if this line is debug output, write it to stderr, which the referee does not read "
    "(Python: print(..., file=sys.stderr); C++: std::cerr; Java: System.err.println; "
    "C#: Console.Error.WriteLine; node: console.error)";

double Ms(Clock::duration d);
std::string DescribeExit(const BotProcess& p);  // "exited with status 1"
// The same as a finding's form: "exited", or "killed by SIGSEGV".
std::string ExitForm(const BotProcess& p);
// What `p` did within the grace after its stdin was closed, into `after`
// (exited, by a signal, its stderr's read error); and how a report says it:
// "failed reading ('EOFError: ...')", else DescribeExit.
void FillAfterEof(const BotProcess& p, AfterEof& after);
std::string AfterEofText(const BotProcess& p, const AfterEof& after);
std::string_view Trimmed(std::string_view text);  // Java's String.trim()
double NsToMs(uint64_t after, uint64_t before);
// When a window that lasted `elapsed_ms` up to `at` began.
inline Clock::time_point OpenedAt(Clock::time_point at, double elapsed_ms) {
  return at - std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double, std::milli>(elapsed_ms));
}

// One bot seat of the match.
struct BotSeat {
  int seat = 0;
  std::unique_ptr<BotProcess> proc;
  bool active = false;  // still playing; a stopped bot does nothing on its turns
  int own_turns = 0;
  bool first_turn = false;                 // the turn being played is the bot's first
  std::map<std::string, size_t> reported;  // check -> index in findings
  SchedSample sched_before;                // the bot's tree when its input was written
  SchedSample self_before;                 // arbiter's own, at the same moment
  int answers = 0;                         // answer lines received in this match
  int no_legal_turn = -1;                  // a turn it had no legal action on, which put it out
  std::string sent;                        // every byte written to it, for reproducing a finding
  uint64_t stderr_seen = 0;                // stderr bytes already given to a turn's record
};

class Match {
 public:
  Match(Env& env, MatchSpec& spec, const SessionConfig& config, const CheckCatalog& catalog,
        MatchResult& result)
      : env_(env), spec_(spec), config_(config), catalog_(catalog), result_(result) {}

  void Run(const Progress& progress);

 private:
  // A finding of `b` under `check`, made in `form` (Finding::form: which of
  // the check's statements, the same whatever figures `message` holds);
  // the seat's second of one check is counted on its first.
  Finding& Report(BotSeat& b, const std::string& check, std::string form, std::string message,
                  int turn = -1);
  void Handshake(BotSeat& b);
  std::string NewStderr(BotSeat& b);
  void MissingReady(BotSeat& b, const std::string& noise);
  void BotTurn(BotSeat& b, TurnRecord& rec);
  std::optional<TimedLine> AnswerLines(BotSeat& b, Clock::time_point deadline, int limit,
                                       TurnRecord& rec, std::string& joined);
  TimedLine StreamedAnswer(BotSeat& b, Clock::time_point deadline, int limit, std::string& joined);
  void DiagnoseSilence(BotSeat& b, Clock::time_point start, int limit, TurnRecord& rec);
  void CheckBetweenTurns(BotSeat& b, int turn);
  void CheckFloods(BotSeat& b, int turn);
  // An answer that came after the limit, judged late (`j`, by
  // LateUnexplained): reported in the judgement's words, and the bot is stopped.
  void ReportLate(BotSeat& b, const TimedLine& tl, double elapsed, int limit, TurnRecord& rec,
                  const LateJudgement& j);
  // What a late answer the machine's load explains leads to: the match
  // played again, or on the deciding run (MatchSpec::deciding) a WARN.
  std::string Undecided() const;
  // "; <server> stops the bot (SIGTERM), ...": a late or silent answer under
  // a real server's profile (SessionConfig::server).
  std::string ServerStops() const;
  // The check of a missed deadline: action.first-deadline on the bot's first
  // turn when the register lists it, action.deadline otherwise.
  std::string DeadlineCheck(const BotSeat& b) const;
  // The check of an answer the game judges `verdict` (kInvalid or kIllegal).
  std::string RejectedCheck(AnswerVerdict verdict) const;
  // A silent turn (already applied, rec.events filled) on which the game
  // cites the clause of the register's action.no-legal-silence check, i.e.
  // the player had no legal action and still had to print a line.
  bool NoLegalSilence(const TurnRecord& rec) const;
  void Stop(BotSeat& b, int turn);
  // A silent bot whose CPU time advanced: action.deadline with its CPU time
  // on the turn, or timing.inconclusive when that is within the limit.
  // The advice for an answer that is not a command (session.cc).
  std::string InvalidHint(const std::string& text, const Refusal& why) const;
  // A silence the evidence puts down to reading past the turn's input;
  // `evidence` says what showed it (ReadsTooMuchText after its stdin closed).
  Finding& ReportReadsTooMuch(BotSeat& b, const std::string& check, const std::string& waited,
                              const std::string& evidence, const TurnRecord& rec);
  // What a silent bot blocked reading does given one line more
  // (kMoreInputLine), then at the end of its input (arbiter.check.diagnosis),
  // into `e`: the answer it gave while still running, if any, and whether
  // it exited after the line.
  struct MoreInput {
    std::optional<TimedLine> answer;
    bool exited = false;
  };
  MoreInput ProbeSilentBot(BotProcess& p, int limit, const TurnRecord& rec, SilenceEvidence& e);
  std::optional<TimedLine> AnswerToMoreInput(BotProcess& p, int limit);
  static std::string ReadsMoreText(const TurnRecord& rec);
  static std::string ReadsTooMuchText(const BotSeat& b, const AfterEof& after,
                                      const TurnRecord& rec);
  // A silent bot its memory cgroup holds at the limit: process.memory, said;
  // false when it is not held there.
  bool HeldAtMemoryLimit(BotSeat& b, int limit, const std::string& note, int turn);
  Finding& ReportComputing(BotSeat& b, const std::string& check, const std::string& waited,
                           int limit, int turn, Clock::time_point start);
  // The bot's main process has exited: a crash, or arbiter's memory watch
  // killed the tree (process.memory). `what` ends the sentence ("before its
  // handshake"); `check` is the crash's check otherwise.
  Finding& ReportExit(BotSeat& b, const std::string& check, const std::string& what, int turn);
  // A late answer judged once (JudgeLate), so that its verdict and words
  // agree: nullopt when the machine's load (a timing.inconclusive finding)
  // or a launcher (bot.launcher) explains it and the bot plays on; else the
  // judgement, for ReportLate to say. `what` came late: "the answer", or
  // "the handshake" (turn -1).
  std::optional<LateJudgement> LateUnexplained(BotSeat& b, double elapsed, int limit, int turn,
                                               const TimedLine& tl,
                                               const char* what = "the answer");
  // The scheduler's account of the bot's turn so far (silence.h), for
  // JudgeLateAnswer: its CPU time and its and arbiter's waits for a CPU.
  // `opened`: when the window timed began (its launcher's time within it
  // is counted apart, arbiter.timing.launcher).
  LateEvidence LateEvidenceOf(const BotSeat& b, double elapsed, int limit,
                              Clock::time_point opened);
  // RunUntil(deadline, done) for a window that began at `opened`, given
  // more time while the bot's launcher runs: up to `limit` from the
  // interpreter's start, and kLauncherWait at most (arbiter.timing.launcher).
  // Under a runner that stays (npm start), while it runs: a prestart
  // script's program may outlast the limit before the interpreter starts.
  // What comes after `deadline` is still judged late, with the launcher's
  // time apart.
  bool WaitPastLauncher(BotProcess& p, Clock::time_point opened, Clock::time_point deadline,
                        int limit, const std::function<bool()>& done);
  // A process that dies closes its stdout a moment before it is reaped: after
  // end of file, wait briefly for the exit, to tell a crash from a bot that
  // closed its stdout and lives on.
  void Settle(BotProcess& p) {
    if (p.stdout_eof() && !p.exited())
      env_.RunUntil(env_.Now() + config_.observe, [&] { return p.exited(); });
  }
  void Teardown(BotSeat& b, int turn);
  void Finish(BotSeat& b);

  Env& env_;
  MatchSpec& spec_;
  const SessionConfig& config_;
  const CheckCatalog& catalog_;
  MatchResult& result_;
  std::vector<BotSeat> bots_;
  std::string last_input_;
  // A scanning server's handshake windows come one after another
  // (SessionConfig::ready_scan): when the last one ended.
  std::optional<Clock::time_point> handshake_ended_;
};

}  // namespace arbiter::harness::detail
