// Internal to the runner-protocol driver (cg_runner.h): one game against a
// runner-protocol referee. cg_runner.cc reads and frames the referee's lines
// and runs its process; cg_runner_game.cc hands each complete input to the
// reference side (reference_side.h: the initial state, the comparison with
// the reference engine, the answer) and judges the final ranking.
#pragma once

#include <string>
#include <vector>

#include "cg_runner.h"
#include "reference_side.h"

namespace arbiter::harness {

class CgRunnerGame {
 public:
  CgRunnerGame(EventLoop& loop, const RefereeFuzzConfig& c, const RefereeGamePlan& p,
               RefereeGameResult& r)
      : loop_(loop), config_(c), plan_(p), result_(r), reference_(c, p, r) {}
  void Run();

 private:
  void Line(const std::string& line);
  // Player `seat`'s input, complete at its ###Output: compared, then answered.
  // False: a divergence stops the game.
  bool Message(int seat, const std::string& text);
  // The ###End ranking: the reference must be over with the same ranking.
  void End(const std::vector<std::vector<int>>& ranking);
  void Fault(std::string check, std::string message);

  EventLoop& loop_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  ReferenceSide reference_;
  BotProcess* referee_ = nullptr;
  int seats_ = 0;
  int input_seat_ = -1;               // the player of the open ###Input block
  std::vector<std::string> pending_;  // per player: its input so far
  bool stop_ = false;                 // a fault or a divergence ended the game
  bool ended_ = false;                // ###End was read
};

}  // namespace arbiter::harness
