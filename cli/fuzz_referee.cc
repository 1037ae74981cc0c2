// `arbiter fuzz-referee` (fuzz_referee.h): its options, checked into a plan
// of seeded games (fuzz_referee_plan.cc; without an engine,
// fuzz_referee_bare.cc), the run that plays and judges them handed that plan
// (harness/runs/), and its report written.
#include "cli/fuzz_referee.h"

#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/fuzz_referee_bare.h"
#include "cli/fuzz_referee_plan.h"
#include "cli/option_checks.h"
#include "cli/run_common.h"
#include "cli/run_options.h"
#include "process/interrupt.h"
#include "referee/cg_runner.h"
#include "referee/referee_fuzz.h"

namespace arbiter::cli {

std::optional<std::chrono::milliseconds> GivenTimeLimit(const FuzzRefereeOptions& o,
                                                        std::string& error) {
  if (!o.time_limit) return std::nullopt;
  // main.cc bounds it on the command line too; the negated test also
  // refuses NaN.
  if (!(*o.time_limit >= kMinGameSeconds && *o.time_limit <= kMaxGameSeconds)) {
    error = "--time-limit must be between 0.001 and 86400 (seconds)";
    return std::nullopt;
  }
  return std::chrono::milliseconds(static_cast<long long>(*o.time_limit * 1000));
}

std::string RefereeLimitsText(const FuzzRefereeOptions& o) {
  std::string s;
  if (o.time_limit) {
    std::ostringstream t;
    t << *o.time_limit;
    s += " --time-limit " + t.str();
  }
  if (o.referee_memory_mb) s += " --referee-memory-mb " + std::to_string(o.referee_memory_mb);
  if (o.referee_cpu_seconds) s += " --referee-cpu-seconds " + std::to_string(o.referee_cpu_seconds);
  if (o.sandbox_referee) s += " --sandbox-referee";
  if (o.seed_line != "auto") s += " --seed-line " + o.seed_line;
  return s;
}

harness::FuzzSettings FuzzSettingsOf(const FuzzRefereeOptions& o, std::ostream& err) {
  harness::FuzzSettings s;
  s.game = o.game;
  s.seed = o.seed;
  s.games = o.games;
  s.shrink = o.shrink;
  s.shrink_runs = o.shrink_runs;
  s.repro_dir = o.repro_dir;
  s.quiet = o.quiet;
  s.expect = o.expect;
  s.replay_path = o.replay_path;
  s.late_turn = o.late_turn;
  s.kill_turn = o.kill_turn;
  s.stall_turn = o.stall_turn;
  s.match = o.match;
  s.answers = o.answers;
  s.seed_bot = o.seed_bot;
  s.seed_answers = o.seed_answers;
  s.self = Self();
  s.transcript = [&o, &err](const report::RunReport& rep, const harness::MatchResult& m) {
    WriteTranscript(o, rep, m, err);
  };
  return s;
}

int RunFuzzReferee(const FuzzRefereeOptions& o, std::ostream& out, std::ostream& err,
                   const FuzzEnvFactory& make_env) {
  // The real world unless a test hands its fakes.
  const FuzzEnvFactory envs =
      make_env ? make_env : [](harness::EventLoop& loop) { return harness::MakeRealEnv(loop); };
  if (WithoutEngine(o)) {
    auto loop = std::make_shared<harness::EventLoop>();
    return RunBareFuzzReferee(o, out, err, [=] { return envs(*loop); });
  }
  if (!o.seed_bot.empty() || o.players || !o.answers.empty() || !o.seed_answers.empty())
    return Usage(err, "fuzz-referee",
                 "--seed-bot, --seed-answers, --players and --answers are for a game arbiter "
                 "has no engine "
                 "for; on " +
                     o.game + "'s engine arbiter chooses every answer itself");
  harness::FuzzPlan plan;
  if (const int status = PlanFuzzReferee(o, plan, err); status != 0) return status;
  if (plan.runner && !harness::Interrupted()) {  // arbiter.referee.runner-protocol
    harness::EventLoop loop;
    plan.prepared.referee_start =
        harness::ResolveRunnerSeedLine(*envs(loop), plan.config, plan.players, o.seed);
  }
  harness::FuzzRun run(plan, NewReport(o, plan.prepared, "fuzz-referee"), err, envs);
  if (!run.Play()) return 2;
  if (plan.made_repro_dir) {
    std::error_code ec;
    std::filesystem::remove(o.repro_dir, ec);  // only when still empty
  }
  return Finish(o, run.report(), out, err);
}

// The `fuzz-referee` subcommand and its options, into `o`.
CLI::App* AddFuzzRefereeCommand(CLI::App& app, FuzzRefereeOptions& o) {
  auto* c = app.add_subcommand(
      "fuzz-referee", "Differential testing of a referee that launches bots: --referee 'TEMPLATE'");
  AddRunOptions(*c, o);
  c->add_option("--referee", o.referee,
                "The referee's command line; {bot0}..{bot3} become probe bot commands, "
                "{seed} the game's seed");
  c->add_option("--protocol", o.protocol,
                "How the referee talks: bots (it launches {bot0}..{botN}, arbiter's "
                "probes) or cg-runner (CodinGame's ###Input/###Output on its own "
                "stdin and stdout)")
      ->default_val("bots");
  c->add_option("--games", o.games, "Number of games (at most " + std::to_string(kMaxGames) + ")")
      ->default_val(20)
      ->check(IntIn(1, kMaxGames));
  c->add_option("--time-limit", o.time_limit,
                "Seconds allowed per game (default 30; for a game arbiter has no engine for, "
                "none: a referee silent for 10 s hangs all the same)")
      ->check(SecondsIn(kMinGameSeconds, kMaxGameSeconds));
  c->add_option("--replay", o.replay_path, "Replay the answers of a reproducer scenario");
  c->add_option("--late-turn", o.late_turn, "With --replay: answer this turn too late")
      ->check(IntIn(-1, 1000000));
  c->add_option("--kill-turn", o.kill_turn, "With --replay: kill the bot on this turn")
      ->check(IntIn(-1, 1000000));
  c->add_option("--stall-turn", o.stall_turn,
                "With --replay: on this turn the bot writes a partial stderr line and stops "
                "answering")
      ->check(IntIn(-1, 1000000));
  c->add_option("--repro-dir", o.repro_dir, "Where reproducers are written")
      ->default_val("arbiter-repro");
  c->add_flag("!--no-shrink", o.shrink, "Do not shrink divergences");
  c->add_option("--shrink-runs", o.shrink_runs, "Referee runs allowed per shrink")
      ->default_val(150)
      ->check(IntIn(0, 1000000));
  c->add_option("--referee-memory-mb", o.referee_memory_mb,
                "Resident-memory limit of the referee's process tree, probes included "
                "(0: none, the default; --memory-mb is for bots only)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  c->add_flag("--sandbox-referee", o.sandbox_referee, kSandboxRefereeHelp);
  c->add_option("--referee-cpu-seconds", o.referee_cpu_seconds,
                "CPU-time limit of each referee process (0: none, the default)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  c->add_option("--jobs", o.jobs,
                "Games played at once, each on a thread with its own event loop; the report "
                "is the same for a given seed whatever the number (default: one per core)")
      ->check(IntIn(1, 256));
  c->add_option("--shard", o.shard,
                "Play only shard I of N of the games (I/N: every Nth from the Ith), for "
                "one job of N; arbiter merge-reports combines their --json reports");
  c->add_option("--match", o.match,
                "Play only this game of the run (game-N, as the reports name it; "
                "reproduce commands use it)");
  c->add_option("--expect", o.expect,
                "With --match or --replay: the referee fault (referee.crash, ...) the game "
                "is to show again; reproduce commands use it. Not shown: NOT REPRODUCED, "
                "exit 2");
  c->add_option("--seed-bot", o.seed_bot,
                "A game arbiter has no engine for: the bot in every seat, whose answers the "
                "referee is given, a few of them broken (garbage, empty, huge, late, missing, "
                "a crash, ...)");
  c->add_option("--seed-answers", o.seed_answers,
                "A game arbiter has no engine for, with --match: the seed bot's answers as a "
                "finding recorded them (FILE.answers.json), played back instead of the seed "
                "bot; reproduce commands use it");
  c->add_option("--players", o.players,
                "A game arbiter has no engine for, --protocol cg-runner: the players (default 2)")
      ->check(IntIn(2, 8));
  c->add_option("--seed-line", o.seed_line, kSeedLineHelp)
      ->check(CLI::IsMember({"auto", "always", "never"}));
  c->add_option("--answers", o.answers,
                "A game arbiter has no engine for, with --match: the answers to mutate, "
                "REQUEST:FAMILY,... ('none' for the seed bot's own); reproduce commands use it");
  c->add_flag("--strict-readings", o.strict_readings,
              "Report a divergence that another reading of an ambiguous rule explains "
              "as a failure, instead of a note adopted for the rest of the run");

  return c;
}

}  // namespace arbiter::cli
