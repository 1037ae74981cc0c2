// The real Env: the shared event loop, the steady clock, and real processes.
#include <unistd.h>

#include "process/env.h"
#include "process/proc_probe.h"
#include "referee/probe_hub.h"

namespace arbiter::harness {
namespace {

class RealEnv final : public Env {
 public:
  RealEnv() : owned_(std::make_unique<EventLoop>()), loop_(*owned_) {}
  explicit RealEnv(EventLoop& loop) : loop_(loop) {}
  Clock::time_point Now() override { return Clock::now(); }
  bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) override {
    return loop_.RunUntil(deadline, done);
  }
  std::unique_ptr<BotProcess> Spawn(const SpawnOptions& options, std::string& error) override {
    return SpawnBot(loop_, options, error);
  }
  SchedSample SelfSched() override {
    SchedSample s;
    s.valid = proc::ReadSchedStat(::getpid(), s.run_ns, s.wait_ns);
    return s;
  }
  bool ThreadWait(uint64_t& wait_ns) override { return proc::ReadThreadWait(wait_ns); }
  double CpuPressure() override { return proc::ReadCpuPressure(); }
  std::unique_ptr<SeatRelay> OpenRelay(int seats, const std::string& probe_executable,
                                       std::string& error) override {
    auto hub = std::make_unique<ProbeHub>(loop_, probe_executable, seats, error);
    if (!hub->ok()) return nullptr;
    return hub;
  }

 private:
  std::unique_ptr<EventLoop> owned_;
  EventLoop& loop_;
};

}  // namespace

std::unique_ptr<Env> MakeRealEnv() { return std::make_unique<RealEnv>(); }
std::unique_ptr<Env> MakeRealEnv(EventLoop& loop) { return std::make_unique<RealEnv>(loop); }

}  // namespace arbiter::harness
