// Rare but reachable wondev states for the bot harness, each built from a
// hand-made grid with the bot's player to move, under the rules the user
// chose: a state is given in every league where it can happen (one unit per
// player in leagues 0-1, two from league 2, pushes from 2, fog in 3), with
// the league's number of units, so a bot is never judged on a league it does
// not play (wondev.league). Each script lists two units per player; leagues
// 0-1 keep the first. The spec tests check that each state really shows what
// its name says, in every league it is given.
#include "core/game.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

struct Script {
  const char* name;
  const char* description;
  const char* clause;
  int min_league, max_league;  // the leagues where the state can happen
  const char* rows[kMaxSize];
  Pos units[kNumPlayers][kMaxUnits];
  int turn;  // the bot plays seat turn % 2; negative: counted from the last turn
  bool opponent_out;
};

const Script kScripts[] = {
    {"no-legal-action",
     "every unit of the bot is walled in by height-2 cells: legalActions is 0 and it must still "
     "print a line",
     "wondev.turn.no-legal-action",
     0,
     3,
     {"02020", "22022", "00000", "00000", "00000"},
     {{{0, 0}, {4, 0}}, {{4, 4}, {0, 4}}},
     0,
     false},
    {"one-unit-walled-in",
     "the bot's unit 0 is walled in by height-2 cells and has no legal action; unit 1 is free, so "
     "every listed action is unit 1's",
     "wondev.protocol.input.legal",
     2,
     3,
     {"02000", "22000", "00000", "00000", "00000"},
     {{{0, 0}, {2, 3}}, {{4, 4}, {4, 0}}},
     0,
     false},
    {"opponent-adjacent",
     "an enemy unit stands next to the bot's unit: the bot cannot move or build there (and from "
     "league 2 can push it)",
     "wondev.move.occupied",
     0,
     3,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{2, 2}, {0, 4}}, {{3, 2}, {4, 0}}},
     0,
     false},
    {"fog-hidden-adjacent-after-move",
     "league 3: both enemy units are hidden (-1 -1); one stands two cells from the bot's unit, so "
     "a listed move east and build east hits it and is cancelled",
     "wondev.fog.build",
     3,
     3,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{1, 2}, {0, 4}}, {{3, 2}, {4, 0}}},
     0,
     false},
    {"push-onto-edge",
     "an enemy stands on the top edge next to the bot's unit; only the push into the corner is "
     "legal, the others would leave the grid",
     "wondev.push.destination",
     2,
     3,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{2, 1}, {4, 4}}, {{1, 0}, {4, 2}}},
     0,
     false},
    {"opponent-out",
     "the opponent is out with as many points as the bot: the bot plays on alone",
     "wondev.out.turns",
     0,
     3,
     {"00000", "01230", "00000", "00000", "00000"},
     {{{0, 1}, {0, 4}}, {{4, 4}, {4, 0}}},
     2,
     true},
    {"diamond-removed-cells",
     "a diamond map with holes, removed cells (4) and a level-3 cell within reach",
     "wondev.grid.cells",
     0,
     3,
     {"...0...", "..040..", ".02340.", "0012340", ".00000.", "..000..", "...0..."},
     {{{2, 2}, {3, 6}}, {{3, 5}, {5, 4}}},
     0,
     false},
    {"last-round",
     "the last round of the game: the bot's last turn",
     "wondev.end.rounds",
     0,
     3,
     {"00000", "00000", "00000", "00000", "00000"},
     {{{0, 0}, {2, 0}}, {{4, 4}, {2, 4}}},
     -2,
     false},
};

}  // namespace

std::vector<EdgeCase> EdgeCases(const RuleList& rule_list) {
  Rules rules;
  if (std::string error; !RulesFrom(rule_list, rules, error)) return {};  // new_game reports it
  std::vector<EdgeCase> out;
  for (const Script& s : kScripts) {
    if (rules.league < s.min_league || rules.league > s.max_league) continue;
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
    const int turn = s.turn >= 0 ? s.turn : kNumPlayers * rules.max_rounds + s.turn;
    if (turn < 0) continue;
    const int seat = turn % kNumPlayers;
    std::array<bool, kNumPlayers> out_flags{};
    out_flags[1 - seat] = s.opponent_out;
    EdgeCase e;
    e.name = s.name;
    e.description = s.description;
    e.clause = s.clause;
    e.seat = seat;
    e.state = Wrap(State::FromParts(map, units, rules, turn, {0, 0}, out_flags));
    if (e.state->IsTerminal() || e.state->current_player() != seat) continue;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace arbiter::wondev
