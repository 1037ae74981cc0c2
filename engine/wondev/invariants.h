// The invariants every reachable Wondev Woman state and every transition
// keeps, and the random-simulation walker that checks them. One walker serves
// the spec tests, the RapidCheck properties and (later) the fuzz targets.
#pragma once

#include <functional>
#include <string>

#include "core/rng.h"
#include "wondev/state.h"

namespace arbiter::wondev {

// Empty when `s` satisfies every state invariant; otherwise the first broken
// one, citing its clause.
std::string CheckInvariants(const State& s);

// Empty when before --answer--> after (with `ev` as reported) keeps every
// transition invariant; otherwise the first broken one.
std::string CheckTransition(const State& before, const TurnEvents& ev, const State& after);

// What the walker answers: mostly a legal action, sometimes any action of the
// grammar (often illegal), ACCEPT-DEFEAT, or silence.
struct AnswerWeights {
  int legal = 40;
  int any_action = 3;
  int accept_defeat = 1;
  int silence = 1;
};
struct WalkAnswer {
  bool silent = false;
  Answer answer;
};
WalkAnswer RandomAnswer(const State& s, Rng& rng, const AnswerWeights& w = {});

struct WalkStep {
  const State& before;
  const WalkAnswer& answer;
  const TurnEvents& events;
  const State& after;
};

// Plays random answers from `state` until the game ends or `max_steps` turns,
// checking both kinds of invariant after every step, then `extra` if given.
// Returns the first violation ("turn 17: ..."), or empty.
std::string RandomWalk(State state, Rng& rng, int max_steps, const AnswerWeights& w = {},
                       const std::function<std::string(const WalkStep&)>& extra = {});

}  // namespace arbiter::wondev
