// arbiter: the command line. Each subcommand registers its own options in
// its own file (Add...Command); this one only builds the command line from
// them, turns a bad one into one line on stderr, and dispatches.
//
// Exit status: 0 success, 1 a finding (later subcommands), 2 usage error or
// arbiter could not run. A bad command line is one line on stderr, "arbiter
// <subcommand>: <the problem>", and status 2 (arbiter.cli.bad-input).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/check_bot.h"
#include "cli/fuzz_referee.h"
#include "cli/invocation.h"
#include "cli/list.h"
#include "cli/merge_reports.h"
#include "cli/option_names.h"
#include "cli/simulate.h"
#include "cli/spec.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "report/run_report.h"

namespace {

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

// The subcommands a user may give (the hidden echo-bot left out), by name.
std::vector<std::string> Subcommands(CLI::App& app) {
  std::vector<std::string> names;
  for (CLI::App* sub : app.get_subcommands([](CLI::App* a) { return !a->get_group().empty(); }))
    names.push_back(sub->get_name());
  return names;
}

// "simulate, spec, ...": the subcommands, for a message.
std::string SubcommandList(CLI::App& app) {
  std::string known;
  for (const std::string& name : Subcommands(app)) known += (known.empty() ? "" : ", ") + name;
  return known;
}

// The first word names a subcommand, and every long option before the bot's
// command is one it takes; else the one line that says which is not, with
// `where` set to "arbiter <subcommand>" for later errors.
std::string CheckFirstWords(CLI::App& app, int argc, char** argv, std::string& where) {
  const std::string known = SubcommandList(app);
  const std::string first = argc > 1 ? argv[1] : "";
  where = "arbiter";
  if (argc <= 1 || first == "--help" || first == "-h" || first == "--version") return "";
  if (app.get_subcommands([&](CLI::App* a) { return a->get_name() == first; }).empty()) {
    if (first.starts_with("-"))
      return "arbiter: unknown option '" + first + "' (give a subcommand first: " + known + ")";
    const std::string nearest = arbiter::cli::NearestName(first, Subcommands(app));
    if (!nearest.empty())
      return "arbiter: unknown subcommand '" + first + "' (did you mean " + nearest +
             "?); the subcommands: " + known;
    return "arbiter: unknown subcommand '" + first + "' (give a subcommand first: " + known + ")";
  }
  where += " " + first;
  if (const std::string unknown = UnknownOptionOf(app, first, argc, argv); !unknown.empty())
    return where + ": " + unknown;
  return "";
}

// When words before "--" were taken for the bot's command (CLI11 fills the
// positional from the first bare word) and more came after it: which words
// it took, and where the whole command goes. "check-bot --games 1 x -- y"
// said only that 'y' was unexpected, though the stray word was 'x'.
std::string BotTakenBeforeDashes(CLI::App& app, int argc, char** argv) {
  if (std::find(argv, argv + argc, std::string_view("--")) == argv + argc) return "";
  for (CLI::App* sub : app.get_subcommands()) {
    const CLI::Option* bot = sub->get_option_no_throw("bot");
    if (bot == nullptr || bot->count() == 0) continue;
    std::string taken;
    for (const std::string& w : bot->results()) taken += (taken.empty() ? "'" : " '") + w + "'";
    return "; " + taken +
           ", before '--', was taken for the bot's command: give the whole "
           "command after '--' (arbiter " +
           sub->get_name() + " [options] -- BOT [ARGS...])";
  }
  return "";
}

// CLI11's parse error as one line (arbiter.cli.bad-input): "arbiter
// check-bot: --games must be ...".
std::string OneLine(const CLI::ParseError& e, CLI::App& app, int argc, char** argv,
                    const std::string& where) {
  std::string message = e.what();
  if (argc <= 1) message = "give a subcommand: " + SubcommandList(app);
  if (const size_t at = message.find(": must be "); at != std::string::npos) message.erase(at, 1);
  if (const size_t at = message.find(": needs a file name"); at != std::string::npos)
    message.erase(at, 1);
  if (dynamic_cast<const CLI::ExtrasError*>(&e) && message.find(": ") != std::string::npos) {
    // The arguments as the user gave them, in their order: CLI11's message
    // ("The following arguments were not expected: ...") lists them
    // backwards, split at their spaces, and its remaining() puts those after
    // "--" first; so they are taken from argv, in its order.
    std::vector<std::string> rest = app.remaining(true);
    std::string words;
    bool bare = false;  // a word that is no option: a command meant for --bot?
    for (int i = 1; i < argc; ++i) {
      const auto it = std::find(rest.begin(), rest.end(), argv[i]);
      if (it == rest.end() || *it == "--") continue;
      rest.erase(it);
      words += (words.empty() ? "'" : " '") + std::string(argv[i]) + "'";
      bare = bare || argv[i][0] != '-';
    }
    for (const std::string& w : rest) {  // any CLI11 split from a word ("--x=1")
      if (w == "--") continue;
      words += (words.empty() ? "'" : " '") + w + "'";
      bare = bare || w.rfind('-', 0) != 0;
    }
    message = "unknown option or unexpected argument: " + words;
    if (bare && where.ends_with(" play"))
      message +=
          "; each player's command goes after a --bot of its own (--bot 'python3 bot.py' "
          "--bot builtin:random)";
    message += BotTakenBeforeDashes(app, argc, argv);
  }
  for (char& c : message) c = c == '\n' ? ' ' : c;
  return where + ": " + message;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arbiter::cli;
  CLI::App app{"arbiter: protocol conformance and fuzz testing for turn-based AI contests"};
  app.require_subcommand(1);
  SimulateOptions sim;
  SpecOptions spec;
  MergeOptions merge;
  ListOptions list;
  CheckBotOptions check;
  PlayOptions play;
  FuzzRefereeOptions fuzz;
  CLI::App* simulate_cmd = AddSimulateCommand(app, sim);
  CLI::App* spec_cmd = AddSpecCommand(app, spec);
  CLI::App* merge_cmd = AddMergeReportsCommand(app, merge);
  CLI::App* list_cmd = AddListCommand(app, list);
  CLI::App* check_cmd = AddCheckBotCommand(app, check);
  CLI::App* play_cmd = AddPlayCommand(app, play);
  CLI::App* fuzz_cmd = AddFuzzRefereeCommand(app, fuzz);
  CLI::App* echo_cmd = AddEchoBotCommand(app);
  const std::string version = std::string("arbiter ") + arbiter::report::kVersion;
  app.set_version_flag("--version", version);
  for (CLI::App* c : {simulate_cmd, spec_cmd, merge_cmd, list_cmd, check_cmd, play_cmd, fuzz_cmd})
    c->set_version_flag("--version", version);

  std::vector<std::string> args(argv, argv + argc);
  SetInvokedAs(args[0]);
  args[0] = Self();
  check.command_line = play.command_line = fuzz.command_line = spec.command_line =
      arbiter::harness::QuoteCommand(args);

  std::string where;
  if (const std::string error = CheckFirstWords(app, argc, argv, where); !error.empty()) {
    std::cerr << error << "\n";
    return 2;
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
    std::cerr << OneLine(e, app, argc, argv, where) << "\n";
    return 2;
  }
  if (simulate_cmd->parsed()) return RunSimulate(sim, std::cout, std::cerr);
  if (spec_cmd->parsed()) return RunSpec(spec, std::cout, std::cerr);
  if (list_cmd->parsed()) return RunList(list, std::cout, std::cerr);
  if (merge_cmd->parsed()) return RunMergeReports(merge, std::cout, std::cerr);
  // Runs that start processes stop cleanly on SIGINT, SIGTERM and SIGHUP.
  if (check_cmd->parsed() || play_cmd->parsed() || fuzz_cmd->parsed())
    arbiter::harness::InstallInterruptHandlers();
  try {
    if (check_cmd->parsed()) return RunCheckBot(check, std::cout, std::cerr);
    if (play_cmd->parsed()) return RunPlay(play, std::cout, std::cerr);
    if (fuzz_cmd->parsed()) return RunFuzzReferee(fuzz, std::cout, std::cerr);
  } catch (const arbiter::harness::UnknownCheck& e) {
    // A finding under a check its register does not list: arbiter's own
    // bug, said as such (the processes were stopped on the way out), never
    // a verdict on the bot or the referee.
    std::cerr << "arbiter: internal error: " << e.what() << "\n";
    return 2;
  }
  if (echo_cmd->parsed()) return RunEchoBot();
  return 2;
}
