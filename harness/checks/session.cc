// The referee loop of one match (session.h): starting the bots, their
// handshake, each turn's answer and how the game judges it, floods, the end
// of the game and teardown. What a silence or a late answer means lives in
// match_silence.cc, the Match class in match.h. Bot seats are driven through
// Env, so the same code runs real processes and the fakes of the tests.
#include "checks/session.h"

#include <cctype>
#include <csignal>
#include <cstring>
#include <map>

#include "checks/match.h"
#include "checks/silence.h"
#include "core/parse.h"
#include "core/rng.h"
#include "process/interrupt.h"

namespace arbiter::harness::detail {

double Ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

std::string DescribeExit(const BotProcess& p) {
  if (auto sig = p.term_signal()) {
    const char* name = sigabbrev_np(*sig);
    return "was killed by signal " + std::to_string(*sig) +
           (name ? std::string(" (SIG") + name + ")" : "");
  }
  return "exited with status " + std::to_string(p.exit_code().value_or(-1));
}

std::string ExitForm(const BotProcess& p) {
  if (auto sig = p.term_signal()) {
    const char* name = sigabbrev_np(*sig);
    return name ? std::string("killed by SIG") + name : "killed by a signal";
  }
  return "exited";
}

// Like Java's String.trim(): every byte <= ' ' at either end is dropped.
std::string_view Trimmed(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

// The form of action.whitespace when the handshake line was its first
// occurrence: its statement grows when the answers join it (BotTurn).
constexpr std::string_view kAroundTheHandshake = "around the handshake";

double NsToMs(uint64_t after, uint64_t before) {
  return after > before ? static_cast<double>(after - before) / 1e6 : 0.0;
}

Finding& Match::Report(BotSeat& b, const std::string& check, std::string form, std::string message,
                       int turn) {
  if (auto it = b.reported.find(check); it != b.reported.end()) {
    Finding& f = result_.findings[it->second];
    ++f.occurrences;
    return f;
  }
  Finding f = NewFinding(catalog_, check);
  f.match = spec_.id;
  f.seed = spec_.seed;
  f.seat = b.seat;
  f.turn = turn;
  if (turn >= 0) f.own_turn = b.own_turns;  // counted when its input was written
  f.message = std::move(message);
  f.form = std::move(form);
  f.input = turn >= 0 ? last_input_ : std::string();
  if (turn >= 0) f.input_stream = b.sent;
  if (b.proc) f.stderr_tail = LastLines(b.proc->stderr_tail(), 10);
  f.reproduce = spec_.reproduce;
  b.reported[check] = result_.findings.size();
  result_.findings.push_back(std::move(f));
  return result_.findings.back();
}

void Match::Handshake(BotSeat& b) {
  BotProcess& p = *b.proc;
  // A scanning server waits for one bot's handshake after the other's: its
  // window opens when the previous one closed.
  const auto opened = config_.ready_scan && handshake_ended_
                          ? std::max(p.started_at(), *handshake_ended_)
                          : p.started_at();
  const auto deadline = opened + std::chrono::milliseconds(config_.ready_ms);
  const std::string& ready = *config_.ready_line;
  std::string noise;
  auto waiting = [&] { return p.HasLine() || p.exited() || p.stdout_eof(); };
  auto take = [&](const TimedLine& tl) -> bool {  // true when it is (a form of) READY
    const std::string& text = tl.line.text;
    if (text == ready) return true;
    if (Trimmed(text) == ready) {
      // The texts ask the same '\n' of READY as of an action, and an answer
      // with whitespace or CR around it is read trimmed, with a warning
      // (jc2015.protocol.action.whitespace): so is READY. A scanning server
      // accepts it so too.
      Finding& f = Report(b, "action.whitespace", std::string(kAroundTheHandshake),
                          "the handshake line '" + ready +
                              "' has surrounding whitespace or a carriage return; " +
                              (config_.ready_scan ? config_.server + " trims it and accepts it"
                                                  : std::string("it is read trimmed")) +
                              ", but a referee that compares lines exactly rejects it");
      if (f.received.empty()) f.received = EscapeBytes(text) + "\\n";
      return true;
    }
    if (config_.ready_scan) {  // a scanning server reads past other lines
      noise += EscapeBytes(text) + "\\n";
      return false;
    }
    std::string folded;
    for (char c : text)
      if (static_cast<unsigned char>(c) > ' ') folded += static_cast<char>(std::toupper(c));
    if (folded == ready) {
      Finding& f = Report(b, "ready.malformed", "not exactly the line",
                          "the handshake line is not exactly '" + ready + "'");
      f.received = EscapeBytes(text) + "\\n";
      return true;
    }
    noise += EscapeBytes(text) + "\\n";
    return false;
  };
  // The handshake's figures count from the window's opening: the whole tree
  // when it opens at the start (arbiter.timing.load).
  b.sched_before = SchedSample{};
  b.sched_before.valid = true;
  if (opened != p.started_at()) b.sched_before = p.SchedOfTree();
  b.self_before = env_.SelfSched();
  auto waiting_sampled = [&] {  // arbiter's own wait counts since its last wake
    if (waiting()) return true;
    b.self_before = env_.SelfSched();
    return false;
  };
  bool ready_seen = false;
  std::optional<Clock::time_point> ready_at;
  TimedLine ready_line;
  while (!ready_seen && env_.RunUntil(deadline, waiting_sampled)) {
    if (!p.HasLine()) break;
    const TimedLine tl = p.PopLine();
    ready_seen = take(tl);
    if (ready_seen) ready_at = tl.at, ready_line = tl;
  }
  // A launcher still running at the deadline: the limit counts from the
  // interpreter's start (arbiter.timing.launcher).
  while (!ready_seen && !p.HasLine() && p.launcher() &&
         WaitPastLauncher(p, opened, std::max(deadline, env_.Now()), config_.ready_ms,
                          waiting_sampled) &&
         p.HasLine()) {
    const TimedLine tl = p.PopLine();
    ready_seen = take(tl);
    if (ready_seen) ready_at = tl.at, ready_line = tl;
  }
  if (!ready_seen && !p.exited() && !p.stdout_eof()) {
    // Not ready in time: watch a while longer to tell "late" from "missing".
    while (!ready_seen && env_.RunUntil(deadline + config_.late_window, waiting_sampled) &&
           p.HasLine()) {
      const TimedLine tl = p.PopLine();
      ready_seen = take(tl);
      if (ready_seen) ready_at = tl.at, ready_line = tl;
    }
  }
  if (Interrupted() && !ready_seen) return Stop(b, -1);  // not the bot's fault
  if (!noise.empty()) {
    Finding& f = Report(
        b, "ready.noise", "other lines first",
        "the bot printed other lines before its handshake" +
            (config_.ready_scan ? "; " + config_.server + " reads and drops them" : std::string()));
    f.received = noise;
  }
  handshake_ended_ = ready_seen && *ready_at <= deadline ? *ready_at : deadline;
  // A real referee that launches its bots reads the handshake itself.
  const auto relay = [&] { spec_.side->HandshakeLine(b.seat, ready_line.line.text); };
  if (ready_seen && *ready_at <= deadline) return relay();
  if (ready_seen) {
    // Judged as a late answer is: the machine's load may explain it.
    const double elapsed = Ms(*ready_at - opened);
    const std::optional<LateJudgement> late =
        LateUnexplained(b, elapsed, config_.ready_ms, -1, ready_line, "the handshake");
    if (!late) return relay();
    const LateJudgement& j = *late;
    Settle(p);
    const std::string came = "the handshake arrived after " + Fmt(elapsed) + " ms; the limit is " +
                             std::to_string(config_.ready_ms) + " ms; ";
    Finding& f =
        Report(b, "ready.late", j.computed_over ? "late, computing" : "late", came + j.text);
    f.unconfirmed_message = came + j.Unconfirmed();
    f.elapsed_ms = elapsed;
    f.limit_ms = config_.ready_ms;
    f.advice = j.advice;
    f.confirm = true;  // arbiter.timing.confirm: even a bot that computed too long
    return Stop(b, -1);
  }
  Settle(p);
  if (p.exited()) {
    Finding& f = ReportExit(b, "process.crash", "before its handshake", -1);
    f.received = noise + EscapeBytes(p.partial());
  } else if (p.stdout_eof()) {
    Report(b, "process.stdout-closed", "before its handshake",
           "the bot closed its standard output before its handshake");
  } else {
    MissingReady(b, noise);
  }
  Stop(b, -1);
}

// No ready line, the bot alive: when it wrote nothing and is blocked reading
// its input, the line most likely sits in its output buffer. One line of
// input tells a bot that reads first (it prints the line then); closing its
// stdin tells the rest: a C, C++ or Python runtime flushes at exit, so the
// line then comes out (ready.unflushed, jc2015.protocol.flush); a JVM does
// not flush a PrintWriter at exit, so there it stays the likely cause.
void Match::MissingReady(BotSeat& b, const std::string& noise) {
  BotProcess& p = *b.proc;
  const std::string& ready = *config_.ready_line;
  const bool silent = noise.empty() && p.partial_length() == 0 && p.stdout_bytes() == 0;
  const bool reading = silent && p.Probe().waiting_for_stdin;
  if (reading && catalog_.Find(kReadyUnflushed)) {
    // A line that comes with the bot's exit was flushed by the exit: left
    // for the end-of-input check below.
    const std::optional<TimedLine> line = AnswerToMoreInput(p, 250);
    if (line && Trimmed(line->line.text) == ready) {
      Finding& f =
          Report(b, "ready.missing", "printed after one input line",
                 "no '" + ready +
                     "' line within the limit: the bot was blocked reading its input "
                     "before printing it; given one line ('" +
                     std::string(kMoreInputLine) + "'), it printed '" + ready + "' at once");
      f.limit_ms = config_.ready_ms;
      f.received = ready + "\\n (after one input line)";
      f.advice = "print '" + ready + "' (and flush) first, before reading any input";
      return;
    }
    AfterEof after;
    after.managed_runtime = HasRuntimeThreads(p.SchedOfTree());
    p.CloseStdin();
    env_.RunUntil(env_.Now() + config_.eof_grace, [&] { return p.HasLine() || p.exited(); });
    if (p.HasLine() && Trimmed(p.PopLine().line.text) == ready) {
      Finding& f = Report(b, kReadyUnflushed, "came out at end of input",
                          "no '" + ready +
                              "' line within the limit: the bot printed it but did not "
                              "flush it; it came out only when its stdin was closed");
      f.limit_ms = config_.ready_ms;
      f.received = ready + "\\n (after stdin was closed)";
      f.advice = std::string(FlushAdvice());
      return;
    }
    // A runtime that flushes at exit exited and printed nothing: the line
    // was never written; the bot reads first (arbiter.check.diagnosis).
    FillAfterEof(p, after);
    if (ReadsTooMuch(after)) {
      Finding& f = Report(
          b, "ready.missing", "blocked reading, nothing at end of input",
          "no '" + ready +
              "' line within the limit: the bot was blocked reading its input before printing "
              "it, and when its stdin was closed it " +
              AfterEofText(p, after) +
              " and printed nothing, so the line was not waiting in an output buffer");
      f.limit_ms = config_.ready_ms;
      f.advice = "print '" + ready + "' (and flush) first, before reading any input";
      return;
    }
  }
  Finding& f = Report(
      b, "ready.missing", reading ? "blocked reading, wrote nothing" : "none",
      "no '" + ready + "' line within the limit" +
          (reading ? ": the bot wrote nothing and was blocked reading its input, so '" + ready +
                         "' most likely sits in an output buffer it never flushed (or the bot "
                         "never prints it)"
                   : std::string()));
  f.limit_ms = config_.ready_ms;
  f.received = noise + EscapeBytes(p.partial());
  if (reading) f.advice = std::string(FlushAdvice());
}

void Match::CheckFloods(BotSeat& b, int turn) {
  BotProcess& p = *b.proc;
  if (p.partial_length() > config_.max_answer_bytes || p.dropped_lines() > 0) {
    Finding& f = Report(b, "output.flood", "stdout",
                        "the bot wrote " + std::to_string(p.stdout_bytes()) + " bytes to stdout (" +
                            std::to_string(p.partial_length()) + " without a newline)",
                        turn);
    f.received = EscapeBytes(p.partial().substr(0, 200)) + "...";
  }
  if (p.stderr_bytes() > config_.max_stderr_bytes) {
    Report(b, "stderr.flood", "stderr",
           "the bot wrote " + std::to_string(p.stderr_bytes()) + " bytes to stderr (limit " +
               std::to_string(config_.max_stderr_bytes) + ")",
           turn);
  }
}

// What a beginner most likely did when an answer is not a command
// (arbiter.check.diagnosis): wrote it in lower case, when the same in upper
// case is one; else, unless the game named a word at fault, printed debug
// text to stdout.
std::string Match::InvalidHint(const std::string& text, const Refusal& why) const {
  // The game named a word after the command at fault (a direction, an
  // index): the answer was meant as a command, and the reason says what to
  // change.
  if (why.names_argument) return "";
  const std::string upper = AsciiUpper(text);
  if (upper != text && spec_.side->ClassifyAnswer(upper) != AnswerVerdict::kInvalid)
    return "commands are upper case: '" + EscapeBytes(upper.substr(0, 80)) + "' is one";
  return std::string(kStderrAdvice);
}

void Match::CheckBetweenTurns(BotSeat& b, int turn) {
  BotProcess& p = *b.proc;
  env_.Poll();
  if (p.HasLine() && turn >= 0 && spec_.side->QueuesExtraLines()) {
    // The server queues every line (FIFO): they stay to be read, the
    // oldest as this turn's answer, every later answer one turn behind.
    Finding& f = Report(b, "action.extra-lines", "queued",
                        "the bot printed more lines than answers; queued: " +
                            (config_.server.empty() ? std::string("the referee") : config_.server) +
                            " plays the oldest on turn " + std::to_string(turn) +
                            ", and every later answer one turn behind",
                        turn);
    (void)f;
    return;
  }
  if (p.HasLine()) {
    std::string extra, first;
    int n = 0;
    while (p.HasLine()) {
      const TimedLine tl = p.PopLine();
      if (n == 0) first = tl.line.text;
      if (n++ < 3) extra += EscapeBytes(tl.line.text) + "\\n";
    }
    // Before its first answer there was no answer to follow: the lines came
    // before the referee asked anything (a handshake arbiter was not told
    // of, through a real referee, or debug output).
    const bool unasked = b.answers == 0;
    Finding& f =
        Report(b, "action.extra-lines", unasked ? "before its first turn" : "after its answer",
               "the bot printed " + std::to_string(n) +
                   (unasked ? " line(s) before its first turn asked for an answer"
                            : " more line(s) after its answer") +
                   "; a line-per-turn referee reads them as " +
                   (unasked ? "its first answers" : "the next answers"),
               turn);
    if (f.received.empty()) f.received = extra;
    if (f.advice.empty() && unasked && spec_.side->IsRealReferee() && !config_.ready_line)
      f.advice =
          "if the game starts with this line as a handshake the referee waits for, "
          "give it to arbiter (--ready-line '" +
          EscapeBytes(first.substr(0, 40)) + "'), which then sends it and times it; " +
          std::string(kStderrAdvice);
    if (f.advice.empty()) f.advice = std::string(kStderrAdvice);
  }
}

void Match::Stop(BotSeat& b, int turn) {
  b.active = false;
  spec_.side->SeatStopped(b.seat);
  Teardown(b, turn);
}

void Match::Teardown(BotSeat& b, int turn) {
  if (!b.proc) return;
  const TeardownReport t = b.proc->Terminate(Interrupted() ? Clock::duration::zero()
                                                           : Clock::duration(config_.kill_grace));
  const ResourceUsage u = b.proc->usage();
  bool recorded = false;
  for (BotUsage& r : result_.usage) {
    if (r.seat != b.seat) continue;
    r.peak_rss_kb = u.peak_rss_kb, r.cpu_ms = u.cpu_ms, recorded = true;
  }
  if (!recorded) result_.usage.push_back({b.seat, u.peak_rss_kb, u.cpu_ms});
  if (!t.leftovers.empty() || !t.survivors.empty()) {
    std::string pids;
    for (pid_t pid : t.leftovers) pids += " " + std::to_string(pid);
    Finding& f =
        Report(b, "process.leftover", t.survivors.empty() ? "killed" : "survived SIGKILL",
               "processes of the bot were still alive after it ended:" + pids +
                   (t.survivors.empty() ? " (arbiter killed them)" : " (some survived SIGKILL)"),
               turn);
    (void)f;
  }
}

// The answer's lines, as many as the game asks this turn (MatchSide::
// AnswerLines; a runner-protocol referee's ###Output K), joined by '\n' into
// `joined`; the last one, which times the answer. Fewer by the deadline:
// action.line-count, the bot is stopped and its turn is silent (nullopt).
std::optional<TimedLine> Match::AnswerLines(BotSeat& b, Clock::time_point deadline, int limit,
                                            TurnRecord& rec, std::string& joined) {
  BotProcess& p = *b.proc;
  if (spec_.side->AnswerLines() == 0) return StreamedAnswer(b, deadline, limit, joined);
  const size_t want = static_cast<size_t>(std::max(1, spec_.side->AnswerLines()));
  std::vector<TimedLine> lines{p.PopLine()};
  // The last line times the answer: one that comes within late_window after
  // the deadline is a late answer, judged as one (the machine's load).
  const auto complete = [&] {
    while (p.HasLine() && lines.size() < want) lines.push_back(p.PopLine());
    return lines.size() >= want || p.exited() || p.stdout_eof();
  };
  if (!env_.RunUntil(deadline, complete)) env_.RunUntil(deadline + config_.late_window, complete);
  for (const TimedLine& l : lines) joined += (joined.empty() ? "" : "\n") + l.line.text;
  if (lines.size() >= want) return lines.back();
  std::string got;
  for (const TimedLine& l : lines) got += EscapeBytes(l.line.text.substr(0, 80)) + "\\n";
  Finding& f = Report(b, "action.line-count", "too few lines",
                      "the turn asks for " + std::to_string(want) + " answer lines (" +
                          (config_.server.empty() ? std::string("the referee") : config_.server) +
                          " said so), and the bot printed " + std::to_string(lines.size()) +
                          " within " + std::to_string(limit) + " ms and the " +
                          std::to_string(config_.late_window.count()) + " ms after",
                      rec.turn);
  if (f.received.empty()) f.received = got;
  rec.silent = true;
  rec.events = spec_.side->ApplySilence();
  Stop(b, rec.turn);
  return std::nullopt;
}

// A turn whose number of lines only the referee knows (MatchSide::
// AnswerLines 0, a referee that launches its bots): each line goes to the
// referee, and the next one only if the referee has not moved on (it wrote
// to a seat, closed one, exited: MatchSide::TurnOver) within a moment of
// the last, else it is an extra line, left for the next turn's check. The
// last line given times the answer; a referee still waiting at the deadline
// is given late_window more, and a line then is a late answer.
TimedLine Match::StreamedAnswer(BotSeat& b, Clock::time_point deadline, int limit,
                                std::string& joined) {
  using std::chrono::milliseconds;
  BotProcess& p = *b.proc;
  MatchSide& side = *spec_.side;
  TimedLine last = p.PopLine();
  side.StreamLine(last.line.text);
  joined = last.line.text;
  const auto hold = std::clamp(milliseconds(limit / 50), milliseconds(2), milliseconds(5));
  const std::function<bool()> turn_over = [&] { return side.TurnOver(); };
  const auto waiting = [&] {
    return side.TurnOver() || p.HasLine() || p.exited() || p.stdout_eof();
  };
  // Bounded: a bot that prints on and on is an output flood, not a turn.
  const auto end = deadline + config_.late_window;
  for (int lines = 1; lines < kMaxStreamedLines && env_.Now() < end; ++lines) {
    // A referee that wrote to other seats before reading this one's answer
    // will not move on before it has theirs: the answer ends when the bot
    // goes quiet, blocked reading its next input.
    if (side.OthersWaiting() && !env_.RunUntil(env_.Now() + hold, waiting) &&
        p.Probe().waiting_for_stdin)
      break;
    const auto until = env_.Now() < deadline ? deadline : end;
    if (!env_.RunUntil(until, waiting)) {
      if (until == end) break;
      continue;
    }
    if (side.TurnOver() || !p.HasLine()) break;
    if (env_.RunUntil(env_.Now() + hold, turn_over)) break;  // an extra line
    last = p.PopLine();
    side.StreamLine(last.line.text);
    joined += "\n" + last.line.text;
  }
  return last;
}

void Match::BotTurn(BotSeat& b, TurnRecord& rec) {
  BotProcess& p = *b.proc;
  CheckBetweenTurns(b, rec.turn);
  Settle(p);
  if (p.exited() || p.stdout_eof()) {
    if (p.exited()) {
      ReportExit(b, "process.crash", "before the game ended", rec.turn);
    } else {
      Report(b, "process.stdout-closed", "during the game",
             "the bot closed its standard output during the game", rec.turn);
    }
    Stop(b, rec.turn);
    return;
  }
  b.first_turn = b.own_turns++ == 0;
  const int limit = b.first_turn ? config_.first_action_ms : config_.action_ms;
  b.sched_before = p.SchedOfTree();
  b.self_before = env_.SelfSched();
  const auto sent = env_.Now();  // before the write: see BotProcess::write_done_at
  p.Write(rec.input);
  b.sent += rec.input;
  auto deadline = sent + std::chrono::milliseconds(limit);
  // arbiter's wait for a CPU delays the read of an answer only since its last
  // wake before the answer: re-sampled at every wake that finds none. The
  // rest of a turn a real referee writes in pieces restarts the clock.
  // Bounded: a referee trickling a byte at a time restarts it for so long.
  const auto pieces_until = sent + kPiecesWindow;
  for (bool more = true; more;) {
    more = false;
    env_.RunUntil(deadline, [&] {
      if (p.HasLine() || p.exited() || p.stdout_eof()) return true;
      if (env_.Now() < pieces_until) {
        if (std::string bytes = spec_.side->MoreInput(b.seat); !bytes.empty()) {
          p.Write(bytes);
          b.sent += bytes;
          rec.input += bytes;
          deadline = env_.Now() + std::chrono::milliseconds(limit);
          return more = true;
        }
      }
      b.self_before = env_.SelfSched();
      return false;
    });
  }
  if (Interrupted() && !p.HasLine()) {  // the game is abandoned, not judged
    rec.silent = true;
    return;
  }
  const auto start = p.write_done_at().value_or(sent);
  if (!p.HasLine() && !p.exited() && !p.stdout_eof() && !Interrupted() && p.launcher())
    WaitPastLauncher(p, start, std::max(deadline, env_.Now()), limit,
                     [&] { return p.HasLine() || p.exited() || p.stdout_eof(); });
  CheckFloods(b, rec.turn);
  if (!p.HasLine()) return DiagnoseSilence(b, start, limit, rec);
  std::string joined;
  const std::optional<TimedLine> last = AnswerLines(b, deadline, limit, rec, joined);
  if (!last) return;
  const TimedLine& tl = *last;
  ++b.answers;
  // A queued line (extra_lines=queue) was there before the input.
  const double elapsed = std::max(0.0, Ms(tl.at - start));
  rec.elapsed_ms = elapsed;
  result_.latencies_ms.push_back(elapsed);
  // A late bot is stopped and its player does nothing, unless only the
  // machine's load made it late: then it plays on and the match is replayed.
  if (elapsed > limit) {
    if (const std::optional<LateJudgement> late =
            LateUnexplained(b, elapsed, limit, rec.turn, tl)) {
      rec.silent = true;
      rec.events = spec_.side->ApplySilence();
      ReportLate(b, tl, elapsed, limit, rec, *late);
      return;
    }
  }
  const std::string& text = joined;
  if (tl.line.truncated || tl.line.length > config_.max_answer_bytes) {
    Finding& f = Report(b, "output.flood", "an answer line",
                        "an answer line of " + std::to_string(tl.line.length) + " bytes", rec.turn);
    f.received = EscapeBytes(text.substr(0, 200)) + "...";
  }
  // On a turn with no legal action the player is out whatever it prints:
  // what it prints is a note, not a failure (action.no-legal-line).
  const bool no_legal =
      catalog_.Find(kNoLegalLine) != nullptr && !spec_.side->CurrentPlayerHasLegalAction();
  if (no_legal) b.no_legal_turn = rec.turn;
  std::string played = text;
  AnswerVerdict verdict = spec_.side->ClassifyAnswer(text);
  if (verdict == AnswerVerdict::kServerAccepts) {
    const std::optional<std::string> read = spec_.side->ServerReading(text);
    if (read && catalog_.Find(kServerAccepts)) {
      Finding& f = Report(b, kServerAccepts, "read by the server",
                          "the rule text does not allow this answer; the game's real server "
                          "accepts it and reads '" +
                              EscapeBytes(*read) +
                              "', but another referee may refuse it and put the player out",
                          rec.turn);
      if (f.received.empty()) f.received = EscapeBytes(text) + "\\n";
      played = *read;
    } else {
      verdict = AnswerVerdict::kInvalid;
    }
  }
  if (no_legal && (verdict == AnswerVerdict::kInvalid || verdict == AnswerVerdict::kIllegal)) {
    Finding& f = Report(b, kNoLegalLine, "not a valid action",
                        "the turn had no legal action, so the player is out whatever it prints; "
                        "the line it printed is not a valid action (a bot may print anything "
                        "there, ACCEPT-DEFEAT is the clean choice)",
                        rec.turn);
    if (f.received.empty()) f.received = EscapeBytes(text.substr(0, 200)) + "\\n";
    verdict = AnswerVerdict::kValid;
  }
  switch (verdict) {
    case AnswerVerdict::kValid:
    case AnswerVerdict::kServerAccepts:
      break;
    case AnswerVerdict::kWhitespace: {
      Finding& f = Report(b, "action.whitespace", "around the answer",
                          "the answer has surrounding whitespace or a carriage return; a referee "
                          "that compares lines exactly rejects it",
                          rec.turn);
      if (f.received.empty()) f.received = EscapeBytes(text) + "\\n";
      if (f.form == kAroundTheHandshake) {  // the statement grows: its answers too
        f.form = "around the handshake and the answers";
        f.message += "; so have its answers (each one counted here)";
      }
      break;
    }
    case AnswerVerdict::kInvalid:
    case AnswerVerdict::kIllegal: {
      const std::string check = RejectedCheck(verdict);
      const Refusal why = spec_.side->RejectionReason(text);
      Finding& f = Report(
          b, check, "refused: " + why.rule,
          (check == kIllegalCheck ? "the answer is well-formed but not a legal action on this turn"
                                  : "the answer is not a valid command") +
              (why.reason.empty() ? std::string() : ": " + why.reason),
          rec.turn);
      if (f.received.empty()) f.received = EscapeBytes(text.substr(0, 200)) + "\\n";
      if (verdict == AnswerVerdict::kInvalid && f.advice.empty()) f.advice = InvalidHint(text, why);
      break;
    }
  }
  rec.answer = text;
  rec.events = spec_.side->ApplyLine(played);
}

void Match::Finish(BotSeat& b) {
  if (!b.active) return;
  BotProcess& p = *b.proc;
  if (Interrupted()) {  // nothing more is judged: tear the tree down at once
    b.active = false;
    return Teardown(b, -1);
  }
  CheckBetweenTurns(b, -1);
  CheckFloods(b, -1);
  if (p.exited()) {
    ReportExit(b, "process.crash", "before the game ended", -1);
  } else {
    p.CloseStdin();
    if (!env_.RunUntil(env_.Now() + config_.eof_grace, [&] { return p.exited(); })) {
      Finding& f =
          Report(b, "process.no-exit-on-eof", "at the end of the game",
                 "the bot did not exit within " + std::to_string(config_.eof_grace.count()) +
                     " ms of its stdin being closed at the end of the game");
      f.limit_ms = static_cast<int>(config_.eof_grace.count());
    }
  }
  b.active = false;
  Teardown(b, -1);
}

// What the bot wrote to stderr since its last turn, as read by the end of
// this one: its last 20 lines, at most 2 KB (the log and the replay show it).
std::string Match::NewStderr(BotSeat& b) {
  if (!b.proc) return "";
  const std::string fresh = StderrSince(*b.proc, b.stderr_seen);
  if (fresh.empty()) return "";
  std::string lines = LastLines(fresh, 20);
  if (lines.size() > 2048) lines = "..." + lines.substr(lines.size() - 2045);
  return lines;
}

void Match::Run(const Progress& progress) {
  MatchSide& state = *spec_.side;
  result_.initial_state = state.InitialState();
  for (size_t seat = 0; seat < spec_.seats.size(); ++seat) {
    if (spec_.seats[seat].argv.empty()) continue;
    BotSeat b;
    b.seat = static_cast<int>(seat);
    SpawnOptions options;
    options.argv = spec_.seats[seat].argv;
    options.limits = config_.limits;
    options.env = config_.env;
    options.containment = config_.containment;
    std::string error;
    b.proc = env_.Spawn(options, error);
    bots_.push_back(std::move(b));
    BotSeat& placed = bots_.back();
    if (!placed.proc) {
      Report(placed, "process.exec-failed", "not started",
             error.empty() ? "the bot could not be started" : error);
      continue;
    }
    placed.active = true;
  }
  for (BotSeat& b : bots_) {
    if (b.active && config_.ready_line) Handshake(b);
    if (b.active) {
      if (std::string init = state.InitText(b.seat); !init.empty()) {
        b.proc->Write(init);
        b.sent += init;
      }
    }
  }
  Rng rng(spec_.policy_seed);
  int played = 0;
  while (!state.IsTerminal() && (spec_.max_turns == 0 || played < spec_.max_turns) &&
         !Interrupted()) {
    TurnRecord rec;
    rec.turn = state.turn();
    rec.player = state.current_player();
    if (progress) progress(spec_.id, rec.turn);
    BotSeat* bot = nullptr;
    for (BotSeat& b : bots_)
      if (b.seat == rec.player) bot = &b;
    if (!state.CurrentPlayerReceivesInput() || (bot && !bot->active)) {
      rec.silent = true;
      rec.events = state.ApplySilence();
    } else if (!bot) {
      rec.input = state.InputText(rec.player);
      rec.answer = state.BuiltinAnswer(spec_.seats[rec.player].policy, rng).value_or("");
      rec.events = state.ApplyLine(rec.answer);
    } else {
      rec.input = state.InputText(rec.player);
      last_input_ = rec.input;
      BotTurn(*bot, rec);
      rec.stderr_lines = NewStderr(*bot);
    }
    result_.turns.push_back(std::move(rec));
    ++played;
  }
  result_.interrupted = Interrupted();
  const int limit = state.TurnLimit(), n = state.num_players();
  for (const BotSeat& b : bots_)
    result_.seat_plays.push_back({b.seat, b.own_turns, limit > 0 ? (limit - b.seat + n - 1) / n : 0,
                                  state.IsTerminal() && b.active && !result_.interrupted});
  for (BotSeat& b : bots_) Finish(b);
  result_.interrupted = result_.interrupted || Interrupted();
  result_.turns_played = played;
  result_.game_over = state.IsTerminal();
  result_.winner = state.Winner();
}

}  // namespace arbiter::harness::detail

namespace arbiter::harness {

MatchResult RunMatch(Env& env, MatchSpec spec, const SessionConfig& config,
                     const CheckCatalog& catalog, const Progress& progress) {
  MatchResult result;
  result.id = spec.id;
  result.description = spec.description;
  result.variant = spec.variant;
  result.seed = spec.seed;
  result.kind = spec.kind;
  detail::Match(env, spec, config, catalog, result).Run(progress);
  return result;
}

}  // namespace arbiter::harness
