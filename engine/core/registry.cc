// FindGame (core/game.h): a game of the registry by its name. The registry
// itself, AllGames, is engine/games.cc (a test build may link another, with
// a test-only game added: engine/tests/toy/).
#include "core/game.h"

namespace arbiter {

const GameInfo* FindGame(std::string_view name) {
  for (const GameInfo* g : AllGames())
    if (g->name == name) return g;
  return nullptr;
}

}  // namespace arbiter
