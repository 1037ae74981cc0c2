// The wondev scenario format of `arbiter simulate` and of the referee
// fuzzer's reproducers (register clause wondev.setup.units):
//   {"game": "wondev", "rows": ["00000", "0.1.0", ...], "units": [[{"x": 0, "y": 1}],
//    [{"x": 4, "y": 3}]], "rules": {"league": 2}, "actions": ["MOVE&BUILD 0 N S", ...]}
// "rows" are the grid as a bot sees it ('.' a hole, '0'..'4' a height) and
// "units" one array per player of unitsPerPlayer cells; or "seed": N (or
// --seed) draws both (wondev.map.kinds, wondev.setup.units).
#include <nlohmann/json.hpp>

#include "core/scenario_fields.h"
#include "wondev/codec.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

using nlohmann::json;

bool Fail(ScenarioError& error, std::string field, std::string message) {
  error = ScenarioError{std::move(field), std::move(message)};
  return false;
}

bool ReadRows(const json& rows, Map& map, ScenarioError& error) {
  if (!rows.is_array() || rows.size() < kMinSize || rows.size() > kMaxSize)
    return Fail(error, "rows", "must be an array of 5 to 7 strings (wondev.grid.square)");
  map.size = static_cast<int>(rows.size());
  map.height.fill(kHole);
  for (int y = 0; y < map.size; ++y) {
    const std::string field = "rows[" + std::to_string(y) + "]";
    const std::string row = rows[y].is_string() ? rows[y].get<std::string>() : "";
    if (static_cast<int>(row.size()) != map.size ||
        row.find_first_not_of(".01234") != std::string::npos)
      return Fail(error, field, "must be " + std::to_string(map.size) + " cells of . 0 1 2 3 4");
    for (int x = 0; x < map.size; ++x)
      map.height[y * map.size + x] = row[x] == '.' ? kHole : static_cast<int8_t>(row[x] - '0');
  }
  return true;
}

bool ReadUnits(const json& units, const Map& map, int per, Units& out, ScenarioError& error) {
  if (!units.is_array() || units.size() != kNumPlayers)
    return Fail(error, "units", "must be an array of 2 players' unit arrays");
  for (int q = 0; q < kNumPlayers; ++q) {
    const std::string field = "units[" + std::to_string(q) + "]";
    if (!units[q].is_array() || static_cast<int>(units[q].size()) != per)
      return Fail(
          error, field,
          "must hold " + std::to_string(per) + " unit(s) in this league (wondev.league.units)");
    for (int i = 0; i < per; ++i) {
      const json& u = units[q][i];
      const std::string f = field + "[" + std::to_string(i) + "]";
      if (!u.is_object() || u.size() != 2 || !u.contains("x") || !u.contains("y") ||
          !u["x"].is_number_integer() || !u["y"].is_number_integer())
        return Fail(error, f, "must be an object {\"x\": column, \"y\": row}");
      const long long x = u["x"].get<long long>(), y = u["y"].get<long long>();
      if (x < 0 || y < 0 || x >= map.size || y >= map.size)
        return Fail(error, f, "is off the grid");
      out[q][i] = {static_cast<int8_t>(x), static_cast<int8_t>(y)};
    }
  }
  if (std::string err = ValidateUnits(map, out, per); !err.empty()) {
    const size_t colon = err.find(':');
    return Fail(error, err.substr(0, colon), err.substr(colon + 2));
  }
  return true;
}

}  // namespace

std::optional<Scenario> LoadScenario(const json& doc, const ScenarioOptions& options,
                                     ScenarioError& error) {
  if (!doc.is_object()) return Fail(error, "", "a scenario is a JSON object"), std::nullopt;
  for (const auto& [key, value] : doc.items()) {
    if (key != "game" && key != "rows" && key != "units" && key != "seed" && key != "actions" &&
        key != "rules" && key != "profile")
      return Fail(error, key,
                  "unknown field (expected game, profile, rows, units, seed, rules, actions)"),
             std::nullopt;
  }
  Rules rules;
  std::optional<uint64_t> seed;
  if (!ReadScenarioRules(
          doc, options,
          [&](std::string_view k, std::string_view v) { return SetRule(rules, k, v); }, error) ||
      !ReadScenarioSeed(doc, options, seed, error))
    return std::nullopt;
  Scenario scenario;
  if (doc.contains("rows") || doc.contains("units")) {
    if (seed)
      return Fail(error, "rows", "a scenario gives either rows and units or a seed"), std::nullopt;
    if (!doc.contains("rows") || !doc.contains("units"))
      return Fail(error, doc.contains("rows") ? "units" : "rows", "missing"), std::nullopt;
    Map map;
    Units units{};
    if (!ReadRows(doc["rows"], map, error) ||
        !ReadUnits(doc["units"], map, rules.units_per_player(), units, error))
      return std::nullopt;
    scenario.initial = Wrap(State::Initial(map, units, rules));
  } else if (seed) {
    scenario.initial = Wrap(NewState(*seed, rules));
  } else {
    return Fail(error, "rows", "missing: give rows and units, or a seed (--seed N)"), std::nullopt;
  }
  if (!ReadScenarioActions(doc, scenario.actions, error)) return std::nullopt;
  return scenario;
}

// The scenario of an initial state, for the referee fuzzer's reproducers:
// rows, units, and the rule options that differ from the defaults.
std::string ScenarioOf(const GameState& initial) {
  const State& s = *StateOf(initial);
  nlohmann::ordered_json doc;
  doc["game"] = "wondev";
  const InputView v = ViewFor(s, 0);
  doc["rows"] = v.rows;
  for (int q = 0; q < kNumPlayers; ++q) {
    nlohmann::ordered_json side = nlohmann::ordered_json::array();
    for (int i = 0; i < s.units_per_player(); ++i)
      side.push_back({{"x", s.unit(q, i).x}, {"y", s.unit(q, i).y}});
    doc["units"].push_back(side);
  }
  // A scenario is the game under the rules: a deviation is the referee's
  // bug, never part of the game a reproducer shows (arbiter.referee.deviations).
  Rules rules_played = s.rules();
  rules_played.deviations = 0;
  if (auto rules = DifferingRules(DescribeRules(rules_played), DescribeRules(Rules{}));
      !rules.empty())
    doc["rules"] = std::move(rules);
  return doc.dump();
}

}  // namespace arbiter::wondev
