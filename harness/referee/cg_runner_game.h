// Internal to the runner-protocol driver (cg_runner.h): one game against a
// runner-protocol referee. The referee's process, its template and the
// protocol's framing are the one referee driver's (referee_driver.h, on
// Env); cg_runner.cc runs the game through it and cg_runner_game.cc hands
// each complete input to the reference side (reference_side.h: the initial
// state, the comparison with the reference engine, the answer) and judges
// the final ranking.
#pragma once

#include <string>
#include <vector>

#include "process/env.h"
#include "referee/cg_runner.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

class CgRunnerGame {
 public:
  CgRunnerGame(Env& env, const RefereeFuzzConfig& c, const RefereeGamePlan& p, RefereeGameResult& r)
      : env_(env), config_(c), plan_(p), result_(r), reference_(c, p, r) {}
  void Run();

 private:
  // The driver's configuration of this game's referee; false (a fault) when
  // its template is not a runner's.
  bool Configure(RefereeDriverConfig& d);
  // The ###End ranking: the reference must be over with the same ranking.
  void End(const std::vector<std::vector<int>>& ranking);
  // How the referee's process ended, after its game (or a fault).
  void Exit(const RefereeOutcome& o);
  void Fault(std::string check, std::string message);

  Env& env_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  ReferenceSide reference_;
  int seats_ = 0;
};

}  // namespace arbiter::harness
