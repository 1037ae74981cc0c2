// "Take the last": a test-only toy game, registered only in the toy test
// binaries (toy_registry.cc), to prove that a game needs nothing outside its
// folder and one registry line: the conformance suite, check-bot and
// fuzz-referee run on it as on the real games. Two players take turns to
// take 1, 2 or 3 off a counter that starts at 7 + seed % 13; who takes the
// last one wins. Its register is clauses.json, beside this file.
#pragma once

#include "core/game.h"

namespace arbiter::toy {

extern const GameInfo kGameInfo;

}  // namespace arbiter::toy
