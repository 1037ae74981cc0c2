// Initial placement (jc2015.setup.*): drawn reproducibly from a seed, or given
// explicitly and validated with an error that names the offending field.
#pragma once

#include <cstdint>
#include <string>

#include "jc2015/state.h"

namespace arbiter::jc2015 {

// jc2015.setup.random: players 0..3 in order; each draws a square uniformly
// from the 324 squares (Rng::Uniform(324), row = s / 18, col = s % 18),
// redrawing while it is within Manhattan distance 3 of an earlier player, then
// a direction Rng::Uniform(4) in the order U R D L. Rng is SplitMix64(seed).
Placement DrawPlacement(uint64_t seed);

// Empty when valid; otherwise one message naming the field, e.g.
// "players[2].row: 18 is off the board (0..17)".
std::string ValidatePlacement(const Placement& placement);

}  // namespace arbiter::jc2015
