// The JavaChallenge2015 transition function. Each rule below cites its clause
// of spec-tests/jc2015/clauses.json; the decisions taken where the texts are
// silent are recorded there, with their reasoning.
//
// The lines marked "MUTANT name:" are the mutation points of the test-only
// engine mutants (rules.h); ARBITER_MUTANT is the constant false outside
// arbiter_engine_mutants, so in production they compile to the plain rule.
#include "jc2015/state.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/check.h"

namespace arbiter::jc2015 {

char DirLetter(Dir d) { return "URDL"[static_cast<int>(d)]; }
char ActionLetter(Action a) { return "URDLAN?"[static_cast<int>(a)]; }

const char* ActionResultName(ActionResult r) {
  switch (r) {
    case ActionResult::kMoved:
      return "moved";
    case ActionResult::kCancelledEdge:
      return "cancelled-edge";
    case ActionResult::kCancelledFallen:
      return "cancelled-fallen-block";
    case ActionResult::kCancelledDistance:
      return "cancelled-distance";
    case ActionResult::kAttacked:
      return "attacked";
    case ActionResult::kNothing:
      return "nothing";
    case ActionResult::kStunned:
      return "stunned";
    case ActionResult::kNotOnBoard:
      return "not-on-board";
    case ActionResult::kInvalidIgnored:
      return "invalid-ignored";
    case ActionResult::kInvalidRemoved:
      return "invalid-removed";
  }
  return "?";
}

State State::Initial(const Placement& placement, const Rules& rules) {
  State s;
  s.rules_ = rules;
  for (int i = 0; i < kNumPlayers; ++i) {
    const auto& st = placement.players[i];
    s.players_[i] = Player{static_cast<int8_t>(st.row), static_cast<int8_t>(st.col), st.dir,
                           /*on_board=*/true, /*stunned_until=*/0};
  }
  s.UpdateTerminal();
  return s;
}

State State::FromParts(const Rules& rules, int turn, const std::array<int8_t, kNumBlocks>& blocks,
                       const std::array<Player, kNumPlayers>& players) {
  State s;
  s.rules_ = rules;
  s.turn_ = turn;
  std::copy(blocks.begin(), blocks.end(), s.blocks_.begin());
  s.players_ = players;
  s.UpdateTerminal();
  return s;
}

int State::players_on_board() const {
  int n = 0;
  for (const Player& p : players_) n += p.on_board;
  return n;
}

int State::StunShown(int id) const {
  const Player& p = players_[id];
  // jc2015.protocol.input.fallen-fields: 0, or as it was when it fell.
  if (!p.on_board) return rules_.fallen_stun == FallenStun::kFrozen ? p.stunned_until : 0;
  const int left = p.stunned_until - turn_;
  if (left <= 0) return 0;
  // jc2015.protocol.input.stun: global turns until the player may act, or the
  // number of its own turns still blocked (those at until-4, until-8, ...).
  return rules_.stun_count == StunCount::kGlobalTurns ? left : left / kNumPlayers;
}

bool State::CurrentPlayerReceivesInput() const {
  if (terminal_) return false;
  return players_[current_player()].on_board || rules_.fallen_players_get_input;
}

int State::Winner() const {
  if (!terminal_ || players_on_board() != 1) return -1;  // jc2015.end.simultaneous, .turn-limit
  for (int i = 0; i < kNumPlayers; ++i)
    if (players_[i].on_board) return i;  // jc2015.end.win
  return -1;
}

int State::TurnLimit() const {
  // MUTANT extra-last-turn: the referee plays T = turn_limit as well (the
  // 1000th turn read as T = 1000), ticking before it like any other turn.
  return rules_.turn_limit + (ARBITER_MUTANT(rules_, kExtraLastTurn) ? 1 : 0);
}

void State::Freeze(int id) {
  // jc2015.protocol.input.fallen-fields: the S it is shown with from now on.
  if (rules_.fallen_stun == FallenStun::kFrozen) players_[id].stunned_until = StunShown(id);
}

void State::UpdateTerminal() {
  // jc2015.end.win / jc2015.end.simultaneous: one or no player left on the
  // board; jc2015.end.turn-limit: turn_limit turns have been played.
  // Under zero_alive=turn-limit a game nobody is left in goes on.
  const int left = players_on_board();
  terminal_ =
      left == 1 || (left == 0 && rules_.zero_alive == ZeroAlive::kDraw) || turn_ >= TurnLimit();
}

void State::Move(int id, Dir d, TurnEvents& ev) {
  Player& p = players_[id];
  p.dir = d;  // jc2015.move.face, and jc2015.move.cancel.turns when cancelled
  const int r = p.row + kDirRow[static_cast<int>(d)];
  const int c = p.col + kDirCol[static_cast<int>(d)];
  if (r < 0 || r >= kBoardSquares || c < 0 || c >= kBoardSquares) {
    ev.result = ActionResult::kCancelledEdge;  // jc2015.move.cancel.edge
    return;
  }
  // MUTANT move-onto-fallen: the fallen-block check is missing, so the player
  // steps into the hole and stands there until a tick on that block.
  // MUTANT scheduled-as-fallen: the check is B != 0, so a block only
  // scheduled to fall (B > 0) refuses the move as well.
  const int b = blocks_[BlockIndexOfSquare(r, c)];
  const bool refused = ARBITER_MUTANT(rules_, kScheduledAsFallen) ? b != 0 : b < 0;
  if (refused && !ARBITER_MUTANT(rules_, kMoveOntoFallen)) {
    ev.result = ActionResult::kCancelledFallen;  // jc2015.move.cancel.fallen (B > 0 is allowed)
    return;
  }
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& o = players_[q];
    // jc2015.move.cancel.distance: only players on the board count.
    // MUTANT fallen-count-in-distance: fallen players count too, from their
    // (-1, -1), which cancels moves into the squares (0,0), (0,1) and (1,0).
    // MUTANT cancel-below-three: "< 3" instead of "<= 3".
    const bool counts = o.on_board || ARBITER_MUTANT(rules_, kFallenCountInDistance);
    const int limit = kCancelDistance - (ARBITER_MUTANT(rules_, kCancelBelowThree) ? 1 : 0);
    if (q != id && counts && Manhattan(r, c, o.row, o.col) <= limit) {
      ev.result = ActionResult::kCancelledDistance;
      ev.too_close_to = static_cast<int8_t>(q);
      return;
    }
  }
  p.row = static_cast<int8_t>(r);
  p.col = static_cast<int8_t>(c);
  ev.result = ActionResult::kMoved;  // jc2015.move.step
}

