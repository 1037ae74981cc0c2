// Rare but reachable wondev states for the bot harness, each built from a
// hand-made grid with the bot's player to move. The spec tests check that
// each state really shows what its name says.
#include "core/game.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

struct Script {
  const char* name;
  const char* description;
  const char* clause;
  int league;
  const char* rows[kMaxSize];
  Pos units[kNumPlayers][kMaxUnits];
  int turn;  // the bot plays seat turn % 2
  bool opponent_out;
};

const Script kScripts[] = {
    {"no-legal-action",
     "the bot's unit is walled in by height-2 cells: legalActions is 0 and it must still print a "
     "line",
     "wondev.turn.no-legal-action",
     1,
     {"02000", "22000", "00000", "00000", "00000"},
     {{{0, 0}}, {{4, 4}}},
     0,
     false},
    {"fog-hidden-adjacent-after-move",
     "league 3: both enemy units are hidden (-1 -1); one stands two cells from the bot's unit, so "
     "a listed move east and build east hits it and is cancelled",
     "wondev.fog.build",
     3,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{1, 2}, {0, 4}}, {{3, 2}, {4, 0}}},
     0,
     false},
    {"push-onto-edge",
     "league 2: an enemy stands on the top edge next to the bot's unit; only the push into the "
     "corner is legal, the others would leave the grid",
     "wondev.push.destination",
     2,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{2, 1}, {4, 4}}, {{1, 0}, {4, 2}}},
     0,
     false},
    {"opponent-out",
     "the opponent is out with as many points as the bot: the bot plays on alone",
     "wondev.out.turns",
     1,
     {"00000", "01230", "00000", "00000", "00000"},
     {{{0, 1}}, {{4, 4}}},
     2,
     true},
    {"diamond-removed-cells",
     "a diamond map with holes, removed cells (4) and a level-3 cell within reach",
     "wondev.grid.cells",
     1,
     {"...0...", "..040..", ".02340.", "0012340", ".00000.", "..000..", "...0..."},
     {{{2, 2}}, {{3, 5}}},
     0,
     false},
    {"last-round",
     "round 199 of 200: the bot's last turn",
     "wondev.end.rounds",
     1,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{0, 0}}, {{4, 4}}},
     2 * kDefaultMaxRounds - 2,
     false},
};

}  // namespace

std::vector<EdgeCase> EdgeCases() {
  std::vector<EdgeCase> out;
  for (const Script& s : kScripts) {
    Rules rules;
    rules.league = s.league;
    Map map;
    map.size = static_cast<int>(std::string_view(s.rows[0]).size());
    map.height.fill(kHole);
    for (int y = 0; y < map.size; ++y)
      for (int x = 0; x < map.size; ++x)
        map.height[y * map.size + x] =
            s.rows[y][x] == '.' ? kHole : static_cast<int8_t>(s.rows[y][x] - '0');
    Units units{};
    for (int q = 0; q < kNumPlayers; ++q)
      for (int i = 0; i < rules.units_per_player(); ++i) units[q][i] = s.units[q][i];
    const int seat = s.turn % kNumPlayers;
    std::array<bool, kNumPlayers> out_flags{};
    out_flags[1 - seat] = s.opponent_out;
    EdgeCase e;
    e.name = s.name;
    e.description = s.description;
    e.clause = s.clause;
    e.seat = seat;
    e.state = Wrap(State::FromParts(map, units, rules, s.turn, {0, 0}, out_flags));
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace arbiter::wondev
