// Rare but reachable Save The Island states for the bot harness, each with
// the bot's player to move, under the rules the user chose (the last turn
// follows --rule max_turns). The spec tests check that each state really
// shows what its name says. A state assumes nothing the bot did not see or
// do (arbiter.check.edge-states): the bot's own shuffle count, which no board
// shows, is always 0, so "all of its shuffles used" is left to whole games,
// where a bot that shuffles 20 times reaches it by play.
#include <algorithm>
#include <string_view>

#include "core/game.h"
#include "island/game.h"

namespace arbiter::island {
namespace {

struct Script {
  const char* name;
  const char* description;
  const char* clause;
  int turn;  // the bot plays seat turn % 2; negative: counted from the turn limit
  std::array<int, 2> pos;
  const char* tiles[2];
  std::array<int, 2> shuffles;
};

const Script kScripts[] = {
    {"distance-one",
     "the players stand side by side (distance 1): no move forward is legal, an attack with the "
     "1s is",
     "island.move.bound",
     30,
     {6, 7},
     {"12131", "22432"},
     {0, 0}},
    {"one-value-hand",
     "a full hand of 4s at distance 2: no move forward or attack is legal; retreat;4 or shuffle",
     "island.attack.distance",
     30,
     {5, 7},
     {"44444", "11313"},
     {3, 3}},
    {"standing-at-the-edge",
     "player 2 stands on its edge (cell 14) at distance 4 without a 4: any retreat loses; moves "
     "forward and shuffle are legal",
     "island.retreat.edge",
     41,
     {10, 14},
     {"12311", "13221"},
     {2, 2}},
    {"edge-at-distance-four",
     "player 1 stands on its edge (cell 0) at distance 4 with 44111: any retreat loses; "
     "attack;44 or a move forward is legal",
     "island.retreat.edge",
     60,
     {0, 4},
     {"44111", "23232"},
     {5, 5}},
    {"last-turn",
     "the last turn before the turn limit, the players three cells apart",
     "island.end.limit",
     -1,
     {5, 8},
     {"12312", "21321"},
     {4, 4}},
};

}  // namespace

std::vector<EdgeCase> EdgeCases(const RuleList& rule_list) {
  Rules rules;
  if (std::string error; !RulesFrom(rule_list, rules, error)) return {};  // new_game reports it
  std::vector<EdgeCase> out;
  for (const Script& sc : kScripts) {
    const int turn = sc.turn >= 0 ? sc.turn : rules.max_turns + sc.turn;
    if (turn < 0) continue;
    // A fresh bot has lived none of the state's history: its own shuffle
    // count, which no board shows, is the zero it would count itself
    // (arbiter.check.edge-states). The opponent's is the built-in player's.
    std::array<int, 2> shuffles = sc.shuffles;
    shuffles[turn % kNumPlayers] = 0;
    if (shuffles[1 - turn % kNumPlayers] >= rules.shuffle_limit) continue;
    std::array<Hand, 2> hands{};
    for (int p = 0; p < kNumPlayers; ++p)
      for (int i = 0; i < kHandSize; ++i) hands[p][i] = static_cast<int8_t>(sc.tiles[p][i] - '0');
    EdgeCase e;
    e.name = sc.name;
    e.description = sc.description;
    e.clause = sc.clause;
    e.seat = turn % kNumPlayers;
    e.state = Wrap(State::FromParts(rules, turn, sc.pos, hands, shuffles, 7));
    if (e.state->IsTerminal() || e.state->current_player() != e.seat) continue;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace arbiter::island
