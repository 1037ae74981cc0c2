// The board an island turn input shows, in the game-agnostic "board view" form
// of the reports: one row of 15 cells (island.board.island) with both
// players on it, the recipient marked "me", and its tiles in the caption.
#include <nlohmann/json.hpp>

#include "island/codec.h"
#include "island/game.h"

namespace arbiter::island {

nlohmann::json BoardView(std::string_view message) {
  Board b;
  std::string error;
  if (!ParseBoard(message, b, error)) return nullptr;
  nlohmann::json view;
  view["rows"] = 1;
  view["cols"] = kIslandSize;
  nlohmann::json cells = nlohmann::json::array();
  for (int i = 0; i < kIslandSize; ++i)
    cells.push_back({{"r", 0},
                     {"c", i},
                     {"h", 1},
                     {"w", 1},
                     {"label", std::to_string(i)},
                     {"cls", "stable"},
                     {"title", "cell " + std::to_string(i)}});
  view["cells"] = cells;
  nlohmann::json pieces = nlohmann::json::array();
  for (int p = 0; p < kNumPlayers; ++p)
    pieces.push_back({{"r", 0},
                      {"c", b.pos[p]},
                      {"label", std::to_string(p + 1)},
                      {"dir", p == 0 ? "R" : "L"},
                      {"cls", std::string(p == 0 ? "p0" : "p1") + (p == b.player ? " me" : "")},
                      {"title", "player " + std::to_string(p + 1) + " at cell " +
                                    std::to_string(b.pos[p]) + (p == b.player ? " (me)" : "")}});
  view["pieces"] = pieces;
  std::string tiles;
  for (int t : b.tiles) tiles += static_cast<char>('0' + t);
  view["caption"] = "sent to player " + std::to_string(b.player + 1) + "; tiles " + tiles +
                    "; distance " + std::to_string(b.pos[1] - b.pos[0]);
  return view;
}

}  // namespace arbiter::island
