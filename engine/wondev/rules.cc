// Names of the Wondev Woman rule options, for scenarios, serialised states and
// the command line. Each option is documented on its clause in the spec
// register (spec-tests/wondev/clauses.json).
#include "wondev/rules.h"

#include <charconv>

namespace arbiter::wondev {
namespace {

template <class E>
struct Names {
  E value;
  const char* name;
};
constexpr Names<MapKind> kMaps[] = {{MapKind::kAny, "any"},
                                    {MapKind::kSquare, "square"},
                                    {MapKind::kDiamond, "diamond"},
                                    {MapKind::kRandom, "random"}};
constexpr Names<NoLegalAction> kNoLegal[] = {{NoLegalAction::kOut, "out"},
                                             {NoLegalAction::kPass, "pass"}};
constexpr Names<ActionParsing> kParsing[] = {{ActionParsing::kTrimmed, "trimmed"},
                                             {ActionParsing::kExact, "exact"}};
constexpr Names<ActionOrder> kOrder[] = {{ActionOrder::kText, "text"},
                                         {ActionOrder::kGeneration, "generation"}};

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

std::string SetInt(std::string_view key, std::string_view value, int lo, int hi, int& out) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || ptr != value.data() + value.size() || v < lo || v > hi)
    return "rule " + std::string(key) + ": '" + std::string(value) +
           "' is not a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  out = v;
  return {};
}

}  // namespace

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "league") return SetInt(key, value, 0, 3, rules.league);
  if (key == "map") return SetEnum(kMaps, key, value, rules.map);
  if (key == "max_rounds") return SetInt(key, value, 1, 10000, rules.max_rounds);
  if (key == "no_legal_action") return SetEnum(kNoLegal, key, value, rules.no_legal_action);
  if (key == "action_parsing") return SetEnum(kParsing, key, value, rules.action_parsing);
  if (key == "action_order") return SetEnum(kOrder, key, value, rules.action_order);
  return "unknown rule '" + std::string(key) +
         "' (known: league, map, max_rounds, no_legal_action, action_parsing, action_order)";
}

std::string DescribeRules(const Rules& r) {
  return "league=" + std::to_string(r.league) + " map=" + NameOf(kMaps, r.map) +
         " max_rounds=" + std::to_string(r.max_rounds) +
         " no_legal_action=" + NameOf(kNoLegal, r.no_legal_action) +
         " action_parsing=" + NameOf(kParsing, r.action_parsing) +
         " action_order=" + NameOf(kOrder, r.action_order);
}

}  // namespace arbiter::wondev
