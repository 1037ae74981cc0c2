// PlanAnswers (plan_answers.h): what arbiter answers a referee under test.
#include "referee/plan_answers.h"

namespace arbiter::harness {

std::string PlanAnswers::Harmless(const GameState& s) const {
  return fuzzing_.neutral_answer ? fuzzing_.neutral_answer(s) : std::string(game_.ok_answer);
}

std::string PlanAnswers::With(Rng& rng, const GameState& s, bool start_hidden) const {
  const int turn = s.turn();
  if (static_cast<size_t>(turn) < plan_.script.size())
    return plan_.script[turn] == kNeutralAnswer ? Harmless(s) : plan_.script[turn];
  if (start_hidden && fuzzing_.neutral_answer) return fuzzing_.neutral_answer(s);
  if (plan_.fuzz_after_script) return fuzzing_.fuzz_answer(s, plan_.swarm, plan_.targeted, rng);
  // After a replay's answers: harmless ones, so that the replay shows only
  // what its answers do (Save The Island's ok_answer, a shuffle, ends the
  // game once a player has none left).
  return Harmless(s);
}

std::string PlanAnswers::Peek(const GameState& s, bool start_hidden) const {
  Rng stream = rng_;
  return With(stream, s, start_hidden);
}

}  // namespace arbiter::harness
