// The Save The Island state and its turn function: two players on a line of
// 15 cells, five tiles each, player 1 (index 0) moving first. Pure and
// deterministic: every random tile comes from the state's own SplitMix64
// generator, so a seed and the answers replay the same game.
//
// Players are indexed 0 and 1 here; the rules and the board call them 1 and 2.
// Player 0 is always left of player 1 (island.board.island): its "forward" is
// +1, player 1's is -1. A hand holds five tiles 1..4; under deal=next-turn a
// used tile is kNoTile until its owner's next turn deals it
// (island.tiles.deal). fresh(p) is the set of tile slots dealt to p since p
// last acted: what p's next board shows for the first time, which a referee
// fuzzer cannot predict and learns instead.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/rng.h"
#include "island/rules.h"

namespace arbiter::island {

using Hand = std::array<int8_t, kHandSize>;

enum class MoveKind : uint8_t { kMove, kRetreat, kShuffle, kAttack };

// A move in the output grammar (island.syntax.grammar): `value` is the tile
// value (every tile of an attack is the same one, "attack;x...x") and
// `count` the number of tiles, 1 for move and retreat, 0 for shuffle.
struct Move {
  MoveKind kind = MoveKind::kShuffle;
  int value = 0;
  int count = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// How a game ended, for the clause that made it end.
enum class End : uint8_t {
  kNone,
  kRetreatEdge,   // island.retreat.edge: retreated past its own edge
  kKnockedOff,    // island.edge.knocked: knocked past the edge by an attack
  kInvalid,       // island.invalid: not in the output grammar
  kIllegal,       // island.invalid: in the grammar, but not allowed here
  kDisqualified,  // island.timeout: no answer (late, crashed, exited)
  kLimit,         // island.end.limit
};

enum class Result : uint8_t {
  kMoved,
  kRetreated,
  kShuffled,
  kAttacked,   // see hits: 0 means fully defended
  kRefused,    // (mutant retreat-edge-ignored only) the move had no effect
  kEndedGame,  // see State::end()
};

// What one turn did, for events and tests.
struct TurnEvents {
  int turn = 0;
  int player = 0;
  Result result = Result::kMoved;
  Move move;
  std::string reason;    // why a move was invalid or illegal
  int from = 0, to = 0;  // the mover's position
  int defender_from = 0, defender_to = 0;
  int attack_tiles = 0, defence_tiles = 0, hits = 0;
  uint8_t used = 0, defence_used = 0;  // tile slots used (bit i: slot i)
  bool game_over = false;
};

class State {
 public:
  // island.start.positions, island.tiles.random: positions 0 and 14, five
  // tiles each drawn from Rng(seed), player 0's first.
  static State Initial(uint64_t seed, const Rules& rules);
  // Any position: hands may hold kNoTile slots (dealt when their owner is to
  // move). Checked by Validate; `rng_state` continues the draws.
  static State FromParts(const Rules& rules, int turn, std::array<int, 2> pos,
                         std::array<Hand, 2> hands, std::array<int, 2> shuffles,
                         uint64_t rng_state);
  // Exactly the fields Serialize writes, as written (serialize.cc's
  // Deserialize, after it checked them): nothing is dealt or decided.
  static State Restore(const Rules& rules, int turn, std::array<int, 2> pos,
                       std::array<Hand, 2> hands, std::array<int, 2> shuffles,
                       std::array<uint8_t, 2> fresh, End end, int winner, uint64_t rng_state);
  // Empty when the parts make a state the rules can reach, else a sentence
  // naming the field ("pos: player 1 must be right of player 0").
  static std::string Validate(int turn, std::array<int, 2> pos, std::array<Hand, 2> hands,
                              std::array<int, 2> shuffles, const Rules& rules);

  const Rules& rules() const { return rules_; }
  int turn() const { return turn_; }
  int current_player() const { return turn_ % kNumPlayers; }
  int pos(int p) const { return pos_[p]; }
  int distance() const { return pos_[1] - pos_[0]; }  // island.board.island
  const Hand& hand(int p) const { return hands_[p]; }
  int shuffles(int p) const { return shuffles_[p]; }
  uint8_t fresh(int p) const { return fresh_[p]; }
  uint64_t rng_state() const { return rng_; }
  int Count(int p, int value) const;  // tiles of `value` in p's hand
  bool IsTerminal() const { return end_ != End::kNone; }
  End end() const { return end_; }
  int Winner() const { return winner_; }  // -1: draw or not over

  // Empty when the player to move may play `m` here, else why not
  // (island.move.tile, .bound, .single; island.attack.*; island.shuffle.limit);
  // `rule`, when given, gets that clause.
  std::string Illegal(const Move& m, std::string* rule = nullptr) const;
  // Plays the player to move's move; an illegal move disqualifies it.
  TurnEvents Apply(const Move& m);
  // The player to move answered a line outside the grammar (island.invalid).
  TurnEvents ApplyInvalid(std::string reason);
  // The player to move gave no answer in time, or its bot exited (island.timeout).
  TurnEvents ApplySilence();

  // Referee fuzzing: a forward move of one tile `value` that a known
  // misreading plays regardless of island.move.bound (GameState::
  // Misreadings), onto or past the opponent: a state the rules cannot reach,
  // to compare one message with, never to play on.
  TurnEvents ApplyUnbounded(int value);
  // Referee fuzzing: what a board showed for a fresh slot of p.
  void LearnTile(int p, int slot, int value) { hands_[p][slot] = static_cast<int8_t>(value); }

  friend bool operator==(const State&, const State&) = default;

 private:
  State() = default;
  int Draw();                                 // island.tiles.random: 1..4
  uint8_t Take(int p, int value, int count);  // uses tiles; returns the slots used
  void Replace(int p, uint8_t slots);         // island.tiles.replace / .deal
  void DealHoles(int p);
  TurnEvents Begin() const;  // the turn's events before it is played
  TurnEvents Disqualify(TurnEvents ev, End why, std::string reason);
  TurnEvents Finish(TurnEvents ev);
  void Over(End why, int winner);

  Rules rules_;
  int turn_ = 0;
  std::array<int, 2> pos_ = {0, kIslandSize - 1};
  std::array<Hand, 2> hands_{};
  std::array<int, 2> shuffles_ = {0, 0};
  std::array<uint8_t, 2> fresh_ = {0, 0};
  End end_ = End::kNone;
  int winner_ = -1;
  uint64_t rng_ = 0;  // the SplitMix64 state
};

inline int Forward(int p) { return p == 0 ? 1 : -1; }  // island.move.forward

}  // namespace arbiter::island
