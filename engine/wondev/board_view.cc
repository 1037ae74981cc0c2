// The board a wondev turn input shows, in the game-agnostic "board view" form
// of the reports: one cell per grid cell labelled with its height
// (wondev.grid.cells: '.' a hole, 4 removed from play) and the units of both
// sides (wondev.protocol.input.units). A turn input does not say which player
// receives it, so the recipient's units are drawn as "p0 me" and its
// opponent's as "p1"; units hidden by the fog are not drawn.
#include <nlohmann/json.hpp>

#include "wondev/codec.h"
#include "wondev/game.h"

namespace arbiter::wondev {

nlohmann::json BoardView(std::string_view message) {
  // A player's first message carries the initialisation lines first.
  if (message.size() >= 4 && message[1] == '\n' && message[3] == '\n') message.remove_prefix(4);
  const auto parsed = ParseInput(message);
  if (!parsed.ok()) return nullptr;
  const InputView& v = parsed.value();
  nlohmann::json view;
  view["rows"] = v.size;
  view["cols"] = v.size;
  nlohmann::json cells = nlohmann::json::array();
  for (int y = 0; y < v.size; ++y)
    for (int x = 0; x < v.size; ++x) {
      const char c = v.rows[y][x];
      const std::string at = "(" + std::to_string(x) + "," + std::to_string(y) + ")";
      const std::string cls = c == '.' ? "hole" : c == '4' ? "removed" : std::string("h") + c;
      const std::string title = c == '.'   ? at + ": hole"
                                : c == '4' ? at + ": height 4, removed from play"
                                           : at + ": height " + std::string(1, c);
      cells.push_back({{"r", y},
                       {"c", x},
                       {"h", 1},
                       {"w", 1},
                       {"label", c == '.' ? "" : std::string(1, c)},
                       {"cls", cls},
                       {"title", title}});
    }
  view["cells"] = cells;
  nlohmann::json pieces = nlohmann::json::array();
  int hidden = 0;
  for (int side = 0; side < 2; ++side) {
    const std::vector<Pos>& units = side == 0 ? v.mine : v.theirs;
    for (size_t i = 0; i < units.size(); ++i) {
      const Pos p = units[i];
      if (p.x < 0) {
        ++hidden;
        continue;
      }
      const std::string who = side == 0 ? "the recipient's unit " : "the opponent's unit ";
      pieces.push_back(
          {{"r", p.y},
           {"c", p.x},
           {"label", (side == 0 ? "" : "E") + std::to_string(i)},
           {"dir", nullptr},
           {"cls", side == 0 ? "p0 me" : "p1"},
           {"title", who + std::to_string(i) + " at (" + std::to_string(p.x) + "," +
                         std::to_string(p.y) + "), height " + std::string(1, v.rows[p.y][p.x])}});
    }
  }
  view["pieces"] = pieces;
  // A legend: both players number their units from 0.
  view["caption"] = "units 0, 1: the recipient's; E0, E1: the opponent's; " +
                    std::to_string(v.actions.size()) + " legal action(s)" +
                    (hidden ? "; " + std::to_string(hidden) + " opponent unit(s) hidden by the fog"
                            : std::string());
  return view;
}

}  // namespace arbiter::wondev
