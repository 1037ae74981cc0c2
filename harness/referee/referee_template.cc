// RefereeTemplate (referee_template.h): checking and instantiating a
// referee's command template.
#include "referee/referee_template.h"

#include <map>

#include "process/command_line.h"

namespace arbiter::harness {
namespace {

std::string BotKey(int seat) { return "{bot" + std::to_string(seat) + "}"; }

// Every {...} of the template with its count; "" or the first unknown one.
std::string CountKeys(const std::vector<std::string>& argv, std::map<std::string, int>& uses) {
  for (const std::string& a : argv) {
    for (size_t at = a.find('{'); at != std::string::npos; at = a.find('{', at + 1)) {
      const size_t end = a.find('}', at);
      if (end == std::string::npos) break;
      const std::string key = a.substr(at, end - at + 1);
      bool known = key == "{seed}";
      if (key.size() > 5 && key.rfind("{bot", 0) == 0) {
        known = key.find_first_not_of("0123456789", 4) == key.size() - 1 && key.size() <= 8;
      }
      // An unknown one ({SEED}, {bot}) would reach the referee as text.
      if (!known) return key;
      ++uses[key];
    }
  }
  return "";
}

}  // namespace

std::string_view ProtocolName(RefereeProtocol p) {
  return p == RefereeProtocol::kRunner ? "cg-runner" : "bots";
}

std::optional<RefereeProtocol> ProtocolFromName(std::string_view name) {
  if (name == "bots") return RefereeProtocol::kLaunchesBots;
  if (name == "cg-runner") return RefereeProtocol::kRunner;
  return std::nullopt;
}

std::optional<RefereeTemplate> RefereeTemplate::Check(std::vector<std::string> argv,
                                                      RefereeProtocol protocol, int players,
                                                      std::string& error) {
  const bool runner = protocol == RefereeProtocol::kRunner;
  std::map<std::string, int> uses;
  if (argv.empty()) {
    error = "--referee: the command is empty";
    return std::nullopt;
  }
  std::string bad = CountKeys(argv, uses);
  for (const auto& [key, count] : uses)
    if (bad.empty() && !runner && players >= 0 && key != "{seed}" &&
        std::stoi(key.substr(4)) >= players)
      bad = key;
  if (!bad.empty()) {
    error = "--referee: unknown placeholder " + bad + " (known: {seed}" +
            (runner        ? std::string()
             : players > 0 ? " and {bot0} to " + BotKey(players - 1)
                           : " and {bot0}, {bot1}, ...") +
            ")";
    return std::nullopt;
  }
  int named = 0;
  for (const auto& [key, count] : uses) {
    if (key == "{seed}") continue;
    if (runner) {
      error =
          "--referee: a cg-runner referee launches no bot (arbiter plays every seat on the "
          "referee's stdin and stdout), so " +
          key + " makes no sense; remove it";
      return std::nullopt;
    }
    if (count > 1) {
      error = "--referee: " + key + " appears twice; each bot is started once";
      return std::nullopt;
    }
    ++named;
  }
  const int want = runner ? 0 : (players < 0 ? named : players);
  for (int s = 0; s < want; ++s) {
    if (uses.count(BotKey(s))) continue;
    error = "--referee: the template has no " + BotKey(s) + " placeholder";
    return std::nullopt;
  }
  if (!runner && named != want) {
    error = "--referee: the template names " + std::to_string(named) + " bots but the game has " +
            std::to_string(want) + " seats ({bot0} to " + BotKey(want - 1) + ")";
    return std::nullopt;
  }
  if (!runner && want < 2) {
    error =
        "--referee: a referee that launches bots names each one: {bot0} and {bot1} at least "
        "(or give --protocol cg-runner for a referee that speaks to its runner)";
    return std::nullopt;
  }
  RefereeTemplate t;
  t.argv_ = std::move(argv);
  t.protocol_ = protocol;
  t.seats_ = want;
  t.takes_seed_ = uses.count("{seed}") > 0;
  return t;
}

std::optional<RefereeTemplate> RefereeTemplate::Parse(const std::string& command,
                                                      RefereeProtocol protocol, int players,
                                                      std::string& error) {
  std::vector<std::string> argv;
  if (!SplitCommand(command, argv, error)) {
    error = "--referee: " + error;
    return std::nullopt;
  }
  return Check(std::move(argv), protocol, players, error);
}

std::vector<std::string> RefereeTemplate::Instantiate(uint64_t seed,
                                                      const std::vector<std::string>& bots) const {
  std::vector<std::string> out;
  for (std::string arg : argv_) {
    for (size_t s = 0; s < bots.size(); ++s) {
      const std::string key = BotKey(static_cast<int>(s));
      for (size_t at = 0; (at = arg.find(key, at)) != std::string::npos; at += bots[s].size())
        arg.replace(at, key.size(), bots[s]);
    }
    for (size_t at = 0; (at = arg.find("{seed}", at)) != std::string::npos;) {
      const std::string value = std::to_string(seed);
      arg.replace(at, 6, value);
      at += value.size();
    }
    out.push_back(std::move(arg));
  }
  return out;
}

}  // namespace arbiter::harness
