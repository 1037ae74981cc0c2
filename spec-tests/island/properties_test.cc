// RapidCheck properties of Save The Island. Each property plays a generated
// game (random rule options; the standard start or any valid position; and
// answers that are mostly legal moves, sometimes any well-formed move, an
// unreadable line or silence) and checks one rule on every state or turn,
// computed here from the rule text (model.h) rather than by the engine.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iterator>
#include <map>
#include <string>

#include "spec-tests/island/builders.h"
#include "island/invariants.h"
#include "island/policies.h"
#include "spec-tests/island/model.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

Rules GenRules() {
  Rules r;
  r.deal = *rc::gen::element(Deal::kNextTurn, Deal::kImmediate);
  r.shuffle_limit =
      *rc::gen::weightedOneOf<int>({{3, rc::gen::just(20)}, {1, rc::gen::inRange(0, 4)}});
  r.max_turns =
      *rc::gen::weightedOneOf<int>({{3, rc::gen::just(200)}, {1, rc::gen::inRange(1, 40)}});
  r.limit_result = *rc::gen::element(LimitResult::kDraw, LimitResult::kGround);
  return r;
}

// The standard start, or any position the rules allow: the player to move
// holds five tiles; under deal=next-turn the other may have empty slots.
State GenStart(const Rules& r) {
  if (*rc::gen::arbitrary<bool>()) return State::Initial(*rc::gen::arbitrary<uint64_t>(), r);
  const int a = *rc::gen::inRange(0, 14);
  const int b = *rc::gen::inRange(a + 1, 15);
  const int turn = *rc::gen::inRange(0, r.max_turns);
  std::array<Hand, 2> hands{};
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < kHandSize; ++i) {
      const bool hole = r.deal == Deal::kNextTurn && p != turn % 2 && *rc::gen::inRange(0, 5) == 0;
      // Hands of one value now and then: attacks and defences of many tiles.
      hands[p][i] = static_cast<int8_t>(hole ? kNoTile : *rc::gen::inRange(1, 5));
    }
  if (*rc::gen::inRange(0, 4) == 0) hands[turn % 2].fill(hands[turn % 2][0]);
  const std::array<int, 2> shuffles = {*rc::gen::inRange(0, r.shuffle_limit + 1),
                                       *rc::gen::inRange(0, r.shuffle_limit + 1)};
  return State::FromParts(r, turn, {a, b}, hands, shuffles, *rc::gen::arbitrary<uint64_t>());
}

const char* const kBadLines[] = {"move;22", "MOVE;1", "attack;", "shuffle;", " move;1",
                                 "move;5",  "move;;1", "",       "retreat", "attack;2;"};

struct Turn {
  std::string line;
  bool silent = false;
  TurnEvents ev;
};

struct Walk {
  std::vector<State> states;  // states[i + 1] is states[i] after turns[i]
  std::vector<Turn> turns;
};

// The mix of answers of one walk (swarm testing): some walks play only legal
// moves to the end, others sprinkle in illegal moves, bad lines and silence.
struct Mix {
  uint32_t silent = 0, bad = 0, any = 0;  // per cent
};

std::string ChooseLine(const State& s, const Mix& mix, Rng& rng, bool& silent) {
  silent = false;
  const uint32_t r = rng.Uniform(100);
  if (r < mix.silent) {
    silent = true;
    return "";
  }
  if (r < mix.silent + mix.bad) return kBadLines[rng.Uniform(std::size(kBadLines))];
  if (r < mix.silent + mix.bad + mix.any) {  // any well-formed move, legal or not
    Move m;
    m.kind = static_cast<MoveKind>(rng.Uniform(4));
    const int d = s.distance();
    m.value = d <= 4 && rng.Chance(1, 2) ? d : 1 + static_cast<int>(rng.Uniform(4));
    m.count = m.kind == MoveKind::kAttack ? 1 + static_cast<int>(rng.Uniform(4))
              : m.kind == MoveKind::kShuffle ? 0
                                              : 1;
    return MoveText(m);
  }
  const std::vector<Move> legal = LegalMoves(s);
  const std::string text = MoveText(legal[rng.Uniform(static_cast<uint32_t>(legal.size()))]);
  return rng.Chance(1, 20) ? text + "\r" : text;
}

