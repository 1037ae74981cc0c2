// RunRefereeGame (referee_fuzz.h): a referee that launches bots, played on
// an engine: BotsFuzzGame, the bots protocol's hooks of the one fuzz game
// (fuzz_game.h) over the one referee driver (referee_driver.h), which runs
// the referee and a relay in every bot seat, answers the game's handshake,
// frames each seat's input by the game's own messages and serves them in
// the order they left the referee. Each message goes to the reference side
// (reference_side.h); this file sends back its answer (two lines at once,
// once, when the plan says so), makes a bot late, dead or stalled when the
// plan says so, says which hang a silent referee shows, and judges how the
// referee ends: its exit, and the winner of its RESULT line.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

#include "core/parse.h"
#include "process/env.h"
#include "process/interrupt.h"
#include "referee/fuzz_game.h"
#include "referee/referee_driver.h"
#include "referee/referee_fuzz.h"
#include "referee/reference_side.h"

namespace arbiter::harness {
namespace {

// The referee exited by a signal or with a failure status.
bool Crashed(const RefereeOutcome& o) { return o.term_signal || o.exit_code.value_or(0) != 0; }

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
// How long a message to an unexpected seat waits for the expected one's: a
// fraction of the referee's answer limit, since that seat's bot may be owed
// an answer (a referee that also asks fallen players), and enough for two
// probes' relays to cross.
milliseconds ReorderPatience(int action_ms) { return milliseconds(std::min(30, action_ms / 4)); }

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

class BotsFuzzGame final : public FuzzGame {
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
  BotsFuzzGame(Env& env, const RefereeFuzzConfig& c, const RefereeGamePlan& p,
               RefereeGameResult& r);

 private:
  // The driver's configuration of this game's referee; false (a fault) when
  // its template launches another number of bots than the game seats.
  bool Configure(RefereeDriverConfig& d) override;
  // The seat the game expects, and when arbiter stops waiting (WakeAt).
  NextHint Hint() const override { return {reference_.ExpectedSeat(), WakeAt()}; }
  bool Respond(const RefereeRequest& q) override { return Message(q.seat, q.input); }
  // After the game: the referee's end, exit and result; nothing when cut off.
  void Conclude(bool started, bool stopped) override;

