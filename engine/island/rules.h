// Save The Island rule constants and the rule options where the rule texts
// (../shared/seeds/save-the-island.txt and the facts of tracker issue 8) are
// silent or leave a choice open.
//
// Every constant cites the clause of the spec register
// (spec-tests/island/clauses.json) it encodes. The defaults of `Rules` are the
// decisions recorded on those clauses; each non-default value is a reading
// another referee could have taken, selectable with --rule so that arbiter can
// check a bot or a referee against either.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {
struct Deviation;  // core/game.h
}  // namespace arbiter

namespace arbiter::island {

inline constexpr int kNumPlayers = 2;         // island.turn.order
inline constexpr int kIslandSize = 15;        // island.board.island: positions 0..14
inline constexpr int kHandSize = 5;           // island.board.tiles
inline constexpr int kMinTile = 1;            // island.tiles.random: values 1..4
inline constexpr int kMaxTile = 4;            // island.tiles.random
inline constexpr int kKnockback = 3;          // island.defence.knockback: 3 cells per hit
inline constexpr int kDefaultShuffles = 20;   // island.shuffle.limit
inline constexpr int kDefaultMaxTurns = 200;  // island.end.limit: 100 turns each
inline constexpr int kNoTile = 0;             // a used tile not yet replaced (deal=next-turn)

// island.tiles.deal: when a used tile's replacement is drawn.
enum class Deal : uint8_t {
  kNextTurn,   // default: at the owner's next board; until then the tile is gone (cannot defend)
  kImmediate,  // alternative: at once, so a defender may defend with tiles it has not seen
};

// island.syntax.keywords: the letter case of move, retreat, attack, shuffle.
enum class KeywordCase : uint8_t {
  kLower,  // default: exactly the lower-case words of the rules
  kAny,    // alternative: any case ("MOVE;2", "Shuffle"), as an equalsIgnoreCase referee
};

// island.syntax.whitespace: blanks around and inside a move line.
enum class Whitespace : uint8_t {
  kExact,  // default: none at all (a "\r\n" line end is a line end, as Java's readLine)
  kTrim,   // alternative: blanks and tabs at both ends are ignored (a trim()ing referee)
};

// island.syntax.tiles: which characters are tiles.
enum class TileChars : uint8_t {
  kAscii,    // default: only the ASCII digits '1'..'4'
  kUnicode,  // alternative: any Unicode decimal digit worth 1..4 (Java's Integer.parseInt)
};

// island.end.limit: who wins when the turn limit is reached.
enum class LimitResult : uint8_t {
  kDraw,    // default: a draw
  kGround,  // alternative: the player with more island behind it; equal ground is a draw
};

// Deviations (arbiter.referee.deviations; see jc2015/rules.h for the
// scheme): deliberate referee bugs, each a plausible referee mistake that
// breaks the clause its catalogue entry names (Deviations()), selected by the
// rule "deviation" (or "mutant"); find each mutation point by grepping for
// "MUTANT <name>:".
enum class Mutant : uint8_t {
  kNone,
  kDefenceUncapped,      // the defender uses every matching tile, not at most the attack's count
  kMirroredForPlayer2,   // (codec) player 2 is sent the island reversed
  kRetreatEdgeIgnored,   // a retreat past the edge is refused (no effect) instead of losing
  kTilesFromRight,       // the rightmost matching tiles are the ones used and replaced
  kShuffleLimitPlusOne,  // a 21st shuffle is accepted
  kKeywordsAnyCase,      // "MOVE;2" is accepted although the rules say lower case
};
constexpr uint32_t MutantBit(Mutant m) {
  return m == Mutant::kNone ? 0u : 1u << static_cast<int>(m);
}
// The catalogue, in Mutant order (entry i is Mutant i + 1).
std::span<const Deviation> Deviations();
#ifdef ARBITER_MUTANTS
std::string_view MutantName(Mutant m);  // kebab-case, "none" for kNone
std::optional<Mutant> MutantFromName(std::string_view name);
std::vector<Mutant> AllMutants();         // every mutant except kNone
std::string_view MutantClause(Mutant m);  // the clause it breaks; "" for kNone
#endif

struct Rules {
  Deal deal = Deal::kNextTurn;
  KeywordCase keyword_case = KeywordCase::kLower;
  Whitespace whitespace = Whitespace::kExact;
  TileChars tile_chars = TileChars::kAscii;
  int shuffle_limit = kDefaultShuffles;  // island.shuffle.limit
  int max_turns = kDefaultMaxTurns;      // island.end.limit: global turns, both players'
  LimitResult limit_result = LimitResult::kDraw;
  // Rule "deviation" (and "mutant"): one bit per Mutant (MutantBit); a
  // referee with several defects at once sets several. 0 plays the rules.
  uint32_t mutants = 0;

  friend bool operator==(const Rules&, const Rules&) = default;
};

#define ISLAND_MUTANT(rules, m) \
  (((rules).mutants & ::arbiter::island::MutantBit(::arbiter::island::Mutant::m)) != 0)

// Names used by scenarios, serialisation and the command line ("deal=immediate",
// "max_turns=300"). SetRule returns an error message, empty on success. Under
// ARBITER_MUTANTS SetRule also accepts "mutant" (a name, or names separated by
// commas), and DescribeRules appends " mutant=<name>[,<name>...]" when one is
// selected.
std::string SetRule(Rules& rules, std::string_view key, std::string_view value);
// "deal=next-turn keyword_case=lower whitespace=exact tile_chars=ascii shuffle_limit=20 ..."
std::string DescribeRules(const Rules& rules);

}  // namespace arbiter::island
