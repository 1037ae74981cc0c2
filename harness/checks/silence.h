// Why a bot did not answer by the deadline: a diagnosis from evidence, never a
// guess. The harness gathers the evidence from the live process (is it
// blocked reading stdin, did its CPU time advance, what arrived when its stdin
// was closed); this file only decides, so the logic is tested with plain
// values in microseconds.
//
// "Not flushed" is said only when the bot was blocked waiting for input with
// its CPU idle, and the missing answer arrived as soon as its stdin was closed
// (the C library flushes stdout at exit): the answer existed but sat in the
// bot's buffer (jc2015.protocol.flush).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::harness {

struct SilenceEvidence {
  size_t partial_bytes = 0;              // bytes after the last newline at the deadline
  bool waiting_for_input = false;        // blocked in a read of its stdin (from /proc)
  bool cpu_advanced = false;             // CPU time advanced while we watched after the deadline
  bool answer_after_more_input = false;  // a line came once it was given one line more
  bool answer_after_eof = false;         // a complete line arrived after we closed its stdin
  bool exited_before_eof = false;        // it exited or died before we closed its stdin
};

enum class SilenceVerdict {
  kUnflushed,            // the answer was written but not flushed
  kPartialLine,          // it wrote part of a line and never ended it
  kTooSlow,              // still computing (or answered only later, unprompted)
  kStalled,              // neither computing nor reading its input (sleeping, blocked elsewhere)
  kReadsMore,            // blocked reading, it answered once given one line more
  kWaitingForMoreInput,  // blocked reading, with nothing to say even at EOF
  kExited,               // it was gone before the deadline's end
};

SilenceVerdict DiagnoseSilence(const SilenceEvidence& evidence);

// The line a silent bot blocked reading is given before its stdin is
// closed (arbiter.check.diagnosis): a bot that reads one line more than the
// turn gives answers then; one whose answer sits in an output buffer reads
// it as the next turn's first line and waits on. A number, so that a bot
// reading words (cin >> n, Scanner.nextInt) takes it as one.
inline constexpr std::string_view kMoreInputLine = "0";

// A bot blocked reading, with nothing to say even once its stdin was
// closed: what it did then tells an answer held in an output buffer from a
// bot that reads more than it was given (arbiter.check.diagnosis).
struct AfterEof {
  bool exited = false;           // it exited within the grace after the close
  bool by_signal = false;        // killed by a signal (no runtime flushes then)
  bool managed_runtime = false;  // a JVM or .NET (its threads' names): a writer it
                                 // made itself is not flushed at exit
  bool flushed_before = false;   // something of its stdout arrived earlier (READY, answers)
  std::string read_error;        // its stderr line about reading past the end, or ""
};
// True when the evidence contradicts a buffer never flushed: a runtime that
// flushes at exit (C stdio, C++ iostreams, Python, node) exited and printed
// nothing, or a bot that has flushed before failed reading past the end.
bool ReadsTooMuch(const AfterEof& after);
// The last line of `stderr_tail` about reading past the end of the input
// (Python's EOFError, Java's NoSuchElementException, "end of file", ...),
// trimmed to 160 bytes; "" when there is none.
std::string ReadErrorLine(const std::string& stderr_tail);
std::string_view SilenceVerdictName(SilenceVerdict verdict);

// A late answer on a machine that may be busy. Over the turn (from the write
// of the input to the read of the answer) the scheduler says how long the
// bot's threads ran and how long they were runnable but waited for a CPU
// (/proc/PID/task/*/schedstat), and how long arbiter itself waited for one.
// Waiting for a CPU is the machine's time, not the bot's.
// The bot's time is counted for the threads that answer: the busiest of its
// own threads (a JVM's, .NET's or V8's own compiler and collector threads
// are not the bot computing, though their waits may hold it up).
struct LateEvidence {
  double elapsed_ms = 0;  // measured, input written to answer read
  int limit_ms = 0;
  bool sched_valid = false;        // the kernel gave scheduler statistics
  double bot_run_ms = 0;           // on a CPU (the busiest answering thread)
  double bot_wait_ms = 0;          // runnable, waiting for a CPU (the longest-waiting one)
  double self_wait_ms = 0;         // arbiter runnable, waiting for a CPU, since its last wake
                                   // before the answer (only that can delay the read)
  int runtime_threads = 0;         // the runtime's own threads that ran on the turn
  double runtime_run_ms = 0;       // their time on a CPU, summed
  double runtime_wait_ms = 0;      // their time waiting for one, summed
  double runtime_wait_max_ms = 0;  // the longest wait of one of them
  // A launcher (a shell script such as a pyenv shim, `sh -c`, a wrapper)
  // that ran before it exec'd the interpreter (arbiter.timing.launcher):
  // its path, and its wall time within this window (0: none, or it had
  // exec'd before the window opened). Its time is not the bot's: a contest
  // server starts the interpreter itself.
  std::string launcher = {};
  double launcher_ms = 0;
};

// The bot's own time on a late turn: the elapsed time less the waits for a
// CPU that the machine's load explains: its answering thread's, arbiter's,
// and its runtime's threads' (one collector pause holds the bot up by its
// longest-waiting thread's wait) only as far as the answering thread and
// arbiter waited too. A runtime's threads waiting for one another (eight
// collector threads on two CPUs, on a quiet machine) are the bot's own time.
double OwnTime(const LateEvidence& evidence);

// A time in milliseconds as every report says it: "12.3".
std::string Fmt(double ms);

