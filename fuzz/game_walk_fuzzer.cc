// Fuzzes every registered game through the game contract alone
// (engine/core/game.h, arbiter.game.contract): the bytes choose the game,
// its rules (the default or a profile's), the seed of its chance, and one
// answer per turn; every state reached must keep the game's invariants
// (GameInfo::check_invariants), pass the game's own checks of a step
// (GameInfo::check_step, where it has them), serialize back to itself
// through GameInfo::deserialize, and play on alike from a clone. A
// violation aborts with its message and the state.
//
// The input: byte 0 picks the game (modulo the number of games), byte 1 its
// rule set, bytes 2..9 the seed; each byte after is one turn's answer:
//   0..99     a legal answer, LegalAnswers()[b % n]
//   100..179  a built-in player's answer, policy (b - 100) % policies
//   180..239  a fuzzing answer (RefereeFuzzing::fuzz_answer), swarm of all
//             families, steered when b is odd
//   240..255  silence (a late, crashed or stopped bot)
// At most kMaxTurns turns: the round trip of every state dominates the cost.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace {

using namespace arbiter;

constexpr size_t kMaxTurns = 64;

[[noreturn]] void Violation(const GameInfo& game, const GameState& s, const std::string& what) {
  std::fprintf(stderr, "game_walk_fuzzer: %s, turn %d: %s\n--- state\n%s\n",
               std::string(game.name).c_str(), s.turn(), what.c_str(), s.Serialize().c_str());
  std::abort();
}

void CheckState(const GameInfo& game, const GameState& s) {
  if (std::string why = game.check_invariants(s); !why.empty())
    Violation(game, s, "invariant: " + why);
  const std::string text = s.Serialize();
  std::string error;
  const auto back = game.deserialize(text, error);
  if (!back) Violation(game, s, "deserialize(Serialize(s)) failed: " + error);
  if (back->Serialize() != text) Violation(game, s, "deserialize(Serialize(s)) != s");
}

// The answer of turn byte `b` (see the top of the file); `silent` for none.
std::string AnswerOf(const GameInfo& game, const GameState& s, uint8_t b, Rng& rng, bool& silent) {
  silent = false;
  if (b < 100) {
    const std::vector<std::string> legal = s.LegalAnswers();
    if (!legal.empty()) return legal[b % legal.size()];
  } else if (b < 180) {
    const auto policy = game.policies[(b - 100) % game.policies.size()];
    if (auto line = s.BuiltinAnswer(policy, rng)) return *line;
    Violation(game, s, "the built-in player '" + std::string(policy) + "' gave no answer");
  } else if (b < 240 && game.referee_fuzzing) {
    return game.referee_fuzzing->fuzz_answer(s, ~0ull, b % 2 == 1, rng);
  }
  silent = true;
  return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const auto& games = AllGames();
  const GameInfo& game = *games[in.ConsumeIntegral<uint8_t>() % games.size()];
  const uint8_t rule_set = in.ConsumeIntegral<uint8_t>();
  RuleList rules;
  if (const size_t n = game.profiles.size(); rule_set % (n + 1) != 0)
    for (const auto& [key, value] : game.profiles[rule_set % (n + 1) - 1].rules)
      rules.emplace_back(key, value);
  const uint64_t seed = in.ConsumeIntegral<uint64_t>();
  std::string error;
  std::unique_ptr<GameState> s = game.new_game(seed, rules, error);
  if (!s) {
    std::fprintf(stderr, "game_walk_fuzzer: %s: a profile's rules refused: %s\n",
                 std::string(game.name).c_str(), error.c_str());
    std::abort();
  }
  Rng rng(seed);
  CheckState(game, *s);
  for (size_t turn = 0; turn < kMaxTurns && in.remaining_bytes() > 0 && !s->IsTerminal(); ++turn) {
    bool silent = false;
    const std::string line = AnswerOf(game, *s, in.ConsumeIntegral<uint8_t>(), rng, silent);
    const std::unique_ptr<GameState> before = s->Clone();
    std::unique_ptr<GameState> twin = s->Clone();
    const auto events = silent ? s->ApplySilence() : s->ApplyLine(line);
    const auto twin_events = silent ? twin->ApplySilence() : twin->ApplyLine(line);
    if (twin->Serialize() != s->Serialize() || twin_events.size() != events.size())
      Violation(game, *s, "a clone played '" + line + "' otherwise");
    if (game.check_step)
      if (std::string why = game.check_step(*before, line, silent); !why.empty())
        Violation(game, *s, "step ('" + line + "'): " + why);
    for (const Event& e : events)
      if (e.clause.empty()) Violation(game, *s, "event '" + e.kind + "' cites no clause");
    CheckState(game, *s);
  }
  return 0;
}
