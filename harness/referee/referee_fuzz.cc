// RunRefereeGame (referee_fuzz.h): the bot-launching protocol's driver. It
// runs the referee with a probe in every bot seat, answers READY, hands each
// complete message a probe relays to the reference side (reference_side.h),
// sends back its answer (two lines at once, once, when the plan says so),
// makes a bot late, dead or stalled when the plan says so, and
// judges how the referee ends: its exit, and the winner of its RESULT line.
// It runs on Env (the relays are Env::OpenRelay's, the referee Env::Spawn's),
// as the one referee driver does (referee_driver.h), whose framing by bytes
// written it does not share: it frames by the game's own messages.
#include "referee_fuzz.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

#include "core/parse.h"
#include "env.h"
#include "interrupt.h"
#include "process/proc_probe.h"
#include "referee_template.h"
#include "reference_side.h"

namespace arbiter::harness {
namespace {

// The referee exited by a signal or with a failure status.
bool Crashed(const BotProcess& referee) {
  return referee.exited() && (referee.term_signal() || referee.exit_code().value_or(0) != 0);
}

using std::chrono::milliseconds;

// How long a referee may take, beyond ten of its answer limits, to play on
// after a bot stalls: generous, since a loaded machine must not turn a slow
// referee into a hanging one.
constexpr milliseconds kStallPatience{5000};
// A hang the run has seen already (RefereeFuzzConfig::known_hangs) is
// waited for again only this long: ten answer limits, at least 1 s, after a
// stall; twenty, at least 2 s, without any progress mid-game.
milliseconds KnownStallPatience(int action_ms) {
  return milliseconds(std::max(1000, 10 * action_ms));
}
milliseconds KnownProgressPatience(int action_ms) {
  return milliseconds(std::max(2000, 20 * action_ms));
}
// How long a message to an unexpected seat waits for the expected one's: a
// fraction of the referee's answer limit, since that seat's bot may be owed
// an answer (a referee that also asks fallen players), and enough for two
// probes' relays to cross.
milliseconds ReorderPatience(int action_ms) { return milliseconds(std::min(30, action_ms / 4)); }

std::vector<std::string> Instantiate(const std::vector<std::string>& tmpl, const SeatRelay& hub,
                                     int seats, uint64_t seed) {
  std::vector<std::string> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(hub.ProbeCommand(s));
  return RefereeTemplate::Instantiate(tmpl, seed, bots);
}

// The RESULT line a bot-launching referee conventionally prints on stdout,
// "RESULT <winner> ..." (the winner's player index, -1 for a draw): the last
// one, or nullopt when there is none.
std::optional<std::pair<int, std::string>> ResultLine(const std::vector<std::string>& lines) {
  for (auto l = lines.rbegin(); l != lines.rend(); ++l) {
    if (l->rfind("RESULT ", 0) != 0) continue;
    const size_t end = l->find(' ', 7);
    const auto winner = ParseCanonicalInt(std::string_view(*l).substr(7, end - 7));
    if (winner && *winner >= -1 && *winner < 1000) return std::pair(static_cast<int>(*winner), *l);
  }
  return std::nullopt;
}

// Starts the referee of a game, `result.argv`, under the config's limits and
// environment; nullptr, with a referee.exec-failed fault in `result`, when it
// cannot be started.
std::unique_ptr<BotProcess> SpawnReferee(Env& env, const RefereeFuzzConfig& config,
                                         RefereeGameResult& result) {
  SpawnOptions so;
  so.argv = result.argv;
  so.limits = config.limits;
  so.env = config.env;
  std::string error;
  auto referee = env.Spawn(so, error);
  if (!referee) result.faults.push_back({"referee.exec-failed", error});
  return referee;
}

class RefereeGame {
 public:
  // ", right after player P answered 'A' on turn T", or "" before any answer.
  std::string LastAnswer() const {
    for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t) {
      if (t->silent) continue;
      return ", right after player " + std::to_string(t->player) + " answered '" +
             EscapeBytes(t->answer) + "' on turn " + std::to_string(t->turn);
    }
    return "";
  }
  RefereeGame(Env& env, const RefereeFuzzConfig& c, const RefereeGamePlan& p, RefereeGameResult& r)
      : env_(env), config_(c), plan_(p), result_(r), reference_(c, p, r) {}
  void Run();

