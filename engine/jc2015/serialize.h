// Serialisation of a complete State (rules included) as a few lines of text,
// and its strict inverse. Deserialize(Serialize(s)) == s for every state, and
// Deserialize accepts only what Serialize writes.
//
//   jc2015-state 1
//   rules turn_limit=1000 stun_count=global-turns ...
//   turn 17
//   blocks 0 0 4 ... (36 values, row-major)
//   player 0 4 9 D 1 0      (id row col dir on_board stunned_until)
#pragma once

#include <string>
#include <string_view>

#include "core/parse.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

std::string Serialize(const State& state);
Parsed<State> Deserialize(std::string_view text);

}  // namespace arbiter::jc2015
