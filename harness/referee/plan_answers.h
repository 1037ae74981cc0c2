// The answers one game of a referee fuzzing run gives (RefereeGamePlan):
// its script first (arbiter.referee.shrink replays a script), then fuzzing
// answers from the plan's own random stream, else the game's harmless
// answer. Part of the reference side (reference_side.h): it decides what
// arbiter answers, never what the answer does.
#pragma once

#include <string>

#include "core/game.h"
#include "core/rng.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

class PlanAnswers {
 public:
  PlanAnswers(const GameInfo& game, const RefereeGamePlan& plan)
      : game_(game), fuzzing_(*game.referee_fuzzing), plan_(plan), rng_(plan.rng_seed) {}

  // The answer on `s`'s turn; a fuzzing answer advances the random stream.
  // `start_hidden`: the start is still hidden in part (arbiter.referee.chance),
  // so the answer is a legal one: a referee misreading a fuzzing answer
  // could move what the next player's first message is to show as it started.
  std::string Next(const GameState& s, bool start_hidden) { return With(rng_, s, start_hidden); }
  // The same answer without advancing the stream, for an answer the referee
  // must not take (sent after its time limit).
  std::string Peek(const GameState& s, bool start_hidden) const;

 private:
  std::string With(Rng& rng, const GameState& s, bool start_hidden) const;
  // The game's neutral answer on `s`'s turn where it has one, else ok_answer.
  std::string Harmless(const GameState& s) const;

  const GameInfo& game_;
  const RefereeFuzzing& fuzzing_;
  const RefereeGamePlan& plan_;
  Rng rng_;
};

}  // namespace arbiter::harness
