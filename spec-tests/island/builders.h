// Small helpers for the island spec tests: states from hand-written parts
// (positions, hands as a bot sees them: "42143", '?' for an empty slot),
// rule sets from their option names, and answers played from their text.
// They only call the engine's public API.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "island/codec.h"
#include "island/game.h"
#include "island/rules.h"
#include "island/state.h"

namespace arbiter::island::testing {

// "42143" -> {4, 2, 1, 4, 3}; '?' is an empty slot (kNoTile).
inline Hand H(std::string_view tiles) {
  Hand h{};
  for (int i = 0; i < kHandSize; ++i)
    h[i] = static_cast<int8_t>(tiles[i] == '?' ? kNoTile : tiles[i] - '0');
  return h;
}

// The hand as text, '?' for an empty slot.
inline std::string Text(const Hand& h) {
  std::string out;
  for (int8_t t : h) out += t == kNoTile ? '?' : static_cast<char>('0' + t);
  return out;
}

// Rules from option pairs, as --rule gives them; a bad pair fails the test.
inline Rules RulesOf(const std::vector<std::pair<std::string, std::string>>& pairs) {
  Rules r;
  for (const auto& [k, v] : pairs) {
    const std::string err = SetRule(r, k, v);
    if (!err.empty()) ADD_FAILURE() << err;
  }
  return r;
}

inline Rules Immediate() { return RulesOf({{"deal", "immediate"}}); }

// Player 1 (index 0) on pos[0], player 2 on pos[1], `turn` (even: player 1
// to move), the hands as text.
inline State Make(std::array<int, 2> pos, std::string_view hand0, std::string_view hand1,
                  int turn = 0, const Rules& rules = {}, std::array<int, 2> shuffles = {0, 0},
                  uint64_t rng = 7) {
  EXPECT_EQ(State::Validate(turn, pos, {H(hand0), H(hand1)}, shuffles, rules), "");
  return State::FromParts(rules, turn, pos, {H(hand0), H(hand1)}, shuffles, rng);
}

// Plays a line for the player to move as a referee would: read it under the
// state's rules, then apply it (an unreadable line disqualifies).
inline TurnEvents Play(State& s, std::string_view line) {
  const Answer a = ParseAnswer(line, s.rules());
  return a.ok ? s.Apply(a.move) : s.ApplyInvalid(a.error);
}

inline bool Parses(std::string_view line, const Rules& rules = {}) {
  return ParseAnswer(line, rules).ok;
}

inline AnswerVerdict Verdict(const State& s, std::string_view line) {
  return Wrap(s)->ClassifyAnswer(line);
}

inline bool IsTile(int t) { return t >= 1 && t <= 4; }

}  // namespace arbiter::island::testing
