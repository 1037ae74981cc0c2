// Spec tests of the turn sequence, of disqualification (island.invalid,
// island.timeout) and of the end of the game (island.end.*).
#include "spec-tests/island/builders.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Turns, PlayerOneMovesFirstAndTurnsAlternate, "island.turn.order") {
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  std::string error;
  auto g = game->new_game(11, {}, error);
  ASSERT_TRUE(g) << error;
  for (int t = 0; t < 10; ++t) {
    EXPECT_EQ(g->turn(), t);
    EXPECT_EQ(g->current_player(), t % 2);
    EXPECT_EQ(g->InputText(g->current_player())[0], t % 2 ? '2' : '1');
    g->ApplyLine("shuffle");
  }
  EXPECT_EQ(g->num_players(), 2);
}

SPEC_TEST(Invalid, ALineOutsideTheGrammarDisqualifiesAtOnce, "island.invalid",
          "island.syntax.grammar") {
  for (int seat = 0; seat < 2; ++seat)
    for (const char* line : {"", "pass", "MOVE;1", "move;5", "move;;1", "attack;", "shuffle;"}) {
      State s = Make({4, 9}, "11111", "11111", seat);
      EXPECT_EQ(Verdict(s, line), AnswerVerdict::kInvalid) << line;
      const TurnEvents ev = Play(s, line);
      EXPECT_TRUE(ev.game_over) << line;
      EXPECT_EQ(s.end(), End::kInvalid) << line;
      EXPECT_EQ(s.Winner(), 1 - seat) << line;
      EXPECT_EQ(s.pos(0), 4);
      EXPECT_EQ(s.pos(1), 9);
      auto g = Wrap(Make({4, 9}, "11111", "11111", seat));
      // The event cites the grammar or the syntax clause the line breaks.
      bool cited = false;
      for (const Event& e : g->ApplyLine(line)) cited = cited || e.clause.rfind("island.syntax.", 0) == 0;
      EXPECT_TRUE(cited) << line;
      EXPECT_TRUE(g->IsTerminal());
      EXPECT_EQ(g->Winner(), 1 - seat);
    }
}

SPEC_TEST(Invalid, AnIllegalMoveDisqualifiesAtOnce, "island.invalid") {
  // Distance 3; player 1 holds 1 1 2 3 3, player 2 holds 4s; no shuffle left.
  // Each line with the clause it breaks.
  const std::pair<const char*, const char*> cases[] = {
      {"move;4", "island.move.tile"},          // a tile not held
      {"retreat;4", "island.move.tile"},       // nor for a retreat
      {"move;3", "island.move.bound"},         // onto the opponent
      {"shuffle", "island.shuffle.limit"},     // a 21st shuffle
      {"attack;2", "island.attack.distance"},  // a wrong-distance attack
      {"attack;333", "island.attack.tiles"},   // more attack tiles than held
  };
  for (const auto& [line, clause] : cases) {
    State s = Make({4, 7}, "11233", "44444", 0, Rules{}, {20, 0});
    EXPECT_EQ(Verdict(s, line), AnswerVerdict::kIllegal) << line;
    const TurnEvents ev = Play(s, line);
    EXPECT_TRUE(ev.game_over) << line;
    EXPECT_EQ(s.end(), End::kIllegal) << line;
    EXPECT_EQ(s.Winner(), 1) << line;
    EXPECT_EQ(s.pos(0), 4) << line;
    EXPECT_EQ(s.pos(1), 7) << line;
    // The disqualification cites the rule broken (or island.invalid itself).
    auto g = Wrap(Make({4, 7}, "11233", "44444", 0, Rules{}, {20, 0}));
    bool cited = false;
    for (const Event& e : g->ApplyLine(line))
      cited = cited || (e.kind != "end" && (e.clause == clause || e.clause == "island.invalid"));
    EXPECT_TRUE(cited) << line;
  }
}

