// The runner protocol's driver (referee_driver.h; arbiter.referee.runner-protocol):
// the referee talks to arbiter on its own stdin and stdout, as to
// cg-brutaltester. Arbiter writes "###Start P" (after "###Seed N" only when
// seed_line says so), reads "###Input p" blocks, and answers each
// "###Output p K" with K lines of player p; "###End RANKING" ends the game.
// Made by MakeRefereeDriver; nothing else names this class.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/referee_driver.h"

namespace arbiter::harness {

class RunnerDriver final : public RefereeDriver {
 public:
  RunnerDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed);
  ~RunnerDriver() override { Finish(); }

  void NoAnswer() override;
  bool DropsCrBeforeNewline() const override { return true; }
  void CloseInput() override;
  const std::string& start_text() const override { return start_text_; }

 private:
  bool OpenSeats(std::vector<std::string>&, SpawnOptions&) override { return true; }
  void Begin() override;
  bool HasQueued() const override { return referee_->HasLine(); }
  std::optional<RefereeRequest> Await(Clock::time_point deadline, int expected) override;
  void Deliver(const std::string& bytes) override;
  void StopSeats(bool) override {}

  // One runner-protocol line: false when it stopped the game (a fault, or
  // ###End); `request` set when it asks for an answer.
  bool Line(const TimedLine& line, std::optional<RefereeRequest>& request);
  // Silent or closed before ###End.
  void Silent();
  // Silent after an answer: one more line sent; true when the referee then
  // went on (it reads more lines than it asked for).
  bool ReadsMoreThanAsked();

  std::string start_text_;            // what the start wrote (###Seed, ###Start)
  std::string last_answer_;           // the bytes of the last answer sent
  std::vector<std::string> pending_;  // per player, its ###Input so far
  int input_seat_ = -1;               // the player of the open ###Input block
};

}  // namespace arbiter::harness
