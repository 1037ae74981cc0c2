// SteerToSharedFall (policies.h): four players, all steered, walk into a
// formation in which the last two fall on the same tick
// (jc2015.end.simultaneous), a state random or hunting play almost never
// reaches (fuzz_answer.cc says why).
//
// The formation, in block column 2 (squares 6..8), by seat:
//   seat 0, "top":    square (1, 7), facing down (it stepped down from (0, 7));
//   seat 1, "below":  square (5, 7), facing up (it stepped up from (6, 7));
//   seats 2 and 3:    squares (9, 6) and (11, 8), opposite corners of block
//                     (3, 2), 4 apart, so neither move is cancelled
//                     (jc2015.move.cancel.distance).
// Every pair is at least 4 apart. Then seat 0 attacks down (jc2015.attack.line):
// block (1, 2) under seat 1 falls first, block (3, 2) under seats 2 and 3 at
// distance 3 falls last. Seat 1, on its next turn, attacks up: block (0, 2)
// under seat 0, at distance 1 from it, falls one tick after seat 1's. Seats 2
// and 3 stay where they are, and the tick that drops block (3, 2) drops the
// last two players together.
//
// Walking: a step along a shortest path to the player's square around the
// others where they stand (a breadth-first search over 324 squares), else
// now and then a step aside; nobody attacks until the formation stands, so
// no block falls on the way. From 1000 seeded placements all 1000 reach the
// shared fall, the attack coming on turns 32..364 (median 120); the spec test
// End.SteeredPlayersReachASimultaneousLastFallFromEverySeededPlacementTried
// holds it to 200 of 200.
#include <array>

#include "jc2015/policies.h"

namespace arbiter::jc2015 {
namespace {

struct Post {
  int row, col;
  int facing;  // a Dir, or -1 for any
};
constexpr std::array<Post, kNumPlayers> kPosts = {{
    {1, 7, static_cast<int>(Dir::kDown)},
    {5, 7, static_cast<int>(Dir::kUp)},
    {9, 6, -1},
    {11, 8, -1},
}};

bool AtPost(const Player& p, const Post& post) {
  return p.on_board && p.row == post.row && p.col == post.col &&
         (post.facing < 0 || static_cast<int>(p.dir) == post.facing);
}

// One step along a shortest path to (goal_row, goal_col) around the others
// where they stand now; when there is none, a step aside now and then.
Action StepToward(const State& s, int id, int goal_row, int goal_col, Rng& rng) {
  const Player& p = s.player(id);
  std::array<int16_t, kBoardSquares * kBoardSquares> dist;
  dist.fill(-1);
  std::array<int16_t, kBoardSquares * kBoardSquares> queue;
  int head = 0, tail = 0;
  if (StepAllowed(s, id, goal_row, goal_col)) {
    dist[goal_row * kBoardSquares + goal_col] = 0;
    queue[tail++] = static_cast<int16_t>(goal_row * kBoardSquares + goal_col);
  }
  while (head < tail) {
    const int at = queue[head++], r = at / kBoardSquares, c = at % kBoardSquares;
    for (int d = 0; d < 4; ++d) {
      const int nr = r + kDirRow[d], nc = c + kDirCol[d], n = nr * kBoardSquares + nc;
      if (!StepAllowed(s, id, nr, nc) || dist[n] >= 0) continue;
      dist[n] = static_cast<int16_t>(dist[at] + 1);
      queue[tail++] = static_cast<int16_t>(n);
    }
  }
  // The current square is never within 3 of another player (every step
  // keeps 4), so it is in the search unless the goal is cut off.
  const int here = dist[p.row * kBoardSquares + p.col];
  std::array<int, 4> best{}, aside{};
  int n_best = 0, n_aside = 0;
  for (int d = 0; d < 4; ++d) {
    const int nr = p.row + kDirRow[d], nc = p.col + kDirCol[d];
    if (!StepAllowed(s, id, nr, nc)) continue;
    aside[n_aside++] = d;
    if (here > 0 && dist[nr * kBoardSquares + nc] == here - 1) best[n_best++] = d;
  }
  if (n_best > 0 && !rng.Chance(1, 16)) return static_cast<Action>(best[rng.Uniform(n_best)]);
  if (n_aside > 0 && rng.Chance(1, 2)) return static_cast<Action>(aside[rng.Uniform(n_aside)]);
  return Action::kNothing;
}

Action Walk(const State& s, int id, Rng& rng) {
  const Player& p = s.player(id);
  const Post& post = kPosts[id];
  if (post.facing < 0) return StepToward(s, id, post.row, post.col, rng);
  // The last step is taken in the facing direction, from the square behind.
  const int back_row = post.row - kDirRow[post.facing], back_col = post.col - kDirCol[post.facing];
  if (p.row == back_row && p.col == back_col)
    return StepAllowed(s, id, post.row, post.col) || rng.Chance(1, 2)
               ? static_cast<Action>(post.facing)
               : static_cast<Action>(rng.Uniform(4));
  return StepToward(s, id, back_row, back_col, rng);
}

}  // namespace

Action SteerToSharedFall(const State& s, Rng& rng) {
  const int me = s.current_player();
  const Player& p = s.player(me);
  if (!p.on_board || s.StunShown(me) > 0) return Action::kNothing;
  bool any_block = false;
  for (int b = 0; b < kNumBlocks; ++b) any_block |= s.block_at(b) != 0;
  if (!any_block) {
    bool formed = true;
    for (int q = 0; q < kNumPlayers; ++q) formed &= AtPost(s.player(q), kPosts[q]);
    if (formed) return me == 0 ? Action::kAttack : Action::kNothing;
    return AtPost(p, kPosts[me]) ? Action::kNothing : Walk(s, me, rng);
  }
  // The attack has begun: seat 1, its block now scheduled, answers it at
  // seat 0's block (not yet scheduled), and the others hold their squares.
  const auto block_of = [&](int r, int c) { return s.block_at(BlockIndexOfSquare(r, c)); };
  if (me == 1 && AtPost(p, kPosts[1]) && block_of(p.row, p.col) > 0 &&
      block_of(kPosts[0].row, kPosts[0].col) == 0)
    return Action::kAttack;
  return Action::kNothing;
}

}  // namespace arbiter::jc2015
