// RapidCheck properties of every reachable JavaChallenge2015 state. Each
// property plays a generated action sequence (a string of U R D L A N ?,
// where ? is an invalid answer) from DrawPlacement(seed) with the default or a
// short turn limit, and checks one rule on every state or turn it passes
// through, computed here from the rule text rather than by the engine's code.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/rng.h"
#include "jc2015/codec.h"
#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "jc2015/serialize.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::jc2015 {
namespace {

struct Playthrough {
  std::vector<State> states;  // states[i + 1] is states[i] after actions[i]
  std::vector<Action> actions;
  std::vector<TurnEvents> events;
};

Action FromLetter(char c) { return ParseAction(std::string_view(&c, 1), ActionParsing::kExact); }

int Distance(int r1, int c1, int r2, int c2) { return std::abs(r1 - r2) + std::abs(c1 - c2); }

Playthrough PlayGenerated() {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rules rules;
  rules.turn_limit = *rc::gen::weightedOneOf<int>(
      {{3, rc::gen::just(kDefaultTurnLimit)}, {1, rc::gen::inRange(1, 61)}});
  const std::string letters = *rc::gen::scale(
      5.0, rc::gen::container<std::string>(rc::gen::weightedElement<char>(
               {{5, 'U'}, {5, 'R'}, {5, 'D'}, {5, 'L'}, {4, 'A'}, {2, 'N'}, {1, '?'}})));
  Playthrough p;
  p.states.push_back(State::Initial(DrawPlacement(seed), rules));
  for (const char c : letters) {
    if (p.states.back().IsTerminal()) break;
    State next = p.states.back();
    p.actions.push_back(FromLetter(c));
    p.events.push_back(next.Apply(p.actions.back()));
    p.states.push_back(next);
  }
  return p;
}

}  // namespace

CITES(ReachableStates, NoTwoPlayersOnTheBoardAreEverWithinDistanceThree,
      "jc2015.move.cancel.distance", "jc2015.setup.distance");
RC_GTEST_PROP(ReachableStates, NoTwoPlayersOnTheBoardAreEverWithinDistanceThree, ()) {
  for (const State& s : PlayGenerated().states)
    for (int a = 0; a < kNumPlayers; ++a)
      for (int b = a + 1; b < kNumPlayers; ++b) {
        const Player &pa = s.player(a), &pb = s.player(b);
        if (pa.on_board && pb.on_board) RC_ASSERT(Distance(pa.row, pa.col, pb.row, pb.col) > 3);
      }
}

CITES(ReachableStates, NoPlayerOnTheBoardStandsOnAFallenBlock, "jc2015.fall.player");
RC_GTEST_PROP(ReachableStates, NoPlayerOnTheBoardStandsOnAFallenBlock, ()) {
  for (const State& s : PlayGenerated().states)
    for (int q = 0; q < kNumPlayers; ++q)
      if (s.player(q).on_board) RC_ASSERT(s.block(s.player(q).row / 3, s.player(q).col / 3) >= 0);
}

CITES(ReachableStates, EveryBlockValueShownLiesBetweenMinusTwentyAndTwenty,
      "jc2015.protocol.input.block");
RC_GTEST_PROP(ReachableStates, EveryBlockValueShownLiesBetweenMinusTwentyAndTwenty, ()) {
  for (const State& s : PlayGenerated().states)
    for (const int b : ViewFor(s, s.current_player()).blocks) RC_ASSERT(b >= -20 && b <= 20);
}

CITES(ReachableStates, EachTurnAdvancesTByOneAndOnlyPlayerTMod4Acts, "jc2015.turn.order",
      "jc2015.turn.one-action");
