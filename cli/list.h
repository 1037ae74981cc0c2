// `arbiter list games|checks|rules|profiles [--game G] [--json]`: what
// arbiter knows, read from the games' registrations and registers, so that a
// user need not provoke an error message to learn a check id, a rule option
// or a profile's name.
#pragma once

#include <iosfwd>
#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct ListOptions {
  std::string what;  // games, checks, rules, profiles
  std::string game;  // empty: every game
  bool json = false;
};

// Exit status: 0 listed, 2 an unknown game.
int RunList(const ListOptions& options, std::ostream& out, std::ostream& err);

// Registers `list` and its options (into `options`) with `app`.
CLI::App* AddListCommand(CLI::App& app, ListOptions& options);

}  // namespace arbiter::cli