  bool Message(int seat, const std::string& text);  // false: stop the game
  // The winner the referee states in its RESULT line, if any, once it has
  // exited: the reference's when the reference game is over.
  // Or, without one, the scores of a CodinGame SDK referee (RefereeOutcome::scores).
  void CheckResult(const RefereeDriver& driver);
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
  void Answer(const std::string& answer);
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
  // When arbiter stops waiting for the referee's next message: the game's
  // deadline, a stall's patience, a known hang's
  // (RefereeFuzzConfig::known_hangs).
  Clock::time_point WakeAt() const;
  // The hang the driver saw (it said `said`), named by what arbiter waited
  // for: a stalled bot's referee, a known hang, the game's time limit.
  void Hung(const std::string& said);
  // After the last message: what stopped the referee's messages (a hang,
  // garbage) or its end by the rules; true when arbiter stopped the game.
  bool AfterMessages();
  // The referee's end, exit and result, once its messages are over.
  void Finish(bool stop);

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
  // the answer before that seat's last message (arbiter.referee.load);
  // sched_valid_ (fuzz_game.h) stays true while every wait was told.
  uint64_t wait_at_answer_ns_ = 0;
  std::vector<uint64_t> wait_before_ns_;
  bool waited_for_stop_ = false;  // for a stop, since the last message
  // The message at hand's seat, and its answer once sent before the
  // divergence it showed was explained.
  int message_seat_ = -1;
  std::optional<std::string> answered_;
  std::vector<bool> stopped_before_answer_;  // per seat, when answered_
};

Clock::time_point BotsFuzzGame::WakeAt() const {
  Clock::time_point until = deadline_;
  if (stall_due_) until = std::min(until, *stall_due_);
  if (progress_at_ && !stall_due_ && config_.known_hangs->progress)
    until = std::min(until, *progress_at_ + KnownProgressPatience(config_.referee_action_ms));
  return until;
}

void BotsFuzzGame::Hung(const std::string& said) {
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
    return;
  }
  const milliseconds patience = KnownProgressPatience(config_.referee_action_ms);
  if (progress_at_ && !stall_due_ && config_.known_hangs->progress &&
      now >= *progress_at_ + patience && now < deadline_) {
    result_.faults.push_back({"referee.hang",
                              "no progress in " + seconds(patience) +
                                  " s, as in a game before this one that waited for the "
                                  "per-game time limit",
                              reference_.turn()});
    return;
  }
  if (now >= deadline_) {
    FaultText cut = Cut(progress_at_);
    // Only a referee that stopped playing makes later games' patience short.
    if (cut.check == "referee.hang") config_.known_hangs->progress = true;
    result_.faults.push_back({std::move(cut.check), std::move(cut.message), reference_.turn()});
    return;
  }
  // Another silence the driver saw: every bot's input closed, and no exit.
  result_.faults.push_back({"referee.hang", said, reference_.turn()});
}

std::optional<StopEvidence> BotsFuzzGame::StoppedByReferee(int seat, bool may_wait, bool at_end) {
  const auto stopped = [&] { return driver_->SeatStopped(seat); };
  // After the referee's exit, which took its bots with it, a bot gone is
  // all there is to see (ReferenceSide::ExplainStop says so).
  if (at_end) return stopped() ? std::optional(Evidence(seat)) : std::nullopt;
  // Mid-game, a referee that exited took its bots with it: no evidence.
  if (driver_->RefereeExited()) return std::nullopt;
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
  if (!stopped() || driver_->RefereeExited()) return std::nullopt;
  return Evidence(seat);
}

StopEvidence BotsFuzzGame::Evidence(int seat) const {
  StopEvidence e;
  uint64_t now = 0;
  e.sched_valid = sched_valid_ && env_.ThreadWait(now);
  if (e.sched_valid) e.self_wait_ms = static_cast<double>(now - wait_before_ns_[seat]) / 1e6;
  e.cpu_pressure = env_.CpuPressure();
  return e;
}

bool BotsFuzzGame::Message(int seat, const std::string& text) {
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
    const bool wrote = driver_->Stall();
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
    if (turn == plan_.kill_turn)
      driver_->NoAnswer();
    else
      driver_->AnswerAfter({reference_.PeekAnswer()},
                           milliseconds(config_.referee_action_ms + 100));
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
  Answer(answer);
  reference_.Play(seat, answer, text);
  return true;
}

void BotsFuzzGame::NoteStopsBeforeAnswer() {
  const int seats = static_cast<int>(wait_before_ns_.size());
  const auto stopped = [&](int s) { return driver_->SeatStopped(s); };
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

void BotsFuzzGame::Answer(const std::string& answer) {
  driver_->Answer({answer});
  if (sched_valid_) sched_valid_ = env_.ThreadWait(wait_at_answer_ns_);
}

bool BotsFuzzGame::StallsOn(int turn) const {
  return plan_.stall_turn >= 0 && turn >= plan_.stall_turn && !stalled_;
}

bool BotsFuzzGame::StopsOn(int turn) const {
  return turn == plan_.kill_turn || turn == plan_.late_turn;
}

bool BotsFuzzGame::DoublesOn(int turn) const {
  return plan_.double_turn >= 0 && turn >= plan_.double_turn && !doubled_ &&
         turn >= static_cast<int>(plan_.script.size()) && GameHasExtraLineReadings();
}

// Two lines in one answer are sent only to a game whose register says what
// becomes of the second (a reading named "extra_lines"): for the others, a
// referee that reads it as the next answer would be neither right nor wrong.
bool BotsFuzzGame::GameHasExtraLineReadings() const {
  for (const RuleReading& r : config_.readings)
    if (r.key == "extra_lines") return true;
  return false;
}

void BotsFuzzGame::CheckResult(const RefereeDriver& driver) {
  const GameState* ref = reference_.reference();
  if (reference_.diverged() || !reference_.following() || !ref->IsTerminal()) return;
  auto stated = ResultLine(driver.result_lines());
  // No RESULT line: a CodinGame SDK referee's scores, highest first
  // (arbiter.referee.result); tied first, a draw.
  const RefereeOutcome& o = driver.outcome();
  const bool scores = !stated && !o.scores.empty() && o.ranking && !o.ranking->empty();
  if (scores) {
    const std::vector<int>& first = o.ranking->front();
    std::string printed;  // the lines as the referee printed them
    for (const long long v : o.scores) printed += (printed.empty() ? "" : "\n") + std::to_string(v);
    stated = std::pair(first.size() == 1 ? first.front() : -1, std::move(printed));
  }
  if (!stated) {
    // Said once per run by the command line (arbiter.referee.result).
    const bool sdk = LaunchedLikeTheCgSdk(config_.referee.argv(), reference_.seats());
    result_.faults.push_back(
        {"referee.no-result",
         std::string("the referee printed no 'RESULT <winner> ...' line on its stdout") +
             (sdk ? ", nor its players' scores one a line at its end, as a CodinGame SDK "
                    "referee does"
                  : "") +
             ": its winners were not compared with the reference's",
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
  d.message = scores ? "the referee's scores (one a line, as a CodinGame SDK referee prints them) "
                       "put another winner first than the reference engine"
                     : "the referee's RESULT line states another winner than the reference engine";
  reference_.StatedWinner(stated->first, std::move(d), stated->second);
}

BotsFuzzGame::BotsFuzzGame(Env& env, const RefereeFuzzConfig& c, const RefereeGamePlan& p,
                           RefereeGameResult& r)
    : FuzzGame(env, c, p, r) {
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
    Answer(*answered_);
  });
}

bool BotsFuzzGame::Configure(RefereeDriverConfig& d) {
  const int seats = reference_.seats();
  if (config_.referee.protocol() != RefereeProtocol::kLaunchesBots ||
      config_.referee.seats() != seats) {
    result_.faults.push_back({"arbiter.error", "the referee's template does not launch the " +
                                                   std::to_string(seats) + " bots of the game"});
    return false;
  }
  // A seat's waits count from the game's start.
  wait_at_answer_ns_ = game_wait_ns_;
  wait_before_ns_.assign(seats, wait_at_answer_ns_);
  const int action_ms = config_.referee_action_ms;
  // No patience but the game's (FuzzDriverConfig): a stalled bot's and a
  // known hang's are WakeAt's.
  d = FuzzDriverConfig(config_);
  d.probe_executable = config_.probe_executable;
  // Once every bot's input is closed, its exit: generous, since a referee
  // may write its replay first, on a loaded machine.
  d.exit_grace = milliseconds(5000);
  d.frame = config_.game->referee_fuzzing->frame_message;
  if (config_.game->ready_line) d.ready_line = std::string(*config_.game->ready_line);
  // On a busy machine a relay can take far longer than the 50 ms this once
  // was to pass on its last message, and a game whose first message came in
  // late read as a referee that "started bots but sent them no input"
  // (arbiter.referee.load).
  d.drain_after_exit = std::max(milliseconds(500), milliseconds(2 * action_ms));
  // A message to another seat than the one the game expects waits for
  // that seat's a fraction of the referee's answer limit (a referee that
  // also asks fallen players may owe that seat's bot an answer), enough
  // for two relays to cross.
  d.reorder_patience = ReorderPatience(action_ms);
  return true;
}

bool BotsFuzzGame::AfterMessages() {
  if (Interrupted()) return true;
  const RefereeOutcome& o = driver_->outcome();
  if (o.fault_check == "referee.hang") {
    Hung(o.fault);
    return true;
  }
  if (o.fault_check == "referee.garbage") {
    result_.faults.push_back({o.fault_check, o.fault, reference_.turn()});
    return true;
  }
  // The referee exited, and every message it sent was read. One cause, one
  // finding: a referee that crashed ended its game by crashing
  // (referee.crash, Finish), not by the rules.
  if (!reference_.diverged() && !Crashed(o)) reference_.End("");
  return false;
}

void BotsFuzzGame::Conclude(bool started, bool stopped) {
  if (!started) {
    // No relays (no argv yet) is arbiter's own failure, not the referee's.
    const RefereeOutcome& o = driver_->outcome();
    result_.faults.push_back({driver_->argv().empty() ? "arbiter.error" : o.fault_check, o.fault});
    return;
  }
  Finish(stopped || AfterMessages());
}

// After the game: what the referee's end, exit and result say, unless the
// game was cut off by an interrupt (arbiter.run.interrupted).
void BotsFuzzGame::Finish(bool stop) {
  RefereeDriver& driver = *driver_;
  const int seats = reference_.seats();
  // Cut off during the game or while waiting for the referee's last
  // messages or its exit: nothing it did is a finding.
  if (Abandoned()) return;
  const GameState* ref = reference_.reference();
  if (!ref && result_.faults.empty() && !reference_.diverged()) {
    int connected = 0;
    for (int s = 0; s < seats; ++s) connected += driver.Connections(s) > 0;
    FaultText fault = NoMessageFault(connected, seats, Evidence(0), config_.referee_action_ms);
    result_.faults.push_back({std::move(fault.check), std::move(fault.message)});
  }
  // A referee the driver saw hang has had its wait (one finding, not a hang
  // and then an exit).
  if (ref && ref->IsTerminal() && !reference_.diverged() &&
      driver.outcome().fault_check != "referee.hang")
    driver.WaitForExit(milliseconds(2000));
  if (Abandoned()) return;
  const bool exited = driver.RefereeExited();
  driver.Finish();
  const RefereeOutcome& o = driver.outcome();
  const bool crashed = exited && Crashed(o);
  // Only a referee that ran its game to its own end had to start every bot:
  // one arbiter stopped early (a divergence, a fault) may not have yet.
  for (int s = 0; s < seats && ref && !stop && !reference_.diverged() && !crashed; ++s) {
    if (driver.Connections(s) == 0)
      result_.faults.push_back(
          {"referee.bot-not-started", "the referee never started bot " + std::to_string(s)});
  }
  if (crashed) {
    result_.faults.push_back(
        {"referee.crash",
         (o.term_signal ? "the referee was killed by signal " + std::to_string(*o.term_signal)
                        : "the referee exited with status " + std::to_string(*o.exit_code)) +
             LastAnswer(),
         reference_.turn()});
  } else if (!exited && !stop && !reference_.diverged()) {
    result_.faults.push_back(
        {"referee.hang", "the referee did not exit after the game ended", reference_.turn()});
  }
  Keep(o, driver.StderrTail(), exited);
  // A crashed referee printed no result because it crashed: that is its finding.
  if (exited && !crashed) CheckResult(driver);
  reference_.Finish();
}
}  // namespace

RefereeGameResult RunRefereeGame(Env& env, const RefereeFuzzConfig& config,
                                 const RefereeGamePlan& plan) {
  return PlayFuzzGame<BotsFuzzGame>(env, config, plan);
}

}  // namespace arbiter::harness