SPEC_TEST(Timeout, NoAnswerDisqualifiesAndTheOpponentWins, "island.timeout") {
  for (int seat = 0; seat < 2; ++seat) {
    State s = Make({4, 9}, "11111", "11111", seat);
    const TurnEvents ev = s.ApplySilence();
    EXPECT_TRUE(ev.game_over);
    EXPECT_EQ(s.end(), End::kDisqualified);
    EXPECT_EQ(s.Winner(), 1 - seat);
    auto g = Wrap(Make({4, 9}, "11111", "11111", seat));
    bool cited = false;
    for (const Event& e : g->ApplySilence()) cited = cited || e.clause == "island.timeout";
    EXPECT_TRUE(cited);
    EXPECT_TRUE(g->IsTerminal());
    EXPECT_EQ(g->Winner(), 1 - seat);
  }
}

SPEC_TEST(End, AGameStopsAfterTwoHundredGlobalTurns, "island.end.limit") {
  EXPECT_EQ(Rules{}.max_turns, 200);
  // Shuffling for ever (with room for it) is stopped by the limit alone.
  const Rules roomy = RulesOf({{"shuffle_limit", "1000"}});
  State s = State::Initial(5, roomy);
  int played = 0;
  while (!s.IsTerminal() && played < 1000) {
    Play(s, "shuffle");
    ++played;
  }
  EXPECT_EQ(played, 200);
  EXPECT_EQ(s.turn(), 200);
  EXPECT_EQ(s.end(), End::kLimit);
  EXPECT_EQ(s.Winner(), -1);
  // The limit is the option max_turns.
  State ten = State::Initial(5, RulesOf({{"shuffle_limit", "1000"}, {"max_turns", "10"}}));
  for (int t = 0; t < 9; ++t) Play(ten, "shuffle");
  EXPECT_FALSE(ten.IsTerminal());
  Play(ten, "shuffle");
  EXPECT_TRUE(ten.IsTerminal());
  bool cited = false;
  auto g = Wrap(Make({4, 9}, "11111", "11111", 199));
  for (const Event& e : g->ApplyLine("shuffle")) cited = cited || e.clause == "island.end.limit";
  EXPECT_TRUE(cited);
}

SPEC_TEST(End, AtTheLimitItIsADrawOrTheGroundDecides, "island.end.winner", "island.end.limit") {
  EXPECT_EQ(Rules{}.limit_result, LimitResult::kDraw);
  const Rules ground = RulesOf({{"limit_result", "ground"}});
  struct Case {
    std::array<int, 2> pos;
    int draw_winner, ground_winner;
  };
  // Player 2 to move on turn 199 plays move;1; the ground counts after it:
  // player 1's is its cell, player 2's is 14 minus its cell.
  for (const Case& c : {Case{{5, 9}, -1, 1},    // 5 against 14 - 8 = 6
                        Case{{6, 9}, -1, -1},   // 6 against 6
                        Case{{7, 10}, -1, 0}}) {  // 7 against 5
    for (const bool by_ground : {false, true}) {
      State s = Make(c.pos, "11111", "11111", 199, by_ground ? ground : Rules{});
      Play(s, "move;1");
      EXPECT_TRUE(s.IsTerminal());
      EXPECT_EQ(s.end(), End::kLimit);
      EXPECT_EQ(s.Winner(), by_ground ? c.ground_winner : c.draw_winner)
          << c.pos[0] << "," << c.pos[1] << (by_ground ? " ground" : " draw");
    }
  }
}

SPEC_TEST(End, AFallOnTheLastTurnIsAWinNotALimit, "island.end.winner", "island.edge.knocked") {
  State s = Make({2, 5}, "12121", "33313", 199);  // player 2 knocks player 1 to -4
  Play(s, "attack;33");
  EXPECT_EQ(s.end(), End::kKnockedOff);
  EXPECT_EQ(s.Winner(), 1);
}

}  // namespace
}  // namespace arbiter::island
