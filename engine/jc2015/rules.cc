// Names of the rule options, for scenarios, serialised states and the command
// line. Each option is documented on its clause in the spec register.
#include "jc2015/rules.h"

#include "core/deviations.h"
#include "core/game.h"
#include "core/parse.h"
#include "core/rule_names.h"

namespace arbiter::jc2015 {
namespace {

constexpr RuleName<StunCount> kStun[] = {{StunCount::kGlobalTurns, "global-turns"},
                                         {StunCount::kOwnTurns, "own-turns"}};
constexpr RuleName<AttackDistance> kAttack[] = {{AttackDistance::kBlocks, "blocks"},
                                                {AttackDistance::kSquares, "squares"}};
constexpr RuleName<InvalidAction> kInvalid[] = {{InvalidAction::kDoNothing, "do-nothing"},
                                                {InvalidAction::kRemovePlayer, "remove-player"}};
constexpr RuleName<ActionParsing> kParsing[] = {{ActionParsing::kTrimmed, "trimmed"},
                                                {ActionParsing::kExact, "exact"},
                                                {ActionParsing::kFirstWord, "first-word"}};
constexpr RuleName<ZeroAlive> kZeroAlive[] = {{ZeroAlive::kDraw, "draw"},
                                              {ZeroAlive::kTurnLimit, "turn-limit"}};
constexpr RuleName<FallenStun> kFallenStun[] = {{FallenStun::kZero, "zero"},
                                                {FallenStun::kFrozen, "frozen"}};
constexpr RuleName<bool> kBool[] = {{false, "false"}, {true, "true"}};
constexpr RuleName<PositionOrder> kOrder[] = {{PositionOrder::kRowColumn, "row-col"},
                                              {PositionOrder::kColumnRow, "col-row"}};
constexpr RuleName<ExtraLines> kExtra[] = {{ExtraLines::kDiscard, "discard"},
                                           {ExtraLines::kQueue, "queue"}};

// The deviations in words, in Mutant order (entry i is Mutant i + 1), derived
// clause by clause as docs/deviations.md says.
constexpr Deviation kDeviations[] = {
    {"cancel-below-three", "jc2015.move.cancel.distance", "< for <=",
     "the referee does not cancel a move that ends exactly 3 squares from another player",
     "a move ending 3 squares or fewer from another player is cancelled"},
    {"fallen-count-in-distance", "jc2015.move.cancel.distance", "a check left out",
     "the referee counts fallen players, at (-1, -1), when it measures a move's distance to the "
     "others",
     "fallen players do not count"},
    {"move-onto-fallen", "jc2015.move.cancel.fallen", "a check left out",
     "the referee lets a player move into a fallen block", "such a move is cancelled"},
    {"cancel-keeps-direction", "jc2015.move.cancel.turns", "a step left out",
     "the referee leaves a player whose move is cancelled facing its old direction",
     "a cancelled move still turns the player"},
    {"reschedule-scheduled", "jc2015.attack.no-reschedule", "a check left out",
     "the referee resets the timer of a block already scheduled to fall when an attack reaches "
     "it again",
     "an attack leaves a scheduled block's timer alone"},
    {"attack-stops-at-scheduled", "jc2015.attack.line", "a condition added",
     "the referee stops an attack's line at the first block already scheduled or fallen",
     "the line goes on past such blocks"},
    {"attack-own-block", "jc2015.attack.line", "own for enemy, any for one",
     "the referee schedules the attacker's own block too",
     "the attacker's own block is not attacked"},
    {"fall-one-turn-late", "jc2015.fall.timing", "a threshold off by one",
     "the referee drops attacked blocks one tick late (timer 4n + 1)",
     "a block n blocks away falls 4n turns later"},
    {"restore-one-turn-early", "jc2015.restore.delay", "a counter off by one",
     "the referee restores a fallen block one tick early", "it is restored 20 turns later"},
    {"stun-one-turn-short", "jc2015.attack.stun", "a counter off by one",
     "the referee lets an attacker act again one round early (turn T + 8)",
     "it acts again after its second next turn (T + 12)"},
    {"no-tick-on-fallen-turns", "jc2015.fallen.turns", "a step left out",
     "the referee does not count the block timers down on a fallen player's turn",
     "every turn ticks, a fallen player's too"},
    {"extra-last-turn", "jc2015.end.turn-limit", "a counter off by one",
     "the referee plays one turn past the turn limit", "turn T = turn_limit is not played"},
    {"simultaneous-fall-lowest-wins", "jc2015.end.simultaneous", "an end condition wrong",
     "the referee makes the lowest-numbered player win when the last players fall together",
     "that is a draw"},
    {"stunned-may-move", "jc2015.attack.stun", "a check left out",
     "the referee plays a stunned player's move", "a stunned player does nothing"},
    {"stun-shown-one-less", "jc2015.protocol.input.stun", "a counter off by one",
     "the referee shows S one less than the turns a stunned player still waits",
     "S counts the global turns until the player may act"},
    {"turn-shown-from-one", "jc2015.protocol.input.turn", "a counter that starts at 1",
     "the referee shows the turn counted from 1", "the first turn is 0"},
    {"blocks-transposed", "jc2015.protocol.input.block", "rows for columns",
     "the referee prints the block timers with rows and columns swapped",
     "row by row, each row's blocks left to right"},
    {"scheduled-as-fallen", "jc2015.move.cancel.fallen", "a condition widened",
     "the referee cancels a move into a block that is only scheduled to fall (B != 0 for B < 0)",
     "only a move into a fallen block is cancelled; a scheduled one may be entered"},
};

#ifdef ARBITER_MUTANTS
// The clause each one breaks is in spec-tests/jc2015/clauses.json.
constexpr MutantEntry<Mutant> kMutants[] = {
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
    {Mutant::kStunnedMayMove, "stunned-may-move", "jc2015.attack.stun"},
    {Mutant::kStunShownOneLess, "stun-shown-one-less", "jc2015.protocol.input.stun"},
    {Mutant::kTurnShownFromOne, "turn-shown-from-one", "jc2015.protocol.input.turn"},
    {Mutant::kBlocksTransposed, "blocks-transposed", "jc2015.protocol.input.block"},
    {Mutant::kScheduledAsFallen, "scheduled-as-fallen", "jc2015.move.cancel.fallen"},
};
static_assert(std::size(kMutants) == std::size(kDeviations) + 1);

#endif

}  // namespace

std::string SetRule(Rules& rules, std::string_view key, std::string_view value) {
  if (key == "turn_limit") return SetIntRule(key, value, 1, 1'000'000, rules.turn_limit);
  if (key == "stun_count") return SetEnumRule(kStun, key, value, rules.stun_count);
  if (key == "attack_distance") return SetEnumRule(kAttack, key, value, rules.attack_distance);
  if (key == "invalid_action") return SetEnumRule(kInvalid, key, value, rules.invalid_action);
  if (key == "action_parsing") return SetEnumRule(kParsing, key, value, rules.action_parsing);
  if (key == "fallen_players_get_input")
    return SetEnumRule(kBool, key, value, rules.fallen_players_get_input);
  if (key == "position_order") return SetEnumRule(kOrder, key, value, rules.position_order);
  if (key == "extra_lines") return SetEnumRule(kExtra, key, value, rules.extra_lines);
  if (key == "restore_turns")
    return SetIntRule(key, value, kRestoreTurns - 1, kRestoreTurns, rules.restore_turns);
  if (key == "zero_alive") return SetEnumRule(kZeroAlive, key, value, rules.zero_alive);
  if (key == "fallen_stun") return SetEnumRule(kFallenStun, key, value, rules.fallen_stun);
#ifdef ARBITER_MUTANTS
  if (key == "mutant") return SetMutantRule(kMutants, key, value, rules.mutants);
#endif
  if (key == kDeviationRule || key == "mutant")
    return SetDeviationRule(kDeviations, value, rules.mutants);
  return "unknown rule '" + std::string(key) +
         "' (known: turn_limit, stun_count, attack_distance, invalid_action, action_parsing, "
         "fallen_players_get_input, position_order, extra_lines, restore_turns, zero_alive, "
         "fallen_stun, deviation)";
}

std::string DescribeRules(const Rules& r) {
  std::string out = "turn_limit=" + std::to_string(r.turn_limit) +
                    " stun_count=" + RuleNameOf(kStun, r.stun_count) +
                    " attack_distance=" + RuleNameOf(kAttack, r.attack_distance) +
                    " invalid_action=" + RuleNameOf(kInvalid, r.invalid_action) +
                    " action_parsing=" + RuleNameOf(kParsing, r.action_parsing) +
                    " fallen_players_get_input=" + RuleNameOf(kBool, r.fallen_players_get_input) +
                    " position_order=" + RuleNameOf(kOrder, r.position_order);
  // Only when not the default: the serialised states and transcripts written
  // before the option existed read as they did.
  if (r.extra_lines != ExtraLines::kDiscard)
    out += " extra_lines=" + std::string(RuleNameOf(kExtra, r.extra_lines));
  if (r.restore_turns != kRestoreTurns) out += " restore_turns=" + std::to_string(r.restore_turns);
  if (r.zero_alive != ZeroAlive::kDraw)
    out += " zero_alive=" + std::string(RuleNameOf(kZeroAlive, r.zero_alive));
  if (r.fallen_stun != FallenStun::kZero)
    out += " fallen_stun=" + std::string(RuleNameOf(kFallenStun, r.fallen_stun));
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

}  // namespace arbiter::jc2015
