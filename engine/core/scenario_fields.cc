// The shared scenario fields (scenario_fields.h).
#include "core/scenario_fields.h"

namespace arbiter {
namespace {

bool Fail(ScenarioError& error, std::string field, std::string message) {
  error = ScenarioError{std::move(field), std::move(message)};
  return false;
}

}  // namespace

bool ReadScenarioRules(const nlohmann::json& doc, const ScenarioOptions& options,
                       const SetRuleText& set_rule, ScenarioError& error) {
  for (const auto& [key, value] : options.profile_rules)
    if (std::string err = set_rule(key, value); !err.empty()) return Fail(error, "profile", err);
  if (doc.contains("rules")) {
    const nlohmann::json& r = doc["rules"];
    if (!r.is_object()) return Fail(error, "rules", "must be an object of rule options");
    for (const auto& [key, value] : r.items()) {
      const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
      if (std::string err = set_rule(key, text); !err.empty())
        return Fail(error, "rules." + key, err);
    }
  }
  for (const auto& [key, value] : options.rules)
    if (std::string err = set_rule(key, value); !err.empty())
      return Fail(error, "--rule " + key, err);
  return true;
}

bool ReadScenarioSeed(const nlohmann::json& doc, const ScenarioOptions& options,
                      std::optional<uint64_t>& seed, ScenarioError& error) {
  seed = options.seed;
  if (!doc.contains("seed")) return true;
  if (!doc["seed"].is_number_unsigned())
    return Fail(error, "seed", "must be a non-negative integer");
  if (seed) return Fail(error, "seed", "given both in the scenario and as --seed");
  seed = doc["seed"].get<uint64_t>();
  return true;
}

bool ReadScenarioActions(const nlohmann::json& doc, std::vector<std::string>& actions,
                         ScenarioError& error) {
  if (!doc.contains("actions")) return true;
  const nlohmann::json& a = doc["actions"];
  if (!a.is_array()) return Fail(error, "actions", "must be an array of strings");
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string())
      return Fail(error, "actions[" + std::to_string(i) + "]",
                  "must be a string, got " + a[i].dump());
    actions.push_back(a[i].get<std::string>());
  }
  return true;
}

nlohmann::ordered_json DifferingRules(std::string_view described, std::string_view defaults) {
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  size_t a = 0, b = 0;
  while (a < described.size()) {
    const size_t ea = described.find(' ', a), eb = defaults.find(' ', b);
    const std::string kv(described.substr(a, ea - a));
    const std::string_view dkv = b < defaults.size() ? defaults.substr(b, eb - b) : "";
    if (kv != dkv) rules[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
    if (ea == std::string_view::npos) break;
    a = ea + 1;
    b = eb == std::string_view::npos ? defaults.size() : eb + 1;
  }
  return rules;
}

}  // namespace arbiter
