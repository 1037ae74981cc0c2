// The built-in players (policies.h).
#include "island/policies.h"

#include "island/codec.h"

namespace arbiter::island {

std::optional<Policy> PolicyFromName(std::string_view name) {
  if (name == "greedy") return Policy::kGreedy;
  if (name == "random") return Policy::kRandom;
  if (name == "cautious") return Policy::kCautious;
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

std::string ChooseAnswer(Policy policy, const State& s, Rng& rng) {
  const std::vector<Move> moves = LegalMoves(s);
  if (moves.empty()) return "shuffle";  // unreachable: some tile is always held
  const int d = s.distance();
  const Move* attack = nullptr;
  for (const Move& m : moves)
    if (m.kind == MoveKind::kAttack) attack = &m;  // the last one uses every tile
  switch (policy) {
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
