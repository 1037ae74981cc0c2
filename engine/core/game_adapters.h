// The contract's functions of GameInfo (core/game.h) built from a game's
// concrete State functions, so that each game states them in one line:
//   .deserialize = &DeserializeWith<&Deserialize, &Wrap>,
//   .check_invariants = &CheckWith<&StateOf, &CheckInvariants>,
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"

namespace arbiter {

// GameInfo::deserialize from `Parsed<State> kParse(std::string_view)` and
// `std::unique_ptr<GameState> kWrap(const State&)`.
template <auto kParse, auto kWrap>
std::unique_ptr<GameState> DeserializeWith(std::string_view text, std::string& error) {
  auto parsed = kParse(text);
  if (!parsed.ok()) {
    error = parsed.error().ToString();
    return nullptr;
  }
  return kWrap(parsed.value());
}

// GameInfo::check_invariants from `const State* kStateOf(const GameState&)`
// and `std::string kCheck(const State&)`.
template <auto kStateOf, auto kCheck>
std::string CheckWith(const GameState& state) {
  const auto* s = kStateOf(state);
  return s ? kCheck(*s) : std::string("a state of another game");
}

}  // namespace arbiter
