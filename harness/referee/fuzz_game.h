// The one fuzz game of fuzz-referee against an engine, whatever the
// referee's protocol (arbiter.referee.completes): FuzzGame::Run starts the
// reference side (reference_side.h) and the protocol's referee driver
// (referee_driver.h, on Env), hands it each request of the referee in turn
// until the referee's end, a fault or a divergence, then judges how the game
// ended. A protocol is one class of four hooks over it:
//
//   CgRunnerGame (cg_runner_game.h)  the runner protocol: arbiter is the
//                                    runner, every request answered at once;
//   BotsFuzzGame (bots_fuzz_game.cc) a referee that launches its bots: bots
//                                    late, dead, stalled or doubled as the
//                                    plan says, hangs told apart, the
//                                    RESULT line judged.
//
// What every protocol shares lives here: the game's deadline, the
// scheduler's evidence from its start, the cut of the per-game limit, an
// interrupt's abandoned game, and what a result keeps of the referee.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "process/env.h"
#include "referee/referee_driver.h"
#include "referee/referee_fuzz.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

// The driver's settings of `config`'s referee that no protocol changes: its
// template, resource limits, environment and containment, with the game's
// time limit as both the driver's patience and the game's limit (a referee
// may take its time; what a protocol waits for less is its own to say).
inline RefereeDriverConfig FuzzDriverConfig(const RefereeFuzzConfig& config) {
  RefereeDriverConfig d;
  d.referee = config.referee;
  d.limits = config.limits;
  d.env = config.env;
  d.containment = config.containment;
  d.patience = config.game_time_limit;
  d.game_limit = config.game_time_limit;
  return d;
}

class FuzzGame {
 public:
  FuzzGame(Env& env, const RefereeFuzzConfig& c, const RefereeGamePlan& p, RefereeGameResult& r)
      : env_(env), config_(c), plan_(p), result_(r), reference_(c, p, r) {}
  virtual ~FuzzGame() = default;
  FuzzGame(const FuzzGame&) = delete;
  FuzzGame& operator=(const FuzzGame&) = delete;

  // Plays the game into the result given at construction.
  void Run();

 protected:
  // The protocol's hooks, in the order Run calls them:
  //   Configure  the driver's settings for this game's referee
  //              (FuzzDriverConfig and the protocol's own); false, after a
  //              fault saying why, when its template is not the protocol's;
  //   Hint       what the game knows of the next request (NextHint);
  //   Respond    one request of the referee: compared with the reference
  //              and answered as the plan says; false stops the game (a
  //              divergence);
  //   Conclude   after the last request (or a start that failed, or a
  //              stop): what the referee's end, exit and ranking say.
  virtual bool Configure(RefereeDriverConfig& d) = 0;
  virtual NextHint Hint() const { return {}; }
  virtual bool Respond(const RefereeRequest& q) = 0;
  virtual void Conclude(bool started, bool stopped) = 0;

  // Interrupted (arbiter.run.interrupted): the game is abandoned, its
  // referee stopped at once, and nothing it did is a finding; true when so.
  bool Abandoned();
  // The per-game limit cut the game: a hang or a busy machine, as
  // GameCutFault judges it from the referee's last progress (none: it never
  // made any) and the scheduler's evidence since the game's start.
  FaultText Cut(std::optional<Clock::time_point> progress_at) const;
  // What every result keeps of the referee: what it left running (a
  // finding), its first stdout lines, `stderr_tail`, its containment's
  // advice, and its exit when `exited`.
  void Keep(const RefereeOutcome& o, std::string stderr_tail, bool exited);
  void Fault(std::string check, std::string message, int turn) {
    result_.faults.push_back({std::move(check), std::move(message), turn});
  }

  Env& env_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  ReferenceSide reference_;
  RefereeDriver* driver_ = nullptr;  // from Configure's return to Conclude's
  Clock::time_point deadline_{};     // the per-game limit's
  // This thread's wait for a CPU at the game's start (Env::ThreadWait),
  // when the kernel tells it.
  bool sched_valid_ = false;
  uint64_t game_wait_ns_ = 0;
};

// One game of `plan` by protocol class `Game` (a FuzzGame), into a fresh
// result.
template <class Game>
RefereeGameResult PlayFuzzGame(Env& env, const RefereeFuzzConfig& config,
                               const RefereeGamePlan& plan) {
  RefereeGameResult result;
  Game(env, config, plan, result).Run();
  return result;
}

}  // namespace arbiter::harness
