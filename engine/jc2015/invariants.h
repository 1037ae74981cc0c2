// The invariants every reachable JavaChallenge2015 state and every transition
// keeps, and the random-simulation walker that checks them. One walker serves
// the spec tests, the RapidCheck properties, the fuzz targets and the
// benchmarks (in the spirit of OpenSpiel's basic_tests).
#pragma once

#include <functional>
#include <string>

#include "core/rng.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

// Empty when `s` satisfies every state invariant; otherwise the first broken
// one, citing its clause.
std::string CheckInvariants(const State& s);

// Empty when before --action--> after (with `ev` as reported) keeps every
// transition invariant; otherwise the first broken one.
std::string CheckTransition(const State& before, Action action, const TurnEvents& ev,
                            const State& after);

struct ActionWeights {
  int move = 14;  // for each of U R D L
  int attack = 8;
  int nothing = 6;
  int invalid = 1;
};
Action RandomAction(Rng& rng, const ActionWeights& w = {});

struct WalkStep {
  const State& before;
  Action action;
  const TurnEvents& events;
  const State& after;
};

// Plays random actions from `state` until the game ends or `max_steps` turns,
// checking both kinds of invariant after every step, then `extra` if given.
// Returns the first violation ("turn 17: ..."), or empty.
std::string RandomWalk(State state, Rng& rng, int max_steps, const ActionWeights& w = {},
                       const std::function<std::string(const WalkStep&)>& extra = {});

}  // namespace arbiter::jc2015
