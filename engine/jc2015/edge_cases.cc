// Rare but reachable jc2015 states for the bot harness, each reached by
// scripted play from a hand-made placement under the rules the user chose
// (the last turn follows --rule turn_limit), with the bot's player to move.
// The spec tests check that each state really shows what its name says.
#include <string_view>

#include "core/game.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {
namespace {

struct Script {
  const char* name;
  const char* description;
  const char* clause;
  Placement::Start players[4];
  const char* actions;  // one letter per global turn
  int pass_until;       // then N for everyone until this turn (0: none; -1: the last turn)
};

Action Letter(char c) { return ParseAction(std::string_view(&c, 1), ActionParsing::kExact); }

constexpr Dir U = Dir::kUp, R = Dir::kRight, D = Dir::kDown, L = Dir::kLeft;

const Script kScripts[] = {
    {"stunned",
     "the bot's player attacked on its last turn and is stunned (S = 8)",
     "jc2015.protocol.stunned-answer",
     {{7, 4, R}, {0, 12, U}, {16, 16, U}, {16, 10, U}},
     "ANNN",
     0},
    {"opponents-fallen",
     "two opponents have fallen and are shown at -1 -1",
     "jc2015.protocol.input.position",
     {{7, 1, R}, {7, 7, U}, {7, 11, U}, {16, 16, U}},
     "A",
     12},
    {"own-block-scheduled",
     "the block under the bot's player is scheduled to fall (B > 0)",
     "jc2015.protocol.input.block",
     {{7, 4, R}, {7, 12, L}, {16, 16, U}, {16, 10, U}},
     "NANN",
     0},
    {"blocks-down-around",
     "two neighbouring blocks have fallen and the bot's own block falls next turn",
     "jc2015.move.cancel.fallen",
     {{7, 4, U}, {7, 13, L}, {16, 16, U}, {13, 4, U}},
     "NANA",
     12},
    {"corner",
     "the bot's player stands in the corner (17,0) facing down: two of its moves are cancelled",
     "jc2015.move.cancel.edge",
     {{0, 17, R}, {17, 0, D}, {10, 10, U}, {0, 0, L}},
     "N",
     0},
    {"walled-in",
     "the bot's player stands in the corner (0,0) with an opponent at distance 4 on the "
     "diagonal: every one of its four moves is cancelled (the edge, or within distance 3 of the "
     "opponent)",
     "jc2015.move.cancel.distance",
     {{0, 0, D}, {2, 2, U}, {10, 10, U}, {16, 16, U}},
     "",
     0},
    {"last-turn",
     "the last turn of the game (T = 999 with the default turn limit)",
     "jc2015.end.turn-limit",
     {{1, 1, R}, {1, 10, L}, {10, 1, U}, {16, 16, U}},
     "",
     -1},
};

}  // namespace

std::vector<EdgeCase> EdgeCases(const RuleList& rule_list) {
  Rules rules;
  if (std::string error; !RulesFrom(rule_list, rules, error)) return {};  // new_game reports it
  std::vector<EdgeCase> out;
  for (const Script& s : kScripts) {
    Placement p;
    for (int i = 0; i < kNumPlayers; ++i) p.players[i] = s.players[i];
    State st = State::Initial(p, rules);
    for (const char* a = s.actions; *a && !st.IsTerminal(); ++a) st.Apply(Letter(*a));
    const int until = s.pass_until >= 0 ? s.pass_until : rules.turn_limit - 1;
    while (st.turn() < until && !st.IsTerminal()) st.Apply(Action::kNothing);
    if (st.IsTerminal()) continue;  // a turn limit too short for the state
    EdgeCase e;
    e.name = s.name;
    e.description = s.description;
    e.clause = s.clause;
    e.seat = st.current_player();
    e.state = Wrap(st);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace arbiter::jc2015
