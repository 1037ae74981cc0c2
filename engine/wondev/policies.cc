// The built-in players (policies.h). The greedy one scores every legal action
// with a one-ply heuristic and breaks ties with the generator.
#include "wondev/policies.h"

namespace arbiter::wondev {
namespace {

// Whether any enemy unit stands next to `p` low enough to climb onto height `h`.
bool EnemyCanClimb(const State& s, int me, Pos p, int h) {
  for (int i = 0; i < s.units_per_player(); ++i) {
    const Pos e = s.unit(1 - me, i);
    if (Chebyshev(e, p) == 1 && h <= s.Height(e) + 1) return true;
  }
  return false;
}

int Value(const State& s, const Action& a) {
  const int me = s.current_player();
  const Pos from = s.unit(me, a.unit);
  const Pos t = Step(from, a.d1);
  if (a.type == ActionType::kPushBuild) {
    const Pos p = Step(t, a.d2);
    return 15 + 10 * (s.Height(t) - s.Height(p));  // push enemies down
  }
  int v = 10 * s.Height(t) + (s.Height(t) == kScoreHeight ? 100 : 0);
  const Pos b = Step(t, a.d2);
  const int built = s.Height(b) + 1;
  if (built == kRemovedHeight)
    v -= 5;
  else if (built <= s.Height(t) + 1)
    v += built;  // a step this unit can take next
  if (built == kScoreHeight && EnemyCanClimb(s, me, b, built)) v -= 30;
  return v;
}

// kPassive: among the moves that neither push nor score, the one that leaves
// the mover the most legal actions next turn (ties at random); any legal
// action when every one pushes or scores.
Action Passive(const State& s, const std::vector<Action>& legal, Rng& rng) {
  const int me = s.current_player();
  int best = -1, ties = 0;
  Action choice = legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
  for (const Action& a : legal) {
    if (a.type != ActionType::kMoveBuild) continue;
    if (s.Height(Step(s.unit(me, a.unit), a.d1)) == kScoreHeight) continue;
    State next = s;
    next.Apply(Answer{Answer::kAction, a});
    const int v = static_cast<int>(next.LegalActionsFor(me).size());
    if (v > best) {
      best = v;
      choice = a;
      ties = 1;
    } else if (v == best && rng.Uniform(++ties) == 0) {
      choice = a;
    }
  }
  return choice;
}

}  // namespace

std::optional<Policy> PolicyFromName(std::string_view name) {
  if (name == "greedy") return Policy::kGreedy;
  if (name == "random") return Policy::kRandom;
  if (name == "first") return Policy::kFirst;
  if (name == "passive") return Policy::kPassive;
  return std::nullopt;
}

std::optional<Action> ChooseAction(Policy policy, const State& s, Rng& rng) {
  const auto legal = s.LegalActions();
  if (legal.empty()) return std::nullopt;
  switch (policy) {
    case Policy::kFirst:
      return legal.front();
    case Policy::kRandom:
      return legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
    case Policy::kPassive:
      return Passive(s, legal, rng);
    case Policy::kGreedy:
      break;
  }
  int best = -1 << 30, ties = 0;
  Action choice = legal.front();
  for (const Action& a : legal) {
    const int v = Value(s, a);
    if (v > best) {
      best = v;
      choice = a;
      ties = 1;
    } else if (v == best && rng.Uniform(++ties) == 0) {
      choice = a;  // reservoir sampling among the best
    }
  }
  return choice;
}

std::string ChooseAnswer(Policy policy, const State& s, Rng& rng) {
  const auto a = ChooseAction(policy, s, rng);
  return a ? ActionText(*a) : std::string("ACCEPT-DEFEAT");
}

}  // namespace arbiter::wondev
