// The walk fuzzer's starts for jc2015 (GameInfo::fuzz_start): byte 0 holds
// flags; with bit 0, bytes 1..12 place the four players square by square
// (row and column -1..18, so off the board too, and direction), refused
// unless ValidatePlacement accepts them, else the placement is drawn from
// the seed; with bit 1, byte 13 sets a turn limit of 1..256, short enough
// for the end by the limit (jc2015.end.turn-limit) to be played to.
#include "jc2015/game.h"
#include "jc2015/placement.h"

namespace arbiter::jc2015 {

std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& pairs) {
  Rules rules;
  std::string error;
  if (!RulesFrom(pairs, rules, error)) return nullptr;
  Placement placement = DrawPlacement(seed);
  if (bytes[0] & 1) {
    constexpr int kSpan = kBoardSquares + 2;  // -1..18
    for (int i = 0; i < kNumPlayers; ++i) {
      const uint8_t* b = &bytes[1 + 3 * i];
      placement.players[i] = {b[0] % kSpan - 1, b[1] % kSpan - 1, static_cast<Dir>(b[2] % 4)};
    }
    if (!ValidatePlacement(placement).empty()) return nullptr;
  }
  if (bytes[0] & 2) rules.turn_limit = 1 + bytes[13];
  return Wrap(State::Initial(placement, rules));
}

}  // namespace arbiter::jc2015
