// `arbiter simulate`: plays a scenario (an initial placement and the answer
// lines of every global turn) through the reference engine and prints, turn
// by turn, the exact text the player to move receives, then the result.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct SimulateOptions {
  std::optional<std::string> scenario_path;  // "-" reads standard input
  std::string game = DefaultGame();          // when there is no scenario file
  std::optional<uint64_t> seed;
  std::vector<std::string> rules;     // "key=value"
  std::string profile;                // a profile of the game: its rules ("" : the scenario's)
  std::vector<std::string> autoplay;  // built-in policy per seat (one name: every seat)
  uint64_t autoplay_seed = 0;
  std::optional<int> max_turns;  // stop after this many turns
  bool transcript = false;       // also print answers ("> U") and events ("# ...")
};

// Exit status: 0 played, 2 bad scenario or options (message on `err`).
int RunSimulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

// The same, from an already parsed scenario document.
int SimulateDocument(const nlohmann::json& doc, const SimulateOptions& options, std::ostream& out,
                     std::ostream& err);

// Registers `simulate` and its options (into `options`) with `app`.
CLI::App* AddSimulateCommand(CLI::App& app, SimulateOptions& options);

}  // namespace arbiter::cli
