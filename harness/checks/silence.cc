#include "silence.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/parse.h"

namespace arbiter::harness {

SilenceVerdict DiagnoseSilence(const SilenceEvidence& e) {
  if (e.exited_before_eof) return SilenceVerdict::kExited;
  if (e.waiting_for_input && !e.cpu_advanced) {
    if (e.answer_after_more_input && e.partial_bytes == 0) return SilenceVerdict::kReadsMore;
    if (e.answer_after_eof) return SilenceVerdict::kUnflushed;
    return e.partial_bytes > 0 ? SilenceVerdict::kPartialLine
                               : SilenceVerdict::kWaitingForMoreInput;
  }
  if (e.partial_bytes > 0 && !e.answer_after_eof) return SilenceVerdict::kPartialLine;
  if (!e.cpu_advanced && !e.waiting_for_input && !e.answer_after_eof)
    return SilenceVerdict::kStalled;
  return SilenceVerdict::kTooSlow;
}

bool ReadsTooMuch(const AfterEof& a) {
  if (a.exited && !a.by_signal && !a.managed_runtime) return true;
  return a.flushed_before && !a.read_error.empty();
}

std::string ReadErrorLine(const std::string& stderr_tail) {
  std::string found;
  size_t start = 0;
  while (start < stderr_tail.size()) {
    size_t end = stderr_tail.find('\n', start);
    if (end == std::string::npos) end = stderr_tail.size();
    std::string line = stderr_tail.substr(start, end - start);
    start = end + 1;
    const std::string lower = AsciiLower(line);
    if (lower.find("eof") != std::string::npos || lower.find("end of file") != std::string::npos ||
        lower.find("end of input") != std::string::npos ||
        lower.find("nosuchelementexception") != std::string::npos) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      const size_t first = line.find_first_not_of(" \t");
      found = first == std::string::npos ? std::string() : line.substr(first, 160);
    }
  }
  return found;
}

double OwnTime(const LateEvidence& e) {
  const double load = e.bot_wait_ms + e.self_wait_ms;
  return std::max(0.0, e.elapsed_ms - load - std::min(e.runtime_wait_max_ms, load));
}

LateVerdict JudgeLateAnswer(const LateEvidence& e) {
  if (!e.sched_valid || e.elapsed_ms <= e.limit_ms) return LateVerdict::kLate;
  if (e.bot_run_ms > e.limit_ms) return LateVerdict::kLate;
  return OwnTime(e) > e.limit_ms ? LateVerdict::kLate : LateVerdict::kInconclusive;
}

std::string TimingFigures(const LateEvidence& e) {
  const auto ms = [](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return std::string(text);
  };
  if (!e.sched_valid) return "the kernel gave no scheduler statistics";
  std::string out = "the bot ran " + ms(e.bot_run_ms) + " ms on a CPU and waited " +
                    ms(e.bot_wait_ms) + " ms for one";
  if (e.runtime_threads > 0)
    out += "; its runtime's own " + std::to_string(e.runtime_threads) + " thread(s) ran " +
           ms(e.runtime_run_ms) + " ms and waited " + ms(e.runtime_wait_ms) + " ms";
  return out + "; arbiter waited " + ms(e.self_wait_ms) + " ms";
}

StopVerdict JudgeUnrepeatedStop(const StopEvidence& e, int limit_ms) {
  if (e.cpu_pressure >= 75) return StopVerdict::kBusyMachine;
  if (!e.sched_valid || limit_ms <= 0) return StopVerdict::kUnexplained;
  return e.self_wait_ms * 10 >= limit_ms ? StopVerdict::kBusyMachine : StopVerdict::kUnexplained;
}

std::string LoadFigures(const StopEvidence& e) {
  char figures[96];
  std::snprintf(figures, sizeof figures, "arbiter waited %.1f ms for a CPU", e.self_wait_ms);
  std::string out = e.sched_valid ? figures : "";
  if (e.cpu_pressure >= 0) {
    std::snprintf(figures, sizeof figures, "the CPU pressure was %.0f %%", e.cpu_pressure);
    out += (out.empty() ? "" : ", ") + std::string(figures);
  }
  return out.empty() ? "the kernel gave no scheduler statistics" : out;
}

FaultText NoMessageFault(int started, int seats, const StopEvidence& e, int limit_ms) {
  const std::string what = started == 0 ? "the referee started no bot"
                                        : "the referee started bots but sent them no input";
  if (JudgeUnrepeatedStop(e, limit_ms) != StopVerdict::kBusyMachine)
    return {"referee.bot-not-started", what};
  return {"referee.busy",
          "no message of a game reached arbiter (" + std::to_string(started) + " of " +
              std::to_string(seats) + " bots started), on a busy machine: " + LoadFigures(e) +
              "; its probes may have missed the referee's " + std::to_string(limit_ms) +
              " ms limit and been stopped before they relayed one: not a rule bug ('" + what +
              "' would be one on a quiet machine); that game was not compared"};
}

std::string_view SilenceVerdictName(SilenceVerdict v) {
  switch (v) {
    case SilenceVerdict::kUnflushed:
      return "unflushed";
    case SilenceVerdict::kPartialLine:
      return "partial-line";
    case SilenceVerdict::kTooSlow:
      return "too-slow";
    case SilenceVerdict::kStalled:
      return "stalled";
    case SilenceVerdict::kReadsMore:
      return "reads-more";
    case SilenceVerdict::kWaitingForMoreInput:
      return "waiting-for-more-input";
    case SilenceVerdict::kExited:
      return "exited";
  }
  return "?";
}

std::string_view FlushAdvice() {
  return "flush standard output after every line: C: fflush(stdout); C++: std::cout << "
         "std::endl or std::flush; Python: print(..., flush=True) or sys.stdout.flush() (or run "
         "python3 -u); Java: System.out.println flushes, but a PrintWriter or BufferedWriter "
         "needs flush() after every line (or new PrintWriter(System.out, true) with println); "
         "C#: Console.Out.Flush(); node: process.stdout.write is flushed by itself";
}

}  // namespace arbiter::harness
