// arbiter: the command line. Each subcommand lives in its own file; this one
// only declares the options (CLI11) and dispatches.
//
// Exit status: 0 success, 1 a finding (later subcommands), 2 usage error or
// arbiter could not run. A bad command line is one line on stderr, "arbiter
// <subcommand>: <the problem>", and status 2 (arbiter.cli.bad-input).
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "check_bot.h"
#include "command_line.h"
#include "core/game.h"
#include "fuzz_referee.h"
#include "interrupt.h"
#include "invocation.h"
#include "list.h"
#include "merge_reports.h"
#include "option_names.h"
#include "run_common.h"
#include "run_report.h"
#include "simulate.h"
#include "spec.h"

namespace {

// " (got '99999999999')", cut short: a typo is quoted, not echoed in full.
std::string Got(const std::string& s) {
  return " (got '" + (s.size() > 24 ? s.substr(0, 24) + "..." : s) + "')";
}

// Whole numbers in [lo, hi], with a readable range whatever the number
// given; CLI::Range prints the limits of a double, 309 digits.
CLI::Validator IntIn(long long lo, long long hi) {
  const std::string range = "between " + std::to_string(lo) + " and " + std::to_string(hi);
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(s.c_str(), &end, 10);
        if (s.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi)
          return "must be a whole number " + range + Got(s);
        return "";
      },
      "INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

// Seconds in [lo, hi]: finite, so not inf or nan.
CLI::Validator SecondsIn(double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "between %g and %g (seconds)", lo, hi);
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || *end != '\0' || !std::isfinite(v) || v < lo || v > hi)
          return std::string("must be ") + range + Got(s);
        return "";
      },
      [&] {
        char desc[64];
        std::snprintf(desc, sizeof desc, "FLOAT in [%g - %g]", lo, hi);
        return std::string(desc);
      }());
}

// A seed: 0 to 2^64-1; "-1" would otherwise wrap silently.
const CLI::Validator kSeed(
    [](std::string& s) -> std::string {
      errno = 0;
      char* end = nullptr;
      const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
      if (digits) std::strtoull(s.c_str(), &end, 10);
      if (!digits || errno == ERANGE)
        return "must be a whole number from 0 to 18446744073709551615" + Got(s);
      return "";
    },
    "INT in [0 - 2^64-1]");

// A file name to write: not empty, and not the "--" before a bot's command
// (a forgotten file name, which would otherwise become a file named "--").
const CLI::Validator kFileName(
    [](std::string& s) -> std::string {
      if (s.empty()) return "needs a file name (got an empty one)";
      if (s == "--") return "needs a file name (got '--': the file name is missing)";
      return "";
    },
    "FILE");

// "jc2015: ja, en; wondev: cg; ...": each game's own timing profiles.
std::string ProfilesHelp() {
  std::string text;
  for (const arbiter::GameInfo* g : arbiter::AllGames()) {
    text += (text.empty() ? "" : "; ") + std::string(g->name) + ":";
    for (size_t i = 0; i < g->profiles.size(); ++i) {
      const arbiter::Profile& t = g->profiles[i];
      text += (i ? ", " : " ") + std::string(t.name) + " (";
      if (t.ready_ms > 0) text += "READY " + std::to_string(t.ready_ms) + " ms, ";
      text += "answers " + std::to_string(t.action_ms) + " ms" +
              (t.server.empty() ? "" : "; " + std::string(t.server) + "'s readings") +
              (i ? ")" : "; the default)");
    }
  }
  return "Profile: the timing of a rule text, or a real server's timing and readings: " + text;
}

}  // namespace

// A long option the subcommand `name` does not take, named with the nearest
// one it does ("unknown option '--gmae' (did you mean --game?)"); "" when
// every option before the bot's command is known.
std::string UnknownOptionOf(CLI::App& app, const std::string& name, int argc, char** argv) {
  CLI::App* sub = app.get_subcommand(name);
  std::vector<arbiter::cli::OptionName> options = {{"--help", false}};
  for (const CLI::Option* o : sub->get_options())
    for (const std::string& l : o->get_lnames())
      options.push_back({"--" + l, o->get_type_size_min() > 0});
  const std::vector<std::string> args(argv + 2, argv + argc);
  const std::string unknown = arbiter::cli::FirstUnknownOption(args, options);
  return unknown.empty() ? "" : arbiter::cli::UnknownOptionMessage(unknown, options);
}

