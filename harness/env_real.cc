// The real Env: the shared event loop, the steady clock, and real processes.
#include "env.h"

namespace arbiter::harness {
namespace {

class RealEnv final : public Env {
 public:
  Clock::time_point Now() override { return Clock::now(); }
  bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) override {
    return loop_.RunUntil(deadline, done);
  }
  std::unique_ptr<BotProcess> Spawn(const SpawnOptions& options, std::string& error) override {
    return SpawnBot(loop_, options, error);
  }

 private:
  EventLoop loop_;
};

}  // namespace

std::unique_ptr<Env> MakeRealEnv() { return std::make_unique<RealEnv>(); }

}  // namespace arbiter::harness
