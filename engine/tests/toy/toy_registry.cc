// The registry of the toy test binaries: every game of engine/games.cc, then
// the toy game's one line. Linked before the engine library, whose own
// games.cc is then not pulled in (both define AllGames).
#include <string_view>
#include <vector>

#include "tests/toy/toy.h"

#define AllGames AllGamesOfTheEngine
#include "games.cc"
#undef AllGames

namespace arbiter {

const std::vector<const GameInfo*>& AllGames() {
  static const std::vector<const GameInfo*> games = [] {
    std::vector<const GameInfo*> all = AllGamesOfTheEngine();
    all.push_back(&toy::kGameInfo);  // the toy's registry line
    return all;
  }();
  return games;
}

}  // namespace arbiter
