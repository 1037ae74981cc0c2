// The island scenario format of `arbiter simulate` and of the referee
// fuzzer's reproducers (register clause island.start.positions):
//   {"game": "island", "positions": [3, 7], "tiles": ["42143", "1?2?3"],
//    "shuffles": [0, 2], "turn": 4, "seed": 9, "rules": {"deal": "immediate"},
//    "actions": ["move;2", ...]}
// "positions" are the cells of player 1 and player 2, "tiles" their hands
// ('?': a slot dealt when its owner is next to move, island.tiles.deal);
// "seed" seeds the tiles drawn from then on. Without positions and tiles,
// "seed" (or --seed) draws the standard start (island.start.positions).
#include <nlohmann/json.hpp>

#include "core/scenario_fields.h"
#include "island/game.h"
#include "island/serialize.h"

namespace arbiter::island {
namespace {

using nlohmann::json;

bool Fail(ScenarioError& error, std::string field, std::string message) {
  error = ScenarioError{std::move(field), std::move(message)};
  return false;
}

bool ReadPair(const json& doc, const char* key, std::array<int, 2>& out, ScenarioError& error) {
  const json& v = doc[key];
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    return Fail(error, key, "must be an array of two integers (player 1's, player 2's)");
  for (int p = 0; p < 2; ++p) {
    const long long x = v[p].get<long long>();
    if (x < -1000000 || x > 1000000) return Fail(error, key, "is out of range");
    out[p] = static_cast<int>(x);
  }
  return true;
}

bool ReadHands(const json& v, std::array<Hand, 2>& hands, ScenarioError& error) {
  if (!v.is_array() || v.size() != 2)
    return Fail(error, "tiles", "must be an array of two strings of five tiles");
  for (int p = 0; p < 2; ++p) {
    const std::string field = "tiles[" + std::to_string(p) + "]";
    const std::string t = v[p].is_string() ? v[p].get<std::string>() : "";
    if (t.size() != kHandSize || t.find_first_not_of("1234?") != std::string::npos)
      return Fail(error, field, "must be five of 1 2 3 4 ? (island.board.tiles)");
    for (int i = 0; i < kHandSize; ++i)
      hands[p][i] = static_cast<int8_t>(t[i] == '?' ? kNoTile : t[i] - '0');
  }
  return true;
}

}  // namespace

std::optional<Scenario> LoadScenario(const json& doc, const ScenarioOptions& options,
                                     ScenarioError& error) {
  if (!doc.is_object()) return Fail(error, "", "a scenario is a JSON object"), std::nullopt;
  for (const auto& [key, value] : doc.items()) {
    if (key != "game" && key != "positions" && key != "tiles" && key != "shuffles" &&
        key != "turn" && key != "seed" && key != "rules" && key != "actions" && key != "profile")
      return Fail(error, key,
                  "unknown field (expected game, profile, positions, tiles, shuffles, turn, seed, "
                  "rules, actions)"),
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
  const bool parts = doc.contains("positions") || doc.contains("tiles") ||
                     doc.contains("shuffles") || doc.contains("turn");
  if (parts) {
    if (!doc.contains("positions") || !doc.contains("tiles"))
      return Fail(error, doc.contains("positions") ? "tiles" : "positions", "missing"),
             std::nullopt;
    std::array<int, 2> pos{}, shuffles{0, 0};
    std::array<Hand, 2> hands{};
    int turn = 0;
    if (!ReadPair(doc, "positions", pos, error) || !ReadHands(doc["tiles"], hands, error))
      return std::nullopt;
    if (doc.contains("shuffles") && !ReadPair(doc, "shuffles", shuffles, error))
      return std::nullopt;
    if (doc.contains("turn")) {
      if (!doc["turn"].is_number_unsigned() || doc["turn"].get<uint64_t>() > 1000000)
        return Fail(error, "turn", "must be a non-negative integer"), std::nullopt;
      turn = static_cast<int>(doc["turn"].get<uint64_t>());
    }
    if (std::string err = State::Validate(turn, pos, hands, shuffles, rules); !err.empty()) {
      const size_t colon = err.find(':');
      return Fail(error, err.substr(0, colon), err.substr(colon + 2)), std::nullopt;
    }
    scenario.initial = Wrap(State::FromParts(rules, turn, pos, hands, shuffles, seed.value_or(0)));
  } else if (seed) {
    scenario.initial = Wrap(State::Initial(*seed, rules));
  } else {
    return Fail(error, "positions", "missing: give positions and tiles, or a seed (--seed N)"),
           std::nullopt;
  }
  if (!ReadScenarioActions(doc, scenario.actions, error)) return std::nullopt;
  return scenario;
}

// The scenario of an initial state (the referee fuzzer's reproducers): every
// part, and the rule options that differ from the defaults.
std::string ScenarioOf(const GameState& initial) {
  const State& s = *StateOf(initial);
  nlohmann::ordered_json doc;
  doc["game"] = "island";
  doc["positions"] = {s.pos(0), s.pos(1)};
  for (int p = 0; p < kNumPlayers; ++p) {
    std::string h;
    for (int8_t t : s.hand(p)) h += t == kNoTile ? '?' : static_cast<char>('0' + t);
    doc["tiles"].push_back(h);
  }
  doc["shuffles"] = {s.shuffles(0), s.shuffles(1)};
  doc["turn"] = s.turn();
  doc["seed"] = s.rng_state();
  // A scenario is the game under the rules: a deviation is the referee's
  // bug, never part of the game a reproducer shows (arbiter.referee.deviations).
  Rules rules_played = s.rules();
  rules_played.mutants = 0;
  if (auto rules = DifferingRules(DescribeRules(rules_played), DescribeRules(Rules{}));
      !rules.empty())
    doc["rules"] = std::move(rules);
  return doc.dump();
}

}  // namespace arbiter::island
