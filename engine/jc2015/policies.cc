#include "jc2015/policies.h"

#include <cstdlib>

namespace arbiter::jc2015 {
namespace {

// Whether moving `id` one square in `d` would be accepted (not cancelled).
bool MoveAccepted(const State& s, int id, Dir d) {
  const Player& p = s.player(id);
  return StepAllowed(s, id, p.row + kDirRow[static_cast<int>(d)],
                     p.col + kDirCol[static_cast<int>(d)]);
}

Action Hunt(const State& s, Rng& rng) {
  const int id = s.current_player();
  const Player& me = s.player(id);
  if (!me.on_board || s.StunShown(id) > 0) return Action::kNothing;
  int target = -1, best = 1 << 30;
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& o = s.player(q);
    if (q == id || !o.on_board) continue;
    const int d = Manhattan(me.row, me.col, o.row, o.col);
    if (d < best) best = d, target = q;
  }
  if (target < 0 || rng.Chance(1, 10)) return static_cast<Action>(rng.Uniform(6));
  const Player& t = s.player(target);
  const int mbr = me.row / kBlockSquares, mbc = me.col / kBlockSquares;
  const int tbr = t.row / kBlockSquares, tbc = t.col / kBlockSquares;
  const bool target_block_stable = s.block(tbr, tbc) == 0;
  std::optional<Dir> face;
  if (mbr == tbr && mbc != tbc) face = tbc > mbc ? Dir::kRight : Dir::kLeft;
  if (mbc == tbc && mbr != tbr) face = tbr > mbr ? Dir::kDown : Dir::kUp;
  if (face && target_block_stable) {
    if (me.dir == *face) return Action::kAttack;
    return static_cast<Action>(*face);  // turns (and may step) toward the target
  }
  // Line up with the target's block row or column, preferring the shorter way.
  const int drow = tbr - mbr, dcol = tbc - mbc;
  const Dir vertical = drow > 0 ? Dir::kDown : Dir::kUp;
  const Dir horizontal = dcol > 0 ? Dir::kRight : Dir::kLeft;
  const bool prefer_vertical = drow != 0 && (dcol == 0 || std::abs(drow) <= std::abs(dcol));
  const Dir first = prefer_vertical ? vertical : horizontal;
  const Dir second = prefer_vertical ? horizontal : vertical;
  if (MoveAccepted(s, id, first)) return static_cast<Action>(first);
  if (MoveAccepted(s, id, second)) return static_cast<Action>(second);
  return static_cast<Action>(rng.Uniform(4));
}

// A random accepted step that does not land on a block scheduled to fall;
// N when there is none (or the player cannot act). Never A.
Action Wander(const State& s, Rng& rng) {
  const int id = s.current_player();
  const Player& me = s.player(id);
  if (!me.on_board || s.StunShown(id) > 0) return Action::kNothing;
  Action steps[4];
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    const int r = me.row + kDirRow[d], c = me.col + kDirCol[d];
    if (!StepAllowed(s, id, r, c) || s.block_at(BlockIndexOfSquare(r, c)) != 0) continue;
    steps[n++] = static_cast<Action>(d);
  }
  const bool stable = s.block_at(BlockIndexOfSquare(me.row, me.col)) == 0;
  if (n == 0 || (stable && rng.Chance(1, 2))) return Action::kNothing;
  return steps[rng.Uniform(static_cast<uint32_t>(n))];
}

}  // namespace

bool StepAllowed(const State& s, int id, int r, int c) {
  if (r < 0 || r >= kBoardSquares || c < 0 || c >= kBoardSquares) return false;
  if (s.block_at(BlockIndexOfSquare(r, c)) < 0) return false;
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& o = s.player(q);
    if (q != id && o.on_board && Manhattan(r, c, o.row, o.col) <= kCancelDistance) return false;
  }
  return true;
}

std::optional<Policy> PolicyFromName(std::string_view name) {
  if (name == "random") return Policy::kRandom;
  if (name == "hunter") return Policy::kHunter;
  if (name == "idle") return Policy::kIdle;
  if (name == "passive") return Policy::kPassive;
  return std::nullopt;
}

const char* PolicyName(Policy p) {
  switch (p) {
    case Policy::kRandom:
      return "random";
    case Policy::kHunter:
      return "hunter";
    case Policy::kIdle:
      return "idle";
    case Policy::kPassive:
      return "passive";
  }
  return "?";
}

Action ChooseAction(Policy policy, const State& state, Rng& rng) {
  switch (policy) {
    case Policy::kRandom:
      return static_cast<Action>(rng.Uniform(6));
    case Policy::kHunter:
      return Hunt(state, rng);
    case Policy::kIdle:
      return Action::kNothing;
    case Policy::kPassive:
      return Wander(state, rng);
  }
  return Action::kNothing;
}

}  // namespace arbiter::jc2015
