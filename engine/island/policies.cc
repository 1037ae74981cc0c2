// The built-in players (policies.h).
#include "island/policies.h"

#include "island/codec.h"

namespace arbiter::island {

std::optional<Policy> PolicyFromName(std::string_view name) {
  if (name == "greedy") return Policy::kGreedy;
  if (name == "random") return Policy::kRandom;
  if (name == "cautious") return Policy::kCautious;
  if (name == "passive") return Policy::kPassive;
  return std::nullopt;
}

std::vector<Move> LegalMoves(const State& s) {
  std::vector<Move> moves, edge;
  const int p = s.current_player();
  for (int v = kMinTile; v <= kMaxTile; ++v) {
    if (s.Count(p, v) == 0) continue;
    const Move m{MoveKind::kMove, v, 1};
    if (s.Illegal(m).empty()) moves.push_back(m);
    const int to = s.pos(p) - Forward(p) * v;
    (to >= 0 && to < kIslandSize ? moves : edge).push_back({MoveKind::kRetreat, v, 1});
  }
  const int d = s.distance();
  for (int n = 1; d <= kMaxTile && n <= s.Count(p, d); ++n)
    moves.push_back({MoveKind::kAttack, d, n});
  const Move shuffle{MoveKind::kShuffle, 0, 0};
  if (s.Illegal(shuffle).empty()) moves.push_back(shuffle);
  return moves.empty() ? edge : moves;
}

namespace {

// kPassive: a move that stays on the island and out of reach (distance over
// kMaxTile afterwards) at random; else one that stays on the island; else
// a shuffle; else whatever is legal.
std::string Passive(const State& s, const std::vector<Move>& moves, Rng& rng) {
  const int p = s.current_player();
  std::vector<const Move*> safe, on_island;
  for (const Move& m : moves) {
    if (m.kind == MoveKind::kAttack || m.kind == MoveKind::kShuffle) continue;
    const int step = m.kind == MoveKind::kMove ? m.value : -m.value;
    const int to = s.pos(p) + Forward(p) * step;
    if (to < 0 || to >= kIslandSize) continue;
    on_island.push_back(&m);
    if (s.distance() - step > kMaxTile) safe.push_back(&m);
  }
  const auto& pick = !safe.empty() ? safe : on_island;
  if (!pick.empty()) return MoveText(*pick[rng.Uniform(static_cast<uint32_t>(pick.size()))]);
  for (const Move& m : moves)
    if (m.kind == MoveKind::kShuffle) return MoveText(m);
  return MoveText(moves.front());
}

}  // namespace

std::string ChooseAnswer(Policy policy, const State& s, Rng& rng) {
  const std::vector<Move> moves = LegalMoves(s);
  if (moves.empty()) return "shuffle";  // unreachable: some tile is always held
  const int d = s.distance();
  const Move* attack = nullptr;
  for (const Move& m : moves)
    if (m.kind == MoveKind::kAttack) attack = &m;  // the last one uses every tile
  switch (policy) {
    case Policy::kPassive:
      return Passive(s, moves, rng);
    case Policy::kRandom:
      return MoveText(moves[rng.Uniform(static_cast<uint32_t>(moves.size()))]);
    case Policy::kGreedy: {
      if (attack) return MoveText(*attack);
      const Move* best = nullptr;  // the longest move forward
      for (const Move& m : moves)
        if (m.kind == MoveKind::kMove && (!best || m.value > best->value)) best = &m;
      if (best) return MoveText(*best);
      break;
    }
    case Policy::kCautious: {
      if (attack) return MoveText(*attack);
      if (d <= kMaxTile) {  // in reach: step back with the smallest tile that stays on
        for (const Move& m : moves)
          if (m.kind == MoveKind::kRetreat) return MoveText(m);
      }
      for (const Move& m : moves)
        if (m.kind == MoveKind::kMove && d - m.value > kMaxTile) return MoveText(m);
      break;
    }
  }
  for (const Move& m : moves)
    if (m.kind == MoveKind::kShuffle) return MoveText(m);
  return MoveText(moves.front());
}

}  // namespace arbiter::island
