// Serialisation of a complete Wondev Woman State (rules included) as a few
// lines of text, and its strict inverse: Deserialize(Serialize(s)) == s for
// every state, and Deserialize accepts only what Serialize writes.
//
//   wondev-state 1
//   rules league=1 map=any max_rounds=200 ...
//   turn 17
//   score 2 0
//   out 0 1
//   row 0.120           (size rows: '.' a hole, '0'..'4' a height)
//   units 0 1 2         (player, then x y of each of its units)
//   units 1 4 4
#pragma once

#include <string>
#include <string_view>

#include "core/parse.h"
#include "wondev/state.h"

namespace arbiter::wondev {

std::string Serialize(const State& state);
Parsed<State> Deserialize(std::string_view text);

}  // namespace arbiter::wondev