void State::Attack(int id, TurnEvents& ev) {
  Player& p = players_[id];
  ev.result = ActionResult::kAttacked;
  // jc2015.attack.stun.
  // MUTANT stun-one-turn-short: blocked only on T + 4 ("until your second next
  // turn" read as the turn on which it may act again).
  p.stunned_until =
      turn_ + kStunTurns - (ARBITER_MUTANT(rules_, kStunOneTurnShort) ? kNumPlayers : 0);
  const int dr = kDirRow[static_cast<int>(p.dir)];
  const int dc = kDirCol[static_cast<int>(p.dir)];
  int br = p.row / kBlockSquares + dr;
  int bc = p.col / kBlockSquares + dc;
  // MUTANT attack-own-block: the attacker's own block is put on the
  // neighbour's timer as well (respecting jc2015.attack.no-reschedule).
  if (ARBITER_MUTANT(rules_, kAttackOwnBlock)) {
    const int own = BlockIndexOfSquare(p.row, p.col);
    if (blocks_[own] == 0) {
      blocks_[own] = static_cast<int8_t>(kTurnsPerBlock);
      ev.scheduled |= uint64_t{1} << own;
    }
  }
  // jc2015.attack.line: every block in the facing direction up to the board
  // edge, starting with the neighbour of the attacker's own block.
  for (int n = 1; br >= 0 && br < kBoardBlocks && bc >= 0 && bc < kBoardBlocks;
       ++n, br += dr, bc += dc) {
    const int idx = br * kBoardBlocks + bc;
    // jc2015.attack.no-reschedule.
    // MUTANT reschedule-scheduled: only fallen blocks are skipped; a scheduled
    // one gets a new timer.
    // MUTANT attack-stops-at-scheduled: the line ends at the first block that
    // is not stable instead of skipping it.
    if (blocks_[idx] != 0) {
      if (ARBITER_MUTANT(rules_, kAttackStopsAtScheduled)) break;
      if (!ARBITER_MUTANT(rules_, kRescheduleScheduled) || blocks_[idx] < 0) continue;
    }
    int steps = n;  // jc2015.attack.delay
    if (rules_.attack_distance == AttackDistance::kSquares) {
      // Squares from the attacker to the nearest square of the block.
      const int near_r = dr > 0 ? br * kBlockSquares : br * kBlockSquares + kBlockSquares - 1;
      const int near_c = dc > 0 ? bc * kBlockSquares : bc * kBlockSquares + kBlockSquares - 1;
      steps = dr != 0 ? (near_r > p.row ? near_r - p.row : p.row - near_r)
                      : (near_c > p.col ? near_c - p.col : p.col - near_c);
    }
    // MUTANT fall-one-turn-late: B = 4n + 1, so every player is shown one more
    // and the block falls one tick after it is due.
    blocks_[idx] = static_cast<int8_t>(kTurnsPerBlock * steps +
                                       (ARBITER_MUTANT(rules_, kFallOneTurnLate) ? 1 : 0));
    ev.scheduled |= uint64_t{1} << idx;
  }
}

