// Internal to the runner-protocol driver (cg_runner.h): the runner
// protocol's hooks of the one fuzz game (fuzz_game.h). The referee's
// process, its template and the protocol's framing are the one referee
// driver's (referee_driver.h, on Env); cg_runner.cc hands each complete
// input to the reference side (reference_side.h: the comparison with the
// reference engine, the answer) and judges how the referee's process ended;
// cg_runner_game.cc judges the final ranking.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/cg_runner.h"
#include "referee/fuzz_game.h"

namespace arbiter::harness {

class CgRunnerGame final : public FuzzGame {
 public:
  using FuzzGame::FuzzGame;

 private:
  // The driver's configuration of this game's referee; false (a fault) when
  // its template is not a runner's.
  bool Configure(RefereeDriverConfig& d) override;
  // Each input is compared, then answered at once with one line.
  bool Respond(const RefereeRequest& q) override;
  // The cut, fault or ###End that ended the game, then the referee's exit.
  void Conclude(bool started, bool stopped) override;
  // The ###End ranking: the reference must be over with the same ranking.
  void End(const std::vector<std::vector<int>>& ranking);
  // How the referee's process ended, after its game (or a fault).
  void Exit(const RefereeOutcome& o);
  void Fault(std::string check, std::string message) {
    FuzzGame::Fault(std::move(check), std::move(message), reference_.turn());
  }

  int seats_ = 0;
  std::optional<Clock::time_point> message_at_;  // the referee's last request
};

}  // namespace arbiter::harness
