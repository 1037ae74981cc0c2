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

#ifdef ARBITER_MUTANTS
struct MutantInfo {
  Mutant value;
  const char* name;
  const char* clause;  // the clause of spec-tests/jc2015/clauses.json it breaks
};
constexpr MutantInfo kMutants[] = {
    {Mutant::kNone, "none", ""},
    {Mutant::kCancelBelowThree, "cancel-below-three", "jc2015.move.cancel.distance"},
    {Mutant::kFallenCountInDistance, "fallen-count-in-distance", "jc2015.move.cancel.distance"},
    {Mutant::kMoveOntoFallen, "move-onto-fallen", "jc2015.move.cancel.fallen"},
    {Mutant::kCancelKeepsDirection, "cancel-keeps-direction", "jc2015.move.cancel.turns"},
    {Mutant::kRescheduleScheduled, "reschedule-scheduled", "jc2015.attack.no-reschedule"},
    {Mutant::kAttackStopsAtScheduled, "attack-stops-at-scheduled", "jc2015.attack.line"},
    {Mutant::kAttackOwnBlock, "attack-own-block", "jc2015.attack.line"},
    {Mutant::kFallOneTurnLate, "fall-one-turn-late", "jc2015.fall.timing"},
    {Mutant::kRestoreOneTurnEarly, "restore-one-turn-early", "jc2015.restore.delay"},
    {Mutant::kStunOneTurnShort, "stun-one-turn-short", "jc2015.attack.stun"},
    {Mutant::kNoTickOnFallenTurns, "no-tick-on-fallen-turns", "jc2015.fallen.turns"},
    {Mutant::kExtraLastTurn, "extra-last-turn", "jc2015.end.turn-limit"},
    {Mutant::kSimultaneousFallLowestWins, "simultaneous-fall-lowest-wins",
     "jc2015.end.simultaneous"},
    {Mutant::kStunShownOneLess, "stun-shown-one-less", "jc2015.protocol.input.stun"},
    {Mutant::kTurnShownFromOne, "turn-shown-from-one", "jc2015.protocol.input.turn"},
    {Mutant::kBlocksTransposed, "blocks-transposed", "jc2015.protocol.input.block"},
};

const MutantInfo* FindMutant(Mutant m) {
  for (const MutantInfo& i : kMutants)
    if (i.value == m) return &i;
  return nullptr;
}
#endif

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
#ifdef ARBITER_MUTANTS
  if (key == "mutant") {
    if (const auto m = MutantFromName(value)) {
      rules.mutant = *m;
      return {};
    }
    std::string choices;
    for (const MutantInfo& i : kMutants)
      choices += std::string(choices.empty() ? "" : ", ") + i.name;
    return "rule mutant: '" + std::string(value) + "' is not one of " + choices;
  }
#endif
  return "unknown rule '" + std::string(key) +
         "' (known: turn_limit, stun_count, attack_distance, invalid_action, action_parsing, "
         "fallen_players_get_input"
#ifdef ARBITER_MUTANTS
         ", mutant"
#endif
         ")";
}

std::string DescribeRules(const Rules& r) {
  std::string out = "turn_limit=" + std::to_string(r.turn_limit) +
                    " stun_count=" + NameOf(kStun, r.stun_count) +
                    " attack_distance=" + NameOf(kAttack, r.attack_distance) +
                    " invalid_action=" + NameOf(kInvalid, r.invalid_action) +
                    " action_parsing=" + NameOf(kParsing, r.action_parsing) +
                    " fallen_players_get_input=" + NameOf(kBool, r.fallen_players_get_input);
#ifdef ARBITER_MUTANTS
  // Only when set, so that the rules without a mutant read as in production.
  if (r.mutant != Mutant::kNone) out += " mutant=" + std::string(MutantName(r.mutant));
#endif
  return out;
}

#ifdef ARBITER_MUTANTS
std::string_view MutantName(Mutant m) {
  const MutantInfo* i = FindMutant(m);
  return i ? i->name : "?";
}

std::optional<Mutant> MutantFromName(std::string_view name) {
  for (const MutantInfo& i : kMutants)
    if (name == i.name) return i.value;
  return std::nullopt;
}

std::vector<Mutant> AllMutants() {
  std::vector<Mutant> out;
  for (const MutantInfo& i : kMutants)
    if (i.value != Mutant::kNone) out.push_back(i.value);
  return out;
}

std::string_view MutantClause(Mutant m) {
  const MutantInfo* i = FindMutant(m);
  return i ? i->clause : "";
}
#endif

}  // namespace arbiter::jc2015
