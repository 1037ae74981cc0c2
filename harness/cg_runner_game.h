// Internal to the runner-protocol driver (cg_runner.h): one game against a
// runner-protocol referee. cg_runner.cc reads and frames the referee's lines
// and runs its process; cg_runner_game.cc holds what the lines mean for the
// game: learning the initial state, comparing each input with the reference
// engine, choosing the answer, and judging the final ranking.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cg_runner.h"
#include "core/rng.h"

namespace arbiter::harness {

class CgRunnerGame {
 public:
  CgRunnerGame(EventLoop& loop, const RefereeFuzzConfig& c, const RefereeGamePlan& p,
               RefereeGameResult& r)
      : loop_(loop), config_(c), plan_(p), result_(r), rng_(p.rng_seed) {}
  void Run();

 private:
  void Line(const std::string& line);
  // Player `seat`'s input, complete at its ###Output: compared, then answered.
  // False: a divergence stops the game.
  bool Message(int seat, const std::string& text);
  // The ###End ranking: the reference must be over with the same ranking.
  void End(const std::vector<std::vector<int>>& ranking);
  void AdvanceSilent();
  void Log(int turn, int player, std::string answer, bool silent, std::vector<Event> events,
           std::string input);
  void AddPlayedClauses(Divergence& d) const;
  void Diverge(Divergence d, int seat, std::string actual);
  void Fault(std::string check, std::string message);

  EventLoop& loop_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  Rng rng_;
  BotProcess* referee_ = nullptr;
  std::unique_ptr<GameState> seeded_;  // the state arbiter draws from the seed
  std::unique_ptr<GameState> ref_;     // the reference, once learnt
  int seats_ = 0;
  int input_seat_ = -1;               // the player of the open ###Input block
  std::vector<std::string> pending_;  // per player: its input so far
  bool stop_ = false;                 // a fault or a divergence ended the game
  bool ended_ = false;                // ###End was read
};

}  // namespace arbiter::harness
