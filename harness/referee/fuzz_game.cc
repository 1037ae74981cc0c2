// FuzzGame (fuzz_game.h): the one game flow of fuzz-referee against an
// engine, the cut of its per-game limit, and RunFuzzGame's choice of a
// protocol by the referee's template.
#include "referee/fuzz_game.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "process/interrupt.h"
#include "referee/cg_runner.h"

namespace arbiter::harness {

std::chrono::milliseconds KnownProgressPatience(int action_ms) {
  return std::chrono::milliseconds(std::max(2000, 20 * action_ms));
}

GameCut CutGame(Env& env, const RefereeFuzzConfig& config, const ReferenceSide& side,
                std::optional<std::chrono::duration<double, std::milli>> since_message,
                bool sched_valid, uint64_t wait_start_ns) {
  GameCut c;
  c.limit_ms = static_cast<int>(config.game_time_limit.count());
  if (since_message) c.since_message_ms = since_message->count();
  c.patience_ms = static_cast<int>(KnownProgressPatience(config.referee_action_ms).count());
  const GameState* ref = side.reference();
  c.reference_playing = ref && !ref->IsTerminal() && !side.diverged();
  c.turn = side.turn();
  uint64_t now = 0;
  c.evidence.sched_valid = sched_valid && env.ThreadWait(now);
  if (c.evidence.sched_valid)
    c.evidence.self_wait_ms = static_cast<double>(now - wait_start_ns) / 1e6;
  c.evidence.cpu_pressure = env.CpuPressure();
  return c;
}

void FuzzGame::Run() {
  if (!reference_.Start()) return;
  sched_valid_ = env_.ThreadWait(game_wait_ns_);
  RefereeDriverConfig d;
  if (!Configure(d)) return;
  deadline_ = env_.Now() + config_.game_time_limit;
  const std::unique_ptr<RefereeDriver> driver = MakeRefereeDriver(env_, d, plan_.seed);
  driver_ = driver.get();
  const bool started = driver->Start();
  result_.argv = driver->argv();
  bool stopped = false;
  while (started && !stopped) {
    const std::optional<RefereeRequest> q = driver->Next(Hint());
    if (!q) break;  // the game's end, or a fault (the outcome says which)
    stopped = !Respond(*q);
  }
  Conclude(started, stopped);
  driver_ = nullptr;
}

bool FuzzGame::Abandoned() {
  if (!Interrupted()) return false;
  result_.interrupted = true;
  driver_->Finish();  // at once
  return true;
}

FaultText FuzzGame::Cut(std::optional<Clock::time_point> progress_at) const {
  std::optional<std::chrono::duration<double, std::milli>> since;
  if (progress_at) since = env_.Now() - *progress_at;
  return GameCutFault(CutGame(env_, config_, reference_, since, sched_valid_, game_wait_ns_));
}

void FuzzGame::Keep(const RefereeOutcome& o, std::string stderr_tail, bool exited) {
  if (!o.leftovers.empty())
    result_.faults.push_back({"referee.leftover", LeftoversText(o)});  // after the game
  if (exited) {
    result_.exit_code = o.exit_code;
    result_.term_signal = o.term_signal;
  }
  result_.referee_stdout = o.stdout_head;
  result_.referee_stderr = std::move(stderr_tail);
  result_.referee_containment = o.containment;
}

RefereeGameResult RunFuzzGame(Env& env, const RefereeFuzzConfig& config,
                              const RefereeGamePlan& plan) {
  return config.referee.protocol() == RefereeProtocol::kRunner ? RunCgRunnerGame(env, config, plan)
                                                               : RunRefereeGame(env, config, plan);
}

}  // namespace arbiter::harness
