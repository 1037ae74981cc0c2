// JavaChallenge2015 behind the uniform game API (core/game.h): the adapter
// from the concrete State, the events of a turn with their clauses, and the
// scenario format of `arbiter simulate`.
#pragma once

#include <memory>
#include <vector>

#include "core/game.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

extern const GameInfo kGameInfo;

std::unique_ptr<GameState> Wrap(const State& state);
// The harness's edge states (edge_cases.cc).
std::vector<EdgeCase> EdgeCases();
// The events of one turn as sentences with their clauses.
std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev);

}  // namespace arbiter::jc2015
