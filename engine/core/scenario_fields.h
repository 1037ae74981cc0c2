// The scenario fields every game shares (docs/scenario.md): "rules" with the
// --rule overrides, "seed" or --seed, and "actions"; and, the other way, the
// "rules" object of a reproducer. Each game's LoadScenario reads its own
// fields (players, rows, positions...) and calls these for the rest, so the
// shared fields read, and fail, the same way in every game.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace arbiter {

// A game's SetRule bound to its Rules: an error message, empty on success.
using SetRuleText = std::function<std::string(std::string_view key, std::string_view value)>;

// Applies the scenario's "rules" object, then the --rule overrides; false
// with `error` naming the field ("rules.deal", "--rule deal").
bool ReadScenarioRules(const nlohmann::json& doc, const ScenarioOptions& options,
                       const SetRuleText& set_rule, ScenarioError& error);

// The seed of "seed" or --seed (giving both is an error); nullopt when neither.
bool ReadScenarioSeed(const nlohmann::json& doc, const ScenarioOptions& options,
                      std::optional<uint64_t>& seed, ScenarioError& error);

// The "actions" array of strings, when present.
bool ReadScenarioActions(const nlohmann::json& doc, std::vector<std::string>& actions,
                         ScenarioError& error);

// The options of `described` ("k=v k=v ...", a game's DescribeRules) that
// differ from `defaults`, as a scenario's "rules" object (empty: none).
nlohmann::ordered_json DifferingRules(std::string_view described, std::string_view defaults);

}  // namespace arbiter
