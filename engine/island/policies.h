// Built-in Save The Island players: the harness's opponents, the golden
// playthroughs and the random walks of the tests. Every policy answers only
// legal moves (island.invalid) and never retreats past its edge when another
// move exists.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "island/state.h"

namespace arbiter::island {

enum class Policy {
  kGreedy,    // attack with every tile that can; else close in; else shuffle
  kRandom,    // a uniformly random legal move that keeps it on the island
  kCautious,  // keeps its distance: retreats out of reach, attacks when it can
  // Keeps a whole game alive (arbiter.check.whole-games): never attacks,
  // never retreats off its edge, keeps out of the opponent's reach (distance
  // over 4) when a move can, and spends no shuffle while another move is legal.
  kPassive,
};

std::optional<Policy> PolicyFromName(std::string_view name);
// Every legal move of the player to move (island.invalid), without retreats
// past its own edge unless nothing else is legal.
std::vector<Move> LegalMoves(const State& s);
std::string ChooseAnswer(Policy policy, const State& s, Rng& rng);

}  // namespace arbiter::island
