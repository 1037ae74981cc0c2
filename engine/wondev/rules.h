// Wondev Woman rule constants, leagues, and the rule options where the rule
// texts (../shared/seeds/wondev-woman.txt and the facts of tracker issue 7)
// are silent.
//
// Every constant cites the clause of the spec register
// (spec-tests/wondev/clauses.json) it encodes. The defaults of `Rules` are the
// decisions recorded on those clauses; each non-default value is a reading
// another referee could have taken, selectable so that arbiter can check a bot
// or a referee against either.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace arbiter {
struct Deviation;  // core/game.h
}  // namespace arbiter

namespace arbiter::wondev {

inline constexpr int kNumPlayers = 2;  // wondev.turn.order
inline constexpr int kMinSize = 5;     // wondev.grid.square: 5 <= size <= 7
inline constexpr int kMaxSize = 7;     // wondev.grid.square
inline constexpr int kMaxCells = kMaxSize * kMaxSize;
inline constexpr int kMaxUnits = 2;            // wondev.league.units
inline constexpr int kScoreHeight = 3;         // wondev.score.climb: moving onto level 3 scores
inline constexpr int kRemovedHeight = 4;       // wondev.build.height: level 4 leaves play
inline constexpr int kHole = -1;               // wondev.grid.cells: '.'
inline constexpr int kDefaultLeague = 1;       // wondev.league: the seed text's league
inline constexpr int kDefaultMaxRounds = 200;  // wondev.end.rounds
inline constexpr int kMaxLegalActions = 128;   // wondev.protocol.input.legal: 0..128
inline constexpr int kRandomBox = 6;           // wondev.map.random: a 6x6 box
inline constexpr int kSquareSize = 5;          // wondev.map.kinds: the full 5x5 square
inline constexpr int kDiamondSize = 7;         // wondev.map.kinds: rows 1,3,5,7,5,3,1
inline constexpr int kMinRandomCells = 12;     // wondev.map.random: redraw smaller maps

// wondev.map.kinds: which map a seeded game is played on.
enum class MapKind : uint8_t {
  kAny,      // default: the seed draws one of the three kinds, each with probability 1/3
  kSquare,   // the full 5x5 square
  kDiamond,  // the 7x7 diamond of 25 cells
  kRandom,   // a random mirror-symmetric map in a 6x6 box
};

// wondev.turn.no-legal-action: what the line of a player with no legal
// action does.
enum class NoLegalAction : uint8_t {
  kOut,   // default: whatever it prints, the player is out (no line can be a legal action)
  kPass,  // alternative: its turn passes and it stays in (ACCEPT-DEFEAT still puts it out)
};

// wondev.protocol.action.whitespace: how an answer line is read.
enum class ActionParsing : uint8_t {
  kTrimmed,   // default: bytes <= ' ' at both ends dropped, tokens split on runs of blanks
  kExact,     // alternative: no surrounding whitespace, single spaces between tokens
  kTrailing,  // alternative: bytes <= ' ' dropped at the end only; a leading blank is invalid
};

// wondev.protocol.action.grammar: the case of an answer's command keyword.
enum class KeywordCase : uint8_t {
  kUpper,  // default, the text's reading: MOVE&BUILD, PUSH&BUILD, ACCEPT-DEFEAT as written
  kAny,    // alternative, the real server's reading: the keyword in any case (move&build)
};

// wondev.protocol.input.legal: the order of the legal-action list.
enum class ActionOrder : uint8_t {
  kText,        // default: sorted by the action's text, byte by byte (ASCII)
  kGeneration,  // alternative: by type, unit, dir1, dir2, directions in the order N NE E SE S SW W
                // NW
};

// Deviations (arbiter.referee.deviations, docs/deviations.md): the bugs a
// referee author writes at each clause, selected by the rule "deviation"
// (names separated by commas) and described by Deviations() (rules.cc).
// The smaller change of a clause comes first: the first that explains a
// game is the one named.
// fuzz-referee replays a diverging game under them to name a referee's bug.
enum class DeviationId : uint8_t {
  kNone,
  kClimbTwo,            // wondev.move.climb: two levels up allowed
  kClimbAny,            // wondev.move.climb: the climb check left out
  kClimbNone,           // wondev.move.climb: no climb at all (< for <=)
  kDropOne,             // wondev.move.climb: a drop limited to one level too
  kPushClimbTwo,        // wondev.push.destination: two levels up allowed
  kPushClimbAny,        // wondev.push.destination: the height check left out
  kPushDropOne,         // wondev.push.destination: a drop limited to one level too
  kPushAnyDirection,    // wondev.push.target: the direction check left out
  kPushStraightOnly,    // wondev.push.target: the two neighbouring directions refused
  kBuildUnderUnit,      // wondev.build.adjacent: the unit check left out
  kLeftCellOccupied,    // wondev.build.adjacent: the cell just left checked before the move
  kScoreClimbOnly,      // wondev.score.climb: a move level 3 to level 3 does not score
  kScoreOnLeaving,      // wondev.score.climb: the cell left scores, not the cell reached
  kPushScores,          // wondev.push.build: the pusher scores on a level-3 build
  kRoundsOneEarly,      // wondev.end.rounds: one round fewer
  kRoundsOneLate,       // wondev.end.rounds: one round more
  kFogTwo,              // wondev.fog.visibility: seen within distance 2
  kFogBuildBuilds,      // wondev.fog.build: the build on an unseen unit not cancelled
  kLeaderAloneAny,      // wondev.end.leader-alone: the leader check left out
  kLeaderAloneMissing,  // wondev.end.leader-alone: the end condition missing
  kLeaderOrTied,        // wondev.end.leader-alone: a tie ends it too (>= for >)
  kCount,
};

struct Rules {
  int league = kDefaultLeague;  // wondev.league: 0..3, cumulative
  MapKind map = MapKind::kAny;
  int max_rounds = kDefaultMaxRounds;
  NoLegalAction no_legal_action = NoLegalAction::kOut;
  ActionParsing action_parsing = ActionParsing::kTrimmed;
  ActionOrder action_order = ActionOrder::kText;
  KeywordCase keyword_case = KeywordCase::kUpper;
  uint32_t deviations = 0;  // one bit per DeviationId; 0 plays the rules

  bool deviates(DeviationId d) const { return (deviations >> static_cast<int>(d) & 1u) != 0; }
  // wondev.league.units, wondev.push.target, wondev.fog.visibility.
  int units_per_player() const { return league >= 2 ? 2 : 1; }
  bool pushes() const { return league >= 2; }
  bool fog() const { return league >= 3; }
  // wondev.score.league0: the first unit on level 3 wins at once.
  bool first_climb_wins() const { return league == 0; }

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Names used by scenarios, serialisation and the command line
// ("league=3", "map=diamond"). SetRule returns an error message, empty on
// success.
std::string SetRule(Rules& rules, std::string_view key, std::string_view value);
// "league=1 map=any max_rounds=200 no_legal_action=out action_parsing=trimmed action_order=text",
// then " keyword_case=any" when it is not the default (states written before
// the option existed read the same).
std::string DescribeRules(const Rules& rules);

// The catalogue of deviations, in DeviationId order (entry i is id i + 1).
std::span<const Deviation> Deviations();

}  // namespace arbiter::wondev
