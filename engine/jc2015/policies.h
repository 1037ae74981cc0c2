// Built-in JavaChallenge2015 players, pure and seeded: the opponents the bot
// harness seats around a contestant's bot, and the players that generate the
// golden playthroughs. They choose from a State, never from text.
#pragma once

#include <optional>
#include <string_view>

#include "core/rng.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

enum class Policy {
  kRandom,  // uniform over U R D L A N
  kHunter,  // walks toward the nearest player, faces it and attacks its block line
  kIdle,    // never moves: always N
  // Keeps a whole game alive (arbiter.check.whole-games): walks at random
  // but never attacks, and steps off a block scheduled to fall when it can.
  kPassive,
};

std::optional<Policy> PolicyFromName(
    std::string_view name);  // "random", "hunter", "idle", "passive"
const char* PolicyName(Policy p);

Action ChooseAction(Policy policy, const State& state, Rng& rng);

// Whether a step of player `id` onto square (r, c) would be taken, not
// cancelled (jc2015.move.cancel.edge, .fallen, .distance).
bool StepAllowed(const State& state, int id, int r, int c);

// All four players steered, each by its seat, into a formation from which
// the last two fall on the same tick (jc2015.end.simultaneous): the referee
// fuzzer's "simultaneous last fall" answers (steer_fall.cc).
Action SteerToSharedFall(const State& state, Rng& rng);

}  // namespace arbiter::jc2015
