// The turn function of Save The Island (state.h). Each rule cites its clause
// in spec-tests/island/clauses.json; mutation points of the test-only mutants
// are marked "MUTANT <name>:".
#include "island/state.h"

#include <algorithm>

namespace arbiter::island {
namespace {

bool OnIsland(int pos) { return pos >= 0 && pos < kIslandSize; }

}  // namespace

int State::Draw() {  // island.tiles.random
  Rng r(rng_);
  const int v = kMinTile + static_cast<int>(r.Uniform(kMaxTile - kMinTile + 1));
  rng_ = r.state();
  return v;
}

State State::Initial(uint64_t seed, const Rules& rules) {
  State s;
  s.rules_ = rules;
  s.rng_ = seed;
  for (int p = 0; p < kNumPlayers; ++p) {  // island.start.positions, island.tiles.random
    for (auto& t : s.hands_[p]) t = static_cast<int8_t>(s.Draw());
    s.fresh_[p] = (1 << kHandSize) - 1;
  }
  return s;
}

std::string State::Validate(int turn, std::array<int, 2> pos, std::array<Hand, 2> hands,
                            std::array<int, 2> shuffles, const Rules& rules) {
  if (turn < 0 || turn >= rules.max_turns)
    return "turn: must be in [0, " + std::to_string(rules.max_turns) + ") (island.end.limit)";
  if (pos[0] < 0 || pos[1] >= kIslandSize || pos[0] >= pos[1])
    return "positions: need 0 <= player 1's position < player 2's position <= 14 "
           "(island.board.island)";
  for (int p = 0; p < kNumPlayers; ++p) {
    for (int8_t t : hands[p])
      if (t != kNoTile && (t < kMinTile || t > kMaxTile))
        return "tiles[" + std::to_string(p) + "]: tiles are 1..4 (island.tiles.random)";
    if (shuffles[p] < 0 || shuffles[p] > rules.shuffle_limit)
      return "shuffles[" + std::to_string(p) + "]: must be in [0, " +
             std::to_string(rules.shuffle_limit) + "] (island.shuffle.limit)";
  }
  return {};
}

State State::FromParts(const Rules& rules, int turn, std::array<int, 2> pos,
                       std::array<Hand, 2> hands, std::array<int, 2> shuffles, uint64_t rng_state) {
  State s = Restore(rules, turn, pos, hands, shuffles, {0, 0}, End::kNone, -1, rng_state);
  s.DealHoles(s.current_player());
  return s;
}

State State::Restore(const Rules& rules, int turn, std::array<int, 2> pos,
                     std::array<Hand, 2> hands, std::array<int, 2> shuffles,
                     std::array<uint8_t, 2> fresh, End end, int winner, uint64_t rng_state) {
  State s;
  s.rules_ = rules;
  s.turn_ = turn;
  s.pos_ = pos;
  s.hands_ = hands;
  s.shuffles_ = shuffles;
  s.fresh_ = fresh;
  s.end_ = end;
  s.winner_ = winner;
  s.rng_ = rng_state;
  return s;
}

int State::Count(int p, int value) const {
  return static_cast<int>(std::count(hands_[p].begin(), hands_[p].end(), value));
}

std::string State::Illegal(const Move& m, std::string* rule) const {
  // The reason, which cites `clause`, the rule it breaks.
  const auto refused = [rule](std::string reason, const char* clause) {
    if (rule) *rule = clause;
    return reason + " (" + clause + ")";
  };
  const int p = current_player();
  const int d = distance();
  const std::string held = " (held: " + [&] {
    std::string h;
    for (int8_t t : hands_[p]) h += static_cast<char>('0' + t);
    return h;
  }() + ")";
  if ((m.kind == MoveKind::kMove || m.kind == MoveKind::kRetreat) && m.count != 1)
    return refused("move and retreat take exactly one tile", "island.move.single");
  if (m.kind == MoveKind::kAttack && m.count < 1)
    return refused("an attack needs a tile", "island.attack.tiles");
  switch (m.kind) {
    case MoveKind::kMove:
      if (Count(p, m.value) == 0)
        return refused("no tile " + std::to_string(m.value) + held, "island.move.tile");
      if (m.value >= d)
        return refused("move;" + std::to_string(m.value) +
                           " reaches or passes the opponent at distance " + std::to_string(d),
                       "island.move.bound");
      return {};
    case MoveKind::kRetreat:
      if (Count(p, m.value) == 0)
        return refused("no tile " + std::to_string(m.value) + held, "island.move.tile");
      return {};
    case MoveKind::kShuffle: {
      int limit = rules_.shuffle_limit;
      if (ISLAND_MUTANT(rules_, kShuffleLimitPlusOne)) ++limit;  // MUTANT shuffle-limit-plus-one:
      if (shuffles_[p] >= limit)                                 // island.shuffle.limit
        return refused("all " + std::to_string(rules_.shuffle_limit) + " shuffles are used",
                       "island.shuffle.limit");
      return {};
    }
    case MoveKind::kAttack:
      if (m.value != d)  // island.attack.distance
        return refused("an attack must use tiles equal to the distance " + std::to_string(d),
                       "island.attack.distance");
      if (m.count > Count(p, d))  // island.attack.tiles
        return refused("attack with " + std::to_string(m.count) + " tiles " + std::to_string(d) +
                           " but only " + std::to_string(Count(p, d)) + " held" + held,
                       "island.attack.tiles");
      return {};
  }
  return refused("unknown move", "island.syntax.keywords");
}

// island.tiles.replace: the leftmost tiles of `value` are the ones used.
uint8_t State::Take(int p, int value, int count) {
  uint8_t slots = 0;
  const bool right = ISLAND_MUTANT(rules_, kTilesFromRight);  // MUTANT tiles-from-right:
  for (int k = 0; k < kHandSize && count > 0; ++k) {
    const int i = right ? kHandSize - 1 - k : k;
    if (hands_[p][i] == value) {
      slots |= static_cast<uint8_t>(1 << i);
      --count;
    }
  }
  Replace(p, slots);
  return slots;
}

// island.tiles.deal: a used slot is empty until its owner's next turn, or
// (deal=immediate) drawn again at once.
void State::Replace(int p, uint8_t slots) {
  for (int i = 0; i < kHandSize; ++i) {
    if (!(slots & (1 << i))) continue;
    if (rules_.deal == Deal::kImmediate) {
      hands_[p][i] = static_cast<int8_t>(Draw());
      fresh_[p] |= static_cast<uint8_t>(1 << i);
    } else {
      hands_[p][i] = kNoTile;
    }
  }
}

void State::DealHoles(int p) {
  for (int i = 0; i < kHandSize; ++i) {
    if (hands_[p][i] != kNoTile) continue;
    hands_[p][i] = static_cast<int8_t>(Draw());
    fresh_[p] |= static_cast<uint8_t>(1 << i);
  }
}

void State::Over(End why, int winner) {
  end_ = why;
  winner_ = winner;
}

TurnEvents State::Apply(const Move& m) {
  const int p = current_player(), o = 1 - p;
  TurnEvents ev = Begin();
  ev.move = m;
  if (IsTerminal()) {
    ev.game_over = true;
    return ev;
  }
  if (std::string why = Illegal(m); !why.empty())  // island.invalid
    return Disqualify(std::move(ev), End::kIllegal, std::move(why));
  fresh_[p] = 0;
  switch (m.kind) {
    case MoveKind::kMove:  // island.move.forward
      ev.used = Take(p, m.value, 1);
      pos_[p] += Forward(p) * m.value;
      ev.result = Result::kMoved;
      break;
    case MoveKind::kRetreat: {  // island.retreat
      const int to = pos_[p] - Forward(p) * m.value;
      if (!OnIsland(to) && ISLAND_MUTANT(rules_, kRetreatEdgeIgnored)) {
        ev.result = Result::kRefused;  // MUTANT retreat-edge-ignored:
        break;
      }
      ev.used = Take(p, m.value, 1);
      pos_[p] = to;
      ev.result = Result::kRetreated;
      if (!OnIsland(to)) Over(End::kRetreatEdge, o);  // island.retreat.edge
      break;
    }
    case MoveKind::kShuffle:  // island.shuffle
      ++shuffles_[p];
      ev.used = (1 << kHandSize) - 1;
      Replace(p, ev.used);
      ev.result = Result::kShuffled;
      break;
    case MoveKind::kAttack: {
      const int d = distance();
      const int a = m.count;
      int k = std::min(a, Count(o, d));                              // island.defence.count
      if (ISLAND_MUTANT(rules_, kDefenceUncapped)) k = Count(o, d);  // MUTANT defence-uncapped:
      const int hits = std::max(0, a - k);
      ev.used = Take(p, d, a);  // island.defence.replace
      ev.defence_used = Take(o, d, k);
      ev.attack_tiles = a;
      ev.defence_tiles = k;
      ev.hits = hits;
      ev.result = Result::kAttacked;
      if (hits > 0) {  // island.defence.knockback (s = 0: island.defence.full)
        pos_[p] = pos_[o] - Forward(p);
        pos_[o] += Forward(p) * kKnockback * hits;
        if (!OnIsland(pos_[o])) Over(End::kKnockedOff, p);  // island.edge.knocked
      }
      break;
    }
  }
  return Finish(ev);
}

TurnEvents State::ApplyUnbounded(int value) {
  const int p = current_player();
  TurnEvents ev = Begin();
  ev.move = {MoveKind::kMove, value, 1};
  fresh_[p] = 0;
  ev.used = Take(p, value, 1);
  pos_[p] += Forward(p) * value;
  return Finish(ev);
}

TurnEvents State::Begin() const {
  TurnEvents ev;
  ev.turn = turn_;
  ev.player = current_player();
  ev.from = pos_[ev.player];
  ev.defender_from = pos_[1 - ev.player];
  return ev;
}

// The player to move loses at once (island.invalid, island.timeout).
TurnEvents State::Disqualify(TurnEvents ev, End why, std::string reason) {
  ev.result = Result::kEndedGame;
  ev.reason = std::move(reason);
  if (IsTerminal()) {
    ev.game_over = true;
    return ev;
  }
  Over(why, 1 - ev.player);
  return Finish(ev);
}

TurnEvents State::ApplyInvalid(std::string reason) {
  return Disqualify(Begin(), End::kInvalid, std::move(reason));  // island.invalid
}

TurnEvents State::ApplySilence() {
  return Disqualify(Begin(), End::kDisqualified, "no answer");  // island.timeout
}

TurnEvents State::Finish(TurnEvents ev) {
  ev.to = pos_[ev.player];
  ev.defender_to = pos_[1 - ev.player];
  ++turn_;                                           // island.turn.order
  if (!IsTerminal() && turn_ >= rules_.max_turns) {  // island.end.limit
    int w = -1;
    if (rules_.limit_result == LimitResult::kGround) {
      const int g0 = pos_[0], g1 = kIslandSize - 1 - pos_[1];
      w = g0 > g1 ? 0 : g1 > g0 ? 1 : -1;
    }
    Over(End::kLimit, w);
  }
  if (!IsTerminal()) DealHoles(current_player());  // island.tiles.deal
  ev.game_over = IsTerminal();
  return ev;
}

}  // namespace arbiter::island
