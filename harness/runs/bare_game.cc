// PlayBareGame (bare_run.h): one game of fuzz-referee without an engine,
// the seed bot (or its recorded answers) in every seat and the game's
// answers mutated as its plan says, through the one referee driver.
#include "process/command_line.h"
#include "runs/bare_run.h"

namespace arbiter::harness {

Played PlayBareGame(Env& env, const BarePlan& plan, const BareGame& game) {
  const FuzzSettings& o = plan.settings;
  MatchSpec m;
  m.id = game.id;
  m.kind = "whole";
  m.seed = game.seed;
  m.policy_seed = game.seed;
  RefereeDriverConfig config = *plan.p.referee;
  if (!game.recorded.empty()) config.recorded = game.recorded;
  const bool recorded = !config.recorded.empty();
  for (int s = 0; s < plan.p.referee->players; ++s)
    m.seats.push_back(recorded ? Seat{{}, kRecordedPolicy} : Seat{plan.bot, ""});
  const std::string answers = FormatPlan(game.fuzz);
  m.description =
      "seed " + std::to_string(game.seed) +
      (recorded ? ", the seed bot's recorded answers in every seat"
                : ", the seed bot in every seat") +
      (answers.empty() ? std::string(", its own answers") : ", answers mutated: " + answers);
  m.reproduce = o.same_run + o.seed_text + " --seed " + std::to_string(o.seed) + " --games " +
                std::to_string(o.games) + " --match " + game.id + " --answers " +
                QuoteArg(answers.empty() ? std::string("none") : answers);
  config.fuzz = game.fuzz;
  Played played;
  played.reproduce = m.reproduce;
  played.m =
      RunRefereeMatch(env, std::move(m), plan.p.config, config, plan.p.catalog, {}, &played.r);
  // What the seed bot answered, by seat, for a reproducer to play back.
  played.answers.assign(static_cast<size_t>(plan.p.referee->players), {});
  for (const TurnRecord& t : played.m.turns)
    if (!t.input.empty() && t.player >= 0 && t.player < plan.p.referee->players)
      played.answers[static_cast<size_t>(t.player)].push_back(t.answer);
  // The seed bot's own findings are not the referee's: its answers are what
  // the referee is given, broken on purpose. A ranking that contradicts the
  // referee's own words is the referee's (arbiter.referee-fuzz.answers).
  for (const Finding& f : played.m.findings)
    if (f.check == "referee.ranking") played.misranked = f.message;
  played.m.findings.clear();
  return played;
}

}  // namespace arbiter::harness
