// Differential fuzzing of an in-process referee (harness/arbiter_referee.h)
// against the reference engine: the fuzzer's bytes choose a seed, a few rule
// options and a sequence of answers; both play them, and every turn the text
// the player to move receives, the player, and the end of the game must agree.
// A disagreement aborts, which libFuzzer records as a crash.
//
// The referee is a shared library named by ARBITER_REFEREE_SO (default: the
// example libjc2015_referee.so of this build); ARBITER_REFEREE_MUTANT selects
// one of its deliberate bugs.
#include <dlfcn.h>
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "arbiter_referee.h"
#include "core/game.h"

namespace {

struct Abi {
  decltype(&arbiter_referee_create) create;
  decltype(&arbiter_referee_current_player) current_player;
  decltype(&arbiter_referee_receives_input) receives_input;
  decltype(&arbiter_referee_input) input;
  decltype(&arbiter_referee_apply) apply;
  decltype(&arbiter_referee_is_over) is_over;
  decltype(&arbiter_referee_destroy) destroy;
};

const Abi& Load() {
  static const Abi abi = [] {
    const char* path = std::getenv("ARBITER_REFEREE_SO");
    void* so = dlopen(path ? path : ARBITER_DEFAULT_REFEREE_SO, RTLD_NOW | RTLD_LOCAL);
    if (!so) {
      std::fprintf(stderr, "referee_diff_fuzzer: %s\n", dlerror());
      std::exit(2);
    }
    Abi a;
    a.create = reinterpret_cast<decltype(a.create)>(dlsym(so, "arbiter_referee_create"));
    a.current_player =
        reinterpret_cast<decltype(a.current_player)>(dlsym(so, "arbiter_referee_current_player"));
    a.receives_input =
        reinterpret_cast<decltype(a.receives_input)>(dlsym(so, "arbiter_referee_receives_input"));
    a.input = reinterpret_cast<decltype(a.input)>(dlsym(so, "arbiter_referee_input"));
    a.apply = reinterpret_cast<decltype(a.apply)>(dlsym(so, "arbiter_referee_apply"));
    a.is_over = reinterpret_cast<decltype(a.is_over)>(dlsym(so, "arbiter_referee_is_over"));
    a.destroy = reinterpret_cast<decltype(a.destroy)>(dlsym(so, "arbiter_referee_destroy"));
    if (!a.create || !a.current_player || !a.receives_input || !a.input || !a.apply || !a.is_over ||
        !a.destroy) {
      std::fprintf(stderr, "referee_diff_fuzzer: the library lacks the arbiter_referee ABI\n");
      std::exit(2);
    }
    return a;
  }();
  return abi;
}

[[noreturn]] void Diverged(int turn, const std::string& what, const std::string& expected,
                           const std::string& actual) {
  std::fprintf(stderr,
               "referee_diff_fuzzer: divergence on turn %d: %s\n--- reference\n%s--- referee\n%s",
               turn, what.c_str(), expected.c_str(), actual.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Abi& abi = Load();
  FuzzedDataProvider in(data, size);
  const uint64_t seed = in.ConsumeIntegral<uint64_t>();
  const int turn_limit = in.ConsumeBool() ? in.ConsumeIntegralInRange(1, 120) : 1000;
  const arbiter::GameInfo& game = *arbiter::FindGame("jc2015");
  std::string error;
  auto ref = game.new_game(seed, {{"turn_limit", std::to_string(turn_limit)}}, error);
  const std::string scenario = R"({"game":"jc2015","seed":)" + std::to_string(seed) +
                               R"(,"rules":{"turn_limit":)" + std::to_string(turn_limit) + "}}";
  char err[256] = {0};
  arbiter_referee* r = abi.create(scenario.c_str(), err, sizeof err);
  if (!r) Diverged(0, std::string("the referee refused the scenario: ") + err, scenario, "");
  static const char* kAnswers[] = {"U", "R", "D", "L", "A", "N", "u", "", "X", " U", "A\r"};
  std::string buf(512, '\0');
  while (!ref->IsTerminal()) {
    const int turn = ref->turn();
    if (abi.is_over(r)) Diverged(turn, "the referee ended the game early", "", "");
    if (abi.current_player(r) != ref->current_player())
      Diverged(turn, "another player is to move", std::to_string(ref->current_player()) + "\n",
               std::to_string(abi.current_player(r)) + "\n");
    const bool receives = ref->CurrentPlayerReceivesInput();
    if ((abi.receives_input(r) != 0) != receives) Diverged(turn, "who receives input", "", "");
    if (receives) {
      const size_t n = abi.input(r, ref->current_player(), buf.data(), buf.size());
      const std::string actual(buf.data(), std::min(n, buf.size() - 1));
      const std::string expected = ref->InputText(ref->current_player());
      if (actual != expected) Diverged(turn, "the turn input differs", expected, actual);
    }
    if (in.remaining_bytes() == 0) break;  // the input is spent: so is this game
    if (!receives) {
      abi.apply(r, nullptr);
      ref->ApplySilence();
      continue;
    }
    const char* answer = kAnswers[in.ConsumeIntegralInRange<size_t>(0, std::size(kAnswers) - 1)];
    abi.apply(r, answer);
    ref->ApplyLine(answer);
  }
  if (ref->IsTerminal() && !abi.is_over(r))
    Diverged(ref->turn(), "the referee did not end the game", "", "");
  abi.destroy(r);
  return 0;
}
