#include "checks/silence.h"

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
  // Waits that overlap in time are not subtracted twice: the bot's own CPU
  // time is the least its answer took (arbiter.timing.load).
  return std::max(e.sched_valid ? e.bot_run_ms : 0.0,
                  e.elapsed_ms - e.launcher_ms - load - std::min(e.runtime_wait_max_ms, load));
}

LateVerdict JudgeLateAnswer(const LateEvidence& e) { return JudgeLate(e).verdict; }

std::string Fmt(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", ms);
  return text;
}

namespace {

// "its launcher /x/shims/python3 ran 1520.0 ms before the interpreter started"
std::string LauncherText(const LateEvidence& e) {
  return "its launcher " + e.launcher + " ran " + Fmt(e.launcher_ms) +
         " ms before the interpreter started";
}

}  // namespace

LateJudgement JudgeLate(const LateEvidence& e) {
  LateJudgement j;
  const std::string limit = std::to_string(e.limit_ms) + " ms";
  const bool launcher = !e.launcher.empty() && e.launcher_ms > 0;
  if (launcher)
    j.advice = "a contest server starts the interpreter itself: give the interpreter's path (not " +
               e.launcher + ")";
  else if (e.sched_valid && e.runtime_threads > 0 && e.runtime_run_ms > e.bot_run_ms)
    j.advice = std::string(kRuntimeAdvice);
  j.text = TimingFigures(e);
  if (launcher) j.text += "; " + LauncherText(e);
  if (e.sched_valid && e.bot_run_ms > e.limit_ms) {
    j.computed_over = true;
    j.text += "; it computed for longer than the limit of " + limit;
    return j;
  }
  // Counted from the interpreter's start the answer was in time: the
  // launcher's time, not the bot's (arbiter.timing.launcher).
  if (launcher && e.elapsed_ms - e.launcher_ms <= e.limit_ms) {
    j.verdict = LateVerdict::kLauncher;
    j.text += "; counted from the interpreter's start it came after " +
              Fmt(e.elapsed_ms - e.launcher_ms) + " ms, within the limit";
    return j;
  }
  if (!e.sched_valid || e.elapsed_ms <= e.limit_ms) return j;
  const double own = OwnTime(e);
  const double waits = e.bot_wait_ms + e.self_wait_ms + e.runtime_wait_max_ms;
  if (own <= e.limit_ms) {
    j.verdict = LateVerdict::kInconclusive;
    j.text += "; without the waits " + Fmt(own) + " ms, within the limit";
    return j;
  }
  if (waits * 4 < e.limit_ms) {
    j.unconfirmed_text = j.text + "; " + std::string(LateJudgement::kNotShownByTheFigures);
    j.text += "; " + std::string(LateJudgement::kNotTheMachine);
  } else {
    j.text += "; without the waits for a CPU it still took " + Fmt(own) +
              " ms, over the limit of " + limit +
              ": the rest of the time it was sleeping, blocked, or running processes " +
              "that exited before it answered";
  }
  return j;
}

std::string TimingFigures(const LateEvidence& e) {
  if (!e.sched_valid) return "the kernel gave no scheduler statistics";
  std::string out = "the bot ran " + Fmt(e.bot_run_ms) + " ms on a CPU and waited " +
                    Fmt(e.bot_wait_ms) + " ms for one";
  if (e.runtime_threads > 0)
    out += "; its runtime's own " + std::to_string(e.runtime_threads) + " thread(s) ran " +
           Fmt(e.runtime_run_ms) + " ms and waited " + Fmt(e.runtime_wait_ms) + " ms";
  return out + "; arbiter waited " + Fmt(e.self_wait_ms) + " ms";
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

FaultText GameCutFault(const GameCut& c) {
  const auto seconds = [](double ms) {
    char text[32];
    if (ms < 1000)
      std::snprintf(text, sizeof text, "%.0f ms", ms);
    else
      std::snprintf(text, sizeof text, "%.1f s", ms / 1000);
    return std::string(text);
  };
  const std::string limit = c.limit_ms % 1000 ? std::to_string(c.limit_ms) + " ms"
                                              : std::to_string(c.limit_ms / 1000) + " s";
  if (!c.since_message_ms)
    return {"referee.hang",
            "no message within the per-game time limit of " + limit + " (--time-limit)"};
  if (*c.since_message_ms >= c.patience_ms || !c.reference_playing)
    return {"referee.hang", "no end within the per-game time limit of " + limit +
                                " (--time-limit); its last message came " +
                                seconds(*c.since_message_ms) + " before"};
  return {"referee.unfinished",
          "the per-game time limit of " + limit + " (--time-limit) cut the game at turn " +
              std::to_string(c.turn) + " while the referee was still playing (its last message " +
              seconds(*c.since_message_ms) +
              " before, every message as the rules say): not a hang, but this game's rules "
              "after turn " +
              std::to_string(c.turn) + " went unchecked (" + LoadFigures(c.evidence) +
              " over the game); give a larger --time-limit, or run on a quieter machine"};
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