RC_GTEST_PROP(ReachableStates, EachTurnAdvancesTByOneAndOnlyPlayerTMod4Acts, ()) {
  const Playthrough p = PlayGenerated();
  RC_ASSERT(p.states.front().turn() == 0);
  for (size_t i = 0; i < p.actions.size(); ++i) {
    const State &before = p.states[i], &after = p.states[i + 1];
    RC_ASSERT(after.turn() == before.turn() + 1);
    RC_ASSERT(p.events[i].player == static_cast<int>(i % 4));
    for (int q = 0; q < kNumPlayers; ++q) {
      if (q == static_cast<int>(i % 4) || !after.player(q).on_board) continue;
      RC_ASSERT(after.player(q) == before.player(q));  // others only ever fall
    }
  }
}

CITES(ReachableStates, SerializingAndDeserializingGivesBackAStateThatPlaysOnTheSame,
      "jc2015.turn.input");
RC_GTEST_PROP(ReachableStates, SerializingAndDeserializingGivesBackAStateThatPlaysOnTheSame, ()) {
  const Playthrough p = PlayGenerated();
  for (size_t i = 0; i < p.states.size(); ++i) {
    const auto back = Deserialize(Serialize(p.states[i]));
    RC_ASSERT(back.ok());
    RC_ASSERT(back.value() == p.states[i]);
    if (i < p.actions.size()) {
      State next = back.value();
      next.Apply(p.actions[i]);
      RC_ASSERT(next == p.states[i + 1]);
    }
  }
}

CITES(ReachableStates, EveryTurnInputIsThirteenLinesThatParseBackToTheSameView,
      "jc2015.protocol.input.format", "jc2015.protocol.input.eod");
RC_GTEST_PROP(ReachableStates, EveryTurnInputIsThirteenLinesThatParseBackToTheSameView, ()) {
  for (const State& s : PlayGenerated().states)
    for (int id = 0; id < kNumPlayers; ++id) {
      const InputView view = ViewFor(s, id);
      const std::string text = FormatInput(view);
      int lines = 0;
      for (const char c : text) lines += c == '\n';
      RC_ASSERT(lines == 2 + 6 + 4 + 1);
      RC_ASSERT(text.rfind("EOD\n") == text.size() - 4);
      RC_ASSERT(text.find("  ") == std::string::npos);
      RC_ASSERT(text.find(" \n") == std::string::npos);
      const auto parsed = ParseInput(text);
      RC_ASSERT(parsed.ok());
      RC_ASSERT(parsed.value() == view);
    }
}

CITES(ReachableStates, AnAttackerIgnoresItsNextTwoAnswersAndActsOnTheThird, "jc2015.attack.stun",
      "jc2015.protocol.stunned-answer", "jc2015.protocol.input.stun");
RC_GTEST_PROP(ReachableStates, AnAttackerIgnoresItsNextTwoAnswersAndActsOnTheThird, ()) {
  const Playthrough p = PlayGenerated();
  int attacked_on[kNumPlayers] = {-100, -100, -100, -100};  // last attack that took effect
  for (size_t i = 0; i < p.actions.size(); ++i) {
    const State& s = p.states[i];
    for (int q = 0; q < kNumPlayers; ++q)
      if (s.player(q).on_board)
        RC_ASSERT(s.StunShown(q) == std::max(0, attacked_on[q] + 12 - s.turn()));
    const int me = s.current_player();
    if (!s.player(me).on_board) continue;
    const int since = s.turn() - attacked_on[me];
    if (since >= 12 && p.actions[i] == Action::kAttack) attacked_on[me] = s.turn();
    RC_ASSERT((p.events[i].result == ActionResult::kAttacked) == (attacked_on[me] == s.turn()));
    if (since != 4 && since != 8) continue;
    State nothing = s;
    nothing.Apply(Action::kNothing);
    for (int a = 0; a <= static_cast<int>(Action::kInvalid); ++a) {
      State other = s;
      other.Apply(static_cast<Action>(a));
      RC_ASSERT(other == nothing);
    }
  }
}

CITES(ReachableStates, AFallenPlayerNeverComesBackAndIsShownAtMinusOneMinusOne,
      "jc2015.restore.no-player", "jc2015.protocol.input.position",
      "jc2015.protocol.input.fallen-fields");
