// Differential fuzzing of the reference engine against the independent simple
// model of spec-tests/jc2015/model.h over a game the bytes choose (format:
// jc2015_game_input.h; the model knows only the default rules, so of the rule
// options only turn_limit is used). Before every turn and after the last, the
// views of all four players (ViewFor vs Model::View), the turn, whether the
// game is over and the winner must agree; a disagreement aborts with both.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/jc2015_game_input.h"
#include "jc2015/codec.h"
#include "jc2015/placement.h"
#include "jc2015/state.h"
#include "spec-tests/common/mutant_env.h"
#include "spec-tests/jc2015/model.h"

namespace {

using namespace arbiter::jc2015;

[[noreturn]] void Diverged(int turn, const std::string& what, const std::string& engine,
                           const std::string& model) {
  std::fprintf(stderr, "model_diff_fuzzer: divergence on turn %d: %s\n--- engine\n%s--- model\n%s",
               turn, what.c_str(), engine.c_str(), model.c_str());
  std::abort();
}

void Compare(const State& s, const model::Model& m) {
  if (s.turn() != m.turn())
    Diverged(s.turn(), "turn", std::to_string(s.turn()) + "\n", std::to_string(m.turn()) + "\n");
  if (s.IsTerminal() != m.Over())
    Diverged(s.turn(), "game over", std::to_string(s.IsTerminal()) + "\n",
             std::to_string(m.Over()) + "\n");
  if (s.Winner() != m.Winner())
    Diverged(s.turn(), "winner", std::to_string(s.Winner()) + "\n",
             std::to_string(m.Winner()) + "\n");
  for (int id = 0; id < kNumPlayers; ++id) {
    const InputView engine = ViewFor(s, id);
    const InputView simple = m.View(id);
    if (!(engine == simple))
      Diverged(s.turn(), "view of player " + std::to_string(id), FormatInput(engine),
               FormatInput(simple));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const fuzz::GameInput g = fuzz::ConsumeGameInput(in);
  const Placement placement = g.explicit_placement ? g.ExplicitPlacement() : DrawPlacement(g.seed);
  if (!ValidatePlacement(placement).empty()) return 0;
  Rules rules;
  rules.turn_limit = g.rules.turn_limit;
  ApplyMutantFromEnv(rules);  // mutation testing only (spec-tests/common/mutant_env.h)
  State s = State::Initial(placement, rules);
  model::Model m(placement, rules.turn_limit);
  Compare(s, m);
  for (const char c : g.actions) {
    if (s.IsTerminal()) break;
    const Action action = fuzz::ActionOfByte(static_cast<uint8_t>(c));
    s.Apply(action);
    m.Step(action);
    Compare(s, m);
  }
  return 0;
}
