// The walk fuzzer's starts for Save The Island (GameInfo::fuzz_start): byte
// 0 holds flags; with bit 0, bytes 1..2 place the players (refused unless
// player 1 stands left of player 2), bytes 3..12 give their ten tiles
// (1..4) and byte 14 who moves first, else the start is drawn from the
// seed; with bit 1, byte 13 sets a turn limit of 1..64, short enough for the
// end by the limit (island.end.limit) to be played to. The draws after the
// start come from the seed.
#include "island/game.h"

namespace arbiter::island {

std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& pairs) {
  Rules rules;
  std::string error;
  if (!RulesFrom(pairs, rules, error)) return nullptr;
  if (bytes[0] & 2) rules.max_turns = 1 + bytes[13] % 64;
  if (!(bytes[0] & 1)) return Wrap(State::Initial(seed, rules));
  const std::array<int, 2> pos = {bytes[1] % kIslandSize, bytes[2] % kIslandSize};
  std::array<Hand, 2> hands{};
  for (int p = 0; p < kNumPlayers; ++p)
    for (int i = 0; i < kHandSize; ++i)
      hands[p][i] =
          static_cast<int8_t>(kMinTile + bytes[3 + p * kHandSize + i] % (kMaxTile - kMinTile + 1));
  const int turn = bytes[14] % kNumPlayers;
  if (!State::Validate(turn, pos, hands, {0, 0}, rules).empty()) return nullptr;
  return Wrap(State::FromParts(rules, turn, pos, hands, {0, 0}, seed));
}

}  // namespace arbiter::island