RC_GTEST_PROP(ReachableStates, AFallenPlayerNeverComesBackAndIsShownAtMinusOneMinusOne, ()) {
  bool fell[kNumPlayers] = {};
  for (const State& s : PlayGenerated().states) {
    const InputView view = ViewFor(s, 0);
    for (int q = 0; q < kNumPlayers; ++q) {
      if (fell[q]) RC_ASSERT(!s.player(q).on_board);
      fell[q] = fell[q] || !s.player(q).on_board;
      const PlayerView& pv = view.players[q];
      if (fell[q]) RC_ASSERT(pv.row == -1 && pv.col == -1 && pv.stun == 0);
      if (!fell[q]) RC_ASSERT(pv.row >= 0 && pv.row < 18 && pv.col >= 0 && pv.col < 18);
    }
  }
}

CITES(ReachableStates, RandomWalksUnderEveryRuleOptionKeepEveryInvariant, "jc2015.fall.player",
      "jc2015.move.step", "jc2015.turn.one-action", "jc2015.attack.no-reschedule",
      "jc2015.fall.timing", "jc2015.restore.delay", "jc2015.restore.no-player",
      "jc2015.board.size");
RC_GTEST_PROP(ReachableStates, RandomWalksUnderEveryRuleOptionKeepEveryInvariant, ()) {
  Rules rules;
  rules.turn_limit = *rc::gen::inRange(1, 1200);
  rules.stun_count = *rc::gen::element(StunCount::kGlobalTurns, StunCount::kOwnTurns);
  rules.attack_distance = *rc::gen::element(AttackDistance::kBlocks, AttackDistance::kSquares);
  rules.invalid_action = *rc::gen::element(InvalidAction::kDoNothing, InvalidAction::kRemovePlayer);
  ActionWeights w;
  w.move = *rc::gen::inRange(1, 20);
  w.attack = *rc::gen::inRange(0, 20);
  w.nothing = *rc::gen::inRange(0, 10);
  w.invalid = *rc::gen::inRange(0, 3);
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  const State start = State::Initial(DrawPlacement(*rc::gen::arbitrary<uint64_t>()), rules);
  const std::string violation = RandomWalk(start, rng, rules.turn_limit, w);
  if (!violation.empty()) RC_FAIL(violation + " under " + DescribeRules(rules));
}

CITES(ReachableStates, AMoveIsCancelledExactlyByTheThreeRulesAndAlwaysTurnsThePlayer,
      "jc2015.move.cancel.turns", "jc2015.move.cancel.edge", "jc2015.move.cancel.fallen",
      "jc2015.move.cancel.distance", "jc2015.move.step", "jc2015.move.face");
RC_GTEST_PROP(ReachableStates, AMoveIsCancelledExactlyByTheThreeRulesAndAlwaysTurnsThePlayer, ()) {
  static constexpr int kStep[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};  // U R D L
  for (const State& s : PlayGenerated().states) {
    const int me = s.current_player();
    const Player& p = s.player(me);
    if (s.IsTerminal() || !p.on_board || s.StunShown(me) > 0) continue;
    for (int d = 0; d < 4; ++d) {
      const int r = p.row + kStep[d][0], c = p.col + kStep[d][1];
      bool cancel = r < 0 || r >= 18 || c < 0 || c >= 18;
      cancel = cancel || s.block(r / 3, c / 3) < 0;
      for (int q = 0; q < kNumPlayers; ++q)
        cancel = cancel || (q != me && s.player(q).on_board &&
                            Distance(r, c, s.player(q).row, s.player(q).col) <= 3);
      State after = s;
      after.Apply(static_cast<Action>(d));
      const Player& moved = after.player(me);
      RC_ASSERT(moved.dir == static_cast<Dir>(d));
      if (!moved.on_board) continue;  // the turn's tick dropped it
      RC_ASSERT(moved.row == (cancel ? p.row : r));
      RC_ASSERT(moved.col == (cancel ? p.col : c));
    }
  }
}

}  // namespace arbiter::jc2015
