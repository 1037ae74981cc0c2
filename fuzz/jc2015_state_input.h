// The byte format of engine_step_fuzzer, and its inverse for
// scripts/make-seeds: an arbitrary jc2015 State given field by field (rules,
// turn, the 36 block timers, the four players) and a few action bytes.
//
// As in jc2015_game_input.h, FuzzedDataProvider reads the integers from the
// END of the input and the bytes at the front in order:
//   <36 block bytes> <action bytes> <header, last byte consumed first>
// The header, in the order it is consumed:
//   rules       the rule byte (and turn limit) of jc2015_game_input.h
//   turns_left  0..turn_limit; turn = turn_limit - turns_left
//   4 players   on_board (a byte, bit 0); row 0..17 and col 0..17 only when on
//               the board (else both -1); dir 0..3; stun 0..turn + 11, with
//               stunned_until = turn + 11 - stun
// Then the front: one byte per block, row-major, read as
// FuzzedDataProvider's ConsumeIntegralInRange(0, max_fall + 20) would (v =
// byte % (max_fall + 21); max_fall is 20, or 68 under attack_distance=squares)
// but in one copy: the timer is v while v <= max_fall, else max_fall - v
// (-1 .. -20, fallen); missing bytes are stable blocks (0). Then the action
// bytes (ActionOfByte), of which the target plays at most kMaxStepActions.
// Small values are the rule edges: turns_left 1 is the last turn, stun 0..10
// a stunned player, block 1 a block about to fall, max_fall + 1 a block about
// to be restored. Every value in range is representable, so
// EncodeStateInput() writes exactly what ConsumeStateInput() reads back,
// which make_seeds checks for every seed.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/jc2015_game_input.h"
#include "jc2015/rules.h"
#include "jc2015/state.h"

namespace arbiter::jc2015::fuzz {

// Two steps: a step and the one after it (a stun or a fall scheduled on one
// turn shows on the next). Every state is a possible start, so longer runs
// add no transition a start state cannot reach, and each step costs ~5 us
// under ASan + UBSan: with 8 steps the target ran at ~42,000 exec/s, with 2
// at ~105,000 (docs/fuzzing.md).
inline constexpr size_t kMaxStepActions = 2;

struct StateInput {
  Rules rules;
  int turn = 0;
  std::array<int8_t, kNumBlocks> blocks{};
  std::array<Player, kNumPlayers> players{};
  std::string actions;  // at most kMaxStepActions bytes, one per global turn (ActionOfByte)

  // Not validated: the caller checks CheckInvariants.
  State ToState() const { return State::FromParts(rules, turn, blocks, players); }
};

// The largest fall timer CheckInvariants allows under attack_distance `d`.
inline constexpr int MaxFallTimerOf(AttackDistance d) {
  return d == AttackDistance::kBlocks ? kTurnsPerBlock * (kBoardBlocks - 1) : kMaxFallTimer;
}

// The timer of every block byte under an attack_distance (see above), in a
// plain array: one look-up per block instead of a ConsumeIntegralInRange.
struct BlockTable {
  int8_t timer[256];
};
inline constexpr BlockTable MakeBlockTable(AttackDistance d) {
  const int max_fall = MaxFallTimerOf(d);
  BlockTable t{};
  for (int byte = 0; byte < 256; ++byte) {
    const int v = byte % (max_fall + kRestoreTurns + 1);
    t.timer[byte] = static_cast<int8_t>(v <= max_fall ? v : max_fall - v);
  }
  return t;
}
inline constexpr BlockTable kBlockTables[2] = {MakeBlockTable(AttackDistance::kBlocks),
                                               MakeBlockTable(AttackDistance::kSquares)};

inline StateInput ConsumeStateInput(FuzzedDataProvider& in) {
  StateInput g;
  g.rules = ConsumeRules(in);
  g.turn = g.rules.turn_limit - in.ConsumeIntegralInRange(0, g.rules.turn_limit);
  const int max_stun = g.turn + kStunTurns - 1;
  for (Player& p : g.players) {
    p.on_board = in.ConsumeBool();
    if (p.on_board) {
      p.row = static_cast<int8_t>(in.ConsumeIntegralInRange(0, kBoardSquares - 1));
      p.col = static_cast<int8_t>(in.ConsumeIntegralInRange(0, kBoardSquares - 1));
    }
    p.dir = static_cast<Dir>(in.ConsumeIntegralInRange(0, 3));
    p.stunned_until = max_stun - in.ConsumeIntegralInRange(0, max_stun);
  }
  // One copy and a table look-up per block: the blocks are most of the
  // input, and this is the cheap way through the fuzz build's instrumentation.
  uint8_t bytes[kNumBlocks] = {};
  in.ConsumeData(bytes, sizeof bytes);
  const int8_t* timer = kBlockTables[g.rules.attack_distance == AttackDistance::kSquares].timer;
  int8_t* blocks = g.blocks.data();
  for (int i = 0; i < kNumBlocks; ++i) blocks[i] = timer[bytes[i]];
  // At most 8 bytes: the string stays in its small buffer (no allocation).
  g.actions.resize(std::min(in.remaining_bytes(), kMaxStepActions));
  in.ConsumeData(g.actions.data(), g.actions.size());
  return g;
}

// The inverse of ConsumeStateInput for a state whose fields are in the ranges
// above (an off-board player at -1, -1).
inline std::string EncodeStateInput(const StateInput& g) {
  TailWriter w;
  EncodeRules(w, g.rules);
  w.Int(g.rules.turn_limit - g.turn, 0, g.rules.turn_limit);
  const int max_stun = g.turn + kStunTurns - 1;
  for (const Player& p : g.players) {
    w.Int(p.on_board ? 1 : 0, 0, 255);
    if (p.on_board) {
      w.Int(p.row, 0, kBoardSquares - 1);
      w.Int(p.col, 0, kBoardSquares - 1);
    }
    w.Int(static_cast<int>(p.dir), 0, 3);
    w.Int(max_stun - p.stunned_until, 0, max_stun);
  }
  const int max_fall = MaxFallTimerOf(g.rules.attack_distance);
  std::string front;
  for (const int8_t b : g.blocks) front += static_cast<char>(b >= 0 ? b : max_fall - b);
  return w.Finish(front + g.actions);
}

}  // namespace arbiter::jc2015::fuzz