// The figures of `evidence` as a report says them, the same for every
// timing finding: "the bot ran 3.1 ms on a CPU and waited 0.2 ms for one;
// its runtime's own 4 threads ran 60.0 ms; arbiter waited 0.1 ms".
std::string TimingFigures(const LateEvidence& evidence);

enum class LateVerdict {
  kLate,          // the bot's own time (computing, sleeping, blocking) is over the limit
  kInconclusive,  // only the machine's waiting makes it late: play the match again
  kLauncher,      // in time once its launcher's time is left out: a warning that names it
};

// kLate when the bot computed for longer than the limit, or when its own
// time (OwnTime) is still over the limit (or there are no statistics);
// kInconclusive otherwise. A bot that really computes or
// sleeps too long is late under any load.
LateVerdict JudgeLateAnswer(const LateEvidence& evidence);

// A late answer's verdict and the words that go with it, made in one place
// so that no figure a report prints contradicts its verdict
// (arbiter.timing.load, arbiter.timing.launcher). `text` is the figures
// and the reason, to follow "the answer came after X ms; the limit is L
// ms; ". "not made late by the machine" is said only when all the waits
// for a CPU together were under a quarter of the limit; a bot that waited
// longer is told how long it took without them instead. `advice` is set
// for a launcher (how to start the interpreter itself) and for a runtime
// whose own threads ran longer than the bot.
struct LateJudgement {
  // What a late bot's figures say when the waits they show were small; a
  // second run in time proves the machine's hand in it after all, and the
  // warning then says kNotShownByTheFigures instead (arbiter.timing.confirm):
  // `unconfirmed_text`.
  static constexpr std::string_view kNotTheMachine =
      "the rest of the time it was sleeping or blocked, not made late by the machine";
  static constexpr std::string_view kNotShownByTheFigures =
      "the rest of the time it was sleeping, blocked, or held up in a way the scheduler's "
      "figures do not show";
  LateVerdict verdict = LateVerdict::kLate;
  bool computed_over = false;  // its own CPU time alone was over the limit
  std::string text;
  // `text` as a warning says it when a second run in time does not confirm
  // the verdict; empty where it is `text` itself (Unconfirmed()).
  std::string unconfirmed_text;
  std::string advice;
  const std::string& Unconfirmed() const {
    return unconfirmed_text.empty() ? text : unconfirmed_text;
  }
};
LateJudgement JudgeLate(const LateEvidence& evidence);

// A bot the referee under test stopped (played on as if its answer had not
// come) though arbiter answered as soon as the message reached it, and
// which the same answers, re-run, did not show again
// (arbiter.referee.load). kBusyMachine when arbiter itself waited for a CPU,
// from its answer before that message until the stop showed, a tenth of
// the referee's limit or more, or when the whole machine's CPU pressure (the
// share of the last 10 s in which some task waited for a CPU,
// /proc/pressure/cpu) was three quarters or more (a run's own games on
// every core reach a third to a half): the relay lost that time to the
// machine. kUnexplained otherwise (a quiet machine, or no statistics): a
// race in the referee, for all arbiter knows.
struct StopEvidence {
  bool sched_valid = false;  // the kernel gave scheduler statistics
  double self_wait_ms = 0;   // arbiter's thread, runnable but waiting for a CPU
  double cpu_pressure = -1;  // percent, "some" over 10 s; -1: not known
};
enum class StopVerdict { kBusyMachine, kUnexplained };
StopVerdict JudgeUnrepeatedStop(const StopEvidence& evidence, int limit_ms);
// The figures of `evidence` as a report says them: "arbiter waited 45.0 ms
// for a CPU, the CPU pressure was 60 %".
std::string LoadFigures(const StopEvidence& evidence);

// A game of which no message reached arbiter though the referee ran it
// (`started` of `seats` bots connected): referee.bot-not-started
// (arbiter.referee.starts-bots); or, when the machine was busy by
// JudgeUnrepeatedStop (arbiter's wait for a CPU since the game began, the
// CPU pressure), a referee.busy note (arbiter.referee.load): on a busy
// machine the probes may have missed the referee's `limit_ms` and been
// stopped before they relayed a message.
struct FaultText {
  std::string check, message;
};
FaultText NoMessageFault(int started, int seats, const StopEvidence& evidence, int limit_ms);

// A game the per-game limit (--time-limit) cut before its end
// (arbiter.referee.completes). A referee that had sent a message within
// `patience_ms` of the cut, in a game the reference engine still has going
// and agreeing with every message, was playing, not hung: referee.unfinished,
// a warning that names the turn reached and the rules left unchecked, with
// the machine's figures (on a busy machine a game runs longer). Otherwise
// (no message yet, or silent for the patience) referee.hang, saying which.
struct GameCut {
  int limit_ms = 0;
  std::optional<double> since_message_ms;  // since the referee's last message; none came
  int patience_ms = 0;
  bool reference_playing = false;  // not over, not diverged, by the reference engine
  int turn = 0;
  StopEvidence evidence;  // over the whole game
};
FaultText GameCutFault(const GameCut& cut);

// For a late answer on which the runtime's own threads (collector,
// compiler) ran longer than the bot's.
inline constexpr std::string_view kRuntimeAdvice =
    "its runtime's own threads (garbage collector, JIT compiler) ran longer than the bot on "
    "this turn: allocate less per turn (reuse arrays and objects, keep no large heap of "
    "short-lived ones)";

// How to flush in common languages, for the report of kUnflushed.
std::string_view FlushAdvice();

}  // namespace arbiter::harness