int main(int argc, char** argv) {
  CLI::App app{"arbiter: protocol conformance and fuzz testing for turn-based AI contests"};
  app.require_subcommand(1);
  const std::string version = std::string("arbiter ") + arbiter::report::kVersion;
  app.set_version_flag("--version", version);

  arbiter::cli::SimulateOptions sim;
  std::string scenario;
  auto* simulate = app.add_subcommand(
      "simulate", "Play a scenario through the reference engine and print every turn's input");
  simulate->set_version_flag("--version", version);
  simulate->add_option("scenario", scenario, "Scenario JSON file ('-' for standard input)");
  simulate->add_option("--game", sim.game, "Game, when no scenario file is given")
      ->default_val(arbiter::DefaultGame());
  simulate->add_option("--seed", sim.seed, "Draw the initial placement from this seed")
      ->check(kSeed);
  // One value per occurrence, so that a list never swallows the SCENARIO.
  simulate->add_option("--profile", sim.profile,
                       "Play under a profile's rules (a real server's readings: jc2015 "
                       "official-2015)");
  simulate->add_option("--rule", sim.rules, "Rule option key=value (see docs/spec; repeatable)")
      ->allow_extra_args(false);
  simulate
      ->add_option("--autoplay", sim.autoplay,
                   "Built-in players for the turns after the scenario's actions "
                   "(one policy, or one per seat, comma-separated: random, hunter, idle)")
      ->allow_extra_args(false)
      ->delimiter(',');
  simulate->add_option("--autoplay-seed", sim.autoplay_seed, "Seed of the built-in players")
      ->default_val(0)
      ->check(kSeed);
  simulate->add_option("--turns", sim.max_turns, "Stop after this many turns")
      ->check(IntIn(1, 1000000));
  simulate->add_flag("--transcript", sim.transcript,
                     "Also print each answer ('> U') and what it did ('# ...')");

  arbiter::cli::SpecOptions spec_options;
  auto* spec = app.add_subcommand(
      "spec", "The spec conformance report of a game: every clause and what proves it");
  spec->set_version_flag("--version", version);
  spec->add_option("--game", spec_options.game, "Game (or 'arbiter' for the harness's own policy)")
      ->default_val(arbiter::DefaultGame());
  spec->add_option("--results", spec_options.results,
                   "A result file or directory (repeatable): GoogleTest JSON/XML, ctest "
                   "--output-junit, check-bot, play or fuzz-referee JSON or JUnit reports")
      ->allow_extra_args(false);
  spec->add_option("--format", spec_options.format, "md, json, html or junit")
      ->check(CLI::IsMember({"md", "json", "html", "junit"}))
      ->default_val("md");
  spec->add_option("-o,--output", spec_options.output, "Write the report to this file")
      ->check(kFileName);

  // The report files of a run, and of merge-reports.
  const auto add_report_files = [&](CLI::App* c, arbiter::cli::RunOptions& o) {
    c->add_option("--json", o.json_path, "Write the JSON report to this file")->check(kFileName);
    c->add_option("--junit", o.junit_path, "Write a JUnit XML report to this file")
        ->check(kFileName);
    c->add_option("--markdown", o.markdown_path,
                  "Write a Markdown report (for a CI job summary) to this file")
        ->check(kFileName);
    c->add_option("--html", o.html_path,
                  "Write a self-contained HTML report with board replays to this file")
        ->check(kFileName);
  };

  arbiter::cli::MergeOptions merge;
  auto* merge_cmd = app.add_subcommand(
      "merge-reports",
      "Combine the --json reports of a run's shards (--shard I/N) into one report");
  merge_cmd->set_version_flag("--version", version);
  merge_cmd->add_option("reports", merge.inputs, "The shards' JSON reports")
      ->required()
      ->check(CLI::ExistingFile);
  add_report_files(merge_cmd, merge.output);
  merge_cmd->add_flag("-q,--quiet", merge.output.quiet, "Print only the verdict");
  merge_cmd->add_flag("-v,--verbose", merge.output.verbose, "Also list every match");

  arbiter::cli::ListOptions list_options;
  auto* list = app.add_subcommand(
      "list", "What arbiter knows: its games, checks, rule options (--rule) and profiles");
  list->set_version_flag("--version", version);
  list->add_option("what", list_options.what, "games, checks, rules or profiles")
      ->required()
      ->check(CLI::IsMember({"games", "checks", "rules", "profiles"}));
  list->add_option("--game", list_options.game, "Only this game (default: every game)");
  list->add_flag("--json", list_options.json, "Print a JSON array instead of one line per item");

  const auto add_run_options = [&](CLI::App* c, arbiter::cli::RunOptions& o) {
    c->set_version_flag("--version", version);
    c->add_option("--game", o.game, "Game")->default_val(arbiter::DefaultGame());
    c->add_option("--profile", o.profile, ProfilesHelp());
    c->add_option("--ready-ms", o.ready_ms, "Override the READY limit (ms)")
        ->check(IntIn(1, 600000));
    c->add_option("--action-ms", o.action_ms, "Override the per-answer limit (ms)")
        ->check(IntIn(1, 600000));
    c->add_option("--seed", o.seed, "Seed of the games")->default_val(1)->check(kSeed);
    c->add_option("--rule", o.rules, "Rule option key=value (see docs/spec; repeatable)")
        ->allow_extra_args(false);
    add_report_files(c, o);
    c->add_option("--memory-mb", o.memory_mb,
                  "Resident-memory limit of each bot's process tree, watched from /proc; "
                  "above it the bot is killed and reported process.memory (0: none)")
        ->default_val(arbiter::harness::kDefaultMemoryMb)
        ->check(IntIn(0, 1 << 20));
    c->add_option("--address-space-mb", o.address_space_mb,
                  "Also limit each bot process's address space (RLIMIT_AS; JVMs, node, Go and "
                  ".NET reserve more than they use and may not start; 0: none, the default)")
        ->default_val(0)
        ->check(IntIn(0, 1 << 20));
    c->add_option("--cpu-seconds", o.cpu_seconds, "CPU-time limit of each bot process (0: none)")
        ->default_val(120)
        ->check(IntIn(0, 1 << 20));
    c->add_flag("--no-network", o.no_network, "Run bots in a fresh network namespace");
    c->add_option("--env", o.env,
                  "Add KEY=VALUE to the bots' environment (repeatable); bots otherwise get "
                  "PATH, HOME and TMPDIR (a fresh folder) and LANG=C.UTF-8 only")
        ->take_all()
        ->allow_extra_args(false);
    c->add_flag("--inherit-env", o.inherit_env,
                "Give bots arbiter's whole environment instead of the minimal one");
    if (c->get_name() != "play")
      c->add_option("--transcripts", o.transcripts,
                    "Which matches' turn-by-turn transcripts are kept: failing (those with a "
                    "finding, in the reports; the default) or all (every match's also written "
                    "to --transcripts-dir, one JSON file a match)")
          ->check(CLI::IsMember({"failing", "all"}));
    if (c->get_name() != "play")
      c->add_option("--transcripts-dir", o.transcripts_dir,
                    "Where --transcripts all writes each match's transcript")
          ->default_val("arbiter-transcripts");
    if (c->get_name() != "fuzz-referee")
      c->add_option("--log-dir", o.log_dir,
                    "Write each match as a text log to DIR/<match>.log: every turn's input, "
                    "answer and time, the bot's stderr and the engine's events");
    c->add_flag("-q,--quiet", o.quiet, "Print no progress and only the verdict");
    c->add_flag("-v,--verbose", o.verbose, "Also list every match and every passed check");
  };

  arbiter::cli::CheckBotOptions check;
  auto* check_bot = app.add_subcommand(
      "check-bot",
      "Check a bot against the protocol: arbiter check-bot [options] -- BOT [ARGS...]");
  add_run_options(check_bot, check);
  check_bot
      ->add_option("--games", check.games,
                   "Number of short games against hostile players (default 4; for a game with "
                   "rule variants, one per variant and seat, e.g. 8 for Wondev Woman's four "
                   "leagues; at most " +
                       std::to_string(arbiter::cli::kMaxGames) +
                       "); the whole games, one per seat and variant, come on top")
      ->check(IntIn(0, arbiter::cli::kMaxGames));
  check_bot->add_flag("--keep-going", check.keep_going,
                      "Run every match even after a failing one (the default)");
  check_bot->add_flag("--fail-fast", check.fail_fast, "Stop at the first failing match");
  check_bot->add_flag("!--no-whole-games", check.whole_games,
                      "Skip the whole games (one per seat and variant, played to the game's end); "
                      "the verdict says when no game of a seat then reaches its end");
  check_bot
      ->add_option("--turns", check.turns,
                   "Stop every match after this many turns (the verdict says when no seat "
                   "then reaches a game's end)")
      ->check(IntIn(1, 1000000));
  check_bot->add_option("--match", check.match, "Run only this match (game-2, edge-stunned, ...)");
  check_bot->add_option("--shard", check.shard,
                        "Run only shard I of N of the matches (I/N: every Nth from the Ith), for "
                        "one job of N; arbiter merge-reports combines their --json reports");
  check_bot
      ->add_option("--jobs", check.jobs,
                   "Matches played at once; the report is in the run's order whatever the "
                   "number (default 1: bots that share cores can make each other late)")
      ->default_val(1)
      ->check(IntIn(1, 64));
  check_bot->add_flag("!--no-edge-cases", check.edge_cases, "Skip the edge states");
  check_bot->add_flag("!--no-calibration", check.calibrate, "Skip the harness self-calibration");
  check_bot
      ->add_option("--depth", check.depth,
                   "Search harder: N times the games, and each edge state played on to the "
                   "game's end N-1 more times (1-20)")
      ->default_val(1)
      ->check(IntIn(1, 20));
  check_bot
      ->add_option("--repro-dir", check.repro_dir,
                   "Where the whole input stream of each finding is written, to pipe into the bot")
      ->default_val("arbiter-repro");
  check_bot->add_option("bot", check.bot, "The bot's command and arguments, after '--'");

  arbiter::cli::PlayOptions play;
  auto* play_cmd = app.add_subcommand(
      "play", "Play games between bots: --bot CMD (or builtin:NAME) for each player");
  add_run_options(play_cmd, play);
  play_cmd
      ->add_option("--bot", play.bots,
                   "A bot command (split like a shell would) or builtin:NAME, one of the "
                   "game's built-in players (builtin:random, ...); one --bot per player")
      ->allow_extra_args(false);
  play_cmd
      ->add_option("--games", play.games,
                   "Play N games (seeds SEED..SEED+N-1, the seats rotated) and print a "
                   "win/draw/loss table")
      ->check(IntIn(1, 100000));
  play_cmd->add_option("--turns", play.turns, "Stop after this many turns")
      ->check(IntIn(1, 1000000));
  play_cmd
      ->add_option("--replay", play.replay_path,
                   "Write the replay (the JSON report of the game) to this file")
      ->check(kFileName);

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
  fuzz_cmd
      ->add_option("--games", fuzz.games,
                   "Number of games (at most " + std::to_string(arbiter::cli::kMaxGames) + ")")
      ->default_val(20)
      ->check(IntIn(1, arbiter::cli::kMaxGames));
  fuzz_cmd->add_option("--time-limit", fuzz.time_limit, "Seconds allowed per game")
      ->default_val(30)
      ->check(SecondsIn(arbiter::cli::kMinGameSeconds, arbiter::cli::kMaxGameSeconds));
  fuzz_cmd->add_option("--replay", fuzz.replay_path, "Replay the answers of a reproducer scenario");
  fuzz_cmd->add_option("--late-turn", fuzz.late_turn, "With --replay: answer this turn too late")
      ->check(IntIn(-1, 1000000));
  fuzz_cmd->add_option("--kill-turn", fuzz.kill_turn, "With --replay: kill the bot on this turn")
      ->check(IntIn(-1, 1000000));
  fuzz_cmd
      ->add_option("--stall-turn", fuzz.stall_turn,
                   "With --replay: on this turn the bot writes a partial stderr line and stops "
                   "answering")
      ->check(IntIn(-1, 1000000));
  fuzz_cmd->add_option("--repro-dir", fuzz.repro_dir, "Where reproducers are written")
      ->default_val("arbiter-repro");
  fuzz_cmd->add_flag("!--no-shrink", fuzz.shrink, "Do not shrink divergences");
  fuzz_cmd->add_option("--shrink-runs", fuzz.shrink_runs, "Referee runs allowed per shrink")
      ->default_val(150)
      ->check(IntIn(0, 1000000));
  fuzz_cmd
      ->add_option("--referee-memory-mb", fuzz.referee_memory_mb,
                   "Resident-memory limit of the referee's process tree, probes included "
                   "(0: none, the default; --memory-mb is for bots only)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  fuzz_cmd
      ->add_option("--referee-cpu-seconds", fuzz.referee_cpu_seconds,
                   "CPU-time limit of each referee process (0: none, the default)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  fuzz_cmd
      ->add_option("--jobs", fuzz.jobs,
                   "Games played at once, each on a thread with its own event loop; the report "
                   "is the same for a given seed whatever the number (default: one per core)")
      ->check(IntIn(1, 256));
  fuzz_cmd->add_option("--shard", fuzz.shard,
                       "Play only shard I of N of the games (I/N: every Nth from the Ith), for "
                       "one job of N; arbiter merge-reports combines their --json reports");
  fuzz_cmd->add_option("--match", fuzz.match,
                       "Play only this game of the run (game-N, as the reports name it; "
                       "reproduce commands use it)");
  fuzz_cmd->add_option("--expect", fuzz.expect,
                       "With --match or --replay: the referee fault (referee.crash, ...) the game "
                       "is to show again; reproduce commands use it. Not shown: NOT REPRODUCED, "
                       "exit 2");
  fuzz_cmd->add_flag("--strict-readings", fuzz.strict_readings,
                     "Report a divergence that another reading of an ambiguous rule explains "
                     "as a failure, instead of a note adopted for the rest of the run");

  auto* echo = app.add_subcommand("echo-bot", "");  // hidden: the calibration bot
  echo->group("");

  std::vector<std::string> args(argv, argv + argc);
  arbiter::cli::SetInvokedAs(args[0]);
  args[0] = arbiter::cli::Self();
  check.command_line = play.command_line = fuzz.command_line = spec_options.command_line =
      arbiter::harness::QuoteCommand(args);

  // The subcommand is the first word: name an unknown one (or an option
  // before any subcommand) instead of "A subcommand is required".
  std::string known;
  for (CLI::App* sub : app.get_subcommands([](CLI::App* a) { return !a->get_group().empty(); }))
    known += (known.empty() ? "" : ", ") + sub->get_name();
  const std::string first = argc > 1 ? argv[1] : "";
  std::string where = "arbiter";  // "arbiter check-bot", for errors
  if (argc > 1 && first != "--help" && first != "-h" && first != "--version") {
    if (app.get_subcommands([&](CLI::App* a) { return a->get_name() == first; }).empty()) {
      std::cerr << "arbiter: "
                << (first.starts_with("-") ? "unknown option '" : "unknown subcommand '") << first
                << "' (give a subcommand first: " << known << ")\n";
      return 2;
    }
    where += " " + first;
    if (const std::string unknown = UnknownOptionOf(app, first, argc, argv); !unknown.empty()) {
      std::cerr << where << ": " << unknown << "\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, "arbiter check-bot: --games must be ..." (arbiter.cli.bad-input).
    std::string message = e.what();
    if (argc <= 1) message = "give a subcommand: " + known;
    if (const size_t at = message.find(": must be "); at != std::string::npos) message.erase(at, 1);
    if (const size_t at = message.find(": needs a file name"); at != std::string::npos)
      message.erase(at, 1);
    if (dynamic_cast<const CLI::ExtrasError*>(&e) && message.find(": ") != std::string::npos) {
      // "The following arguments were not expected: -- --bogus": name the words.
      std::string words;
      std::istringstream extras(message.substr(message.find(": ") + 2));
      for (std::string w; extras >> w;)
        if (w != "--") words += (words.empty() ? "'" : " '") + w + "'";
      message = "unknown option or unexpected argument: " + words;
    }
    for (char& c : message) c = c == '\n' ? ' ' : c;
    std::cerr << where << ": " << message << "\n";
    return 2;
  }
  if (simulate->parsed()) {
    if (!scenario.empty()) sim.scenario_path = scenario;
    return arbiter::cli::RunSimulate(sim, std::cout, std::cerr);
  }
  if (spec->parsed()) return arbiter::cli::RunSpec(spec_options, std::cout, std::cerr);
  if (list->parsed()) return arbiter::cli::RunList(list_options, std::cout, std::cerr);
  if (merge_cmd->parsed()) return arbiter::cli::RunMergeReports(merge, std::cout, std::cerr);
  // Runs that start processes stop cleanly on SIGINT, SIGTERM and SIGHUP.
  if (check_bot->parsed() || play_cmd->parsed() || fuzz_cmd->parsed())
    arbiter::harness::InstallInterruptHandlers();
  if (check_bot->parsed()) return arbiter::cli::RunCheckBot(check, std::cout, std::cerr);
  if (play_cmd->parsed()) return arbiter::cli::RunPlay(play, std::cout, std::cerr);
  if (fuzz_cmd->parsed()) return arbiter::cli::RunFuzzReferee(fuzz, std::cout, std::cerr);
  if (echo->parsed()) return arbiter::cli::RunEchoBot();
  return 2;
}