namespace {

// Packs the flags (0 or 1 per byte) of the first kNumBlocks bytes into a
// bitmask, bit i = flags[i], eight bytes at a time: the multiply moves the low
// bit of byte j of a little-endian word to bit 56 + j (every partial product
// lands on its own bit, so nothing carries).
template <size_t N>
uint64_t PackFlags(const std::array<uint8_t, N>& flags) {
  static_assert(N >= (kNumBlocks + 7) / 8 * 8);
  uint64_t bits = 0;
  for (int base = 0; base < kNumBlocks; base += 8) {
    uint64_t word = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&word, flags.data() + base, 8);  // one load (GCC does not merge the loop below)
    } else {
      for (int j = 0; j < 8; ++j) word |= uint64_t{flags[base + j]} << (8 * j);
    }
    bits |= ((word * 0x0102040810204080ull) >> 56) << base;
  }
  return bits & ((uint64_t{1} << kNumBlocks) - 1);  // the padding's flags are 0 anyway
}

}  // namespace

void State::Tick(TurnEvents& ev) {
  // jc2015.fall.timing: at the start of every turn, before its input is sent.
  // The loop has no branches, so that the compiler vectorises it: a scheduled
  // timer (b > 0) counts down, a fallen block's (b < 0) counts up, and the
  // padding after the last block stays 0.
  std::array<uint8_t, kPaddedBlocks> fell, restored;
  // MUTANT restore-one-turn-early: a fallen block starts at -19, so it is
  // restored 19 turns after it fell instead of 20.
  const int8_t fallen = static_cast<int8_t>(-rules_.restore_turns +
                                            (ARBITER_MUTANT(rules_, kRestoreOneTurnEarly) ? 1 : 0));
  for (int i = 0; i < kPaddedBlocks; ++i) {
    const int8_t b = blocks_[i];
    fell[i] = b == 1;       // reaches 0 now: the block falls
    restored[i] = b == -1;  // reaches 0 now: back to "stable, not scheduled"
    const int8_t next = static_cast<int8_t>(b - (b > 0) + (b < 0));
    blocks_[i] = b == 1 ? fallen : next;  // jc2015.restore.delay
  }
  ev.fell |= PackFlags(fell);
  ev.restored |= PackFlags(restored);
  if (ev.fell == 0) return;
  // MUTANT simultaneous-fall-lowest-wins: when this tick would drop every
  // player still on the board, the lowest id among them is left standing (on
  // the fallen block) and so wins, instead of the draw.
  int spared = -1;
  if (ARBITER_MUTANT(rules_, kSimultaneousFallLowestWins)) {
    bool someone_stays = false;
    for (int q = kNumPlayers - 1; q >= 0; --q) {
      const Player& o = players_[q];
      if (!o.on_board) continue;
      if (ev.fell >> BlockIndexOfSquare(o.row, o.col) & 1) {
        spared = q;  // the last one assigned is the lowest id
      } else {
        someone_stays = true;
      }
    }
    if (someone_stays) spared = -1;
  }
  for (int q = 0; q < kNumPlayers; ++q) {
    Player& o = players_[q];
    if (q == spared) continue;
    if (o.on_board && (ev.fell >> BlockIndexOfSquare(o.row, o.col) & 1)) {
      Freeze(q);
      o.on_board = false;  // jc2015.fall.player; never restored: jc2015.restore.no-player
      o.row = o.col = -1;
      ev.players_fell |= static_cast<uint8_t>(1u << q);
    }
  }
}

