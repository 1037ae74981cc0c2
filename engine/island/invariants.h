// The invariants of every Save The Island state the rules can reach, checked
// after every turn by the tests and the fuzz targets (loud: a broken
// invariant is an engine bug, never a bot's or a referee's).
#pragma once

#include <string>

#include "island/state.h"

namespace arbiter::island {

// Empty when `s` keeps every invariant, else the first one broken.
std::string CheckInvariants(const State& s);

}  // namespace arbiter::island
