// The rule option "deviation" (arbiter.referee.deviations), the same way for
// every game: a game's catalogue (GameInfo::deviations) is an array of
// Deviation, entry i selected by bit i + 1 of its rules' deviation set (bit
// 0 stays clear: no deviation), so that one table names, describes and
// selects them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/game.h"

namespace arbiter {

// Adds to `bits` the deviations `value` names ("drop-one,push-scores");
// "none" clears the set. Else an error naming the catalogue, and `bits`
// unchanged.
std::string SetDeviationRule(std::span<const Deviation> catalogue, std::string_view value,
                             uint32_t& bits);

// The bit of the catalogue's `i`-th deviation in a set of deviations (bit 0
// is unused, so that 0 is none; at most 31 deviations): the one layout of
// every set, the rules' and the told-apart ones alike.
constexpr uint32_t DeviationBit(size_t i) { return i + 1 < 32 ? 1u << (i + 1) : 0u; }
constexpr bool HasDeviation(uint64_t bits, size_t i) { return (bits & DeviationBit(i)) != 0; }

// The deviations `rules` select (its rule "deviation", each setting in
// order), as bits; a value that names no deviation adds none.
uint32_t DeviationBitsOf(std::span<const Deviation> catalogue, const RuleList& rules);

// The names `bits` selects, as rule "deviation" takes them ("a,b"); empty for none.
std::string DeviationRuleValue(std::span<const Deviation> catalogue, uint32_t bits);

// The deviation of `catalogue` named `name`, or nullptr.
const Deviation* FindDeviation(std::span<const Deviation> catalogue, std::string_view name);

// " deviation=<name>[,<name>...]" for the set; empty when none is selected,
// so that rules without a deviation read as they always did.
std::string DescribeDeviations(std::span<const Deviation> catalogue, uint32_t bits);

}  // namespace arbiter
