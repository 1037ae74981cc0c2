// fuzz-referee without an engine (fuzz_referee_bare.h): the plan, the games,
// and the run (harness/runs/bare_run.h: each referee fault one finding).
#include "cli/fuzz_referee_bare.h"

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/fuzz_referee_plan.h"
#include "cli/invocation.h"
#include "cli/referee_run.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "process/start_check.h"
#include "referee/answer_fuzz.h"
#include "referee/recorded_answers.h"
#include "report/registers.h"

namespace arbiter::cli {
namespace {

const std::string kCmd = "fuzz-referee";

// The options of a run on the engine that a run without one cannot honour:
// the first given, as a usage error (nothing the user gave is dropped
// unsaid, arbiter.cli.bad-input); "" when none.
std::string EngineOnly(const FuzzRefereeOptions& o) {
  const auto needs = [&](const std::string& option) {
    return option + " needs arbiter's engine of the game; '" + o.game +
           "' has none, so fuzz-referee tests its referee's robustness alone";
  };
  if (!o.replay_path.empty()) return needs("--replay");
  if (o.late_turn >= 0 || o.kill_turn >= 0 || o.stall_turn >= 0)
    return needs("--late-turn/--kill-turn/--stall-turn") + " (--answers plans such answers)";
  if (o.strict_readings) return needs("--strict-readings");
  if (!o.expect.empty() && o.match.empty())
    return "--expect: a check one game is to show again; give the game with --match";
  if (!o.shard.empty()) return needs("--shard");
  if (o.jobs > 1)
    return "--jobs: without an engine, fuzz-referee plays one game at a time (a referee's "
           "timing is part of what it tests)";
  return "";
}

// The games of the run (or of --match), each with its answers' plan.
std::string PlanGames(const FuzzRefereeOptions& o, harness::BarePlan& plan) {
  int first = 0, last = o.games;
  if (!o.match.empty()) {
    std::string error;
    first = GameIndexOfMatch(o.match, error);
    if (first < 0) return error;
    last = first + 1;
  }
  std::optional<harness::AnswerFuzzPlan> given;
  if (!o.answers.empty()) {
    if (o.match.empty()) return "--answers plays one game's answers: give the game with --match";
    std::string error;
    given = harness::ParsePlan(o.answers, error);
    if (!given) return "--answers: " + error;
    for (const auto& [request, family] : given->at)
      if (plan.runner && !harness::RunnerCanSend(family))
        return "--answers: a runner-protocol referee is never given " +
               std::string(harness::FamilyWords(family)) + " ('" +
               std::string(harness::FamilyName(family)) + "' at request " +
               std::to_string(request) +
               "): its runner times the bots and forwards exactly the lines asked for, each "
               "without its line end, as cg-brutaltester does";
  }
  for (int g = first; g < last; ++g) {
    harness::BareGame game;
    game.id = "game-" + std::to_string(g + 1);
    game.seed = o.seed + static_cast<uint64_t>(g);
    // The game's own salt, --answers or not: a reproducer's garbage bytes and
    // near-valid answer are the ones its game was given.
    game.fuzz = harness::PlanAnswerFuzz(o.seed, g, plan.runner);
    if (given) game.fuzz.at = given->at;
    plan.games.push_back(std::move(game));
  }
  return "";
}

}  // namespace

bool WithoutEngine(const FuzzRefereeOptions& o) { return FindGame(o.game) == nullptr; }

int PlanBare(const FuzzRefereeOptions& o, harness::BarePlan& plan, std::ostream& err) {
  if (o.referee.empty()) return Usage(err, kCmd, "--referee 'COMMAND TEMPLATE' is required");
  if (const std::string e = EngineOnly(o); !e.empty()) return Usage(err, kCmd, e);
  if (!o.seed_answers.empty() && o.match.empty())
    return Usage(err, kCmd,
                 "--seed-answers plays one game's recorded answers: give the game "
                 "with --match");
  if (o.seed_bot.empty() && o.seed_answers.empty())
    return Usage(err, kCmd,
                 "arbiter has no engine for '" + o.game +
                     "': give --seed-bot CMD, a bot of the game whose answers the referee is "
                     "given, some of them broken (and check the game's name if it is a typo: " +
                     UnknownGameMessage(o.game) + ")");
  RunOptions ro = o;
  ro.through.referee = o.referee;
  ro.through.protocol = o.protocol;
  ro.through.players = o.players;
  ro.through.sandbox = o.sandbox_referee;
  ro.through.seed_line = o.seed_line;
  if (!PrepareThroughReferee(ro, kCmd, plan.p, err)) return 2;
  harness::RefereeDriverConfig& d = *plan.p.referee;
  d.limits.memory_mb = o.referee_memory_mb;
  d.limits.cpu_seconds = o.referee_cpu_seconds;
  std::string error;
  d.game_limit = GivenTimeLimit(o, error).value_or(std::chrono::milliseconds(0));
  if (!error.empty()) return Usage(err, kCmd, error);
  plan.runner = d.referee.protocol() == harness::RefereeProtocol::kRunner;
  plan.seeded = plan.runner || d.referee.takes_seed();
  if (!o.seed_answers.empty()) {
    if (!harness::ReadRecordedAnswers(o.seed_answers, d.recorded, error))
      return Usage(err, kCmd, "--seed-answers: " + error);
    if (static_cast<int>(d.recorded.size()) != d.players)
      return Usage(err, kCmd,
                   "--seed-answers: '" + o.seed_answers + "' records " +
                       std::to_string(d.recorded.size()) + " seat(s); the referee has " +
                       std::to_string(d.players));
  } else {
    if (!harness::SplitCommand(o.seed_bot, plan.bot, error))
      return Usage(err, kCmd, "--seed-bot: " + error);
    if (const std::string why = harness::StartProblem(plan.bot, "the seed bot"); !why.empty())
      return Usage(err, kCmd, "--seed-bot: " + why);
  }
  if (o.games < 1 || o.games > kMaxGames)
    return Usage(err, kCmd, "--games must be between 1 and " + std::to_string(kMaxGames));
  if (const std::string e = PlanGames(o, plan); !e.empty()) return Usage(err, kCmd, e);
  plan.total_games = o.games;
  plan.settings = FuzzSettingsOf(o, err);
  plan.settings.same_run = SameRun(o);
  plan.settings.seed_text = SeedText(o);
  return 0;
}

std::string SameRun(const FuzzRefereeOptions& o) {
  std::string s = Self() + " fuzz-referee --game " + harness::QuoteArg(o.game) +
                  RefereeOptionsText({o.referee, o.protocol, o.players, {}, ""}) +
                  RefereeLimitsText(o);
  if (!o.profile.empty()) s += " --profile " + o.profile;
  if (o.action_ms) s += " --action-ms " + std::to_string(*o.action_ms);
  if (o.first_ms) s += " --first-ms " + std::to_string(*o.first_ms);
  return s;
}

std::string SeedText(const FuzzRefereeOptions& o) {
  return o.seed_answers.empty() ? " --seed-bot " + harness::QuoteArg(o.seed_bot)
                                : " --seed-answers " + harness::QuoteArg(o.seed_answers);
}

int RunBareFuzzReferee(const FuzzRefereeOptions& o, std::ostream& out, std::ostream& err,
                       const EnvFactory& make_env) {
  harness::BarePlan plan;
  if (const int status = PlanBare(o, plan, err); status != 0) return status;
  const std::unique_ptr<harness::Env> env = make_env();
  ResolveRefereeStart(*env, plan.p, o.seed);
  harness::BareRun run(plan, NewReport(o, plan.p, "fuzz-referee"), err, *env);
  run.Play();
  return Finish(o, run.Report(), out, err);
}

}  // namespace arbiter::cli
