// Names of the rule options, for scenarios, serialised states and the command
// line. Each option is documented on its clause in the spec register.
#include "jc2015/rules.h"

#include <charconv>

namespace arbiter::jc2015 {
namespace {

template <class E>
struct Names {
  E value;
  const char* name;
};
constexpr Names<StunCount> kStun[] = {{StunCount::kGlobalTurns, "global-turns"},
                                      {StunCount::kOwnTurns, "own-turns"}};
constexpr Names<AttackDistance> kAttack[] = {{AttackDistance::kBlocks, "blocks"},
                                             {AttackDistance::kSquares, "squares"}};
constexpr Names<InvalidAction> kInvalid[] = {{InvalidAction::kDoNothing, "do-nothing"},
                                             {InvalidAction::kRemovePlayer, "remove-player"}};
constexpr Names<ActionParsing> kParsing[] = {{ActionParsing::kTrimmed, "trimmed"},
                                             {ActionParsing::kExact, "exact"}};
constexpr Names<bool> kBool[] = {{false, "false"}, {true, "true"}};

template <class E, size_t N>
std::string SetEnum(const Names<E> (&names)[N], std::string_view key, std::string_view value,
                    E& out) {
  std::string choices;
  for (const auto& n : names) {
    if (value == n.name) {
      out = n.value;
      return {};
    }
    choices += choices.empty() ? "" : ", ";
    choices += n.name;
  }
  return "rule " + std::string(key) + ": '" + std::string(value) + "' is not one of " + choices;
}

template <class E, size_t N>
const char* NameOf(const Names<E> (&names)[N], E value) {
  for (const auto& n : names)
    if (n.value == value) return n.name;
  return "?";
}

}  // namespace

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "turn_limit") {
    int v = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || ptr != value.data() + value.size() || v < 1 || v > 1'000'000)
      return "rule turn_limit: '" + std::string(value) + "' is not a whole number in [1, 1000000]";
    rules.turn_limit = v;
    return {};
  }
  if (key == "stun_count") return SetEnum(kStun, key, value, rules.stun_count);
  if (key == "attack_distance") return SetEnum(kAttack, key, value, rules.attack_distance);
  if (key == "invalid_action") return SetEnum(kInvalid, key, value, rules.invalid_action);
  if (key == "action_parsing") return SetEnum(kParsing, key, value, rules.action_parsing);
  if (key == "fallen_players_get_input")
    return SetEnum(kBool, key, value, rules.fallen_players_get_input);
  return "unknown rule '" + std::string(key) +
         "' (known: turn_limit, stun_count, attack_distance, invalid_action, action_parsing, "
         "fallen_players_get_input)";
}

std::string DescribeRules(const Rules& r) {
  return "turn_limit=" + std::to_string(r.turn_limit) +
         " stun_count=" + NameOf(kStun, r.stun_count) +
         " attack_distance=" + NameOf(kAttack, r.attack_distance) +
         " invalid_action=" + NameOf(kInvalid, r.invalid_action) +
         " action_parsing=" + NameOf(kParsing, r.action_parsing) +
         " fallen_players_get_input=" + NameOf(kBool, r.fallen_players_get_input);
}

}  // namespace arbiter::jc2015
