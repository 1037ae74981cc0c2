// Fuzzes every registered game through the game contract alone
// (engine/core/game.h, arbiter.game.contract): the bytes choose the game,
// its rules (the default or a profile's, and up to three values of the rule
// options its register lists), its start (seeded by new_game, or built from
// bytes by the game's fuzz_start: explicit placements, short turn limits),
// the seed of its chance, and one answer per turn; every state reached must
// keep the game's invariants (GameInfo::check_invariants), pass the game's
// own checks of a step (GameInfo::check_step, where it has them), serialize
// back to itself through GameInfo::deserialize, and play on alike from a
// clone. A violation aborts with its message and the state.
//
// The header of an input is in fuzz/game_walk_input.h; each byte after it
// is one turn's answer:
//   0..99     a legal answer, LegalAnswers()[b % n]
//   100..179  a built-in player's answer, policy (b - 100) % policies
//   180..239  a fuzzing answer (RefereeFuzzing::fuzz_answer, often invalid
//             or illegal) of the family (b - 180) / 2 % families, steered
//             toward the rule edges when b is odd
//   240..255  silence (a late, crashed or stopped bot)
// At most kMaxTurns turns: the round trip of every state dominates the cost.
//
// Mutation testing (scripts/mutation-bench): in a build against the mutant
// engine (ARBITER_MUTANTS), ARBITER_ENGINE_MUTANT names a test-only engine
// mutant, which the games that have it take as the rule "mutant"
// (core/rule_names.h); the inputs of the other games are skipped.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "fuzz/game_walk_input.h"

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
    const size_t families = game.referee_fuzzing->answer_families.size();
    const uint64_t swarm = families == 0 ? ~0ull : 1ull << ((b - 180) / 2 % families);
    return game.referee_fuzzing->fuzz_answer(s, swarm, b % 2 == 1, rng);
  }
  silent = true;
  return {};
}

// The rule values of each registered game's register, in AllGames() order.
const std::vector<std::vector<fuzz::RuleValue>>& RuleValues() {
  static const auto values = [] {
    std::vector<std::vector<fuzz::RuleValue>> out;
    for (const GameInfo* game : AllGames()) out.push_back(fuzz::RuleValuesOf(*game));
    return out;
  }();
  return values;
}

// The engine mutant of the environment (see the top of the file), or null.
const char* EngineMutant() {
#ifdef ARBITER_MUTANTS
  static const char* const name = [] {
    const char* env = std::getenv("ARBITER_ENGINE_MUTANT");
    if (!env || !*env) return static_cast<const char*>(nullptr);
    std::string error, names;
    for (const GameInfo* game : AllGames()) {
      names += (names.empty() ? "" : ", ") + std::string(game->name);
      if (game->new_game(0, {{"mutant", env}}, error)) return env;
    }
    std::fprintf(stderr, "ARBITER_ENGINE_MUTANT: no game (of %s) has the mutant '%s'\n",
                 names.c_str(), env);
    std::exit(2);
  }();
  return name;
#else
  return nullptr;
#endif
}

// The start `w` chooses, or nullptr when the input is skipped.
std::unique_ptr<GameState> Start(const GameInfo& game, const fuzz::WalkInput& w,
                                 const std::vector<fuzz::RuleValue>& values) {
  RuleList rules = fuzz::RulesOf(game, values, w);
  std::string error;
  std::unique_ptr<GameState> s = game.new_game(w.seed, rules, error);
  if (!s) {
    std::string list;
    for (const auto& [key, value] : rules) list += " " + key + "=" + value;
    std::fprintf(stderr,
                 "game_walk_fuzzer: %s refuses the rules%s, values of its profiles and "
                 "register: %s\n",
                 std::string(game.name).c_str(), list.c_str(), error.c_str());
    std::abort();
  }
  if (const char* mutant = EngineMutant()) {
    rules.emplace_back("mutant", mutant);
    s = game.new_game(w.seed, rules, error);
    if (!s) return nullptr;  // the game has no such mutant
  }
  if (w.game_start && game.fuzz_start) return game.fuzz_start(w.seed, w.start, rules);
  return s;
}

}  // namespace

// libFuzzer calls this once before any input: an unknown mutant is then a
// usage error (exit status 2), not a crash of an input.
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  EngineMutant();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz::WalkInput w = fuzz::ConsumeWalkInput({data, size});
  const auto& games = AllGames();
  const size_t index = w.game % games.size();
  const GameInfo& game = *games[index];
  std::unique_ptr<GameState> s = Start(game, w, RuleValues()[index]);
  if (!s) return 0;
  Rng rng(w.seed);
  CheckState(game, *s);
  for (size_t turn = 0; turn < kMaxTurns && turn < w.turns.size() && !s->IsTerminal(); ++turn) {
    bool silent = false;
    const std::string line = AnswerOf(game, *s, static_cast<uint8_t>(w.turns[turn]), rng, silent);
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
