// The state and transition invariants of the jc2015 engine and the random
// walker that checks them. The checks run on every step of the fuzz targets
// and the property tests, so the passing path is kept cheap: it builds no
// strings (a message is put together only once a violation is found), and
// reads each block timer once, since under the fuzz build's sanitizers and
// coverage tracing every read of a State's arrays costs a call and traced
// comparisons.
#include "jc2015/invariants.h"

#include <array>

namespace arbiter::jc2015 {
namespace {

// "player 2": the subject of a violation's message.
std::string Who(int id) { return "player " + std::to_string(id); }

int MaxFallTimer(const Rules& r) {
  return r.attack_distance == AttackDistance::kBlocks ? kTurnsPerBlock * (kBoardBlocks - 1)
                                                      : kMaxFallTimer;
}

// The timer of a block that no attack touched, one tick later
// (jc2015.fall.timing, jc2015.restore.delay).
int TickedTimer(int b, const Rules& r) {
  return b > 0 ? (b == 1 ? -r.restore_turns : b - 1) : (b < 0 ? b + 1 : 0);
}

// The block part of CheckTransition, block by block: the first block that
// was scheduled again or did not tick, or empty.
std::string BlockViolation(const State& before, const TurnEvents& ev, const State& after) {
  for (int i = 0; i < kNumBlocks; ++i) {
    const int b = before.block_at(i), a = after.block_at(i);
    const bool scheduled_now = (ev.scheduled >> i) & 1;
    if (scheduled_now) {
      if (b != 0)
        return "a block already scheduled or fallen was scheduled again "
               "(jc2015.attack.no-reschedule)";
      continue;
    }
    if (a != TickedTimer(b, before.rules()))
      return "block " + std::to_string(i) + " went from " + std::to_string(b) + " to " +
             std::to_string(a) + " (jc2015.fall.timing / jc2015.restore.delay)";
  }
  return {};
}

}  // namespace

std::string CheckInvariants(const State& s) {
  const Rules& r = s.rules();
  if (s.turn() < 0 || s.turn() > r.turn_limit) return "turn out of [0, turn_limit]";
  // -kRestoreTurns <= b <= max as one unsigned comparison.
  const unsigned span = static_cast<unsigned>(MaxFallTimer(r) + kRestoreTurns);
  for (int i = 0; i < kNumBlocks; ++i) {
    const int b = s.block_at(i);
    if (static_cast<unsigned>(b + kRestoreTurns) > span)
      return "block " + std::to_string(i) + " timer " + std::to_string(b) +
             " out of range (jc2015.protocol.input.block)";
  }
  const Player players[kNumPlayers] = {s.player(0), s.player(1), s.player(2), s.player(3)};
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& p = players[q];
    if (!p.on_board) {
      if (p.row != -1 || p.col != -1) return Who(q) + " is off the board but has a square";
      continue;
    }
    if (p.row < 0 || p.row >= kBoardSquares || p.col < 0 || p.col >= kBoardSquares)
      return Who(q) + " stands off the board (jc2015.board.size)";
    if (s.block_at(BlockIndexOfSquare(p.row, p.col)) < 0)
      return Who(q) + " stands on a fallen block (jc2015.fall.player)";
    if (p.stunned_until - s.turn() >= kStunTurns)
      return Who(q) + " is stunned for more than 11 turns (jc2015.attack.stun)";
    for (int o = 0; o < q; ++o) {
      const Player& other = players[o];
      if (other.on_board && Manhattan(p.row, p.col, other.row, other.col) <= kCancelDistance)
        return Who(q) + " is within distance 3 of player " + std::to_string(o) +
               " (jc2015.move.cancel.distance)";
    }
  }
  const int left = s.players_on_board();
  const bool should_end =
      left == 1 || (left == 0 && r.zero_alive == ZeroAlive::kDraw) || s.turn() >= r.turn_limit;
  if (s.IsTerminal() != should_end)
    return "terminal flag disagrees with the end rules (jc2015.end.*)";
  return {};
}

std::string CheckTransition(const State& before, Action action, const TurnEvents& ev,
                            const State& after) {
  (void)action;
  if (after.turn() != before.turn() + 1) return "T did not advance by one (jc2015.turn.order)";
  if (ev.turn != before.turn() || ev.player != before.current_player())
    return "events name the wrong turn or player";
  std::array<Player, kNumPlayers> after_players;
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& b = before.player(q);
    const Player& a = after_players.data()[q] = after.player(q);
    if (!b.on_board && a.on_board)
      return Who(q) + " came back to the board (jc2015.restore.no-player)";
    if (!a.on_board) continue;
    const int step = Manhattan(b.row, b.col, a.row, a.col);
    if (q != ev.player && (step != 0 || a.dir != b.dir || a.stunned_until != b.stunned_until))
      return Who(q) + " changed on another player's turn (jc2015.turn.one-action)";
    if (q == ev.player && step > 1)
      return Who(q) + " moved more than one square (jc2015.move.step)";
    if (q == ev.player && before.turn() < b.stunned_until && !(a == b))
      return Who(q) + " acted while stunned (jc2015.attack.stun)";
  }
  if (!after.IsTerminal()) {
    // Predicts every timer of `after` from `before` (a block scheduled on this
    // turn keeps the timer it got) and compares whole states, which reads
    // `after`'s timers in one comparison; on any difference BlockViolation
    // names the first wrong block, exactly as a block-by-block check would.
    std::array<int8_t, kNumBlocks> predicted;
    bool rescheduled = false;
    for (int i = 0; i < kNumBlocks; ++i) {
      const int b = before.block_at(i);
      if ((ev.scheduled >> i) & 1) {
        rescheduled |= b != 0;
        predicted.data()[i] = static_cast<int8_t>(after.block_at(i));
      } else {
        predicted.data()[i] = static_cast<int8_t>(TickedTimer(b, before.rules()));
      }
    }
    if (rescheduled ||
        !(State::FromParts(after.rules(), after.turn(), predicted, after_players) == after))
      return BlockViolation(before, ev, after);
  }
  return {};
}

Action RandomAction(Rng& rng, const ActionWeights& w) {
  const uint32_t total = 4 * w.move + w.attack + w.nothing + w.invalid;
  uint32_t x = rng.Uniform(total);
  if (x < 4u * w.move) return static_cast<Action>(x / w.move);
  x -= 4 * w.move;
  if (x < static_cast<uint32_t>(w.attack)) return Action::kAttack;
  x -= w.attack;
  return x < static_cast<uint32_t>(w.nothing) ? Action::kNothing : Action::kInvalid;
}

std::string RandomWalk(State state, Rng& rng, int max_steps, const ActionWeights& w,
                       const std::function<std::string(const WalkStep&)>& extra) {
  if (auto err = CheckInvariants(state); !err.empty()) return "initial state: " + err;
  for (int i = 0; i < max_steps && !state.IsTerminal(); ++i) {
    const State before = state;
    const Action a = RandomAction(rng, w);
    const TurnEvents ev = state.Apply(a);
    std::string err = CheckInvariants(state);
    if (err.empty()) err = CheckTransition(before, a, ev, state);
    if (err.empty() && extra) err = extra(WalkStep{before, a, ev, state});
    if (!err.empty()) return "turn " + std::to_string(before.turn()) + ": " + err;
  }
  return {};
}

}  // namespace arbiter::jc2015
