// An independent model of wondev legality for the property tests, written out
// from the clauses rather than taken from the engine, and a generator of
// arbitrary (not necessarily reachable) states that reaches corners played
// games seldom do.
#pragma once

#include <rapidcheck.h>

#include <vector>

#include "wondev/state.h"

namespace arbiter::wondev::testing {

// An arbitrary state, reachable or not: a grid of random heights and holes,
// units on distinct playable cells, any league, some points, either player
// to move. It reaches corners that played games seldom do (pushes onto
// level 3, climbs next to removed cells).
inline State ArbitraryState() {
  const int size = *rc::gen::inRange(5, 8);
  Map map;
  map.size = size;
  map.height.fill(kHole);
  std::vector<Pos> free;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const int h =
          *rc::gen::weightedElement<int>({{1, kHole}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {1, 4}});
      map.height[y * size + x] = static_cast<int8_t>(h);
      if (h >= 0 && h < 4) free.push_back({static_cast<int8_t>(x), static_cast<int8_t>(y)});
    }
  Rules rules;
  rules.league = *rc::gen::inRange(0, 4);
  RC_PRE(free.size() >= 4u);
  Units units{};
  for (int q = 0; q < 2; ++q)
    for (int i = 0; i < rules.units_per_player(); ++i) {
      const size_t k = *rc::gen::inRange<size_t>(0, free.size());
      units[q][i] = free[k];
      free.erase(free.begin() + static_cast<long>(k));
    }
  const int turn = *rc::gen::inRange(0, 2);
  return State::FromParts(map, units, rules, turn, {0, 0}, {false, false});
}

// MOVE&BUILD / PUSH&BUILD legality written out from the clauses, for the
// player to move, treating units it cannot see as absent.
inline bool ModelLegal(const State& s, const Action& a) {
  const int me = s.current_player();
  if (a.unit >= s.units_per_player()) return false;
  auto playable = [&](Pos p) {
    return p.x >= 0 && p.y >= 0 && p.x < s.size() && p.y < s.size() && s.Height(p) >= 0 &&
           s.Height(p) <= 3;
  };
  auto unit_on = [&](Pos p, bool seen_only, int skip_q, int skip_i) {
    for (int q = 0; q < 2; ++q)
      for (int i = 0; i < s.units_per_player(); ++i) {
        if (q == skip_q && i == skip_i) continue;
        if (!(s.unit(q, i) == p)) continue;
        bool seen = q == me || s.rules().league < 3;
        for (int k = 0; k < s.units_per_player(); ++k)
          seen = seen || Chebyshev(s.unit(me, k), p) <= 1;
        if (seen || !seen_only) return true;
      }
    return false;
  };
  const Pos from = s.unit(me, a.unit);
  const Pos t = {static_cast<int8_t>(from.x + kDx[int(a.d1)]),
                 static_cast<int8_t>(from.y + kDy[int(a.d1)])};
  const Pos b = {static_cast<int8_t>(t.x + kDx[int(a.d2)]),
                 static_cast<int8_t>(t.y + kDy[int(a.d2)])};
  if (!playable(t)) return false;
  if (a.type == ActionType::kMoveBuild)
    return !unit_on(t, false, -1, -1) && s.Height(t) <= s.Height(from) + 1 && playable(b) &&
           !unit_on(b, true, me, a.unit);
  const int turn = (int(a.d2) - int(a.d1) + 8) % 8;
  bool enemy = false;
  for (int i = 0; i < s.units_per_player(); ++i) enemy = enemy || s.unit(1 - me, i) == t;
  return s.rules().league >= 2 && enemy && (turn == 0 || turn == 1 || turn == 7) && playable(b) &&
         s.Height(b) <= s.Height(t) + 1 && !unit_on(b, true, -1, -1);
}

inline std::vector<Action> AllActions() {
  std::vector<Action> out;
  for (ActionType t : {ActionType::kMoveBuild, ActionType::kPushBuild})
    for (int u = 0; u < 2; ++u)
      for (int d1 = 0; d1 < 8; ++d1)
        for (int d2 = 0; d2 < 8; ++d2) out.push_back({t, u, Dir(d1), Dir(d2)});
  return out;
}

}  // namespace arbiter::wondev::testing
