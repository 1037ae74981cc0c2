// arbiter: the command line. Each subcommand lives in its own file; this one
// only declares the options (CLI11) and dispatches.
//
// Exit status: 0 success, 1 a finding (later subcommands), 2 usage error or
// arbiter could not run.
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "check_bot.h"
#include "command_line.h"
#include "fuzz_referee.h"
#include "interrupt.h"
#include "simulate.h"
#include "spec.h"


int main(int argc, char** argv) {
  CLI::App app{"arbiter: protocol conformance and fuzz testing for turn-based AI contests"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1.0");

  arbiter::cli::SimulateOptions sim;
  std::string scenario;
  auto* simulate = app.add_subcommand(
      "simulate", "Play a scenario through the reference engine and print every turn's input");
  simulate->add_option("scenario", scenario, "Scenario JSON file ('-' for standard input)");
  simulate->add_option("--game", sim.game, "Game, when no scenario file is given")
      ->default_val("jc2015");
  simulate->add_option("--seed", sim.seed, "Draw the initial placement from this seed");
  simulate->add_option("--rule", sim.rules, "Rule option key=value (see docs/spec)");
  simulate
      ->add_option("--autoplay", sim.autoplay,
                   "Built-in players for the turns after the scenario's actions "
                   "(one policy, or one per seat: random, hunter, idle)")
      ->delimiter(',');
  simulate->add_option("--autoplay-seed", sim.autoplay_seed, "Seed of the built-in players")
      ->default_val(0);
  simulate->add_option("--turns", sim.max_turns, "Stop after this many turns")
      ->check(CLI::PositiveNumber);
  simulate->add_flag("--transcript", sim.transcript,
                     "Also print each answer ('> U') and what it did ('# ...')");

  arbiter::cli::SpecOptions spec_options;
  auto* spec = app.add_subcommand(
      "spec", "The spec conformance report of a game: every clause and what proves it");
  spec->add_option("--game", spec_options.game, "Game (or 'arbiter' for the harness's own policy)")
      ->default_val("jc2015");
  spec->add_option("--results", spec_options.results,
                   "Result files or directories: GoogleTest JSON/XML, ctest --output-junit, "
                   "check-bot or fuzz-referee JSON reports");
  spec->add_option("--format", spec_options.format, "md, json, html or junit")
      ->check(CLI::IsMember({"md", "json", "html", "junit"}))
      ->default_val("md");
  spec->add_option("-o,--output", spec_options.output, "Write the report to this file");

  const auto add_run_options = [](CLI::App* c, arbiter::cli::RunOptions& o) {
    c->add_option("--game", o.game, "Game")->default_val("jc2015");
    c->add_option(
        "--profile", o.profile,
        "Timing profile of the rule text: ja (READY 1000 ms, actions 100 ms; the default) "
        "or en (actions 1000 ms)");
    c->add_option("--ready-ms", o.ready_ms, "Override the READY limit (ms)");
    c->add_option("--action-ms", o.action_ms, "Override the per-answer limit (ms)");
    c->add_option("--seed", o.seed, "Seed of the games")->default_val(1);
    c->add_option("--rule", o.rules, "Rule option key=value (see docs/spec)");
    c->add_option("--json", o.json_path, "Write the JSON report to this file");
    c->add_option("--junit", o.junit_path, "Write a JUnit XML report to this file");
    c->add_option("--markdown", o.markdown_path,
                  "Write a Markdown report (for a CI job summary) to this file");
    c->add_option("--html", o.html_path,
                  "Write a self-contained HTML report with board replays to this file");
    c->add_option("--memory-mb", o.memory_mb,
                  "Resident-memory limit of each bot's process tree, watched from /proc; "
                  "above it the bot is killed and reported process.memory (0: none)")
        ->default_val(arbiter::harness::kDefaultMemoryMb)
        ->check(CLI::Range(0, 1 << 20));
    c->add_option("--address-space-mb", o.address_space_mb,
                  "Also limit each bot process's address space (RLIMIT_AS; JVMs, node, Go and "
                  ".NET reserve more than they use and may not start; 0: none, the default)")
        ->default_val(0)
        ->check(CLI::Range(0, 1 << 20));
    c->add_option("--cpu-seconds", o.cpu_seconds, "CPU-time limit of each bot process (0: none)")
        ->default_val(120)
        ->check(CLI::Range(0, 1 << 20));
    c->add_flag("--no-network", o.no_network, "Run bots in a fresh network namespace");
    c->add_option("--env", o.env,
                  "Add KEY=VALUE to the bots' environment (repeatable); bots otherwise get "
                  "PATH, HOME and TMPDIR (a fresh folder) and LANG=C.UTF-8 only")
        ->take_all()
        ->allow_extra_args(false);
    c->add_flag("--inherit-env", o.inherit_env,
                "Give bots arbiter's whole environment instead of the minimal one");
    c->add_flag("-q,--quiet", o.quiet, "Print only the verdict");
    c->add_flag("-v,--verbose", o.verbose, "Also list every match and every passed check");
  };

  arbiter::cli::CheckBotOptions check;
  auto* check_bot = app.add_subcommand(
      "check-bot",
      "Check a bot against the protocol: arbiter check-bot [options] -- BOT [ARGS...]");
  add_run_options(check_bot, check);
  check_bot->add_option("--games", check.games,
                        "Number of full games (default 4; for a game with rule variants, one per "
                        "variant and seat, e.g. 8 for Wondev Woman's four leagues)");
  check_bot->add_flag("--keep-going", check.keep_going, "Do not stop at the first failing match");
  check_bot->add_option("--match", check.match, "Run only this match (game-2, edge-stunned, ...)");
  check_bot->add_flag("!--no-edge-cases", check.edge_cases, "Skip the edge states");
  check_bot->add_flag("!--no-calibration", check.calibrate, "Skip the harness self-calibration");
  check_bot->add_option("bot", check.bot, "The bot's command and arguments, after '--'");

  arbiter::cli::PlayOptions play;
  auto* play_cmd =
      app.add_subcommand("play", "Play one game between bots: --bot CMD for each player");
  add_run_options(play_cmd, play);
  play_cmd->add_option("--bot", play.bots,
                       "A bot command (split like a shell would); one per player");
  play_cmd->add_option("--turns", play.turns, "Stop after this many turns")
      ->check(CLI::PositiveNumber);
  play_cmd->add_option("--replay", play.replay_path, "Write the replay (JSON) to this file");

  arbiter::cli::FuzzRefereeOptions fuzz;
  auto* fuzz_cmd = app.add_subcommand(
      "fuzz-referee", "Differential testing of a referee that launches bots: --referee 'TEMPLATE'");
  add_run_options(fuzz_cmd, fuzz);
  fuzz_cmd->add_option("--referee", fuzz.referee,
                       "The referee's command line; {bot0}..{bot3} become probe bot commands, "
                       "{seed} the game's seed");
  fuzz_cmd
      ->add_option("--protocol", fuzz.protocol,
                   "How the referee talks: bots (it launches {bot0}..{botN}, arbiter's "
                   "probes) or cg-runner (CodinGame's ###Input/###Output on its own "
                   "stdin and stdout)")
      ->default_val("bots");
  fuzz_cmd->add_option("--games", fuzz.games, "Number of games")->default_val(20);
  fuzz_cmd->add_option("--time-limit", fuzz.time_limit, "Seconds allowed per game")
      ->default_val(30);
  fuzz_cmd->add_option("--replay", fuzz.replay_path, "Replay the answers of a reproducer scenario");
  fuzz_cmd->add_option("--late-turn", fuzz.late_turn, "With --replay: answer this turn too late");
  fuzz_cmd->add_option("--kill-turn", fuzz.kill_turn, "With --replay: kill the bot on this turn");
  fuzz_cmd->add_option("--repro-dir", fuzz.repro_dir, "Where reproducers are written")
      ->default_val("arbiter-repro");
  fuzz_cmd->add_flag("!--no-shrink", fuzz.shrink, "Do not shrink divergences");
  fuzz_cmd->add_option("--shrink-runs", fuzz.shrink_runs, "Referee runs allowed per shrink")
      ->default_val(150);
  fuzz_cmd
      ->add_option("--referee-memory-mb", fuzz.referee_memory_mb,
                   "Resident-memory limit of the referee's process tree, probes included "
                   "(0: none, the default; --memory-mb is for bots only)")
      ->default_val(0)
      ->check(CLI::Range(0, 1 << 20));
  fuzz_cmd
      ->add_option("--referee-cpu-seconds", fuzz.referee_cpu_seconds,
                   "CPU-time limit of each referee process (0: none, the default)")
      ->default_val(0)
      ->check(CLI::Range(0, 1 << 20));

  auto* echo = app.add_subcommand("echo-bot", "");  // hidden: the calibration bot
  echo->group("");

  std::vector<std::string> args(argv, argv + argc);
  args[0] = "arbiter";
  check.command_line = play.command_line = fuzz.command_line = spec_options.command_line =
      arbiter::harness::QuoteCommand(args);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (simulate->parsed()) {
    if (!scenario.empty()) sim.scenario_path = scenario;
    return arbiter::cli::RunSimulate(sim, std::cout, std::cerr);
  }
  if (spec->parsed()) return arbiter::cli::RunSpec(spec_options, std::cout, std::cerr);
  // Runs that start processes stop cleanly on SIGINT, SIGTERM and SIGHUP.
  if (check_bot->parsed() || play_cmd->parsed() || fuzz_cmd->parsed())
    arbiter::harness::InstallInterruptHandlers();
  if (check_bot->parsed()) return arbiter::cli::RunCheckBot(check, std::cout, std::cerr);
  if (play_cmd->parsed()) return arbiter::cli::RunPlay(play, std::cout, std::cerr);
  if (fuzz_cmd->parsed()) return arbiter::cli::RunFuzzReferee(fuzz, std::cout, std::cerr);
  if (echo->parsed()) return arbiter::cli::RunEchoBot();
  return 2;
}
