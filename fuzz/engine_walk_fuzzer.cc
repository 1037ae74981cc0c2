// Fuzzes the reference engine's own invariants: the bytes choose an initial
// placement (drawn from a seed, or explicit squares, skipped unless
// ValidatePlacement accepts them), the rule options and one action per global
// turn (format: jc2015_game_input.h). Every state reached must satisfy
// CheckInvariants, every step CheckTransition, and every state must survive
// Deserialize(Serialize(s)) unchanged. A violation aborts with its message.
// The game is as long as the input (one byte per turn) but at most kMaxTurns
// turns: the serialisation round trip of every state dominates the cost, and
// short games keep the target near a few thousand runs per second.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "jc2015/serialize.h"
#include "jc2015/state.h"
#include "jc2015_game_input.h"
#include "mutant_env.h"

namespace {

using namespace arbiter::jc2015;

constexpr size_t kMaxTurns = 64;  // enough for falls, restores (20 turns) and stuns

[[noreturn]] void Violation(const State& s, const std::string& what) {
  std::fprintf(stderr, "engine_walk_fuzzer: turn %d: %s\n--- state\n%s", s.turn(), what.c_str(),
               Serialize(s).c_str());
  std::abort();
}

void CheckState(const State& s) {
  if (std::string why = CheckInvariants(s); !why.empty()) Violation(s, "invariant: " + why);
  const std::string text = Serialize(s);
  const auto back = Deserialize(text);
  if (!back.ok()) Violation(s, "Deserialize(Serialize(s)) failed: " + back.error().ToString());
  if (!(back.value() == s)) Violation(s, "Deserialize(Serialize(s)) != s");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  fuzz::GameInput g = fuzz::ConsumeGameInput(in);
  ApplyMutantFromEnv(g.rules);  // mutation testing only (spec-tests/common/mutant_env.h)
  const Placement placement = g.explicit_placement ? g.ExplicitPlacement() : DrawPlacement(g.seed);
  if (!ValidatePlacement(placement).empty()) {
    if (!g.explicit_placement) std::abort();  // a drawn placement is always valid
    return 0;
  }
  State s = State::Initial(placement, g.rules);
  CheckState(s);
  for (size_t i = 0; i < g.actions.size() && i < kMaxTurns; ++i) {
    if (s.IsTerminal()) break;
    const char c = g.actions[i];
    const Action action = fuzz::ActionOfByte(static_cast<uint8_t>(c));
    const State before = s;
    const TurnEvents ev = s.Apply(action);
    if (std::string why = CheckTransition(before, action, ev, s); !why.empty())
      Violation(s, std::string("transition (action ") + ActionLetter(action) + "): " + why);
    CheckState(s);
  }
  return 0;
}
