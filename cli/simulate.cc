#include "cli/simulate.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli/input_files.h"
#include "cli/option_checks.h"
#include "core/game.h"
#include "core/parse.h"
#include "core/rng.h"

namespace arbiter::cli {
namespace {

int Usage(std::ostream& err, const std::string& message) {
  err << "arbiter simulate: " << message << "\n";
  return 2;
}

}  // namespace

int SimulateDocument(const nlohmann::json& doc, const SimulateOptions& options, std::ostream& out,
                     std::ostream& err) {
  if (!doc.is_object()) return Usage(err, "scenario: a scenario is a JSON object");
  if (!doc.contains("game")) return Usage(err, "scenario field 'game': missing (e.g. \"jc2015\")");
  if (!doc["game"].is_string()) return Usage(err, "scenario field 'game': must be a string");
  const std::string name = doc["game"].get<std::string>();
  const GameInfo* game = FindGame(name);
  if (!game) {
    std::string known;
    for (const GameInfo* g : AllGames())
      known += (known.empty() ? "" : ", ") + std::string(g->name);
    return Usage(err, "scenario field 'game': unknown game '" + name + "' (known: " + known + ")");
  }
  ScenarioOptions so;
  so.seed = options.seed;
  // The profile: --profile, or the scenario's "profile"; its rules come first.
  std::string profile = options.profile;
  if (doc.contains("profile")) {
    if (!doc["profile"].is_string())
      return Usage(err, "scenario field 'profile': must be a string (e.g. \"" +
                            std::string(game->profiles.back().name) + "\")");
    const std::string named = doc["profile"].get<std::string>();
    if (!profile.empty() && profile != named)
      return Usage(err,
                   "scenario field 'profile': '" + named + "', but --profile is '" + profile + "'");
    profile = named;
  }
  if (!profile.empty()) {
    const Profile* found = nullptr;
    std::string known;
    for (const Profile& t : game->profiles) {
      known += (known.empty() ? "" : ", ") + std::string(t.name);
      if (t.name == profile) found = &t;
    }
    if (!found)
      return Usage(
          err, "profile: unknown profile '" + profile + "' of " + name + " (known: " + known + ")");
    for (const auto& [key, value] : found->rules) so.profile_rules.emplace_back(key, value);
  }
  for (const std::string& kv : options.rules) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) return Usage(err, "--rule '" + kv + "': expected key=value");
    so.rules.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  // A fuzz-referee reproducer records the divergence its replay must show
  // again; the reference's view of the game does not need it.
  nlohmann::json loaded = doc;
  if (loaded.contains("expect")) {
    if (!loaded["expect"].is_object())
      return Usage(err, "scenario field 'expect': must be an object (a reproducer's expectation)");
    loaded.erase("expect");
  }
  ScenarioError error;
  std::optional<Scenario> scenario = game->load_scenario(loaded, so, error);
  if (!scenario) {
    return Usage(err, "scenario field '" + error.field + "': " + error.message);
  }
  std::vector<std::string> seats = options.autoplay;
  for (const std::string& policy : seats) {
    bool known = false;
    for (std::string_view p : game->policies) known = known || p == policy;
    if (!known) return Usage(err, "--autoplay: unknown policy '" + policy + "' for " + name);
  }
  GameState& state = *scenario->initial;
  if (!seats.empty() && seats.size() != 1 && static_cast<int>(seats.size()) != state.num_players())
    return Usage(err, "--autoplay: give one policy, or one per player");

  if (options.transcript) {
    nlohmann::json header = doc;
    header.erase("actions");
    if (options.seed) header["seed"] = *options.seed;
    if (!profile.empty()) header["profile"] = profile;
    for (const auto& [key, value] : so.rules) header["rules"][key] = value;
    out << "# arbiter simulate transcript\n# scenario " << header.dump() << "\n";
  }
  Rng rng(options.autoplay_seed);
  size_t next = 0;
  int played = 0;
  while (!state.IsTerminal() && (!options.max_turns || played < *options.max_turns)) {
    std::string answer;
    if (next < scenario->actions.size()) {
      answer = scenario->actions[next++];
    } else if (!seats.empty()) {
      const std::string& policy = seats.size() == 1 ? seats[0] : seats[state.current_player()];
      answer = *state.BuiltinAnswer(policy, rng);
    } else {
      break;
    }
    if (state.CurrentPlayerReceivesInput()) {
      out << state.InputText(state.current_player());
    } else if (options.transcript) {
      out << "# turn " << state.turn() << ": player " << state.current_player()
          << " receives no input\n";
    }
    const std::vector<Event> events = state.ApplyLine(answer);
    ++played;
    if (options.transcript) {
      out << "> " << EscapeBytes(answer) << "\n";  // UnescapeBytes reads it back
      for (const Event& e : events)
        out << "# " << e.kind << " " << e.clause << ": " << e.detail << "\n";
    }
  }
  if (!state.IsTerminal()) {
    err << "arbiter simulate: the game is not over after " << played
        << " turns (no more actions); RESULT -1 means no winner yet\n";
  }
  out << "RESULT " << state.Winner() << " " << state.turn() << "\n";
  return 0;
}

int RunSimulate(const SimulateOptions& options, std::ostream& out, std::ostream& err) {
  nlohmann::json doc;
  if (options.scenario_path) {
    const std::string& path = *options.scenario_path;
    std::string text, error;
    // A directory, an unreadable or huge file, or JSON nested too deep is a
    // usage error, not a crash (arbiter.cli.bad-input).
    if (!ReadInputFile("scenario file", path, text, error)) return Usage(err, error);
    if (const std::string deep = JsonTooDeep("scenario file", path, text); !deep.empty())
      return Usage(err, deep);
    try {
      doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      return Usage(err, "'" + path + "' is not valid JSON: " + e.what());
    }
  } else {
    if (!options.seed) return Usage(err, "give a SCENARIO file, or --seed N to draw the placement");
    doc = nlohmann::json{{"game", options.game}};
  }
  return SimulateDocument(doc, options, out, err);
}

// The `simulate` subcommand and its options, into `o`.
CLI::App* AddSimulateCommand(CLI::App& app, SimulateOptions& o) {
  auto* c = app.add_subcommand(
      "simulate", "Play a scenario through the reference engine and print every turn's input");
  c->add_option_function<std::string>(
      "scenario",
      [&o](const std::string& path) {
        if (!path.empty()) o.scenario_path = path;
      },
      "Scenario JSON file ('-' for standard input)");
  c->add_option("--game", o.game, "Game, when no scenario file is given")
      ->default_val(DefaultGame());
  c->add_option("--seed", o.seed, "Draw the initial placement from this seed")->check(Seed());
  // One value per occurrence, so that a list never swallows the SCENARIO.
  c->add_option("--profile", o.profile,
                "Play under a profile's rules (a real server's readings: jc2015 official-2015)");
  c->add_option("--rule", o.rules, "Rule option key=value (see docs/spec; repeatable)")
      ->allow_extra_args(false);
  c->add_option("--autoplay", o.autoplay,
                "Built-in players for the turns after the scenario's actions "
                "(one policy, or one per seat, comma-separated: random, hunter, idle)")
      ->allow_extra_args(false)
      ->delimiter(',');
  c->add_option("--autoplay-seed", o.autoplay_seed, "Seed of the built-in players")
      ->default_val(0)
      ->check(Seed());
  c->add_option("--turns", o.max_turns, "Stop after this many turns")->check(IntIn(1, 1000000));
  c->add_flag("--transcript", o.transcript,
              "Also print each answer ('> U') and what it did ('# ...')");
  return c;
}

}  // namespace arbiter::cli
