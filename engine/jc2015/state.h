// The JavaChallenge2015 reference engine: a value-type game state and the one
// transition that advances it by a global turn.
//
// A State always stands at the start of a global turn T, after the blocks of
// that turn have ticked (jc2015.fall.timing): it is exactly what the player to
// move (T % 4) is shown. Apply() reads that player's action, then ends the turn
// and ticks the next one, and reports what happened as TurnEvents. Nothing
// here allocates, so random play runs at tens of millions of turns per second.
#pragma once

#include <array>
#include <cstdint>

#include "jc2015/rules.h"

namespace arbiter::jc2015 {

// jc2015.player.square-direction, jc2015.protocol.input.direction: the order of
// the rule text (U R D L); up is row - 1, right is column + 1.
enum class Dir : uint8_t { kUp = 0, kRight = 1, kDown = 2, kLeft = 3 };
inline constexpr int kDirRow[4] = {-1, 0, 1, 0};
inline constexpr int kDirCol[4] = {0, 1, 0, -1};
char DirLetter(Dir d);

// jc2015.turn.one-action, jc2015.protocol.action.commands.
enum class Action : uint8_t { kUp, kRight, kDown, kLeft, kAttack, kNothing, kInvalid };
inline constexpr bool IsMove(Action a) { return a <= Action::kLeft; }
char ActionLetter(Action a);  // '?' for kInvalid

struct Player {
  int8_t row = -1;  // 0..17 while on the board
  int8_t col = -1;
  Dir dir = Dir::kUp;
  bool on_board = false;
  // First global turn on which the player may act again; once it has fallen
  // under fallen_stun=frozen, the S it is shown with from then on.
  int32_t stunned_until = 0;
  friend bool operator==(const Player&, const Player&) = default;
};

struct Placement {
  struct Start {
    int row;
    int col;
    Dir dir;
  };
  std::array<Start, kNumPlayers> players;
};

// What one call of State::Apply did. Block sets are bitmasks over block index
// br * 6 + bc; player sets over player ids.
enum class ActionResult : uint8_t {
  kMoved,              // jc2015.move.step
  kCancelledEdge,      // jc2015.move.cancel.edge (the player turned)
  kCancelledFallen,    // jc2015.move.cancel.fallen (the player turned)
  kCancelledDistance,  // jc2015.move.cancel.distance (the player turned)
  kAttacked,           // jc2015.attack.line
  kNothing,            // "N"
  kStunned,            // jc2015.protocol.stunned-answer: the answer was read and ignored
  kNotOnBoard,         // jc2015.fallen.turns: nobody acts on a fallen player's turn
  kInvalidIgnored,     // jc2015.protocol.action.invalid, InvalidAction::kDoNothing
  kInvalidRemoved,     // jc2015.protocol.action.invalid, InvalidAction::kRemovePlayer
};
const char* ActionResultName(ActionResult r);

struct TurnEvents {
  int turn = 0;    // the turn that was played
  int player = 0;  // turn % 4
  Action action = Action::kNothing;
  ActionResult result = ActionResult::kNothing;
  int8_t too_close_to = -1;  // kCancelledDistance: the first player found within distance 3
  uint64_t scheduled = 0;    // blocks this attack put on a timer
  uint64_t fell = 0;         // blocks that fell at the start of the next turn
  uint64_t restored = 0;     // blocks restored at the start of the next turn
  uint8_t players_fell = 0;  // players removed (a fall, or kInvalidRemoved)
  bool game_over = false;
};

class State {
 public:
  // Explicit placement; the caller validates it first (ValidatePlacement).
  static State Initial(const Placement& placement, const Rules& rules = {});

  int turn() const { return turn_; }
  int current_player() const { return turn_ % kNumPlayers; }
  const Rules& rules() const { return rules_; }
  const Player& player(int id) const { return players_[id]; }
  // jc2015.protocol.input.block: 0 stable, n > 0 falls in n turns, n < 0 fallen,
  // restored in -n turns.
  int block(int br, int bc) const { return blocks_[br * kBoardBlocks + bc]; }
  int block_at(int index) const { return blocks_[index]; }
  int players_on_board() const;

  // jc2015.protocol.input.stun: the S shown for player `id` on this turn.
  int StunShown(int id) const;
  // Whether the player to move is sent the turn input (jc2015.fallen.turns).
  bool CurrentPlayerReceivesInput() const;

  // jc2015.end.win, jc2015.end.simultaneous, jc2015.end.turn-limit.
  bool IsTerminal() const { return terminal_; }
  // The winner once terminal: a player id, or -1 for a draw. -1 before the end.
  int Winner() const;

  // Plays `action` for the player to move and advances to the next turn.
  // Must not be called on a terminal state (checked).
  TurnEvents Apply(Action action);

  friend bool operator==(const State&, const State&) = default;

  // For deserialisation and tests: sets fields directly. Validate with
  // CheckInvariants afterwards.
  static State FromParts(const Rules& rules, int turn, const std::array<int8_t, kNumBlocks>& blocks,
                         const std::array<Player, kNumPlayers>& players);

 private:
  void Tick(TurnEvents& ev);
  void Attack(int id, TurnEvents& ev);
  void Move(int id, Dir d, TurnEvents& ev);
  void UpdateTerminal();
  void Freeze(int id);    // before player `id` leaves the board
  int TurnLimit() const;  // rules_.turn_limit (but see the mutant extra-last-turn)

  Rules rules_;
  int32_t turn_ = 0;
  // The kNumBlocks timers of block_at(), then padding up to whole 16-byte
  // vectors so that Tick has no scalar tail. The padding stays 0 (stable).
  static constexpr int kPaddedBlocks = 48;
  static_assert(kPaddedBlocks >= kNumBlocks && kPaddedBlocks % 16 == 0);
  std::array<int8_t, kPaddedBlocks> blocks_{};
  std::array<Player, kNumPlayers> players_{};
  bool terminal_ = false;
};

inline int BlockIndexOfSquare(int row, int col) {
  return (row / kBlockSquares) * kBoardBlocks + col / kBlockSquares;
}
inline int Manhattan(int r1, int c1, int r2, int c2) {
  return (r1 > r2 ? r1 - r2 : r2 - r1) + (c1 > c2 ? c1 - c2 : c2 - c1);
}

}  // namespace arbiter::jc2015
