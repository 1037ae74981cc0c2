// The byte format of model_diff_fuzzer, and its
// inverse for fuzz/make_seeds.cc: a game is a placement (drawn from a seed or
// explicit squares), rule options and one byte per global turn. The rule
// options, the action bytes and TailWriter are also used by engine_step's
// format (jc2015_state_input.h).
//
// FuzzedDataProvider reads integers from the END of the input and the action
// bytes from the front, so an input is
//   <action bytes...> <header bytes, last consumed first>
// An action byte that is one of "URDLAN" is that command; any other byte b is
// Action(b % 7), 6 being an invalid line. Encode() writes exactly what
// Consume() reads back, which make_seeds checks for every seed it writes.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "jc2015/codec.h"
#include "jc2015/rules.h"
#include "jc2015/state.h"

namespace arbiter::jc2015::fuzz {

struct GameInput {
  bool explicit_placement = false;
  uint64_t seed = 0;       // when !explicit_placement: DrawPlacement(seed)
  int squares[4][3] = {};  // when explicit: row, col (-1..18, so off-board too), dir 0..3
  Rules rules;
  std::string actions;  // one byte per global turn

  Placement ExplicitPlacement() const {
    Placement p;
    for (int i = 0; i < kNumPlayers; ++i)
      p.players[i] = {squares[i][0], squares[i][1], static_cast<Dir>(squares[i][2])};
    return p;
  }
};

inline constexpr int kMinSquare = -1;
inline constexpr int kMaxSquare = kBoardSquares;
inline constexpr int kMaxFuzzTurnLimit = 1000;

// Flag bits of the rule byte.
enum : uint8_t {
  kOwnTurns = 1,
  kSquares = 2,
  kRemovePlayer = 4,
  kExact = 8,
  kFallenGetInput = 16,
  kTurnLimit = 32,
};

// The rule options: the flag byte, then the turn limit when kTurnLimit is set.
// Shared with jc2015_state_input.h.
inline Rules ConsumeRules(FuzzedDataProvider& in) {
  Rules rules;
  const uint8_t flags = in.ConsumeIntegral<uint8_t>();
  if (flags & kOwnTurns) rules.stun_count = StunCount::kOwnTurns;
  if (flags & kSquares) rules.attack_distance = AttackDistance::kSquares;
  if (flags & kRemovePlayer) rules.invalid_action = InvalidAction::kRemovePlayer;
  if (flags & kExact) rules.action_parsing = ActionParsing::kExact;
  if (flags & kFallenGetInput) rules.fallen_players_get_input = true;
  if (flags & kTurnLimit) rules.turn_limit = in.ConsumeIntegralInRange(1, kMaxFuzzTurnLimit);
  return rules;
}

inline GameInput ConsumeGameInput(FuzzedDataProvider& in) {
  GameInput g;
  g.explicit_placement = in.ConsumeBool();
  if (g.explicit_placement) {
    for (auto& sq : g.squares) {
      sq[0] = in.ConsumeIntegralInRange(kMinSquare, kMaxSquare);
      sq[1] = in.ConsumeIntegralInRange(kMinSquare, kMaxSquare);
      sq[2] = in.ConsumeIntegralInRange(0, 3);
    }
  } else {
    g.seed = in.ConsumeIntegral<uint64_t>();
  }
  g.rules = ConsumeRules(in);
  g.actions = in.ConsumeRemainingBytesAsString();
  return g;
}

inline Action ActionOfByte(uint8_t b) {
  // A command letter is that command; any other byte maps onto the seven
  // actions (invalid included), so every byte is a turn.
  const char c = static_cast<char>(b);
  const Action a = ParseAction(std::string_view(&c, 1), ActionParsing::kExact);
  return a != Action::kInvalid ? a : static_cast<Action>(b % 7);
}

inline char ByteOfAction(Action a) { return a == Action::kInvalid ? '\x06' : ActionLetter(a); }

// Appends integers in the order FuzzedDataProvider consumes them from the end.
class TailWriter {
 public:
  void Integral(uint64_t value_minus_min, uint64_t range) {
    // FuzzedDataProvider computes result = (result << 8) | next byte while
    // range >> (8 * n) > 0: the most significant byte is consumed first.
    int n = 0;
    while (n < 8 && (range >> (8 * n)) > 0) ++n;
    for (int i = n - 1; i >= 0; --i)
      tail_.push_back(static_cast<uint8_t>(value_minus_min >> (8 * i)));
  }
  void Int(int value, int min, int max) { Integral(value - min, static_cast<uint64_t>(max - min)); }
  // The input: front bytes, then the tail reversed (the last byte is consumed first).
  std::string Finish(const std::string& front) const {
    return front + std::string(tail_.rbegin(), tail_.rend());
  }

 private:
  std::vector<uint8_t> tail_;  // in consumption order
};

// The inverse of ConsumeRules (a turn limit above kMaxFuzzTurnLimit cannot be
// encoded; make_seeds' decoding check catches it).
inline void EncodeRules(TailWriter& w, const Rules& rules) {
  const Rules d;
  uint8_t flags = 0;
  if (rules.stun_count != d.stun_count) flags |= kOwnTurns;
  if (rules.attack_distance != d.attack_distance) flags |= kSquares;
  if (rules.invalid_action != d.invalid_action) flags |= kRemovePlayer;
  if (rules.action_parsing != d.action_parsing) flags |= kExact;
  if (rules.fallen_players_get_input) flags |= kFallenGetInput;
  if (rules.turn_limit != d.turn_limit) flags |= kTurnLimit;
  w.Int(flags, 0, 255);
  if (flags & kTurnLimit) w.Int(rules.turn_limit, 1, kMaxFuzzTurnLimit);
}

inline std::string EncodeGameInput(const GameInput& g) {
  TailWriter w;
  w.Int(g.explicit_placement ? 1 : 0, 0, 255);
  if (g.explicit_placement) {
    for (const auto& sq : g.squares) {
      w.Int(sq[0], kMinSquare, kMaxSquare);
      w.Int(sq[1], kMinSquare, kMaxSquare);
      w.Int(sq[2], 0, 3);
    }
  } else {
    w.Integral(g.seed, UINT64_MAX);
  }
  EncodeRules(w, g.rules);
  return w.Finish(g.actions);
}

}  // namespace arbiter::jc2015::fuzz
