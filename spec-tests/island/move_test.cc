// Spec tests of moving, retreating and shuffling (island.move.*,
// island.retreat*, island.shuffle*).
#include "spec-tests/island/builders.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Move, PlayerOneMovesRightAndPlayerTwoMovesLeft, "island.move.forward",
          "island.turn.order") {
  State s = Make({2, 12}, "13421", "44213");
  EXPECT_EQ(Play(s, "move;3").result, Result::kMoved);
  EXPECT_EQ(s.pos(0), 5);
  EXPECT_EQ(s.pos(1), 12);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(Play(s, "move;4").result, Result::kMoved);
  EXPECT_EQ(s.pos(0), 5);
  EXPECT_EQ(s.pos(1), 8);
  EXPECT_EQ(s.turn(), 2);
  EXPECT_FALSE(s.IsTerminal());
}

SPEC_TEST(Move, AMoveMustStopShortOfTheOpponent, "island.move.bound", "island.invalid") {
  // Distance 3: move;1 and move;2 are legal, move;3 (onto) and move;4 (past) are not.
  const State s = Make({5, 8}, "12344", "33333");
  EXPECT_EQ(Verdict(s, "move;1"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "move;2"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "move;3"), AnswerVerdict::kIllegal);
  EXPECT_EQ(Verdict(s, "move;4"), AnswerVerdict::kIllegal);
  State close = s;
  Play(close, "move;2");
  EXPECT_EQ(close.pos(0), 7);
  EXPECT_EQ(close.distance(), 1);
  EXPECT_FALSE(close.IsTerminal());
  for (const char* line : {"move;3", "move;4"}) {
    State t = s;
    Play(t, line);
    EXPECT_TRUE(t.IsTerminal()) << line;
    EXPECT_EQ(t.end(), End::kIllegal) << line;
    EXPECT_EQ(t.Winner(), 1) << line;
    EXPECT_EQ(t.pos(0), 5) << line;
  }
  // The same for player 2.
  State p2 = Make({5, 8}, "11111", "33333", 1);
  Play(p2, "move;3");
  EXPECT_EQ(p2.end(), End::kIllegal);
  EXPECT_EQ(p2.Winner(), 0);
}

SPEC_TEST(Move, AMoveOrARetreatNeedsAHeldTile, "island.move.tile", "island.retreat",
          "island.invalid") {
  const State s = Make({5, 10}, "11111", "22222");
  EXPECT_EQ(Verdict(s, "move;2"), AnswerVerdict::kIllegal);
  EXPECT_EQ(Verdict(s, "retreat;3"), AnswerVerdict::kIllegal);
  EXPECT_EQ(Verdict(s, "move;1"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "retreat;1"), AnswerVerdict::kValid);
  State t = s;
  Play(t, "retreat;3");
  EXPECT_EQ(t.end(), End::kIllegal);
  EXPECT_EQ(t.Winner(), 1);
  EXPECT_EQ(t.pos(0), 5);
}

SPEC_TEST(Move, MoveAndRetreatTakeExactlyOneTile, "island.move.single",
          "island.syntax.separators") {
  const State s = Make({2, 12}, "22111", "22222");
  for (const char* line : {"move;22", "retreat;11", "move;21"}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_EQ(Verdict(s, line), AnswerVerdict::kInvalid) << line;
    State t = s;
    Play(t, line);
    EXPECT_TRUE(t.IsTerminal()) << line;
    EXPECT_EQ(t.end(), End::kInvalid) << line;
    EXPECT_EQ(t.Winner(), 1) << line;
  }
}

// state.h: Illegal says why the player to move may not play `m`, naming
// island.move.single among its reasons; a move of two tiles is not a move.
SPEC_TEST(Move, TheEngineRefusesAMoveOfTwoTilesEvenWhenBuiltDirectly, "island.move.single") {
  const State s = Make({2, 12}, "22111", "22222");
  EXPECT_NE(s.Illegal(Move{MoveKind::kMove, 2, 2}), "");
  EXPECT_NE(s.Illegal(Move{MoveKind::kRetreat, 1, 2}), "");
  EXPECT_EQ(s.Illegal(Move{MoveKind::kMove, 2, 1}), "");
}

SPEC_TEST(Retreat, PlayerOneRetreatsLeftAndPlayerTwoRight, "island.retreat") {
  State s = Make({5, 9}, "21111", "44111");
  EXPECT_EQ(Play(s, "retreat;2").result, Result::kRetreated);
  EXPECT_EQ(s.pos(0), 3);
  EXPECT_EQ(Play(s, "retreat;4").result, Result::kRetreated);
  EXPECT_EQ(s.pos(1), 13);
  EXPECT_EQ(s.distance(), 10);
  // No bound but the edge: onto the edge cell itself is an ordinary retreat.
  State edge = Make({4, 9}, "41111", "11111");
  Play(edge, "retreat;4");
  EXPECT_EQ(edge.pos(0), 0);
  EXPECT_FALSE(edge.IsTerminal());
  State edge2 = Make({4, 11}, "11111", "31111", 1);
  Play(edge2, "retreat;3");
  EXPECT_EQ(edge2.pos(1), 14);
  EXPECT_FALSE(edge2.IsTerminal());
}

