// arbiter: the command line. Each subcommand lives in its own file; this one
// only declares the options (CLI11) and dispatches.
//
// Exit status: 0 success, 1 a finding (later subcommands), 2 usage error or
// arbiter could not run.
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "registers.h"
#include "simulate.h"
#include "spec_render.h"

namespace {

int RunSpec(const std::string& game, const std::string& format) {
  const std::string_view text = arbiter::report::RegisterJson(game);
  if (text.empty()) {
    std::cerr << "arbiter spec: no spec register for game '" << game << "'\n";
    return 2;
  }
  const auto reg = nlohmann::json::parse(text);
  if (format == "json") {
    std::cout << reg.dump(2) << "\n";
  } else {
    std::cout << arbiter::report::RenderRegisterMarkdown(reg);
  }
  return 0;
}

}  // namespace

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

  std::string spec_game = "jc2015", spec_format = "md";
  auto* spec = app.add_subcommand("spec", "Print the spec register of a game");
  spec->add_option("--game", spec_game, "Game")->default_val("jc2015");
  spec->add_option("--format", spec_format, "md or json")
      ->check(CLI::IsMember({"md", "json"}))
      ->default_val("md");

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
  if (spec->parsed()) return RunSpec(spec_game, spec_format);
  return 2;
}
