#include "jc2015/placement.h"

#include "core/rng.h"

namespace arbiter::jc2015 {

Placement DrawPlacement(uint64_t seed) {
  Rng rng(seed);
  Placement p;
  for (int i = 0; i < kNumPlayers; ++i) {
    while (true) {
      const int s = static_cast<int>(rng.Uniform(kBoardSquares * kBoardSquares));
      const int row = s / kBoardSquares, col = s % kBoardSquares;
      bool far = true;
      for (int j = 0; j < i; ++j)
        far = far && Manhattan(row, col, p.players[j].row, p.players[j].col) >= kMinInitialDistance;
      if (!far) continue;
      p.players[i].row = row;
      p.players[i].col = col;
      break;
    }
    p.players[i].dir = static_cast<Dir>(rng.Uniform(4));
  }
  return p;
}

std::string ValidatePlacement(const Placement& placement) {
  for (int i = 0; i < kNumPlayers; ++i) {
    const auto& s = placement.players[i];
    const std::string field = "players[" + std::to_string(i) + "]";
    if (s.row < 0 || s.row >= kBoardSquares)
      return field + ".row: " + std::to_string(s.row) + " is off the board (0..17)";
    if (s.col < 0 || s.col >= kBoardSquares)
      return field + ".col: " + std::to_string(s.col) + " is off the board (0..17)";
    if (static_cast<int>(s.dir) > 3) return field + ".dir: not one of U R D L";
    for (int j = 0; j < i; ++j) {
      const auto& o = placement.players[j];
      const int d = Manhattan(s.row, s.col, o.row, o.col);
      if (d < kMinInitialDistance) {
        return field + ": Manhattan distance " + std::to_string(d) + " to players[" +
               std::to_string(j) + "] is 3 or less (jc2015.setup.distance needs more than 3)";
      }
    }
  }
  return {};
}

}  // namespace arbiter::jc2015
