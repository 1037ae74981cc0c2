// PlanGame and Signature (referee_fuzz.h): the seeded plans of a fuzzing
// run, whatever the referee's protocol, and the cause of a divergence that
// shrinking (referee_shrink.cc) keeps.
#include <utility>

#include "core/rng.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

std::string DeviationMessage(const Deviation& dev, std::string_view replays,
                             std::string_view showed) {
  const std::string words = std::string(dev.does) + "; " + std::string(dev.rule) +
                            " (--rule deviation=" + std::string(dev.name) + " replays " +
                            std::string(replays) + ")";
  return showed.empty() ? words : words + std::string(kShowedAs) + std::string(showed);
}

std::string DeviationsInWords(const std::vector<const Deviation*>& devs, size_t by_name) {
  std::string words;
  for (size_t i = 0; i < devs.size() && i < by_name; ++i)
    words += std::string(words.empty() ? "" : "; or ") + std::string(devs[i]->does) +
             " (--rule deviation=" + std::string(devs[i]->name) + ")";
  if (devs.size() > by_name)
    words += "; and " + std::to_string(devs.size() - by_name) + " more of the catalogue";
  return words;
}

std::string HarmlessInScript(const GameInfo& game) {
  return game.referee_fuzzing->neutral_answer ? std::string(kNeutralAnswer)
                                              : std::string(game.ok_answer);
}

bool IsHarmlessInScript(const GameInfo& game, std::string_view answer) {
  return answer == HarmlessInScript(game);
}

RefereeGamePlan PlanGame(uint64_t base_seed, int index, uint64_t steered_families) {
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
  // Coverage first: game i < 9 enables answer family i whatever the draw,
  // so that every family is tried within the first games of any run.
  if (index >= 0 && index < 9) p.swarm |= 1ull << index;
  p.targeted = r.Chance(1, 2);
  if (r.Chance(1, 6)) p.late_turn = 4 + static_cast<int>(r.Uniform(120));
  if (r.Chance(1, 6)) p.kill_turn = 4 + static_cast<int>(r.Uniform(120));
  Rng pipe(p.rng_seed ^ 0x717eull);
  if (index >= 0 && p.late_turn < 0 && p.kill_turn < 0) {
    if (index % 4 == 1) p.double_turn = 2 + static_cast<int>(pipe.Uniform(40));
    if (index % 4 == 3) p.stall_turn = 4 + static_cast<int>(pipe.Uniform(60));
  }
  // A steered family: game i enables family i, any other game one in ten,
  // and such a game plays every answer on time.
  Rng steer(p.rng_seed ^ 0x57ee7ull);
  for (int f = 0; f < 64; ++f)
    if ((steered_families >> f & 1) && (index == f || steer.Chance(1, 10))) p.swarm |= 1ull << f;
  if (p.swarm & steered_families) p.late_turn = p.kill_turn = p.stall_turn = p.double_turn = -1;
  return p;
}

// The cause of a divergence: its kind, the clause it is most likely to
// break and, for the end of the game, its direction (ended early or went on):
// a referee that ends too early and one that goes on too long are two bugs.
std::string Signature(const Divergence& d) {
  std::string sig = d.kind + "|" + (d.clauses.empty() ? std::string() : d.clauses.front());
  if (d.kind == "end")
    sig += d.actual.find("ended the game") != std::string::npos ? "|early" : "|late";
  // A stop is the same only for the same bot on the same turn: a re-run
  // under another load may stop another (arbiter.referee.load).
  if (d.kind == "stopped") sig += "|" + d.field;
  return sig;
}

std::vector<std::string> Signatures(const RefereeGameResult& r) {
  std::vector<std::string> out;
  if (r.divergence) out.push_back(Signature(*r.divergence));
  for (const LaterDivergence& l : r.later) out.push_back(Signature(l.divergence));
  return out;
}

RefereeGameResult Focus(RefereeGameResult r, const std::string& signature) {
  if (!r.divergence || Signature(*r.divergence) == signature) return r;
  for (LaterDivergence& l : r.later) {
    if (Signature(l.divergence) != signature) continue;
    r.divergence = std::move(l.divergence);
    r.divergence_turn = l.turn;
    r.divergence_seat = l.seat;
    r.expected_text = std::move(l.expected_text);
    r.actual_text = std::move(l.actual_text);
    r.later.clear();
    return r;
  }
  return r;
}

}  // namespace arbiter::harness
