// The lightweight engine target: from an ARBITRARY state that the bytes give
// field by field (rules, turn, block timers, players; format:
// jc2015_state_input.h), skipped unless it satisfies CheckInvariants, it plays
// at most kMaxStepActions actions, and every step must keep CheckTransition
// and every state reached CheckInvariants. A violation aborts with the turn,
// what broke and the state. Starting anywhere reaches the rule edges (the
// last turn, blocks about to fall together, stunned players, players close to
// each other) without playing a game up to them; with no text round trip per
// step (that is game_walk's property) it makes far more runs per second
// than game_walk (figures: docs/fuzzing.md).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/jc2015_state_input.h"
#include "jc2015/invariants.h"
#include "jc2015/serialize.h"
#include "jc2015/state.h"
#include "spec-tests/common/mutant_env.h"

namespace {

using namespace arbiter::jc2015;

// `what` went wrong on the turn played from `before`.
[[noreturn]] void Violation(const State& before, Action action, const State& after,
                            const std::string& what) {
  std::fprintf(stderr,
               "engine_step_fuzzer: turn %d (action %c): %s\n--- state before\n%s"
               "--- state after\n%s",
               before.turn(), ActionLetter(action), what.c_str(), Serialize(before).c_str(),
               Serialize(after).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  fuzz::StateInput g = fuzz::ConsumeStateInput(in);
  ApplyMutantFromEnv(g.rules);  // mutation testing only (spec-tests/common/mutant_env.h)
  State s = g.ToState();
  if (!CheckInvariants(s).empty()) return 0;  // only states that keep the invariants
  for (const char c : g.actions) {
    if (s.IsTerminal()) break;
    const Action action = fuzz::ActionOfByte(static_cast<uint8_t>(c));
    const State before = s;
    const TurnEvents ev = s.Apply(action);
    if (std::string why = CheckTransition(before, action, ev, s); !why.empty())
      Violation(before, action, s, "transition: " + why);
    if (std::string why = CheckInvariants(s); !why.empty())
      Violation(before, action, s, "invariant: " + why);
  }
  return 0;
}
