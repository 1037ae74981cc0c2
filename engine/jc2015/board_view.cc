// The board a jc2015 turn input shows, in the game-agnostic "board view" form
// of the reports (docs/report-schema.md, "Board views"): the 18x18 squares as
// 36 block rectangles of 3x3 squares labelled with their timers
// (jc2015.protocol.input.block: 0 stable, 1..3 about to fall, negative fallen)
// and the four players with their direction and stun count
// (jc2015.protocol.input.player). The message is the whole input, so the
// view needs nothing but it.
#include <nlohmann/json.hpp>

#include "jc2015/codec.h"
#include "jc2015/game.h"

namespace arbiter::jc2015 {

nlohmann::json BoardView(std::string_view message) {
  const auto parsed = ParseInput(message);
  if (!parsed.ok()) return nullptr;
  const InputView& v = parsed.value();
  nlohmann::json view;
  view["rows"] = kBoardSquares;
  view["cols"] = kBoardSquares;
  nlohmann::json cells = nlohmann::json::array();
  for (int i = 0; i < kNumBlocks; ++i) {
    const int b = v.blocks[i];
    const int r = i / kBoardBlocks, c = i % kBoardBlocks;
    const char* cls = b == 0 ? "stable" : b > 0 ? "scheduled" : "fallen";
    const std::string title =
        "B[" + std::to_string(r) + "][" + std::to_string(c) + "] = " + std::to_string(b) +
        (b == 0   ? ": stable"
         : b > 0  ? ": falls in " + std::to_string(b) + " turn(s)"
                  : ": fallen, restored in " + std::to_string(-b) + " turn(s)");
    cells.push_back({{"r", r * kBlockSquares},
                     {"c", c * kBlockSquares},
                     {"h", kBlockSquares},
                     {"w", kBlockSquares},
                     {"label", b == 0 ? "" : std::to_string(b)},
                     {"cls", cls},
                     {"title", title}});
  }
  view["cells"] = cells;
  nlohmann::json pieces = nlohmann::json::array();
  for (int q = 0; q < kNumPlayers; ++q) {
    const PlayerView& p = v.players[q];
    if (p.row < 0) continue;  // fallen: not on the board
    std::string cls = "p" + std::to_string(q);
    if (q == v.id) cls += " me";
    if (p.stun > 0) cls += " stunned";
    pieces.push_back({{"r", p.row},
                      {"c", p.col},
                      {"label", std::to_string(q) + (p.stun > 0 ? " S" + std::to_string(p.stun) : "")},
                      {"dir", std::string(1, p.dir)},
                      {"cls", cls},
                      {"title", "player " + std::to_string(q) + " at (" + std::to_string(p.row) +
                                    ", " + std::to_string(p.col) + ") facing " + p.dir +
                                    (p.stun > 0 ? ", stunned S=" + std::to_string(p.stun) : "")}});
  }
  view["pieces"] = pieces;
  std::string fallen;
  for (int q = 0; q < kNumPlayers; ++q)
    if (v.players[q].row < 0) fallen += (fallen.empty() ? "" : ", ") + std::to_string(q);
  view["caption"] = "T=" + std::to_string(v.turn) + ", sent to player " + std::to_string(v.id) +
                    (fallen.empty() ? "" : "; fallen: " + fallen);
  return view;
}

}  // namespace arbiter::jc2015
