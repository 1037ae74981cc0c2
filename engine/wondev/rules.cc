// Names of the Wondev Woman rule options, for scenarios, serialised states and
// the command line. Each option is documented on its clause in the spec
// register (spec-tests/wondev/clauses.json).
#include "wondev/rules.h"

#include "core/deviations.h"
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
constexpr RuleName<KeywordCase> kCase[] = {{KeywordCase::kUpper, "upper"},
                                           {KeywordCase::kAny, "any"}};

// The catalogue, in DeviationId order (entry i is id i + 1), derived clause by
// clause as docs/deviations.md says: for each clause that decides legality,
// movement, scoring, visibility or the end, the mutations a referee author
// makes there.
constexpr Deviation kDeviations[] = {
    {"climb-two", "wondev.move.climb", "a threshold off by one",
     "the referee lets a unit climb two levels", "a unit may move at most one level up"},
    {"climb-any", "wondev.move.climb", "a check left out",
     "the referee lets a unit climb any number of levels", "a unit may move at most one level up"},
    {"climb-none", "wondev.move.climb", "< for <=",
     "the referee refuses every move up, even of one level", "a unit may move one level up"},
    {"drop-one", "wondev.move.climb", "up and down made symmetric",
     "the referee refuses a move down more than one level",
     "the rules allow a move down of any height"},
    {"push-climb-two", "wondev.push.destination", "a threshold off by one",
     "the referee pushes a unit two levels up", "a pushed unit may go at most one level up"},
    {"push-climb-any", "wondev.push.destination", "a check left out",
     "the referee pushes a unit up any number of levels",
     "a pushed unit may go at most one level up"},
    {"push-drop-one", "wondev.push.destination", "up and down made symmetric",
     "the referee refuses a push down more than one level",
     "the rules allow a push down of any height"},
    {"push-any-direction", "wondev.push.target", "a check left out",
     "the referee takes a push in any direction",
     "a push goes the way of the move or one of the two directions next to it"},
    {"push-straight-only", "wondev.push.target",
     "< for <=", "the referee takes only a push straight on",
     "a push may also go one of the two directions next to the move's"},
    {"build-under-unit", "wondev.build.adjacent", "a check left out",
     "the referee lets a unit build on a cell where a unit it sees stands",
     "a cell with a unit on it cannot be built on"},
    {"left-cell-occupied", "wondev.build.adjacent", "two steps in the other order",
     "the referee refuses a build on the cell the unit has just left, as if it still stood there",
     "the unit moves before it builds: the cell it left may be built on"},
    {"score-climb-only", "wondev.score.climb", "a condition added",
     "the referee scores a move onto level 3 only when it climbs there, not from another "
     "level-3 cell",
     "every move onto a level-3 cell scores"},
    {"score-on-leaving", "wondev.score.climb", "the cell before for the cell after",
     "the referee scores a move off a level-3 cell instead of onto one",
     "a move onto a level-3 cell scores"},
    {"push-scores", "wondev.push.build", "a rule applied to the other action",
     "the referee scores a push like a move: the pusher scores when the cell it builds on "
     "reaches level 3",
     "a push never scores"},
    {"rounds-one-early", "wondev.end.rounds", "a counter off by one",
     "the referee ends the game one round before the round limit",
     "the game ends after max_rounds rounds, not before"},
    {"rounds-one-late", "wondev.end.rounds", "a counter off by one",
     "the referee plays one round past the round limit",
     "the game ends after max_rounds rounds, not after"},
    {"fog-two", "wondev.fog.visibility", "a threshold off by one",
     "the referee shows enemy units up to two cells away",
     "an enemy unit is seen only within one cell of a unit"},
    {"fog-build-builds", "wondev.fog.build", "a check left out",
     "the referee builds on a cell where an enemy unit the builder cannot see stands",
     "such a build is cancelled"},
    {"leader-alone-any", "wondev.end.leader-alone", "a check left out",
     "the referee ends the game as soon as a player is out, whoever leads",
     "the game ends then only when the player left leads"},
    {"leader-alone-missing", "wondev.end.leader-alone", "an end condition missing",
     "the referee plays on when a player is out and the player left leads", "the game ends there"},
    {"leader-or-tied", "wondev.end.leader-alone", "> for >=",
     "the referee ends the game when a player is out and the player left has as many points",
     "it ends only when the player left has more"},
};
static_assert(std::size(kDeviations) + 1 == static_cast<size_t>(DeviationId::kCount));

}  // namespace

std::span<const Deviation> Deviations() { return kDeviations; }

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "league") return SetIntRule(key, value, 0, 3, rules.league);
  if (key == "map") return SetEnumRule(kMaps, key, value, rules.map);
  if (key == "max_rounds") return SetIntRule(key, value, 1, 10000, rules.max_rounds);
  if (key == "no_legal_action") return SetEnumRule(kNoLegal, key, value, rules.no_legal_action);
  if (key == "action_parsing") return SetEnumRule(kParsing, key, value, rules.action_parsing);
  if (key == "action_order") return SetEnumRule(kOrder, key, value, rules.action_order);
  if (key == "keyword_case") return SetEnumRule(kCase, key, value, rules.keyword_case);
  if (key == kDeviationRule) return SetDeviationRule(kDeviations, value, rules.deviations);
  return "unknown rule '" + std::string(key) +
         "' (known: league, map, max_rounds, no_legal_action, action_parsing, action_order, "
         "keyword_case, deviation)";
}

std::string DescribeRules(const Rules& r) {
  return "league=" + std::to_string(r.league) + " map=" + RuleNameOf(kMaps, r.map) +
         " max_rounds=" + std::to_string(r.max_rounds) +
         " no_legal_action=" + RuleNameOf(kNoLegal, r.no_legal_action) +
         " action_parsing=" + RuleNameOf(kParsing, r.action_parsing) +
         " action_order=" + RuleNameOf(kOrder, r.action_order) +
         (r.keyword_case == KeywordCase::kUpper
              ? std::string()
              : std::string(" keyword_case=") + RuleNameOf(kCase, r.keyword_case)) +
         DescribeDeviations(kDeviations, r.deviations);
}

}  // namespace arbiter::wondev
