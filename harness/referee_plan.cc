// PlanGame, Signature and Shrink (referee_fuzz.h): the seeded plans of a
// fuzzing run, whatever the referee's protocol, and the delta debugging of a
// diverging game's answers down to a minimal reproducer.
#include <algorithm>

#include "core/rng.h"
#include "interrupt.h"
#include "referee_fuzz.h"

namespace arbiter::harness {

RefereeGamePlan PlanGame(uint64_t base_seed, int index) {
  RefereeGamePlan p;
  p.seed = base_seed + index;
  p.rng_seed = base_seed * 0x9E3779B97F4A7C15ull + index;
  Rng r(p.rng_seed ^ 0x5eedull);
  p.swarm = 0;
  for (int f = 0; f < 6; ++f)
    if (r.Chance(3, 4)) p.swarm |= 1ull << f;
  if ((p.swarm & 0x3f) == 0) p.swarm |= 1ull << r.Uniform(6);
  for (int f = 6; f < 9; ++f)
    if (r.Chance(1, 4)) p.swarm |= 1ull << f;
  p.targeted = r.Chance(1, 2);
  if (r.Chance(1, 6)) p.late_turn = 4 + static_cast<int>(r.Uniform(120));
  if (r.Chance(1, 6)) p.kill_turn = 4 + static_cast<int>(r.Uniform(120));
  return p;
}

std::string Signature(const Divergence& d) {
  return d.kind + "|" + (d.clauses.empty() ? std::string() : d.clauses.front());
}

ShrinkResult Shrink(EventLoop& loop, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                    const RefereeGameResult& failing, int max_runs) {
  return Shrink([&](const RefereeGamePlan& q) { return RunRefereeGame(loop, config, q); }, config,
                plan, failing, max_runs);
}

ShrinkResult Shrink(const GameRunner& run, const RefereeFuzzConfig& config,
                    const RefereeGamePlan& plan, const RefereeGameResult& failing, int max_runs) {
  ShrinkResult out;
  out.game = failing;
  if (!failing.divergence) return out;
  const std::string sig = Signature(*failing.divergence);
  RefereeGamePlan p = plan;
  p.fuzz_after_script = false;
  std::vector<std::string> script(
      failing.answers.begin(),
      failing.answers.begin() +
          std::min<size_t>(failing.answers.size(), failing.divergence_turn + 1));
  auto test = [&](const std::vector<std::string>& candidate, const RefereeGamePlan& base) {
    if (Interrupted()) return false;  // every loop below then runs out at once
    RefereeGamePlan q = base;
    q.script = candidate;
    ++out.runs;
    RefereeGameResult r = run(q);
    if (!r.interrupted && r.divergence && Signature(*r.divergence) == sig) {
      out.game = std::move(r);
      return true;
    }
    return false;
  };
  if (!test(script, p)) return out;  // not reproducible: keep the original
  out.reproduced = true;
  // Late answers and killed bots after the divergence do not matter.
  if (p.late_turn >= 0 || p.kill_turn >= 0) {
    RefereeGamePlan q = p;
    q.late_turn = q.kill_turn = -1;
    if (out.runs < max_runs && test(script, q)) p = q;
  }
  const std::string neutral(config.game->ok_answer);
  std::vector<size_t> live;
  for (size_t i = 0; i < script.size(); ++i)
    if (script[i] != neutral) live.push_back(i);
  size_t n = 2;
  while (!live.empty() && out.runs < max_runs) {
    const size_t chunk = (live.size() + n - 1) / n;
    bool reduced = false;
    for (size_t start = 0; start < live.size() && out.runs < max_runs; start += chunk) {
      std::vector<std::string> candidate = script;
      const size_t end = std::min(live.size(), start + chunk);
      for (size_t k = start; k < end; ++k) candidate[live[k]] = neutral;
      if (test(candidate, p)) {
        script = std::move(candidate);
        live.erase(live.begin() + start, live.begin() + end);
        n = std::max<size_t>(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= live.size()) break;
      n = std::min(live.size(), n * 2);
    }
  }
  // Leading rounds where every answer is neutral only delay the divergence:
  // drop whole rounds (so every answer stays with its player) while it holds.
  std::string error;
  const auto probe = config.game->new_game(p.seed, config.rules, error);
  const size_t players = probe ? static_cast<size_t>(probe->num_players()) : 1;
  size_t leading = 0;
  while (leading < script.size() && script[leading] == neutral) ++leading;
  for (size_t step = leading / players * players; step >= players && out.runs < max_runs;) {
    std::vector<std::string> candidate(script.begin() + step, script.end());
    if (test(candidate, p)) {
      script = std::move(candidate);
      leading -= step;
      step = leading / players * players;
    } else {
      step = step / 2 / players * players;
    }
  }
  // Answers after the (possibly earlier) divergence are irrelevant.
  script.resize(std::min<size_t>(script.size(), out.game.divergence_turn + 1));
  out.script = script;
  return out;
}

}  // namespace arbiter::harness