Walk GenWalk() {
  const Rules rules = GenRules();
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  const int steps = *rc::gen::inRange(1, 250);
  Mix mix;
  mix.silent = *rc::gen::element(0u, 0u, 1u);
  mix.bad = *rc::gen::element(0u, 1u, 3u);
  mix.any = *rc::gen::element(0u, 4u, 15u);
  Walk w;
  w.states.push_back(GenStart(rules));
  for (int i = 0; i < steps && !w.states.back().IsTerminal(); ++i) {
    State next = w.states.back();
    Turn t;
    t.line = ChooseLine(next, mix, rng, t.silent);
    t.ev = t.silent ? next.ApplySilence() : Play(next, t.line);
    w.turns.push_back(t);
    w.states.push_back(next);
  }
  return w;
}

Model ModelOf(const State& s) {
  Model m;
  m.rules = s.rules();
  m.turn = s.turn();
  m.pos = {s.pos(0), s.pos(1)};
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < kHandSize; ++i) m.hand[p][i] = s.hand(p)[i] == kNoTile ? 0 : s.hand(p)[i];
  m.shuffles = {s.shuffles(0), s.shuffles(1)};
  return m;
}

}  // namespace

CITES(ReachableStates, TheEngineAgreesWithAModelWrittenFromTheRules, "island.turn.order",
      "island.move.forward", "island.move.bound", "island.move.tile", "island.retreat",
      "island.retreat.edge", "island.shuffle", "island.shuffle.limit", "island.attack.distance",
      "island.attack.tiles", "island.defence.count", "island.defence.knockback",
      "island.defence.full", "island.defence.replace", "island.edge.knocked",
      "island.tiles.replace", "island.tiles.deal", "island.invalid", "island.timeout",
      "island.end.limit", "island.end.winner");
RC_GTEST_PROP(ReachableStates, TheEngineAgreesWithAModelWrittenFromTheRules, ()) {
  const Walk w = GenWalk();
  Model m = ModelOf(w.states.front());
  // The slots each player was dealt since it last acted (State::fresh).
  std::array<uint8_t, 2> learnt = {w.states.front().fresh(0), w.states.front().fresh(1)};
  for (size_t i = 0; i < w.turns.size(); ++i) {
    const State& before = w.states[i];
    const State& after = w.states[i + 1];
    const Turn& t = w.turns[i];
    const int p = m.Player();
    RC_ASSERT(before.current_player() == p);
    ModelTurn mt;
    const Answer a = ParseAnswer(t.line, m.rules);
    if (t.silent || !a.ok) {
      ModelDisqualify(m);
      mt.legal = false;
    } else {
      mt = ModelPlay(m, a.move);
    }
    RC_ASSERT(after.turn() == m.turn);
    RC_ASSERT(after.IsTerminal() == m.over);
    RC_ASSERT(after.Winner() == m.winner);
    RC_ASSERT(after.pos(0) == m.pos[0]);
    RC_ASSERT(after.pos(1) == m.pos[1]);
    RC_ASSERT(after.shuffles(0) == m.shuffles[0]);
    RC_ASSERT(after.shuffles(1) == m.shuffles[1]);
    if (mt.legal) {
      RC_ASSERT(t.ev.used == mt.used);
      RC_ASSERT(t.ev.defence_used == mt.defence_used);
      RC_ASSERT(t.ev.hits == mt.hits);
      learnt[p] = 0;  // p has acted: what it is dealt from now on is new to it
    }
    // Kept tiles are kept; a used or empty slot holds a new tile 1..4 where
    // the rules deal one now (deal=immediate, or the next player's board),
    // else it stays empty.
    for (int q = 0; q < 2; ++q)
      for (int k = 0; k < kHandSize; ++k) {
        const int shown = after.hand(q)[k];
        if (m.hand[q][k] != 0) {
          RC_ASSERT(shown == m.hand[q][k]);
          continue;
        }
        const bool used_now = ((q == p ? mt.used : mt.defence_used) >> k) & 1;
        const bool dealt = m.rules.deal == Deal::kImmediate
                               ? used_now
                               : !m.over && q == after.current_player();
        const bool as_dealt = dealt ? IsTile(shown) : shown == kNoTile;
        RC_ASSERT(as_dealt);
        if (IsTile(shown)) {
          m.hand[q][k] = shown;
          learnt[q] |= static_cast<uint8_t>(1 << k);
        }
      }
    if (!m.over) RC_ASSERT(after.fresh(after.current_player()) == learnt[after.current_player()]);
  }
}

