// Names of the Wondev Woman rule options, for scenarios, serialised states and
// the command line. Each option is documented on its clause in the spec
// register (spec-tests/wondev/clauses.json).
#include "wondev/rules.h"

#include "core/rule_names.h"

namespace arbiter::wondev {
namespace {

constexpr RuleName<MapKind> kMaps[] = {{MapKind::kAny, "any"},
                                       {MapKind::kSquare, "square"},
                                       {MapKind::kDiamond, "diamond"},
                                       {MapKind::kRandom, "random"}};
constexpr RuleName<NoLegalAction> kNoLegal[] = {{NoLegalAction::kOut, "out"},
                                                {NoLegalAction::kPass, "pass"}};
constexpr RuleName<ActionParsing> kParsing[] = {{ActionParsing::kTrimmed, "trimmed"},
                                                {ActionParsing::kExact, "exact"},
                                                {ActionParsing::kTrailing, "trailing"}};
constexpr RuleName<ActionOrder> kOrder[] = {{ActionOrder::kText, "text"},
                                            {ActionOrder::kGeneration, "generation"}};

}  // namespace

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "league") return SetIntRule(key, value, 0, 3, rules.league);
  if (key == "map") return SetEnumRule(kMaps, key, value, rules.map);
  if (key == "max_rounds") return SetIntRule(key, value, 1, 10000, rules.max_rounds);
  if (key == "no_legal_action") return SetEnumRule(kNoLegal, key, value, rules.no_legal_action);
  if (key == "action_parsing") return SetEnumRule(kParsing, key, value, rules.action_parsing);
  if (key == "action_order") return SetEnumRule(kOrder, key, value, rules.action_order);
  return "unknown rule '" + std::string(key) +
         "' (known: league, map, max_rounds, no_legal_action, action_parsing, action_order)";
}

std::string DescribeRules(const Rules& r) {
  return "league=" + std::to_string(r.league) + " map=" + RuleNameOf(kMaps, r.map) +
         " max_rounds=" + std::to_string(r.max_rounds) +
         " no_legal_action=" + RuleNameOf(kNoLegal, r.no_legal_action) +
         " action_parsing=" + RuleNameOf(kParsing, r.action_parsing) +
         " action_order=" + RuleNameOf(kOrder, r.action_order);
}

}  // namespace arbiter::wondev
