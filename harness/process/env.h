// The seam between the session's logic and the world: the clock, waiting, and
// starting bots. RealEnv uses the event loop and real processes; the tests use
// a discrete-event fake, so deadline logic is checked in microseconds with
// exact times, and only a smaller labelled set of tests runs real processes.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "bot_process.h"

namespace arbiter::harness {

class Env {
 public:
  virtual ~Env() = default;
  virtual Clock::time_point Now() = 0;
  // Waits until done() or the deadline; returns done().
  virtual bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) = 0;
  virtual std::unique_ptr<BotProcess> Spawn(const SpawnOptions& options, std::string& error) = 0;
  // arbiter's own scheduling so far (BotProcess::SchedOfTree's other half).
  virtual SchedSample SelfSched() { return {}; }
};

std::unique_ptr<Env> MakeRealEnv();

}  // namespace arbiter::harness
