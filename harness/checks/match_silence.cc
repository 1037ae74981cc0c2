// What a bot's silence or late answer means on its turn (session.h,
// match.h): the diagnosis of a silence (silence.h) from the evidence
// gathered while waiting, a late answer judged against the machine's load
// (arbiter.timing.load), an exit reported as a crash or as the memory
// watch's kill, and the checks a game opts into for a missed deadline, a
// rejected answer and a turn with no legal action.
#include <algorithm>
#include <csignal>
#include <string_view>

#include "checks/match.h"
#include "checks/silence.h"
#include "core/parse.h"
#include "process/interrupt.h"

namespace arbiter::harness::detail {
namespace {

// The library the dynamic loader said it could not load ("...: error while
// loading shared libraries: libword.so: cannot open shared object file"),
// or "".
std::string MissingLibrary(const std::string& stderr_tail) {
  constexpr std::string_view kLoader = "error while loading shared libraries: ";
  const size_t at = stderr_tail.rfind(kLoader);
  if (at == std::string::npos) return "";
  const size_t begin = at + kLoader.size();
  const size_t end = stderr_tail.find_first_of(":\n", begin);
  return stderr_tail.substr(begin, std::min(end, begin + 200) - begin);
}

}  // namespace

std::string Match::DeadlineCheck(const BotSeat& b) const {
  return b.first_turn && catalog_.Find(kFirstDeadline) ? kFirstDeadline : "action.deadline";
}

std::string Match::RejectedCheck(AnswerVerdict verdict) const {
  return verdict == AnswerVerdict::kIllegal && catalog_.Find(kIllegalCheck) ? kIllegalCheck
                                                                            : "action.invalid";
}

bool Match::NoLegalSilence(const TurnRecord& rec) const {
  const CheckInfo* info = catalog_.Find(kNoLegalSilence);
  if (!info || info->clause.empty()) return false;
  for (const Event& e : rec.events)
    if (e.clause == info->clause) return true;
  return false;
}

void Match::ReportLate(BotSeat& b, const TimedLine& tl, double elapsed, int limit, TurnRecord& rec,
                       const LateJudgement& j) {
  const bool no_legal = NoLegalSilence(rec);
  // The same figures as an inconclusive late answer's (arbiter.timing.load):
  // why the load does not explain this one, in the judgement's own words.
  const std::string came = "the answer came after " + Fmt(elapsed) + " ms; the limit is " +
                           std::to_string(limit) + " ms" +
                           (no_legal ? " (on a turn with no legal action)" : "") + "; ";
  const std::string stops = config_.server.empty() ? "" : ServerStops();
  Finding& f =
      Report(b, no_legal ? kNoLegalSilence : DeadlineCheck(b),
             j.computed_over ? "late, computing" : "late", came + j.text + stops, rec.turn);
  f.unconfirmed_message = came + j.Unconfirmed() + stops;
  f.elapsed_ms = elapsed;
  f.limit_ms = limit;
  f.received = EscapeBytes(tl.line.text) + "\\n";
  f.advice = j.advice;
  f.confirm = true;  // arbiter.timing.confirm: even a bot that computed too long
  Stop(b, rec.turn);
}

Finding& Match::ReportExit(BotSeat& b, const std::string& check, const std::string& what,
                           int turn) {
  BotProcess& p = *b.proc;
  const ResourceUsage u = p.usage();
  const Limits& l = config_.limits;
  if (u.memory_exceeded) {
    Finding& f = Report(
        b, kMemory,
        std::string(u.by_kernel ? "killed by the kernel " : "killed by arbiter ") + what,
        u.by_kernel
            ? "the bot's processes reached the memory limit of " + std::to_string(l.memory_mb) +
                  " MB, which the kernel enforces (a memory cgroup): it killed them " + what
            : "the bot's processes used " + std::to_string(u.exceeded_rss_kb / 1024) +
                  " MB of resident memory, over the limit of " + std::to_string(l.memory_mb) +
                  " MB: arbiter killed them " + what,
        turn);
    f.advice = "use less memory; if the contest allows more, raise the limit with --memory-mb";
    return f;
  }
  if (check == "process.crash" && b.no_legal_turn >= 0 && catalog_.Find(kNoLegalCrash)) {
    const std::string when = turn == b.no_legal_turn
                                 ? ""
                                 : ", after turn " + std::to_string(b.no_legal_turn) +
                                       " on which it had no legal action";
    return Report(
        b, kNoLegalCrash,
        ExitForm(p) + " " + what + (when.empty() ? "" : ", after a turn with no legal action"),
        "the bot " + DescribeExit(p) + " " + what + when +
            ": its player was out whatever it did, but a bot that crashes on an "
            "empty action list loses any game that reaches one",
        turn);
  }
  Finding& f =
      Report(b, check, ExitForm(p) + " " + what, "the bot " + DescribeExit(p) + " " + what, turn);
  const std::optional<int> sig = p.term_signal();
  if (sig == SIGXCPU ||
      (sig == SIGKILL && l.cpu_seconds > 0 && u.cpu_ms >= 1000.0 * l.cpu_seconds - 1000.0)) {
    f.advice =
        "it reached the CPU-time limit of " + std::to_string(l.cpu_seconds) + " s (--cpu-seconds)";
  } else if (sig == SIGXFSZ) {
    f.advice =
        "it wrote a file over the file-size limit of " + std::to_string(l.file_size_mb) + " MB";
  } else if (l.address_space_mb > 0) {
    f.advice = "the bot ran under an address-space limit of " + std::to_string(l.address_space_mb) +
               " MB (--address-space-mb): a JVM, node, Go or .NET runtime reserves more address "
               "space than it uses and may die of it; try without --address-space-mb";
  } else if (std::string why = p.ContainmentEvidence(); !why.empty()) {
    f.advice = std::move(why);  // arbiter.process.contained
  } else if (std::string library = MissingLibrary(p.stderr_tail());
             turn < 0 && p.exit_code() == 127 && !library.empty()) {
    // The dynamic loader's own status (arbiter.process.environment).
    f.advice = "status 127 is the dynamic loader's: it found no '" + library +
               "' for the bot's program, neither in the folders its RUNPATH names nor in the "
               "system's; a library your shell finds through LD_LIBRARY_PATH is not in the "
               "contest server's environment: --env LD_LIBRARY_PATH=FOLDER gives it, or link "
               "the program with that folder in its RUNPATH (-Wl,-rpath,FOLDER)" +
               (config_.containment.sandbox
                    ? std::string("; --no-sandbox shows whether the containment hid it")
                    : std::string());
  } else if (const std::optional<int> code = p.exit_code();
             turn < 0 && (code == 126 || code == 127)) {
    // A shell's or a shim's own status, not a bot's (arbiter.process.environment).
    f.advice =
        "status " + std::to_string(*code) + " is a shell's '" +
        (*code == 127 ? "command not found" : "found but not executable") +
        "': a program the bot's command runs (an interpreter behind a wrapper or a "
        "version manager's shim) did not start in the bot's environment, the contest "
        "server's minimal one that the report lists; if the bot starts in your shell, "
        "--env KEY=VALUE gives it a variable it needs, --inherit-env your whole "
        "environment" +
        (config_.containment.sandbox
             ? std::string(", and --no-sandbox shows whether the containment hid the program")
             : std::string());
  }
  return f;
}

LateEvidence Match::LateEvidenceOf(const BotSeat& b, double elapsed, int limit,
                                   Clock::time_point opened) {
  const SchedSample bot = b.proc->SchedOfTree();
  const SchedSample self = env_.SelfSched();
  LateEvidence e;
  e.elapsed_ms = elapsed;
  e.limit_ms = limit;
  e.sched_valid = bot.valid && self.valid && b.sched_before.valid && b.self_before.valid;
  const SchedDelta d = DeltaOf(b.sched_before, bot);
  e.bot_run_ms = d.answer_run_ms;
  e.bot_wait_ms = d.answer_wait_ms;
  e.runtime_threads = d.runtime_threads;
  e.runtime_run_ms = d.runtime_run_ms;
  e.runtime_wait_ms = d.runtime_wait_ms;
  e.runtime_wait_max_ms = d.runtime_wait_max_ms;
  e.self_wait_ms = NsToMs(self.wait_ns, b.self_before.wait_ns);
  // The launcher's time within the window (arbiter.timing.launcher).
  // Counted only once its end is seen: a launcher still running when the
  // answer came (one that forks the interpreter) is not told apart.
  if (const std::optional<LauncherRun> run = b.proc->launcher(); run && run->interpreter_at) {
    e.launcher = run->path;
    e.launcher_ms = std::clamp(Ms(*run->interpreter_at - opened), 0.0, elapsed);
  }
  return e;
}

bool Match::WaitPastLauncher(BotProcess& p, Clock::time_point opened, Clock::time_point deadline,
                             int limit, const std::function<bool()>& done) {
  if (env_.RunUntil(deadline, done)) return true;
  const Clock::time_point cap = deadline + kLauncherWait;
  for (;;) {
    const std::optional<LauncherRun> run = p.launcher();
    if (!run || p.exited() || Interrupted()) return false;
    // Still the launcher: look again a watch period later. Its interpreter
    // is given the limit from its start; one not settled (a prestart
    // script's program under npm) may yet be followed by the one that
    // answers, so the looks go on until the cap.
    const Clock::time_point look = env_.Now() + std::chrono::milliseconds(25);
    Clock::time_point next = look;
    if (run->interpreter_at) {
      next = std::max(opened, *run->interpreter_at) + std::chrono::milliseconds(limit);
      if (!run->settled) next = std::max(next, look);
    }
    next = std::min(next, cap);
    if (next <= env_.Now()) return false;
    if (env_.RunUntil(next, done)) return true;
  }
}

std::optional<LateJudgement> Match::LateUnexplained(BotSeat& b, double elapsed, int limit, int turn,
                                                    const TimedLine& tl, const char* what) {
  LateJudgement j = JudgeLate(LateEvidenceOf(b, elapsed, limit, OpenedAt(tl.at, elapsed)));
  if (j.verdict == LateVerdict::kLate) return j;
  const std::string came = std::string(what) + " came after " + Fmt(elapsed) + " ms (limit " +
                           std::to_string(limit) + " ms)";
  if (j.verdict == LateVerdict::kLauncher) {
    // Not the bot's time: it plays on, and is told how to start the
    // interpreter itself (arbiter.timing.launcher).
    Finding& f = Report(b, kLauncherCheck, std::string(what) + " came late, the launcher's time",
                        came + ": " + j.text, turn);
    f.elapsed_ms = elapsed;
    f.limit_ms = limit;
    f.advice = j.advice;
    return std::nullopt;
  }
  Finding& f = Report(b, kInconclusive, std::string(what) + " came late, the machine busy",
                      came + ", but the machine was busy: " + j.text + ", " + Undecided(), turn);
  if (!f.elapsed_ms || elapsed > *f.elapsed_ms) f.elapsed_ms = elapsed;
  f.limit_ms = limit;
  if (f.received.empty()) f.received = EscapeBytes(tl.line.text) + "\\n";
  result_.timing_inconclusive = true;
  return std::nullopt;
}

void Match::DiagnoseSilence(BotSeat& b, Clock::time_point start, int limit, TurnRecord& rec) {
  BotProcess& p = *b.proc;
  // The player gives no answer whatever the diagnosis; the game says whether
  // it had a legal action (NoLegalSilence), which names the finding.
  rec.silent = true;
  rec.events = spec_.side->ApplySilence();
  const bool no_legal = NoLegalSilence(rec);
  const std::string no_legal_note = no_legal ? " on a turn with no legal action" : "";
  // A bot that exits or closes its output instead of answering is out either
  // way: a warning where the register lists process.no-legal-crash.
  auto process_check = [&](const char* check) {
    if (!no_legal) return std::string(check);
    if (catalog_.Find(kNoLegalCrash)) {
      b.no_legal_turn = rec.turn;
      return std::string(check) == "process.crash" ? std::string("process.crash")
                                                   : std::string(kNoLegalCrash);
    }
    return std::string(kNoLegalSilence);
  };
  Settle(p);
  if (p.exited()) {
    ReportExit(b, process_check("process.crash"), "instead of answering" + no_legal_note, rec.turn);
    return Stop(b, rec.turn);
  }
  if (p.stdout_eof()) {
    Report(b, process_check("process.stdout-closed"), "instead of answering" + no_legal_note,
           "the bot closed its standard output instead of answering" + no_legal_note, rec.turn);
    return Stop(b, rec.turn);
  }
  // Gather evidence: is it computing or blocked reading, does a late answer come?
  SilenceEvidence e;
  e.partial_bytes = p.partial_length();
  const ProcProbe before = p.Probe();
  const SchedSample sched_before = p.SchedOfTree();
  env_.RunUntil(env_.Now() + config_.observe, [&] {
    if (p.HasLine() || p.exited()) return true;
    b.self_before = env_.SelfSched();
    return false;
  });
  if (p.HasLine()) {
    const TimedLine tl = p.PopLine();
    const double elapsed = Ms(tl.at - start);
    rec.elapsed_ms = elapsed;
    result_.latencies_ms.push_back(elapsed);
    // The turn was played as silent already; an inconclusive bot plays on.
    const std::optional<LateJudgement> late = LateUnexplained(b, elapsed, limit, rec.turn, tl);
    if (!late) return;
    return ReportLate(b, tl, elapsed, limit, rec, *late);
  }
  if (Interrupted()) return Stop(b, rec.turn);
  if (HeldAtMemoryLimit(b, limit, no_legal_note, rec.turn)) return Stop(b, rec.turn);
  const ProcProbe after = p.Probe();
  e.waiting_for_input = before.waiting_for_stdin && after.waiting_for_stdin;
  e.cpu_advanced = after.cpu_ticks > before.cpu_ticks;
  // Counted for the threads that answer, where the kernel says which ran: a
  // JVM's compiler or collector running while its main thread is blocked
  // reading is not the bot computing (arbiter.check.diagnosis).
  const SchedSample sched_after = p.SchedOfTree();
  if (!sched_after.threads.empty()) {
    const double window_ms = std::chrono::duration<double, std::milli>(config_.observe).count();
    e.cpu_advanced =
        DeltaOf(sched_before, sched_after).answer_run_ms >= std::max(2.0, window_ms / 10);
  }
  e.exited_before_eof = p.exited();
  const std::string partial = p.partial();
  // What closing its stdin brings out weighs only with what the bot's
  // runtime does at exit (arbiter.check.diagnosis).
  AfterEof after_eof;
  after_eof.managed_runtime = HasRuntimeThreads(sched_after);
  after_eof.flushed_before = b.answers > 0 || p.stdout_bytes() > 0;
  const MoreInput more = ProbeSilentBot(p, limit, rec, e);
  if (Interrupted() && !e.answer_after_eof && !e.answer_after_more_input && !e.exited_before_eof)
    return Stop(b, rec.turn);
  Finding* f = nullptr;
  const std::string waited = "no answer within " + std::to_string(limit) + " ms" + no_legal_note;
  const std::string deadline = no_legal ? std::string(kNoLegalSilence) : DeadlineCheck(b);
  const SilenceVerdict verdict = harness::DiagnoseSilence(e);
  switch (verdict) {
    case SilenceVerdict::kUnflushed:
      f = &Report(
          b, "action.unflushed", more.exited ? "came out at its exit" : "came out at end of input",
          waited +
              ": the bot was blocked reading its input with its answer unflushed; "
              "the answer came out only when " +
              (more.exited ? "the bot exited, given one line more" : "its stdin was closed"),
          rec.turn);
      f->received = EscapeBytes(p.PopLine().line.text) +
                    (more.exited ? "\\n (at its exit)" : "\\n (after stdin was closed)");
      f->advice = std::string(FlushAdvice());
      break;
    case SilenceVerdict::kPartialLine:
      f = &Report(b, "action.partial", "a part of a line",
                  waited + ": the bot wrote part of a line and no newline", rec.turn);
      f->received = EscapeBytes(partial.substr(0, 200));
      f->advice = "end every answer with '\\n' (and flush)";
      break;
    case SilenceVerdict::kTooSlow:
      f = &ReportComputing(b, deadline, waited, limit, rec.turn, start);
      if (f->check == kInconclusive || f->check == kLauncherCheck) return Stop(b, rec.turn);
      break;
    case SilenceVerdict::kStalled:
      f = &Report(b, deadline, "neither computing nor reading",
                  waited +
                      ": the bot was neither computing nor reading its input (sleeping, or "
                      "blocked on something else)",
                  rec.turn);
      break;
    case SilenceVerdict::kReadsMore:
      f = &ReportReadsTooMuch(b, deadline, waited, ReadsMoreText(rec), rec);
      f->received = EscapeBytes(more.answer->line.text) + "\\n (after one more input line)";
      break;
    case SilenceVerdict::kWaitingForMoreInput:
      FillAfterEof(p, after_eof);
      if (ReadsTooMuch(after_eof)) {
        f = &ReportReadsTooMuch(b, deadline, waited, ReadsTooMuchText(b, after_eof, rec), rec);
        break;
      }
      // No answer of this match ever came: an output buffer never flushed
      // (a Java PrintWriter's survives the bot's exit, so closing its stdin
      // proves nothing) is the likelier cause, and is named first.
      f = &Report(b, deadline,
                  b.answers == 0 ? "blocked reading, no answer yet" : "blocked reading",
                  waited + (b.answers == 0
                                ? ": the bot was blocked reading its input and no answer of it has "
                                  "come out in this game: most likely its answers sit in an output "
                                  "buffer it never flushes (Java: a PrintWriter or BufferedWriter "
                                  "without flush(); C++: no std::endl or std::flush; Python: print "
                                  "without flush=True); else it expects more input than the turn "
                                  "gives"
                                : ": the bot was blocked reading its input, as if it expected more "
                                  "than the turn gives (or this answer sits in an output buffer it "
                                  "did not flush)"),
                  rec.turn);
      if (b.answers == 0) f->advice = std::string(FlushAdvice());
      break;
    case SilenceVerdict::kExited:
      f = &ReportExit(b, process_check("process.crash"), "instead of answering" + no_legal_note,
                      rec.turn);
      break;
  }
  if (verdict != SilenceVerdict::kExited && f->check != kMemory) f->limit_ms = limit;
  // What the real server a profile reproduces does then: said when the
  // finding is made, never again by a later occurrence of it.
  if (!config_.server.empty() && verdict != SilenceVerdict::kExited && f->occurrences == 1) {
    f->message += ServerStops();
    if (!f->unconfirmed_message.empty()) f->unconfirmed_message += ServerStops();
  }
  Stop(b, rec.turn);
}

Match::MoreInput Match::ProbeSilentBot(BotProcess& p, int limit, const TurnRecord& rec,
                                       SilenceEvidence& e) {
  MoreInput more;
  // Only where a turn is several lines: a bot holding its answer in a
  // buffer then reads the line as the next turn's first and waits for the
  // rest. Where a turn is one line it would play the line as a turn, and
  // any write to std::cerr flushes std::cout: the answer would come out.
  const bool several_lines = std::count(rec.input.begin(), rec.input.end(), '\n') > 1;
  if (several_lines && !e.exited_before_eof && e.waiting_for_input && !e.cpu_advanced &&
      e.partial_bytes == 0) {
    more.answer = AnswerToMoreInput(p, limit);
    e.answer_after_more_input = more.answer.has_value();
    more.exited = p.exited();
  }
  if (!e.exited_before_eof && !e.answer_after_more_input) {
    p.CloseStdin();
    env_.RunUntil(env_.Now() + config_.eof_grace, [&] { return p.HasLine() || p.exited(); });
    e.answer_after_eof = p.HasLine();
  }
  return more;
}

std::optional<TimedLine> Match::AnswerToMoreInput(BotProcess& p, int limit) {
  p.Write(std::string(kMoreInputLine) + "\n");
  // A bot that reads too much answers as fast as on its other turns: a
  // short wait, paid once by every bot whose answer sits in a buffer.
  const auto wait = std::min<Clock::duration>(
      config_.eof_grace, std::chrono::milliseconds(std::clamp(2 * limit, 100, 200)));
  env_.RunUntil(env_.Now() + wait, [&] { return p.HasLine() || p.exited(); });
  if (!p.HasLine()) return std::nullopt;
  // A line that comes with the bot's exit was flushed by the exit: it says
  // what closing the bot's stdin would (left queued for that).
  env_.RunUntil(env_.Now() + std::chrono::milliseconds(50), [&] { return p.exited(); });
  if (p.exited()) return std::nullopt;
  return p.PopLine();
}

void FillAfterEof(const BotProcess& p, AfterEof& after) {
  after.exited = p.exited();
  after.by_signal = p.term_signal().has_value();
  after.read_error = ReadErrorLine(p.stderr_tail());
}

std::string AfterEofText(const BotProcess& p, const AfterEof& after) {
  return after.read_error.empty() ? DescribeExit(p) : "failed reading ('" + after.read_error + "')";
}

std::string Match::ReadsMoreText(const TurnRecord& rec) {
  const long lines = std::count(rec.input.begin(), rec.input.end(), '\n');
  return ": the bot was blocked reading its input, expecting more than the turn gives (" +
         std::to_string(lines) + " lines on this turn): given one line more ('" +
         std::string(kMoreInputLine) + "'), it answered at once";
}

std::string Match::ReadsTooMuchText(const BotSeat& b, const AfterEof& after,
                                    const TurnRecord& rec) {
  const long lines = std::count(rec.input.begin(), rec.input.end(), '\n');
  return ": the bot was blocked reading its input, expecting more than the turn gives (" +
         std::to_string(lines) + " lines on this turn); when its stdin was closed it " +
         AfterEofText(*b.proc, after) +
         " and printed nothing, so no answer was waiting in an output buffer";
}

// Held at its memory limit by the kernel, which reclaims before (or instead
// of) killing: its memory is what is wrong, not its time
// (arbiter.process.limits); the time it "ran" was the kernel's.
bool Match::HeldAtMemoryLimit(BotSeat& b, int limit, const std::string& note, int turn) {
  const ResourceUsage u = b.proc->usage();
  if (!u.at_limit || u.memory_exceeded) return false;
  Finding& f = Report(b, kMemory, "held at the memory limit",
                      "no answer within " + std::to_string(limit) + " ms" + note +
                          ": the bot's processes were held at the memory limit of " +
                          std::to_string(config_.limits.memory_mb) +
                          " MB, which the kernel enforces (a memory cgroup); arbiter stopped them",
                      turn);
  f.advice = "use less memory; if the contest allows more, raise the limit with --memory-mb";
  return true;
}

Finding& Match::ReportReadsTooMuch(BotSeat& b, const std::string& check, const std::string& waited,
                                   const std::string& evidence, const TurnRecord& rec) {
  const long lines = std::count(rec.input.begin(), rec.input.end(), '\n');
  Finding& f = Report(b, check, "reads past the turn's input", waited + evidence, rec.turn);
  f.advice = "read exactly the lines each turn gives (" + std::to_string(lines) +
             " here), no more: count the reads against the protocol, and read the first "
             "turn's extra lines only once";
  return f;
}

Finding& Match::ReportComputing(BotSeat& b, const std::string& check, const std::string& waited,
                                int limit, int turn, Clock::time_point start) {
  // The bot's own CPU time over the turn (from the write of its input to
  // now, past the deadline), judged as a late answer is (JudgeLate): over
  // the limit, it really computed too long; within it, when the time it and
  // arbiter waited for a CPU explains the rest (arbiter.timing.load), a
  // second run of the match decides.
  const LateEvidence e = LateEvidenceOf(b, Ms(env_.Now() - start), limit, start);
  if (!e.sched_valid) {
    Finding& f = Report(b, check, "still computing, no statistics",
                        waited + ": the bot was still computing", turn);
    f.confirm = true;
    return f;
  }
  const LateJudgement j = JudgeLate(e);
  if (j.verdict == LateVerdict::kLate) {
    const std::string said =
        waited + (j.computed_over ? ": the bot was still computing; " : " on this turn: ");
    Finding& f =
        Report(b, check, j.computed_over ? "still computing, over the limit" : "still computing",
               said + j.text, turn);
    f.unconfirmed_message = said + j.Unconfirmed();
    f.advice = j.advice;
    f.confirm = true;  // arbiter.timing.confirm: even a bot that computed too long
    return f;
  }
  const bool launcher = j.verdict == LateVerdict::kLauncher;
  Finding& f = Report(b, launcher ? kLauncherCheck : kInconclusive,
                      launcher ? "no answer, the launcher's time" : "no answer, the machine busy",
                      waited + ", but on this turn " + j.text +
                          (launcher ? "; it was still starting, and was stopped"
                                    : "; the machine was busy, " + Undecided()),
                      turn);
  f.limit_ms = limit;
  f.advice = j.advice;
  if (!launcher) result_.timing_inconclusive = true;
  return f;
}

std::string Match::Undecided() const {
  return spec_.deciding
             ? "and so it was on both runs of the match: undecided, so a WARN (on a quieter "
               "machine the second run decides it: a NOTE, or a FAIL)"
             : "so the match is played again to decide";
}

std::string Match::ServerStops() const {
  return "; " + config_.server +
         " stops the bot (SIGTERM), sends it no more input and plays N for it for the rest of "
         "the game";
}

}  // namespace arbiter::harness::detail