CITES(ReachableStates, PlayerOneIsAlwaysLeftOfPlayerTwoWhileBothAreOnTheIsland,
      "island.board.island", "island.move.bound", "island.defence.knockback");
RC_GTEST_PROP(ReachableStates, PlayerOneIsAlwaysLeftOfPlayerTwoWhileBothAreOnTheIsland, ()) {
  for (const State& s : GenWalk().states) {
    RC_ASSERT(s.pos(0) < s.pos(1));
    if (!s.IsTerminal() || (s.end() != End::kRetreatEdge && s.end() != End::kKnockedOff)) {
      RC_ASSERT(s.pos(0) >= 0);
      RC_ASSERT(s.pos(1) <= 14);
    }
  }
}

CITES(ReachableStates, AnAttackNeverMovesTheAttackerPastTheDefender, "island.defence.knockback",
      "island.defence.full");
RC_GTEST_PROP(ReachableStates, AnAttackNeverMovesTheAttackerPastTheDefender, ()) {
  for (const Turn& t : GenWalk().turns) {
    const TurnEvents& ev = t.ev;
    if (ev.result != Result::kAttacked) continue;
    const int toward = ev.player == 0 ? 1 : -1;  // from the attacker to the defender
    // The attacker ends between where it stood and the defender's old cell,
    // that cell excluded; the defender never comes closer.
    RC_ASSERT((ev.to - ev.from) * toward >= 0);
    RC_ASSERT((ev.defender_from - ev.to) * toward >= 1);
    RC_ASSERT((ev.defender_to - ev.defender_from) * toward >= 0);
    RC_ASSERT((ev.defender_to - ev.to) * toward >= 1);
    if (ev.hits == 0) {
      RC_ASSERT(ev.to == ev.from);
      RC_ASSERT(ev.defender_to == ev.defender_from);
    } else {
      RC_ASSERT((ev.defender_to - ev.to) * toward == 1 + 3 * ev.hits);
    }
  }
}

CITES(ReachableStates, NoMoreTileSlotsChangeThanTilesAreUsed, "island.tiles.replace",
      "island.defence.replace", "island.defence.count");
RC_GTEST_PROP(ReachableStates, NoMoreTileSlotsChangeThanTilesAreUsed, ()) {
  const Walk w = GenWalk();
  for (size_t i = 0; i < w.turns.size(); ++i) {
    const State& before = w.states[i];
    const State& after = w.states[i + 1];
    const int p = before.current_player(), o = 1 - p;
    // The tiles the answer uses, from the rules and the state before it.
    int used = 0;
    const Answer a = ParseAnswer(w.turns[i].line, before.rules());
    if (!w.turns[i].silent && a.ok && ModelLegal(ModelOf(before), a.move)) {
      switch (a.move.kind) {
        case MoveKind::kMove:
        case MoveKind::kRetreat:
          used = 1;
          break;
        case MoveKind::kShuffle:
          used = 5;
          break;
        case MoveKind::kAttack:
          used = a.move.count + std::min(a.move.count, before.Count(o, before.distance()));
          break;
      }
    }
    int changed = 0;
    for (int k = 0; k < kHandSize; ++k) {
      changed += before.hand(p)[k] != after.hand(p)[k];
      // An empty slot of the other player may be dealt; a held tile may only
      // go in a defence.
      changed += before.hand(o)[k] != kNoTile && before.hand(o)[k] != after.hand(o)[k];
    }
    RC_ASSERT(changed <= used);
  }
}

CITES(ReachableStates, EveryBoardIsTheStateAndParsesBack, "island.board.format",
      "island.board.player", "island.board.tiles", "island.board.island");
RC_GTEST_PROP(ReachableStates, EveryBoardIsTheStateAndParsesBack, ()) {
  for (const State& s : GenWalk().states) {
    if (s.IsTerminal()) continue;
    const int p = s.current_player();
    const std::string text = FormatBoard(s, p);
    RC_ASSERT(text.size() == 24u);
    RC_ASSERT(text.back() == '\n');
    Board b;
    std::string error;
    RC_ASSERT(ParseBoard(text, b, error));
    RC_ASSERT(b.player == p);
    RC_ASSERT(b.pos[0] == s.pos(0));
    RC_ASSERT(b.pos[1] == s.pos(1));
    for (int k = 0; k < kHandSize; ++k) RC_ASSERT(b.tiles[k] == s.hand(p)[k]);
  }
}

