// Small helpers for the wondev spec tests: states from hand-drawn grids
// ("0.12" rows, as a bot sees them) and hand-placed units, answers from their
// text, and a few geometric facts written out from the rule text rather than
// taken from the engine. They only call the engine's public API.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wondev/codec.h"
#include "wondev/state.h"

namespace arbiter::wondev::testing {

inline Map MapOf(const std::vector<std::string>& rows) {
  Map m;
  m.size = static_cast<int>(rows.size());
  m.height.fill(kHole);
  for (int y = 0; y < m.size; ++y)
    for (int x = 0; x < m.size; ++x)
      m.height[y * m.size + x] = rows[y][x] == '.' ? kHole : static_cast<int8_t>(rows[y][x] - '0');
  return m;
}

inline Pos At(int x, int y) { return {static_cast<int8_t>(x), static_cast<int8_t>(y)}; }

inline Rules League(int league) {
  Rules r;
  r.league = league;
  return r;
}

// One unit each (leagues 0 and 1).
inline State Make(const std::vector<std::string>& rows, Pos mine, Pos theirs,
                  const Rules& rules = {}) {
  Units u{};
  u[0][0] = mine;
  u[1][0] = theirs;
  return State::Initial(MapOf(rows), u, rules);
}

// Two units each (leagues 2 and 3).
inline State Make2(const std::vector<std::string>& rows, Pos a0, Pos a1, Pos b0, Pos b1,
                   const Rules& rules) {
  Units u{};
  u[0] = {a0, a1};
  u[1] = {b0, b1};
  return State::Initial(MapOf(rows), u, rules);
}

inline const std::vector<std::string> kFlat5 = {"00000", "00000", "00000", "00000", "00000"};

// The answer a line stands for, read the default way.
inline Answer Line(std::string_view text) { return ParseAnswer(text); }

// Plays `text` for the player to move.
inline TurnEvents Play(State& s, std::string_view text) { return s.Apply(Line(text)); }

// The texts of the legal actions of the player to move.
inline std::vector<std::string> LegalTexts(const State& s) {
  std::vector<std::string> out;
  for (const Action& a : s.LegalActions()) out.push_back(ActionText(a));
  return out;
}

inline bool Listed(const State& s, std::string_view text) {
  for (const std::string& t : LegalTexts(s))
    if (t == text) return true;
  return false;
}

// The height of (x, y) as the player to move is shown it.
inline char Shown(const State& s, int x, int y) {
  return ViewFor(s, s.current_player()).rows[y][x];
}

}  // namespace arbiter::wondev::testing
