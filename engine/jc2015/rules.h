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
#include <string>
#include <string_view>

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

// jc2015.protocol.action.whitespace: how an action line is read.
enum class ActionParsing : uint8_t {
  kTrimmed,  // default: surrounding spaces, tabs and CR are ignored (a trim()ing referee)
  kExact,    // alternative: the line must be exactly one command letter
};

struct Rules {
  int turn_limit = kDefaultTurnLimit;  // jc2015.end.turn-limit
  StunCount stun_count = StunCount::kGlobalTurns;
  AttackDistance attack_distance = AttackDistance::kBlocks;
  InvalidAction invalid_action = InvalidAction::kDoNothing;
  ActionParsing action_parsing = ActionParsing::kTrimmed;
  bool fallen_players_get_input = false;  // jc2015.fallen.turns

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Names used by scenarios, serialisation and the command line
// ("stun_count=own-turns"). SetRule returns an error message, empty on success.
std::string SetRule(Rules& rules, std::string_view key, std::string_view value);
std::string DescribeRules(const Rules& rules);  // "turn_limit=1000 stun_count=global-turns ..."

}  // namespace arbiter::jc2015
