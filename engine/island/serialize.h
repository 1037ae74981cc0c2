// The text form of a Save The Island state, for golden transcripts, the
// harness's logs and fuzz reproducers: one line, every field named; and its
// strict inverse, Deserialize(Serialize(s)) == s for every state.
#pragma once

#include <string>
#include <string_view>

#include "core/parse.h"
#include "island/state.h"

namespace arbiter::island {

// "island turn=3 pos=2,11 hands=13421,2?44? shuffles=0,1 fresh=0,5 end=none
//  winner=-1 rng=0123456789abcdef rules=deal=next-turn ..." ('?': kNoTile).
std::string Serialize(const State& s);
// Accepts only what Serialize writes, with every field in range and the
// state keeping its invariants (invariants.h).
Parsed<State> Deserialize(std::string_view text);

}  // namespace arbiter::island
