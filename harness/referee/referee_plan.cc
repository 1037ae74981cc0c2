// PlanGame, Signature and Shrink (referee_fuzz.h): the seeded plans of a
// fuzzing run, whatever the referee's protocol, and the delta debugging of a
// diverging game's answers down to a minimal reproducer.
#include <algorithm>

#include "core/rng.h"
#include "process/interrupt.h"
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

ShrinkResult Shrink(const GameRunner& run, const RefereeFuzzConfig& config,
                    const RefereeGamePlan& plan, const RefereeGameResult& failing, int max_runs) {
  ShrinkResult out;
  out.game = failing;
  if (!failing.divergence) return out;
  std::string sig = Signature(*failing.divergence);
  out.signature = sig;
  RefereeGamePlan p = plan;
  p.fuzz_after_script = false;
  p.stop_at = sig;  // a later divergence: the game goes no further
  std::vector<std::string> script(
      failing.answers.begin(),
      failing.answers.begin() +
          std::min<size_t>(failing.answers.size(), failing.divergence_turn + 1));
  std::string last_first_input;  // of the last run
  // `reread`: confirming, a divergence on the same turn of another signature
  // is the same one read under the readings the run adopted since (the
  // config's rules): it becomes the one shrunk.
  auto test = [&](const std::vector<std::string>& candidate, const RefereeGamePlan& base,
                  bool reread = false) {
    if (Interrupted()) return false;  // every loop below then runs out at once
    RefereeGamePlan q = base;
    q.script = candidate;
    ++out.runs;
    RefereeGameResult r = run(q);
    last_first_input = r.inputs.empty() ? std::string() : r.inputs.front();
    if (r.interrupted) return false;
    const std::vector<std::string> shown = Signatures(r);
    for (const std::string& seen : shown) {
      if (seen != sig) continue;
      // Never later than the witness so far: a candidate that shows the
      // same kind of divergence only further on has slid onto another
      // occurrence of it (harmless answers too can reach a bug by playing
      // on), and would make the witness longer.
      RefereeGameResult focused = Focus(std::move(r), sig);
      if (focused.divergence_turn > out.game.divergence_turn) return false;
      out.game = std::move(focused);
      out.shown = shown;
      return true;
    }
    if (!reread) return false;
    for (const std::string& seen : shown) {
      // Not another deviation's name for a deviation's divergence: the
      // game named the bug otherwise further on than these answers go.
      if (sig.starts_with("deviation ") && seen.starts_with("deviation ")) continue;
      RefereeGameResult focused = Focus(r, seen);
      if (focused.divergence_turn != failing.divergence_turn) continue;
      sig = out.signature = seen;
      p.stop_at = sig;
      out.game = std::move(focused);
      out.shown = shown;
      return true;
    }
    return false;
  };
  // Confirmed first: the same answers, up to three times (a referee's timing
  // may differ from run to run), unless the referee starts another game:
  // said only when two re-runs of the same seed began otherwise
  // (arbiter.referee.replayable), not on one, which a slip may explain.
  // A stop (arbiter.referee.load) is a rule only if the same answers always
  // show it: one re-run without it is the machine's, and no later re-run
  // that happens to stop the same bot on the same turn makes it a rule.
  auto stop = [&] { return sig.starts_with("stopped|"); };
  const std::string first_input = failing.inputs.empty() ? std::string() : failing.inputs.front();
  bool confirmed = false;
  int began_otherwise = 0;
  while (!confirmed && out.confirm_runs < 3 && out.runs < max_runs && !Interrupted()) {
    ++out.confirm_runs;
    confirmed = test(script, p, /*reread=*/true);
    out.repeats += confirmed;
    if (!last_first_input.empty() && last_first_input != first_input) ++began_otherwise;
    if (began_otherwise >= 2) {
      out.nondeterministic = true;
      if (!confirmed) break;
    }
    if (!confirmed && stop()) break;
  }
  // Confirmed at once by a re-run that began otherwise: one more re-run
  // tells a referee drawing its own game from a slip.
  if (confirmed && began_otherwise == 1 && out.runs < max_runs && !Interrupted()) {
    test(script, p);
    if (!last_first_input.empty() && last_first_input != first_input) out.nondeterministic = true;
  }
  // And it repeats only when it comes back on two re-runs more: a busy
  // machine may stop the same bot on the same turn once by chance.
  for (int more = 0; stop() && confirmed && more < 2 && out.runs < max_runs && !Interrupted();
       ++more) {
    ++out.confirm_runs;
    confirmed = test(script, p);
    out.repeats += confirmed;
  }
  if (!confirmed) return out;  // not reproducible: keep the original
  out.reproduced = true;
  // Late answers, killed and stalled bots may not matter.
  if (p.late_turn >= 0 || p.kill_turn >= 0 || p.stall_turn >= 0) {
    RefereeGamePlan q = p;
    q.late_turn = q.kill_turn = q.stall_turn = -1;
    if (out.runs < max_runs && test(script, q)) p = q;
  }
  // Answers are replaced by the harmless one of their turn.
  const GameInfo& game = *config.game;
  const std::string neutral = HarmlessInScript(game);
  std::vector<size_t> live;
  for (size_t i = 0; i < script.size(); ++i)
    if (!IsHarmlessInScript(game, script[i])) live.push_back(i);
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
  // The reproducer holds concrete answers: each neutral marker becomes the
  // answer that run played on its turn.
  out.neutral.assign(script.size(), false);
  for (size_t i = 0; i < script.size(); ++i) {
    if (!IsHarmlessInScript(game, script[i])) continue;
    out.neutral[i] = true;
    if (script[i] == kNeutralAnswer)
      script[i] = i < out.game.answers.size() ? out.game.answers[i] : std::string(game.ok_answer);
  }
  out.script = script;
  return out;
}

}  // namespace arbiter::harness
