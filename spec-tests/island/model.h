// A deliberately simple model of Save The Island written out from the
// clauses, independent of the engine's code: positions, legality, which
// tile slots a move and its defence use, the end and the winner. It does not
// draw tiles: a slot whose tile was used holds 0 ("not known yet") until the
// caller learns its new tile, from the engine's state or from a board, as a
// referee fuzzer does.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "island/rules.h"
#include "island/state.h"

namespace arbiter::island::testing {

struct Model {
  Rules rules;
  int turn = 0;
  std::array<int, 2> pos{0, 14};
  std::array<std::array<int, 5>, 2> hand{};  // 0: empty, or dealt but not learnt yet
  std::array<int, 2> shuffles{0, 0};
  bool over = false;
  int winner = -1;

  int Player() const { return turn % 2; }
  int Distance() const { return pos[1] - pos[0]; }
  int Held(int p, int v) const {
    int n = 0;
    for (int t : hand[p]) n += t == v;
    return n;
  }
  // The `n` leftmost slots of p holding v (island.tiles.replace).
  uint8_t Leftmost(int p, int v, int n) const {
    uint8_t mask = 0;
    for (int i = 0; i < 5 && n > 0; ++i)
      if (hand[p][i] == v) mask |= static_cast<uint8_t>(1 << i), --n;
    return mask;
  }
};

struct ModelTurn {
  bool legal = true;
  uint8_t used = 0, defence_used = 0;
  int hits = 0;
};

// What the rules allow the player to move (island.move.*, island.retreat,
// island.shuffle.limit, island.attack.*).
inline bool ModelLegal(const Model& m, const Move& mv) {
  const int p = m.Player(), d = m.Distance();
  switch (mv.kind) {
    case MoveKind::kMove:
      return mv.count == 1 && m.Held(p, mv.value) > 0 && mv.value < d;
    case MoveKind::kRetreat:
      return mv.count == 1 && m.Held(p, mv.value) > 0;
    case MoveKind::kShuffle:
      return m.shuffles[p] < m.rules.shuffle_limit;
    case MoveKind::kAttack:
      return mv.value == d && mv.count >= 1 && mv.count <= m.Held(p, d);
  }
  return false;
}

inline void ModelEnd(Model& m, int winner) {
  m.over = true;
  m.winner = winner;
}

// island.end.limit, island.end.winner: after every turn.
inline void ModelNextTurn(Model& m) {
  ++m.turn;
  if (m.over || m.turn < m.rules.max_turns) return;
  int w = -1;
  if (m.rules.limit_result == LimitResult::kGround) {
    const int g0 = m.pos[0], g1 = 14 - m.pos[1];
    w = g0 > g1 ? 0 : g1 > g0 ? 1 : -1;
  }
  ModelEnd(m, w);
}

// An answer outside the grammar, or none at all (island.invalid, island.timeout).
inline void ModelDisqualify(Model& m) {
  ModelEnd(m, 1 - m.Player());
  ModelNextTurn(m);
}

inline ModelTurn ModelPlay(Model& m, const Move& mv) {
  ModelTurn t;
  const int p = m.Player(), o = 1 - p, d = m.Distance();
  const int forward = p == 0 ? 1 : -1;
  if (!ModelLegal(m, mv)) {
    t.legal = false;
    ModelDisqualify(m);
    return t;
  }
  auto off = [](int x) { return x < 0 || x > 14; };
  switch (mv.kind) {
    case MoveKind::kMove:
      t.used = m.Leftmost(p, mv.value, 1);
      m.pos[p] += forward * mv.value;
      break;
    case MoveKind::kRetreat:
      t.used = m.Leftmost(p, mv.value, 1);
      m.pos[p] -= forward * mv.value;
      if (off(m.pos[p])) ModelEnd(m, o);
      break;
    case MoveKind::kShuffle:
      t.used = 0b11111;
      ++m.shuffles[p];
      break;
    case MoveKind::kAttack: {
      const int k = std::min(mv.count, m.Held(o, d));
      t.used = m.Leftmost(p, d, mv.count);
      t.defence_used = m.Leftmost(o, d, k);
      t.hits = mv.count - k;
      if (t.hits > 0) {
        m.pos[p] = m.pos[o] - forward;
        m.pos[o] += forward * 3 * t.hits;
        if (off(m.pos[o])) ModelEnd(m, p);
      }
      break;
    }
  }
  for (int i = 0; i < 5; ++i) {
    if (t.used & (1 << i)) m.hand[p][i] = 0;
    if (t.defence_used & (1 << i)) m.hand[o][i] = 0;
  }
  ModelNextTurn(m);
  return t;
}

}  // namespace arbiter::island::testing
