// RapidCheck properties of every reachable Wondev Woman state. Each property
// plays a generated game (a seed, a league, a map kind, and random answers:
// mostly legal actions, sometimes any action, ACCEPT-DEFEAT or silence) and
// checks one rule on every state or turn, computed here from the rule text
// rather than by the engine's code.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "spec-tests/wondev/model.h"
#include "wondev/invariants.h"
#include "wondev/maps.h"
#include "wondev/serialize.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

struct Playthrough {
  std::vector<State> states;  // states[i + 1] is states[i] after the i-th answer
  std::vector<TurnEvents> events;
};

Playthrough PlayGenerated() {
  Rules rules;
  rules.league = *rc::gen::inRange(0, 4);
  rules.map = static_cast<MapKind>(*rc::gen::inRange(0, 4));
  rules.no_legal_action = *rc::gen::element(NoLegalAction::kOut, NoLegalAction::kPass);
  rules.max_rounds =
      *rc::gen::weightedOneOf<int>({{3, rc::gen::just(200)}, {1, rc::gen::inRange(1, 20)}});
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  const int steps = *rc::gen::inRange(0, 120);
  AnswerWeights w;
  w.silence = *rc::gen::inRange(0, 2);
  w.accept_defeat = *rc::gen::inRange(0, 2);
  Playthrough p;
  p.states.push_back(NewState(*rc::gen::arbitrary<uint64_t>(), rules));
  for (int i = 0; i < steps && !p.states.back().IsTerminal(); ++i) {
    State next = p.states.back();
    const WalkAnswer a = RandomAnswer(next, rng, w);
    p.events.push_back(a.silent ? next.ApplySilence() : next.Apply(a.answer));
    p.states.push_back(next);
  }
  return p;
}

}  // namespace

CITES(ReachableStates, TheLegalListIsExactlyTheSetOfActionsTheEngineAccepts,
      "wondev.protocol.input.legal", "wondev.protocol.action.legal", "wondev.move.neighbour",
      "wondev.move.climb", "wondev.move.removed", "wondev.move.occupied", "wondev.build.adjacent",
      "wondev.push.target", "wondev.push.destination", "wondev.fog.move");
RC_GTEST_PROP(ReachableStates, TheLegalListIsExactlyTheSetOfActionsTheEngineAccepts, ()) {
  const Playthrough p = PlayGenerated();
  const State& s = p.states[*rc::gen::inRange<size_t>(0, p.states.size())];
  if (!s.CurrentPlayerReceivesInput()) return;
  std::set<std::string> listed;
  for (const std::string& t : ViewFor(s, s.current_player()).actions) listed.insert(t);
  RC_ASSERT(listed.size() <= 128u);
  for (const Action& a : AllActions()) {
    State after = s;
    const Result r = after.Apply(Answer{Answer::kAction, a}).result;
    const bool accepted =
        r != Result::kIllegal && r != Result::kNoLegalOut && r != Result::kNoLegalPass;
    RC_ASSERT(listed.count(ActionText(a)) == (accepted ? 1u : 0u));
    RC_ASSERT(ModelLegal(s, a) == accepted);
  }
}

CITES(ReachableStates, PushingNeverScores, "wondev.push.build");
RC_GTEST_PROP(ReachableStates, PushingNeverScores, ()) {
  const Playthrough p = PlayGenerated();
  for (size_t i = 0; i < p.events.size(); ++i)
    if (p.events[i].result == Result::kPushed || p.events[i].result == Result::kPushCancelled)
      for (int q = 0; q < 2; ++q) RC_ASSERT(p.states[i + 1].score(q) == p.states[i].score(q));
}

CITES(ReachableStates, HeightsOnlyGrowOneBuildATurnAndNeverPassFour, "wondev.build.height",
      "wondev.grid.cells");
RC_GTEST_PROP(ReachableStates, HeightsOnlyGrowOneBuildATurnAndNeverPassFour, ()) {
  const Playthrough p = PlayGenerated();
  for (size_t i = 0; i + 1 < p.states.size(); ++i) {
    int grown = 0;
    for (int c = 0; c < p.states[i].size() * p.states[i].size(); ++c) {
      const int b = p.states[i].map().height[c], a = p.states[i + 1].map().height[c];
      RC_ASSERT(a >= b);
      RC_ASSERT(a <= 4);
      grown += a - b;
    }
    RC_ASSERT(grown <= 1);
  }
}

