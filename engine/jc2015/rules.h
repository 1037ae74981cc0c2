// JavaChallenge2015 rule constants and the rule options where the rule texts
// are silent or disagree.
//
// Every constant cites the clause of the spec register
// (spec-tests/jc2015/clauses.json) it encodes. The defaults of `Rules` are the
// decisions recorded on those clauses; each non-default value is the reading a
// reasonable referee could have taken instead, selectable so that arbiter can
// check a bot or a referee against either.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#ifdef ARBITER_MUTANTS
#include <vector>
#endif

namespace arbiter {
struct Deviation;  // core/game.h
}  // namespace arbiter

namespace arbiter::jc2015 {

inline constexpr int kNumPlayers = 4;     // jc2015.players.count
inline constexpr int kBoardSquares = 18;  // jc2015.board.size
inline constexpr int kBlockSquares = 3;   // jc2015.board.size
inline constexpr int kBoardBlocks = 6;    // jc2015.board.size
inline constexpr int kNumBlocks = kBoardBlocks * kBoardBlocks;
inline constexpr int kMinInitialDistance = 4;  // jc2015.setup.distance: "more than 3"
inline constexpr int kCancelDistance = 3;      // jc2015.move.cancel.distance: "3 or less"
inline constexpr int kTurnsPerBlock =
    4;  // jc2015.attack.delay: "n blocks away drops 4n turns later"
inline constexpr int kStunnedOwnTurns =
    2;  // jc2015.attack.stun: "until your second next turn ends"
inline constexpr int kStunTurns =
    (kStunnedOwnTurns + 1) * kNumPlayers;  // first turn able to act: T+12
inline constexpr int kRestoreTurns =
    20;  // jc2015.restore.delay: "fifth next turn (20 turns later)"
inline constexpr int kDefaultTurnLimit = 1000;  // jc2015.end.turn-limit
// Largest fall timer under any rule option: kSquares counts up to 17 squares.
inline constexpr int kMaxFallTimer = kTurnsPerBlock * (kBoardSquares - 1);

// jc2015.protocol.input.stun: what S counts.
enum class StunCount : uint8_t {
  kGlobalTurns,  // default: S = global turns until the player may act (11, 10, ..., 8 on its own
                 // turn)
  kOwnTurns,     // alternative: S = own turns still blocked (2 on the next own turn, 1, then 0)
};

// jc2015.attack.delay: what the "n" of "n blocks away" counts.
enum class AttackDistance : uint8_t {
  kBlocks,   // default: block steps from the attacker's block; the adjacent block is n = 1
  kSquares,  // alternative (literal "nマス先"): squares from the attacker to the block's nearest
             // square
};

// jc2015.protocol.action.invalid: what a line that is not a command does.
enum class InvalidAction : uint8_t {
  kDoNothing,     // default: the turn passes as "N"
  kRemovePlayer,  // alternative: the player is removed from the board, as if it fell
};

// jc2015.protocol.input.position: the order of a player line's coordinates.
enum class PositionOrder : uint8_t {
  kRowColumn,  // default: "R C D S", as both texts write it
  kColumnRow,  // alternative: "x y D S", column first (the official 2015 referee's lines)
};

// jc2015.protocol.action.whitespace: how an action line is read.
enum class ActionParsing : uint8_t {
  kTrimmed,    // default: surrounding spaces, tabs and CR are ignored (a trim()ing referee)
  kExact,      // alternative: the line must be exactly one command letter
  kFirstWord,  // alternative: trimmed, then only the first space-separated word counts
               // ("U extra" is U; the official 2015 referee)
};

// jc2015.end.simultaneous: what follows when the last players fall in one tick.
enum class ZeroAlive : uint8_t {
  kDraw,       // default: the game ends at once, a draw
  kTurnLimit,  // alternative: the game goes on with nobody on the board to the turn limit, then
               // a draw (the official 2015 referee)
};

// jc2015.protocol.input.fallen-fields: the S shown for a fallen player.
enum class FallenStun : uint8_t {
  kZero,    // default: 0
  kFrozen,  // alternative: the S it had when it fell (the official 2015 referee)
};

// jc2015.protocol.action.extra-lines: what the referee does with a second
// line a bot prints in one answer. The engine plays one line per turn; the
// line a turn reads is the harness's business (GameState::QueuesExtraLines).
enum class ExtraLines : uint8_t {
  kDiscard,  // default: a turn's answer is its first line, the rest is not an answer
  kQueue,    // alternative: lines queue (FIFO), each read on the bot's next turn (the official
             // 2015 referee)
};

// Deviations (arbiter.referee.deviations, docs/deviations.md): deliberate
// referee bugs, one per mutation point, each a plausible mistake at one rule
// edge that breaks the clause its catalogue entry names (Deviations()). In
// production fuzz-referee replays a diverging game under them to name a
// referee's bug (rule "deviation=<name>[,<name>...]"); the test library
// arbiter_engine_mutants also selects them as "mutant=<name>" and lists them
// (MutantName, AllMutants, MutantClause) to test the testers: a referee
// fuzzer or a spec test that is any good must tell every one from the real
// rules, and engine/tests/mutants_test.cc shows a reachable play on which
// each differs. Unlike the options above, a deviation is not a reading of the
// texts that the register allows, with two exceptions kept on purpose:
// extra-last-turn plays the same game as the option turn_limit + 1 (a referee
// counting T from 1), and restore-one-turn-early the same as restore_turns=19
// (the official 2015 referee's count), so a tester that tries the options may
// explain them as those readings rather than report a bug. Find each mutation
// point by grepping for "MUTANT <name>:" in state.cc and codec.cc.
enum class Mutant : uint8_t {
  kNone,
  kCancelBelowThree,        // a move ending at distance exactly 3 is not cancelled
  kFallenCountInDistance,   // fallen players still count, measured from (-1, -1)
  kMoveOntoFallen,          // a move into a fallen block is not cancelled
  kCancelKeepsDirection,    // a cancelled move does not turn the player
  kRescheduleScheduled,     // an attack resets the timer of already scheduled blocks
  kAttackStopsAtScheduled,  // the attack line stops at the first non-stable block
  kAttackOwnBlock,          // the attacker's own block is scheduled too (B = 4)
  kFallOneTurnLate,         // attacked blocks get B = 4n + 1: shown one higher, fall a tick late
  kRestoreOneTurnEarly,     // a fallen block gets B = -19: restored one tick early
  kStunOneTurnShort,        // the attacker acts again on T + 8 instead of T + 12
  kNoTickOnFallenTurns,     // no tick at the start of a fallen player's turn
  kExtraLastTurn,           // turn T = turn_limit is played too (see above)
  kSimultaneousFallLowestWins,  // when the last players fall together, the lowest id wins
  kStunnedMayMove,              // a stunned player's move is played (its attack still is not)
  kStunShownOneLess,            // (codec) S shown as stunned_until - T - 1
  kTurnShownFromOne,            // (codec) T shown as turn + 1
  kBlocksTransposed,            // (codec) B rows and columns swapped
  kScheduledAsFallen,           // a move into a block only scheduled to fall is cancelled too
};
constexpr uint32_t MutantBit(Mutant m) {
  return m == Mutant::kNone ? 0u : 1u << static_cast<int>(m);
}
// The catalogue, in Mutant order (entry i is Mutant i + 1).
std::span<const Deviation> Deviations();
#ifdef ARBITER_MUTANTS
std::string_view MutantName(Mutant m);  // kebab-case, e.g. "cancel-below-three"; "none"
std::optional<Mutant> MutantFromName(std::string_view name);
std::vector<Mutant> AllMutants();         // every mutant except kNone
std::string_view MutantClause(Mutant m);  // the clause it breaks; "" for kNone
#endif

struct Rules {
  int turn_limit = kDefaultTurnLimit;  // jc2015.end.turn-limit
  StunCount stun_count = StunCount::kGlobalTurns;
  AttackDistance attack_distance = AttackDistance::kBlocks;
  InvalidAction invalid_action = InvalidAction::kDoNothing;
  ActionParsing action_parsing = ActionParsing::kTrimmed;
  bool fallen_players_get_input = false;  // jc2015.fallen.turns
  PositionOrder position_order = PositionOrder::kRowColumn;
  ExtraLines extra_lines = ExtraLines::kDiscard;
  // jc2015.restore.delay: turns from a block's fall to its restoration, the
  // first timer it shows negated: 20 by the text, 19 by the official 2015
  // referee (-19 first).
  int restore_turns = kRestoreTurns;
  ZeroAlive zero_alive = ZeroAlive::kDraw;
  FallenStun fallen_stun = FallenStun::kZero;
  // Rule "deviation" (and "mutant"): one bit per Mutant (MutantBit); a
  // referee with several defects at once sets several. 0 plays the rules.
  uint32_t mutants = 0;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// ARBITER_MUTANT(rules, kName) is true when `rules` select deviation kName.
#define ARBITER_MUTANT(rules, m) \
  (((rules).mutants & ::arbiter::jc2015::MutantBit(::arbiter::jc2015::Mutant::m)) != 0)

// Names used by scenarios, serialisation and the command line
// ("stun_count=own-turns"). SetRule returns an error message, empty on success.
// SetRule also accepts "deviation" (a deviation's name, or several separated
// by commas, added to those set; "none" clears them) and its older name
// "mutant"; DescribeRules appends " deviation=<name>[,<name>...]" (" mutant="
// in the test library) when one is set, so that the rules without one
// describe and serialise exactly as they always did.
std::string SetRule(Rules& rules, std::string_view key, std::string_view value);
std::string DescribeRules(const Rules& rules);  // "turn_limit=1000 stun_count=global-turns ..."

}  // namespace arbiter::jc2015