TurnEvents State::Apply(Action action) {
  ARBITER_CHECK(!terminal_, "Apply called on a finished game");
  TurnEvents ev;
  ev.turn = turn_;
  ev.player = current_player();
  ev.action = action;
  Player& p = players_[ev.player];
  if (!p.on_board) {
    ev.result = ActionResult::kNotOnBoard;  // jc2015.fallen.turns
  } else if (turn_ < p.stunned_until &&
             // MUTANT stunned-may-move: the referee checks the stun only
             // before an attack, so a stunned player still moves.
             !(ARBITER_MUTANT(rules_, kStunnedMayMove) && IsMove(action))) {
    ev.result = ActionResult::kStunned;  // jc2015.attack.stun, jc2015.protocol.stunned-answer
  } else if (IsMove(action)) {
    const Dir facing = p.dir;
    Move(ev.player, static_cast<Dir>(action), ev);
    // MUTANT cancel-keeps-direction: a cancelled move leaves the direction as
    // it was (the referee turns the player only after a successful step).
    if (ARBITER_MUTANT(rules_, kCancelKeepsDirection) && ev.result != ActionResult::kMoved)
      p.dir = facing;
  } else if (action == Action::kAttack) {
    Attack(ev.player, ev);
  } else if (action == Action::kNothing) {
    ev.result = ActionResult::kNothing;
  } else if (rules_.invalid_action == InvalidAction::kDoNothing) {
    ev.result = ActionResult::kInvalidIgnored;  // jc2015.protocol.action.invalid
  } else {
    ev.result = ActionResult::kInvalidRemoved;
    Freeze(ev.player);
    p.on_board = false;
    p.row = p.col = -1;
    ev.players_fell |= static_cast<uint8_t>(1u << ev.player);
  }
  ++turn_;  // jc2015.turn.order: every turn counts, a fallen player's too
  // MUTANT no-tick-on-fallen-turns: the referee skips the whole turn of a
  // player that is not on the board, the tick at its start included (T still
  // advances), so every timer runs slower once someone has fallen.
  const bool skip_tick =
      ARBITER_MUTANT(rules_, kNoTickOnFallenTurns) && !players_[current_player()].on_board;
  const int left = players_on_board();
  const bool goes_on = left > 1 || (left == 0 && rules_.zero_alive == ZeroAlive::kTurnLimit);
  if (goes_on && turn_ < TurnLimit() && !skip_tick) Tick(ev);
  UpdateTerminal();
  ev.game_over = terminal_;
  return ev;
}

}  // namespace arbiter::jc2015
