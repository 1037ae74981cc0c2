// Built-in Wondev Woman players, pure and seeded: the opponents the bot
// harness seats against a contestant's bot, and the players of the golden
// playthroughs. They choose from a State, never from text, and always answer
// a legal action (ACCEPT-DEFEAT when there is none).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rng.h"
#include "wondev/state.h"

namespace arbiter::wondev {

enum class Policy {
  kGreedy,  // climbs and scores when it can, builds steps it can use, pushes enemies down
  kRandom,  // a uniformly random legal action
  kFirst,   // the first action of the legal-action list
  // Keeps a whole game alive (arbiter.check.whole-games): moves and builds
  // where it keeps the most moves of its own, never pushes, never climbs to
  // the scoring level (so it never leads, and never ends the game by
  // wondev.end.leader-alone or wondev.score.league0).
  kPassive,
};

std::optional<Policy> PolicyFromName(
    std::string_view name);  // "greedy", "random", "first", "passive"

// The chosen action, or nullopt when the player to move has no legal action.
std::optional<Action> ChooseAction(Policy policy, const State& state, Rng& rng);
// The answer line: the action's text, or "ACCEPT-DEFEAT" when there is none.
std::string ChooseAnswer(Policy policy, const State& state, Rng& rng);

}  // namespace arbiter::wondev
