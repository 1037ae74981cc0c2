// The game registry: one line per game. Adding a game means adding its folder
// and one line here.
#include "core/game.h"
#include "island/game.h"
#include "jc2015/game.h"
#include "wondev/game.h"

namespace arbiter {

const std::vector<const GameInfo*>& AllGames() {
  static const std::vector<const GameInfo*> games = {
      &jc2015::kGameInfo,
      &wondev::kGameInfo,
      &island::kGameInfo,
  };
  return games;
}

}  // namespace arbiter
