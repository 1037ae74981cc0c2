// Fuzzes the Wondev Woman engine's invariants (engine/wondev/invariants.h):
// the bytes choose the rules (league, map kind, the no-legal-action and
// action-order options), a seed for the map and units, and one answer per
// turn (at most 40); every state reached must satisfy CheckInvariants, every
// step CheckTransition, and every state must survive
// Deserialize(Serialize(s)). Building the legal-action list (up to 128
// actions, every turn) dominates its cost: about a hundred runs per second
// under the sanitizers.
//
// FuzzedDataProvider reads the header from the end (league, map kind, flags,
// [max_rounds], the 8-byte seed); the bytes before it are the answers, in
// order. An answer byte b: 0..199 picks legal action b % n (n > 0), 200..239
// an arbitrary action of the grammar built from b and the next byte (often
// illegal), 240..247 ACCEPT-DEFEAT, 248..255 silence (a timeout).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "wondev/invariants.h"
#include "wondev/maps.h"
#include "wondev/serialize.h"
#include "wondev/state.h"

namespace {

using namespace arbiter::wondev;

constexpr int kMaxTurns = 40;

[[noreturn]] void Violation(const State& s, const std::string& what) {
  std::fprintf(stderr, "wondev_engine_walk_fuzzer: turn %d: %s\n--- state\n%s", s.turn(),
               what.c_str(), Serialize(s).c_str());
  std::abort();
}

void CheckState(const State& s) {
  if (std::string why = CheckInvariants(s); !why.empty()) Violation(s, "invariant: " + why);
  const auto back = Deserialize(Serialize(s));
  if (!back.ok()) Violation(s, "Deserialize(Serialize(s)) failed: " + back.error().ToString());
  if (!(back.value() == s)) Violation(s, "Deserialize(Serialize(s)) != s");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Rules rules;
  rules.league = in.ConsumeIntegralInRange(0, 3);
  rules.map = static_cast<MapKind>(in.ConsumeIntegralInRange(0, 3));
  const uint8_t flags = in.ConsumeIntegral<uint8_t>();
  if (flags & 1) rules.no_legal_action = NoLegalAction::kPass;
  if (flags & 2) rules.max_rounds = in.ConsumeIntegralInRange(1, 10);
  State s = NewState(in.ConsumeIntegral<uint64_t>(), rules);
  CheckState(s);
  const std::vector<uint8_t> bytes = in.ConsumeRemainingBytes<uint8_t>();
  size_t next = 0;
  for (int i = 0; i < kMaxTurns && !s.IsTerminal() && next < bytes.size(); ++i) {
    const uint8_t b = bytes[next++];
    const State before = s;
    const auto legal = s.LegalActions();
    TurnEvents ev;
    if (b >= 248) {
      ev = s.ApplySilence();
    } else {
      Answer answer;
      if (b >= 240) {
        answer.kind = Answer::kAcceptDefeat;
      } else if (b >= 200 || legal.empty()) {
        const uint8_t c = next < bytes.size() ? bytes[next++] : 0;
        answer.kind = Answer::kAction;
        answer.action.type = (b & 1) ? ActionType::kPushBuild : ActionType::kMoveBuild;
        answer.action.unit = (b >> 1) & 1;
        answer.action.d1 = static_cast<Dir>(c % kDirs);
        answer.action.d2 = static_cast<Dir>((c / kDirs) % kDirs);
      } else {
        answer.kind = Answer::kAction;
        answer.action = legal[b % legal.size()];
      }
      ev = s.Apply(answer);
    }
    if (std::string why = CheckTransition(before, ev, s); !why.empty())
      Violation(s, "transition: " + why);
    CheckState(s);
  }
  return 0;
}