 private:
  bool Message(int seat, const std::string& text);  // false: stop the game
  // The winner the referee states in its RESULT line, if any, once it has
  // exited: the reference's when the reference game is over.
  void CheckResult(const std::vector<std::string>& stdout_lines);
  bool GameHasExtraLineReadings() const;
  // What the plan does on `turn` instead of one answer line: the bot stalls
  // (the first message on or after the plan's turn: the player of that very
  // turn may have fallen), is killed or answers late, or answers two lines.
  bool StallsOn(int turn) const;
  bool StopsOn(int turn) const;
  bool DoublesOn(int turn) const;
  bool PlannedOtherwise(int turn) const {
    return StallsOn(turn) || StopsOn(turn) || DoublesOn(turn);
  }
  // The answer to the message at hand, sent (ReferenceSide::SetBeforeExplaining).
  void Answer(int seat, const std::string& answer);
  // Which bots the referee had stopped before arbiter answered the message
  // at hand ahead of explaining it: a stop seen after that answer may be the
  // referee's reply to it (its end closing every bot), not a stop of a bot
  // arbiter had answered (arbiter.referee.load).
  void NoteStopsBeforeAnswer();
  // arbiter.referee.load: whether the referee stopped `seat`'s bot; when
  // `may_wait`, waiting a few milliseconds at most (once per message) for
  // its kill or closed stdin to reach the hub.
  std::optional<StopEvidence> StoppedByReferee(int seat, bool may_wait, bool at_end);
  // The scheduler's evidence for a stop of `seat`'s bot, now.
  StopEvidence Evidence(int seat) const;
  // When the loop must wake: the game's deadline, a late answer due, a
  // stall's patience, a known hang's (RefereeFuzzConfig::known_hangs).
  Clock::time_point WakeAt(Clock::time_point deadline) const;
  // Records a hang when the referee made no progress in time; true then.
  bool Hung(Clock::time_point deadline);
  // The complete message at the front of `seat`'s inbox, taken out of it.
  std::string TakeMessage(int seat);
  // The referee has exited: any message still in flight, then the end.
  void EndAfterExit(const BotProcess& referee);
  // After the game: the referee's end, exit and result; nothing when cut off.
  void Conclude(BotProcess& referee, bool stop);