CITES(ReachableStates, UnitsNeverShareACellNorStandOnAHoleOrARemovedCell, "wondev.move.occupied",
      "wondev.setup.units", "wondev.grid.cells");
RC_GTEST_PROP(ReachableStates, UnitsNeverShareACellNorStandOnAHoleOrARemovedCell, ()) {
  for (const State& s : PlayGenerated().states) {
    std::set<std::pair<int, int>> cells;
    for (int q = 0; q < 2; ++q)
      for (int i = 0; i < s.units_per_player(); ++i) {
        const Pos u = s.unit(q, i);
        RC_ASSERT(s.Playable(u));
        RC_ASSERT(cells.insert({u.x, u.y}).second);
      }
  }
}

CITES(ReachableStates, TheHolesOfARandomMapStayMirrorSymmetric, "wondev.map.random");
RC_GTEST_PROP(ReachableStates, TheHolesOfARandomMapStayMirrorSymmetric, ()) {
  const Playthrough p = PlayGenerated();
  if (p.states.front().size() != 6) return;
  for (const State& s : p.states)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x)
        RC_ASSERT((s.map().at(x, y) == kHole) == (s.map().at(5 - x, y) == kHole));
}

CITES(ReachableStates, AnEnemyIsShownExactlyWhenWithinOneCellOfAnOwnUnitUnderFog,
      "wondev.fog.visibility", "wondev.protocol.input.units");
RC_GTEST_PROP(ReachableStates, AnEnemyIsShownExactlyWhenWithinOneCellOfAnOwnUnitUnderFog, ()) {
  for (const State& s : PlayGenerated().states) {
    const int me = s.current_player();
    const InputView v = ViewFor(s, me);
    for (int i = 0; i < s.units_per_player(); ++i) {
      bool near = s.rules().league < 3;
      for (int k = 0; k < s.units_per_player(); ++k)
        near = near || Chebyshev(s.unit(me, k), s.unit(1 - me, i)) <= 1;
      RC_ASSERT(v.theirs[i] == (near ? s.unit(1 - me, i) : Pos{}));
      RC_ASSERT(v.mine[i] == s.unit(me, i));
    }
  }
}

CITES(ReachableStates, EveryInputParsesBackToItselfAndEveryStateSerialisesBack,
      "wondev.protocol.input.format", "wondev.protocol.input.rows");
RC_GTEST_PROP(ReachableStates, EveryInputParsesBackToItselfAndEveryStateSerialisesBack, ()) {
  for (const State& s : PlayGenerated().states) {
    const std::string text = FormatInput(s, s.current_player());
    const auto parsed = ParseInput(text);
    RC_ASSERT(parsed.ok());
    RC_ASSERT(FormatInput(parsed.value()) == text);
    const auto back = Deserialize(Serialize(s));
    RC_ASSERT(back.ok());
    RC_ASSERT(back.value() == s);
  }
}

CITES(ReachableStates, RandomWalksUnderEveryLeagueAndOptionKeepEveryInvariant, "wondev.turn.order",
      "wondev.turn.one-action", "wondev.score.climb", "wondev.out.turns", "wondev.end.winner");
RC_GTEST_PROP(ReachableStates, RandomWalksUnderEveryLeagueAndOptionKeepEveryInvariant, ()) {
  Rules r;
  r.league = *rc::gen::inRange(0, 4);
  r.map = static_cast<MapKind>(*rc::gen::inRange(0, 4));
  r.action_order = *rc::gen::element(ActionOrder::kText, ActionOrder::kGeneration);
  r.no_legal_action = *rc::gen::element(NoLegalAction::kOut, NoLegalAction::kPass);
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  const std::string err = RandomWalk(NewState(*rc::gen::arbitrary<uint64_t>(), r), rng, 400);
  RC_ASSERT(err == "");
}

}  // namespace arbiter::wondev