SPEC_TEST(Retreat, RetreatingPastTheOwnEdgeIsLegalAndLosesAtOnce, "island.retreat.edge",
          "island.end.winner") {
  const State s = Make({2, 9}, "31111", "21111");
  EXPECT_EQ(Verdict(s, "retreat;3"), AnswerVerdict::kValid);  // legal
  State t = s;
  const TurnEvents ev = Play(t, "retreat;3");
  EXPECT_EQ(ev.result, Result::kRetreated);
  EXPECT_TRUE(ev.game_over);
  EXPECT_TRUE(t.IsTerminal());
  EXPECT_EQ(t.end(), End::kRetreatEdge);
  EXPECT_EQ(t.Winner(), 1);
  State p2 = Make({2, 13}, "11111", "21111", 1);
  Play(p2, "retreat;2");
  EXPECT_EQ(p2.end(), End::kRetreatEdge);
  EXPECT_EQ(p2.Winner(), 0);
  // Through the game API the fall cites its clause.
  auto g = Wrap(s);
  bool cited = false;
  for (const Event& e : g->ApplyLine("retreat;3")) cited = cited || e.clause == "island.retreat.edge";
  EXPECT_TRUE(cited);
  EXPECT_EQ(g->Winner(), 1);
}

SPEC_TEST(Shuffle, AShuffleReplacesAllFiveTilesAndNobodyMoves, "island.shuffle",
          "island.tiles.deal") {
  State s = Make({3, 9}, "11111", "22222");
  EXPECT_EQ(Play(s, "shuffle").result, Result::kShuffled);
  EXPECT_EQ(s.pos(0), 3);
  EXPECT_EQ(s.pos(1), 9);
  EXPECT_EQ(s.shuffles(0), 1);
  EXPECT_EQ(s.shuffles(1), 0);
  EXPECT_EQ(Text(s.hand(0)), "?????");  // dealt with player 1's next board
  EXPECT_EQ(Text(s.hand(1)), "22222");
  Play(s, "move;2");
  for (int i = 0; i < kHandSize; ++i) EXPECT_TRUE(IsTile(s.hand(0)[i])) << Text(s.hand(0));
  EXPECT_EQ(s.fresh(0), 0b11111);
  // deal=immediate: the five new tiles are drawn at once.
  State now = Make({3, 9}, "11111", "22222", 0, Immediate());
  Play(now, "shuffle");
  for (int i = 0; i < kHandSize; ++i) EXPECT_TRUE(IsTile(now.hand(0)[i])) << Text(now.hand(0));
}

SPEC_TEST(Shuffle, TheTwentiethShuffleIsAllowedAndTheTwentyFirstDisqualifies,
          "island.shuffle.limit", "island.invalid") {
  State s = Make({3, 9}, "11111", "22222", 0, Rules{}, {19, 0});
  EXPECT_EQ(Verdict(s, "shuffle"), AnswerVerdict::kValid);
  EXPECT_EQ(Play(s, "shuffle").result, Result::kShuffled);  // the 20th
  EXPECT_EQ(s.shuffles(0), 20);
  EXPECT_FALSE(s.IsTerminal());
  EXPECT_EQ(Verdict(s, "shuffle"), AnswerVerdict::kValid);  // player 2 has its own 20
  Play(s, "shuffle");
  EXPECT_EQ(Verdict(s, "shuffle"), AnswerVerdict::kIllegal);
  Play(s, "shuffle");  // the 21st
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.end(), End::kIllegal);
  EXPECT_EQ(s.Winner(), 1);
  EXPECT_EQ(Rules{}.shuffle_limit, 20);
}

SPEC_TEST(Shuffle, TheLimitIsTheShuffleLimitOption, "island.shuffle.limit") {
  State one = Make({3, 9}, "11111", "22222", 0, RulesOf({{"shuffle_limit", "1"}}));
  Play(one, "shuffle");
  Play(one, "move;2");
  EXPECT_EQ(Verdict(one, "shuffle"), AnswerVerdict::kIllegal);
  State none = Make({3, 9}, "11111", "22222", 0, RulesOf({{"shuffle_limit", "0"}}));
  EXPECT_EQ(Verdict(none, "shuffle"), AnswerVerdict::kIllegal);
  Play(none, "shuffle");
  EXPECT_EQ(none.Winner(), 1);
}

}  // namespace
}  // namespace arbiter::island
