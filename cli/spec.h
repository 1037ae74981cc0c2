// `arbiter spec`: the spec conformance report of a register. Every clause with
// its ID, level, source sentences, decision and the tests or checks proving
// it, with their results when result files are given (GoogleTest JSON/XML,
// `ctest --output-junit`, or check-bot / fuzz-referee JSON reports; a
// directory stands for the .json and .xml files in it).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/game.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct SpecOptions {
  std::string game = DefaultGame();
  std::vector<std::string> results;  // files or directories
  std::string format = "md";         // md, json, html, junit
  std::string output;                // empty: standard output
  std::string command_line;
};

// Exit status: 0 the report holds (every clause covered, no failing proof),
// 1 a clause is uncovered or a proof failed, 2 usage error or an unreadable
// or unrecognised results file.
int RunSpec(const SpecOptions& options, std::ostream& out, std::ostream& err);

// Registers `spec` and its options (into `options`) with `app`.
CLI::App* AddSpecCommand(CLI::App& app, SpecOptions& options);

}  // namespace arbiter::cli