CITES(ReachableStates, TheBuiltInPlayersAnswerOnlyLegalMovesAndEveryGameEnds, "island.invalid",
      "island.end.limit", "island.end.winner", "island.turn.order");
RC_GTEST_PROP(ReachableStates, TheBuiltInPlayersAnswerOnlyLegalMovesAndEveryGameEnds, ()) {
  const GameInfo* game = FindGame("island");
  RC_ASSERT(game != nullptr);
  std::vector<std::pair<std::string, std::string>> rules = {
      {"deal", *rc::gen::element<std::string>("next-turn", "immediate")},
      {"limit_result", *rc::gen::element<std::string>("draw", "ground")}};
  if (*rc::gen::arbitrary<bool>())
    rules.push_back({"max_turns", std::to_string(*rc::gen::inRange(1, 60))});
  const std::array<std::string_view, 2> seats = {
      game->policies[*rc::gen::inRange<size_t>(0, game->policies.size())],
      game->policies[*rc::gen::inRange<size_t>(0, game->policies.size())]};
  std::string error;
  auto g = game->new_game(*rc::gen::arbitrary<uint64_t>(), rules, error);
  RC_ASSERT(g != nullptr);
  const int max_turns = StateOf(*g)->rules().max_turns;
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  int turns = 0;
  while (!g->IsTerminal()) {
    RC_ASSERT(g->current_player() == turns % 2);
    const std::string answer = *g->BuiltinAnswer(seats[g->current_player()], rng);
    RC_ASSERT(g->ClassifyAnswer(answer) == AnswerVerdict::kValid);
    g->ApplyLine(answer);
    ++turns;
    RC_ASSERT(CheckInvariants(*StateOf(*g)) == "");
    RC_ASSERT(turns <= max_turns);
  }
  const State& end = *StateOf(*g);
  RC_ASSERT(end.end() != End::kInvalid && end.end() != End::kIllegal);
  if (end.end() == End::kLimit) {
    RC_ASSERT(turns == max_turns);
  } else {
    RC_ASSERT(end.Winner() == 1 - (turns - 1) % 2 || end.end() == End::kKnockedOff);
    RC_ASSERT(end.end() != End::kKnockedOff || end.Winner() == (turns - 1) % 2);
  }
}

// The properties above hold vacuously for a kind of turn the walks never
// reach: a generator that stopped producing attacks would let them all
// pass. So every kind each of them checks must come up, over as many walks
// as one property run draws.
CITES(ReachableStates, TheGeneratedWalksReachEveryKindOfTurnAndOfEnd, "island.move.forward",
      "island.retreat", "island.shuffle", "island.attack.tiles", "island.defence.full",
      "island.defence.knockback", "island.retreat.edge", "island.edge.knocked", "island.invalid",
      "island.timeout", "island.end.limit");
TEST(ReachableStates, TheGeneratedWalksReachEveryKindOfTurnAndOfEnd) {
  std::map<std::string, int> seen;
  const bool held = rc::check("the walks reach every kind", [&] {
    const Walk w = GenWalk();
    for (const Turn& t : w.turns) {
      const TurnEvents& ev = t.ev;
      if (ev.result == Result::kMoved) ++seen["moved"];
      if (ev.result == Result::kRetreated) ++seen["retreated"];
      if (ev.result == Result::kShuffled) ++seen["shuffled"];
      if (ev.result == Result::kAttacked) ++seen[ev.hits == 0 ? "fully defended" : "hit"];
      if (ev.result == Result::kAttacked && ev.defender_to != ev.defender_from)
        ++seen["knocked back"];
    }
    const State& last = w.states.back();
    if (last.IsTerminal()) ++seen["end " + std::to_string(static_cast<int>(last.end()))];
  });
  ASSERT_TRUE(held);
  for (const std::string kind :
       {"moved", "retreated", "shuffled", "hit", "fully defended", "knocked back"})
    EXPECT_GT(seen[kind], 0) << "no walk had a turn that " << kind;
  for (const End end : {End::kRetreatEdge, End::kKnockedOff, End::kInvalid, End::kIllegal,
                        End::kDisqualified, End::kLimit})
    EXPECT_GT((seen["end " + std::to_string(static_cast<int>(end))]), 0)
        << "no walk ended with End " << static_cast<int>(end);
}

}  // namespace arbiter::island
