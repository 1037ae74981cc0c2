// Small helpers for the jc2015 spec tests: states from hand-placed players,
// and playing a whole sequence of answers written as letters ("U A N ?"; '?'
// is an invalid line). They only call the engine's public API.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "jc2015/codec.h"
#include "jc2015/placement.h"
#include "jc2015/state.h"

namespace arbiter::jc2015::testing {

struct At {
  int row;
  int col;
  char dir;
};

inline Dir DirOf(char d) { return static_cast<Dir>(std::string_view("URDL").find(d)); }

inline State Make(At p0, At p1, At p2, At p3, const Rules& rules = {}) {
  Placement pl;
  const At all[4] = {p0, p1, p2, p3};
  for (int i = 0; i < 4; ++i) pl.players[i] = {all[i].row, all[i].col, DirOf(all[i].dir)};
  return State::Initial(pl, rules);
}

// Four players far apart: 0 in block (0,0), 1 in (0,3), 2 in (3,0), 3 in (5,5).
inline State Spread(const Rules& rules = {}) {
  return Make({1, 1, 'R'}, {1, 10, 'L'}, {10, 1, 'U'}, {16, 16, 'U'}, rules);
}

// '?' (or any other letter) is an invalid line.
inline Action ActionOf(char c) {
  return ParseAction(std::string_view(&c, 1), ActionParsing::kExact);
}

// Plays one answer per letter (spaces ignored); returns the events of each.
inline std::vector<TurnEvents> Play(State& s, std::string_view letters) {
  std::vector<TurnEvents> out;
  for (char c : letters) {
    if (c == ' ') continue;
    out.push_back(s.Apply(ActionOf(c)));
  }
  return out;
}

// Plays N for every player until the turn reaches `turn`.
inline void PassUntil(State& s, int turn) {
  while (s.turn() < turn && !s.IsTerminal()) s.Apply(Action::kNothing);
}

// B of block (br, bc) as player `id` sees it on the current turn.
inline int Shown(const State& s, int br, int bc, int id = -1) {
  return ViewFor(s, id < 0 ? s.current_player() : id).blocks[br * kBoardBlocks + bc];
}

}  // namespace arbiter::jc2015::testing