  Env& env_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  ReferenceSide reference_;
  std::unique_ptr<SeatRelay> hub_;  // the probes' relay (Env::OpenRelay)
  // A late answer, sent after the referee's limit has passed.
  int late_seat_ = -1;
  std::string late_answer_;
  std::optional<Clock::time_point> late_due_;
  // A stalled bot (plan_.stall_turn): the referee must make progress (a
  // message, or its exit) by stall_due_.
  std::optional<Clock::time_point> stall_due_;
  milliseconds stall_patience_{0};
  // The last progress of the referee (a message, a bot started), for a hang
  // the run has seen already; unset before its first message.
  std::optional<Clock::time_point> progress_at_;
  std::string stall_cause_;
  bool stalled_ = false;  // the plan's stall is done
  bool doubled_ = false;  // the plan's two-line answer is sent
  // This thread's wait for a CPU at arbiter's last answer, and per seat at
  // the answer before that seat's last message (arbiter.referee.load).
  bool sched_valid_ = false;
  uint64_t wait_at_answer_ns_ = 0;
  std::vector<uint64_t> wait_before_ns_;
  bool referee_gone_ = false;     // the referee exited: every probe is gone with it
  bool waited_for_stop_ = false;  // for a stop, since the last message
  // The message at hand's seat, and its answer once sent before the
  // divergence it showed was explained.
  int message_seat_ = -1;
  std::optional<std::string> answered_;
  std::vector<bool> stopped_before_answer_;  // per seat, when answered_
  const BotProcess* referee_ = nullptr;
};

Clock::time_point RefereeGame::WakeAt(Clock::time_point deadline) const {
  Clock::time_point until = deadline;
  if (late_due_) until = std::min(until, *late_due_);
  if (stall_due_) until = std::min(until, *stall_due_);
  if (progress_at_ && !stall_due_ && config_.known_hangs->progress)
    until = std::min(until, *progress_at_ + KnownProgressPatience(config_.referee_action_ms));
  return until;
}

bool RefereeGame::Hung(Clock::time_point deadline) {
  const auto now = env_.Now();
  const auto seconds = [](milliseconds ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", static_cast<double>(ms.count()) / 1000);
    return std::string(text);
  };
  if (stall_due_ && now >= *stall_due_) {
    const bool known = config_.known_hangs->stall.exchange(true);
    result_.faults.push_back(
        {"referee.hang",
         "the referee made no progress in " + seconds(stall_patience_) + " s after " +
             stall_cause_ +
             ": a referee must stop a bot that does not answer in time and play on without it" +
             (known ? " (a hang this run has seen before, so waited for only briefly)" : ""),
         reference_.turn()});
    return true;
  }
  const milliseconds patience = KnownProgressPatience(config_.referee_action_ms);
  if (progress_at_ && !stall_due_ && config_.known_hangs->progress &&
      now >= *progress_at_ + patience && now < deadline) {
    result_.faults.push_back({"referee.hang",
                              "no progress in " + seconds(patience) +
                                  " s, as in a game before this one that waited for the "
                                  "per-game time limit",
                              reference_.turn()});
    return true;
  }
  if (now >= deadline) {
    config_.known_hangs->progress = true;
    result_.faults.push_back({"referee.hang",
                              "no progress within the per-game time limit of " +
                                  std::to_string(config_.game_time_limit.count() / 1000) + " s",
                              reference_.turn()});
    return true;
  }
  return false;
}

std::optional<StopEvidence> RefereeGame::StoppedByReferee(int seat, bool may_wait, bool at_end) {
  const auto stopped = [&] { return !hub_->connected(seat) || hub_->ended(seat); };
  // After the referee's exit, which took its bots with it, a bot gone is
  // all there is to see (ReferenceSide::ExplainStop says so).
  if (at_end) return stopped() ? std::optional(Evidence(seat)) : std::nullopt;
  // Mid-game, a referee that exited took its bots with it: no evidence.
  if (referee_gone_ || !referee_ || referee_->exited()) return std::nullopt;
  // Answered already: only what was stopped before that answer counts.
  if (answered_) {
    if (seat >= static_cast<int>(stopped_before_answer_.size()) || !stopped_before_answer_[seat])
      return std::nullopt;
    return Evidence(seat);
  }
  // The referee stops a bot before it sends the next message, but the two
  // cross different sockets: a few milliseconds for the stop to arrive, no
  // more, since the bot of the message at hand is owed its answer meanwhile.
  if (!stopped() && may_wait && !waited_for_stop_) {
    waited_for_stop_ = true;  // once per message
    env_.RunUntil(env_.Now() + milliseconds(std::clamp(config_.referee_action_ms / 20, 1, 10)),
                  stopped);
  } else if (!stopped()) {
    env_.Poll();
  }
  if (!stopped() || referee_->exited()) return std::nullopt;
  return Evidence(seat);
}

StopEvidence RefereeGame::Evidence(int seat) const {
  StopEvidence e;
  uint64_t now = 0;
  e.sched_valid = sched_valid_ && proc::ReadThreadWait(now);
  if (e.sched_valid) e.self_wait_ms = static_cast<double>(now - wait_before_ns_[seat]) / 1e6;
  e.cpu_pressure = proc::ReadCpuPressure();
  return e;
}

bool RefereeGame::Message(int seat, const std::string& text) {
  stall_due_.reset();  // progress
  progress_at_ = env_.Now();
  waited_for_stop_ = false;
  wait_before_ns_[seat] = wait_at_answer_ns_;
  message_seat_ = seat;
  answered_.reset();
  if (!reference_.Receive(seat, text)) return false;
  const int turn = reference_.turn();
  if (answered_) {  // sent before the divergence was explained
    reference_.Play(seat, *answered_, text);
    return true;
  }
  if (StallsOn(turn)) {
    stalled_ = true;
    // A bot that writes part of a line to its stderr, then hangs: the
    // referee must stop it once its time is up and play on without it.
    const bool wrote = hub_->WriteStderr(seat, "arbiter-probe: a line without its newline");
    stall_cause_ = "bot " + std::to_string(seat) +
                   (wrote ? " wrote a line to its stderr without the newline and stopped answering"
                          : " stopped answering (its partial stderr line could not be written)") +
                   " on turn " + std::to_string(turn);
    stall_patience_ = config_.known_hangs->stall
                          ? KnownStallPatience(config_.referee_action_ms)
                          : kStallPatience + milliseconds(10 * config_.referee_action_ms);
    stall_due_ = env_.Now() + stall_patience_;
    reference_.Stop(seat, text);
    return true;
  }
  if (StopsOn(turn)) {
    // A bot that dies, or one that answers too late (with the answer it
    // would have given): the referee must go on without it, its player doing
    // nothing (the rules stop a late program).
    if (turn == plan_.kill_turn) {
      hub_->Kill(seat);
    } else {
      late_seat_ = seat;
      late_answer_ = reference_.PeekAnswer();
      late_due_ = env_.Now() + milliseconds(config_.referee_action_ms + 100);
    }
    reference_.Stop(seat, text);
    return true;
  }
  std::string answer = reference_.NextAnswer();
  if (DoublesOn(turn)) {
    doubled_ = true;
    // Two lines in one write: the second is not this turn's answer
    // (jc2015.protocol.action.extra-lines says what a referee may do with it).
    Rng extra(plan_.rng_seed ^ (0xd0b1eull + static_cast<uint64_t>(turn)));
    answer += "\n" + config_.game->referee_fuzzing->fuzz_answer(*reference_.reference(),
                                                                plan_.swarm, false, extra);
  }
  Answer(seat, answer);
  reference_.Play(seat, answer, text);
  return true;
}

void RefereeGame::NoteStopsBeforeAnswer() {
  const int seats = static_cast<int>(wait_before_ns_.size());
  const auto stopped = [&](int s) { return !hub_->connected(s) || hub_->ended(s); };
  const auto any = [&] {
    for (int s = 0; s < seats; ++s)
      if (s != message_seat_ && stopped(s)) return true;
    return false;
  };
  // As StoppedByReferee waits for a stop in flight, at the game's first
  // divergence only, so before the answer now.
  if (!result_.divergence && !waited_for_stop_ && !any()) {
    waited_for_stop_ = true;
    env_.RunUntil(env_.Now() + milliseconds(std::clamp(config_.referee_action_ms / 20, 1, 10)),
                  any);
  } else {
    env_.Poll();
  }
  stopped_before_answer_.assign(seats, false);
  for (int s = 0; s < seats; ++s) stopped_before_answer_[s] = stopped(s);
}

void RefereeGame::Answer(int seat, const std::string& answer) {
  hub_->Send(seat, answer + "\n");
  if (sched_valid_) sched_valid_ = proc::ReadThreadWait(wait_at_answer_ns_);
}

bool RefereeGame::StallsOn(int turn) const {
  return plan_.stall_turn >= 0 && turn >= plan_.stall_turn && !stalled_;
}

bool RefereeGame::StopsOn(int turn) const {
  return turn == plan_.kill_turn || turn == plan_.late_turn;
}

bool RefereeGame::DoublesOn(int turn) const {
  return plan_.double_turn >= 0 && turn >= plan_.double_turn && !doubled_ &&
         turn >= static_cast<int>(plan_.script.size()) && GameHasExtraLineReadings();
}

// Two lines in one answer are sent only to a game whose register says what
// becomes of the second (a reading named "extra_lines"): for the others, a
// referee that reads it as the next answer would be neither right nor wrong.
bool RefereeGame::GameHasExtraLineReadings() const {
  for (const RuleReading& r : config_.readings)
    if (r.key == "extra_lines") return true;
  return false;
}

void RefereeGame::CheckResult(const std::vector<std::string>& stdout_lines) {
  const GameState* ref = reference_.reference();
  if (reference_.diverged() || !reference_.following() || !ref->IsTerminal()) return;
  const auto stated = ResultLine(stdout_lines);
  if (!stated) {
    // Said once per run by the command line (arbiter.referee.result).
    result_.faults.push_back({"referee.no-result",
                              "the referee printed no 'RESULT <winner> ...' line on its stdout: "
                              "its winners were not compared with the reference's",
                              reference_.turn()});
    return;
  }
  if (stated->first == ref->Winner()) {  // said for arbiter.referee.edges
    reference_.StatedWinner(stated->first, {}, stated->second);
    return;
  }
  Divergence d;
  d.field = "result";
  d.kind = "result";
  d.expected = "winner " + std::to_string(ref->Winner());
  d.actual = "winner " + std::to_string(stated->first);
  d.message = "the referee's RESULT line states another winner than the reference engine";
  reference_.StatedWinner(stated->first, std::move(d), stated->second);
}

std::string RefereeGame::TakeMessage(int seat) {
  std::string& inbox = hub_->inbox(seat);
  const size_t n = config_.game->referee_fuzzing->frame_message(inbox);
  std::string message = inbox.substr(0, n);
  inbox.erase(0, n);
  return message;
}

void RefereeGame::EndAfterExit(const BotProcess& referee) {
  referee_gone_ = true;
  const int seats = reference_.seats();
  // Until every probe has gone (a message still in flight arrives before its
  // probe's end), at most max(500 ms, 2 answer limits): on a busy machine a
  // probe can take far longer than the 50 ms this once was to relay its last
  // message, and a game whose first message came in late read as a referee
  // that "started bots but sent them no input" (arbiter.referee.load).
  const auto patience = std::max(milliseconds(500), milliseconds(2 * config_.referee_action_ms));
  env_.RunUntil(env_.Now() + patience, [&] {
    for (int s = 0; s < seats; ++s)
      if (hub_->connected(s) && !hub_->ended(s)) return false;
    return true;
  });
  for (int s = 0; s < seats && !reference_.diverged(); ++s)
    while (!reference_.diverged() &&
           config_.game->referee_fuzzing->frame_message(hub_->inbox(s)) > 0)
      Message(s, TakeMessage(s));
  // One cause, one finding: a referee that crashed ended its game by
  // crashing (referee.crash, below), not by the rules.
  if (!reference_.diverged() && !Crashed(referee)) reference_.End("");
}

void RefereeGame::Run() {
  const GameInfo& game = *config_.game;
  if (!reference_.Start()) return;
  const int seats = reference_.seats();
  sched_valid_ = proc::ReadThreadWait(wait_at_answer_ns_);
  wait_before_ns_.assign(seats, wait_at_answer_ns_);  // a seat's waits count from the start
  reference_.SetStopProbe([this](int seat, bool may_wait, bool at_end) {
    return StoppedByReferee(seat, may_wait, at_end);
  });
  // The referee times its bots: explaining a divergence (replaying the game
  // under each candidate) may take longer than its limit, so the message's
  // answer goes first, chosen where the reference stands, as it would be
  // after a divergence nothing explains.
  reference_.SetBeforeExplaining([this] {
    const GameState* ref = reference_.reference();
    if (answered_ || !ref || ref->IsTerminal() || ref->current_player() != message_seat_ ||
        PlannedOtherwise(ref->turn()))
      return;
    NoteStopsBeforeAnswer();
    answered_ = reference_.NextAnswer();
    Answer(message_seat_, *answered_);
  });
  std::string error;
  hub_ = env_.OpenRelay(seats, config_.probe_executable, error);
  if (!hub_) {
    result_.faults.push_back({"arbiter.error", error});
    return;
  }
  result_.argv = Instantiate(config_.referee_template, *hub_, seats, plan_.seed);
  auto referee = SpawnReferee(env_, config_, result_);
  if (!referee) return;
  referee_ = referee.get();
  const auto deadline = env_.Now() + config_.game_time_limit;
  std::vector<int> readied(seats, 0);
  auto complete = [&](int s) { return game.referee_fuzzing->frame_message(hub_->inbox(s)) > 0; };
  auto ready_to_act = [&] {
    if (late_due_ && env_.Now() >= *late_due_) return true;
    if (stall_due_ && env_.Now() >= *stall_due_) return true;
    if (env_.Now() >= WakeAt(deadline)) return true;
    for (int s = 0; s < seats; ++s)
      if (hub_->connections(s) > readied[s] || complete(s) ||
          (hub_->ended(s) && hub_->connected(s)))
        return true;
    return referee->exited();
  };
  bool stop = false;
  while (!stop) {
    env_.RunUntil(WakeAt(deadline), ready_to_act);
    if (Interrupted()) {  // abandon the game; the trees go with the referee and the hub
      result_.interrupted = true;
      referee->Terminate(Clock::duration::zero());
      return;
    }
    for (int s = 0; s < seats; ++s) {
      while (hub_->connections(s) > readied[s]) {
        if (game.ready_line) hub_->Send(s, std::string(*game.ready_line) + "\n");
        ++readied[s];
      }
    }
    // A bot whose stdin the referee closed exits at once, as a well-behaved
    // bot does at end of input.
    for (int s = 0; s < seats; ++s)
      if (hub_->ended(s) && hub_->connected(s)) hub_->Kill(s);
    if (late_due_ && env_.Now() >= *late_due_) {
      hub_->Send(late_seat_, late_answer_ + "\n");
      late_due_.reset();
    }
    int best = -1;
    for (int s = 0; s < seats; ++s) {
      if (complete(s) && (best < 0 || hub_->last_arrival(s) < hub_->last_arrival(best))) best = s;
      if (hub_->inbox(s).size() > (1u << 16) && !complete(s)) {
        result_.faults.push_back(
            {"referee.garbage",
             "more than 64 KiB sent to bot " + std::to_string(s) +
                 " without a complete message: " + EscapeBytes(hub_->inbox(s).substr(0, 120)),
             reference_.turn()});
        stop = true;
      }
    }
    if (stop) break;
    // Messages to two seats that left the referee close together (it read
    // the first player's answer without waiting: a queued line) may cross
    // in two probes: the order they arrive in proves nothing. A message to
    // another seat than the one the game expects waits a little for that
    // seat's, which goes first when it comes.
    if (best >= 0) {
      const int expected = reference_.ExpectedSeat();
      if (expected >= 0 && expected != best && !complete(expected) && hub_->connected(expected) &&
          !hub_->ended(expected))
        env_.RunUntil(env_.Now() + ReorderPatience(config_.referee_action_ms),
                      [&] { return complete(expected) || referee->exited(); });
      if (expected >= 0 && expected != best && complete(expected)) best = expected;
    }
    if (best >= 0) {
      stop = !Message(best, TakeMessage(best));
      continue;
    }
    if (referee->exited()) break;
    if (Hung(deadline)) stop = true;
  }
  if (!stop) EndAfterExit(*referee);
  Conclude(*referee, stop);
}

// After the game: what the referee's end, exit and result say, unless the
// game was cut off by an interrupt (arbiter.run.interrupted).
void RefereeGame::Conclude(BotProcess& referee, bool stop) {
  const int seats = reference_.seats();
  // Cut off while waiting for the referee's last messages or its exit:
  // nothing it did is a finding (arbiter.run.interrupted).
  const auto abandoned = [&] {
    if (!Interrupted()) return false;
    result_.interrupted = true;
    referee.Terminate(Clock::duration::zero());
    return true;
  };
  if (abandoned()) return;
  const GameState* ref = reference_.reference();
  if (!ref && result_.faults.empty() && !reference_.diverged()) {
    int connected = 0;
    for (int s = 0; s < seats; ++s) connected += hub_->connections(s) > 0;
    FaultText fault = NoMessageFault(connected, seats, Evidence(0), config_.referee_action_ms);
    result_.faults.push_back({std::move(fault.check), std::move(fault.message)});
  }
  // Only a referee that ran its game to its own end had to start every bot:
  // one arbiter stopped early (a divergence, a fault) may not have yet.
  for (int s = 0; s < seats && ref && !stop && !reference_.diverged() && !Crashed(referee); ++s) {
    if (hub_->connections(s) == 0)
      result_.faults.push_back(
          {"referee.bot-not-started", "the referee never started bot " + std::to_string(s)});
  }
  if (!referee.exited() && ref && ref->IsTerminal() && !reference_.diverged())
    env_.RunUntil(env_.Now() + std::chrono::seconds(2), [&] { return referee.exited(); });
  if (abandoned()) return;
  const bool exited = referee.exited();
  if (exited) {
    if (Crashed(referee)) {
      result_.faults.push_back(
          {"referee.crash",
           (referee.term_signal()
                ? "the referee was killed by signal " + std::to_string(*referee.term_signal())
                : "the referee exited with status " + std::to_string(*referee.exit_code())) +
               LastAnswer(),
           reference_.turn()});
    }
  } else if (!stop && !reference_.diverged()) {
    result_.faults.push_back(
        {"referee.hang", "the referee did not exit after the game ended", reference_.turn()});
  }
  result_.exit_code = referee.exit_code();
  result_.term_signal = referee.term_signal();
  referee.Terminate(milliseconds(300));
  std::vector<std::string> stdout_lines;
  while (referee.HasLine()) {
    stdout_lines.push_back(referee.PopLine().line.text);
    if (result_.referee_stdout.size() < 4096) result_.referee_stdout += stdout_lines.back() + "\n";
  }
  result_.referee_stdout += referee.partial();
  result_.referee_stderr = referee.stderr_tail();
  // A crashed referee printed no result because it crashed: that is its finding.
  if (exited && !Crashed(referee)) CheckResult(stdout_lines);
  reference_.Finish();
}
}  // namespace

RefereeGameResult RunRefereeGame(EventLoop& loop, const RefereeFuzzConfig& config,
                                 const RefereeGamePlan& plan) {
  RefereeGameResult result;
  RefereeGame(*MakeRealEnv(loop), config, plan, result).Run();
  return result;
}

}  // namespace arbiter::harness
