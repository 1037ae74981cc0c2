// The walk fuzzer's starts for Wondev Woman (GameInfo::fuzz_start): the map
// and units are drawn from the seed under the rules (the map kind and league
// are rule options); with bit 0 of byte 0, byte 1 sets a round limit of
// 1..16, short enough for the end by the limit (wondev.end.rounds) to be
// played to.
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {

std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& pairs) {
  Rules rules;
  std::string error;
  if (!RulesFrom(pairs, rules, error)) return nullptr;
  if (bytes[0] & 1) rules.max_rounds = 1 + bytes[1] % 16;
  return Wrap(NewState(seed, rules));
}

}  // namespace arbiter::wondev
