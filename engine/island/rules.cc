// Names of the rule options, for scenarios, serialised states and the command
// line. Each option is documented on its clause in the spec register.
#include "island/rules.h"

#include "core/deviations.h"
#include "core/game.h"
#include "core/rule_names.h"

namespace arbiter::island {
namespace {

constexpr RuleName<Deal> kDeal[] = {{Deal::kNextTurn, "next-turn"},
                                    {Deal::kImmediate, "immediate"}};
constexpr RuleName<KeywordCase> kCase[] = {{KeywordCase::kLower, "lower"},
                                           {KeywordCase::kAny, "any"}};
constexpr RuleName<Whitespace> kBlank[] = {{Whitespace::kExact, "exact"},
                                           {Whitespace::kTrim, "trim"}};
constexpr RuleName<TileChars> kTiles[] = {{TileChars::kAscii, "ascii"},
                                          {TileChars::kUnicode, "unicode"}};
constexpr RuleName<LimitResult> kLimit[] = {{LimitResult::kDraw, "draw"},
                                            {LimitResult::kGround, "ground"}};

// The deviations in words, in Mutant order (entry i is Mutant i + 1), derived
// clause by clause as docs/deviations.md says.
constexpr Deviation kDeviations[] = {
    {"defence-uncapped", "island.defence.count", "a check left out",
     "the referee lets a defender use every matching tile it holds",
     "a defence uses at most as many tiles as the attack"},
    {"mirrored-for-player-2", "island.board.island", "a view mirrored for one player",
     "the referee sends player 2 the island reversed", "both players are sent the same island"},
    {"retreat-edge-ignored", "island.retreat.edge", "an end condition missing",
     "the referee refuses a retreat past the edge, with no effect",
     "a retreat past the edge loses the game"},
    {"tiles-from-right", "island.tiles.replace", "the other end",
     "the referee uses and replaces the rightmost matching tiles", "the leftmost ones are used"},
    {"shuffle-limit-plus-one", "island.shuffle.limit", "a threshold off by one",
     "the referee accepts one shuffle more than the limit", "the limit is the last one allowed"},
    {"keywords-any-case", "island.syntax.keywords", "a keyword in another case",
     "the referee accepts keywords in any letter case", "keywords are lower case"},
};

#ifdef ARBITER_MUTANTS
// The clause each one breaks is in spec-tests/island/clauses.json.
constexpr MutantEntry<Mutant> kMutants[] = {
    {Mutant::kNone, "none", ""},
    {Mutant::kDefenceUncapped, "defence-uncapped", "island.defence.count"},
    {Mutant::kMirroredForPlayer2, "mirrored-for-player-2", "island.board.island"},
    {Mutant::kRetreatEdgeIgnored, "retreat-edge-ignored", "island.retreat.edge"},
    {Mutant::kTilesFromRight, "tiles-from-right", "island.tiles.replace"},
    {Mutant::kShuffleLimitPlusOne, "shuffle-limit-plus-one", "island.shuffle.limit"},
    {Mutant::kKeywordsAnyCase, "keywords-any-case", "island.syntax.keywords"},
};
static_assert(std::size(kMutants) == std::size(kDeviations) + 1);
#endif

}  // namespace

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "deal") return SetEnumRule(kDeal, key, value, rules.deal);
  if (key == "keyword_case") return SetEnumRule(kCase, key, value, rules.keyword_case);
  if (key == "whitespace") return SetEnumRule(kBlank, key, value, rules.whitespace);
  if (key == "tile_chars") return SetEnumRule(kTiles, key, value, rules.tile_chars);
  if (key == "limit_result") return SetEnumRule(kLimit, key, value, rules.limit_result);
  if (key == "shuffle_limit") return SetIntRule(key, value, 0, 1'000'000, rules.shuffle_limit);
  if (key == "max_turns") return SetIntRule(key, value, 1, 1'000'000, rules.max_turns);
#ifdef ARBITER_MUTANTS
  if (key == "mutant") return SetMutantRule(kMutants, key, value, rules.mutants);
#endif
  if (key == kDeviationRule || key == "mutant")
    return SetDeviationRule(kDeviations, value, rules.mutants);
  return "unknown rule '" + std::string(key) +
         "' (known: deal, keyword_case, whitespace, tile_chars, shuffle_limit, max_turns, "
         "limit_result, deviation)";
}

std::string DescribeRules(const Rules& r) {
  std::string out = std::string("deal=") + RuleNameOf(kDeal, r.deal) +
                    " keyword_case=" + RuleNameOf(kCase, r.keyword_case) +
                    " whitespace=" + RuleNameOf(kBlank, r.whitespace) +
                    " tile_chars=" + RuleNameOf(kTiles, r.tile_chars) +
                    " shuffle_limit=" + std::to_string(r.shuffle_limit) +
                    " max_turns=" + std::to_string(r.max_turns) +
                    " limit_result=" + RuleNameOf(kLimit, r.limit_result);
  // Only when set, so that the rules without one read as they always did.
#ifdef ARBITER_MUTANTS
  out += DescribeMutants(kMutants, r.mutants);
#else
  out += DescribeDeviations(kDeviations, r.mutants);
#endif
  return out;
}

std::span<const Deviation> Deviations() { return kDeviations; }

#ifdef ARBITER_MUTANTS
std::string_view MutantName(Mutant m) { return RuleNameOf(kMutants, m); }

std::optional<Mutant> MutantFromName(std::string_view name) { return RuleValueOf(kMutants, name); }

std::vector<Mutant> AllMutants() {
  std::vector<Mutant> out;
  for (const auto& e : kMutants)
    if (e.value != Mutant::kNone) out.push_back(e.value);
  return out;
}

std::string_view MutantClause(Mutant m) {
  const auto* e = FindRuleEntry(kMutants, m);
  return e ? e->clause : "";
}
#endif

}  // namespace arbiter::island
