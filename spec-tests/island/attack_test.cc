// Spec tests of attacks and defence (island.attack.*, island.defence.*,
// island.edge.knocked). Every expected position is worked out here from the
// rules: with a attack tiles and k = min(a, matching defence tiles), s = a - k
// hits put the attacker next to the defender and the defender 3*s further.
#include "spec-tests/island/builders.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Attack, EveryTileMustEqualTheDistance, "island.attack.distance", "island.invalid") {
  const State s = Make({4, 7}, "22333", "11111");  // distance 3
  EXPECT_EQ(Verdict(s, "attack;3"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "attack;333"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "attack;2"), AnswerVerdict::kIllegal);  // held, but not the distance
  EXPECT_EQ(Verdict(s, "attack;22"), AnswerVerdict::kIllegal);
  State t = s;
  Play(t, "attack;2");
  EXPECT_TRUE(t.IsTerminal());
  EXPECT_EQ(t.end(), End::kIllegal);
  EXPECT_EQ(t.Winner(), 1);
  EXPECT_EQ(t.pos(0), 4);
  EXPECT_EQ(t.pos(1), 7);
  // At distance 14 no attack is possible at all.
  const State far = Make({0, 14}, "44444", "44444");
  EXPECT_EQ(Verdict(far, "attack;4"), AnswerVerdict::kIllegal);
}

// island.attack.distance: "attack;x...x" repeats one tile x; an attack whose
// tiles differ is not an attack of the grammar at all, at any distance.
SPEC_TEST(Attack, AnAttackWithMixedTilesIsOutsideTheGrammar, "island.attack.distance",
          "island.syntax.grammar") {
  const State s = Make({4, 6}, "22333", "11111");  // distance 2
  for (const char* line : {"attack;23", "attack;32", "attack;223", "attack;1234"}) {
    EXPECT_FALSE(Parses(line)) << line;
    EXPECT_EQ(Verdict(s, line), AnswerVerdict::kInvalid) << line;
  }
  State t = s;
  Play(t, "attack;23");
  EXPECT_TRUE(t.IsTerminal());
  EXPECT_EQ(t.end(), End::kInvalid);
  EXPECT_EQ(t.Winner(), 1);
}

SPEC_TEST(Attack, AnAttackUsesAtMostTheTilesHeld, "island.attack.tiles", "island.invalid") {
  const State s = Make({4, 6}, "21233", "11111");  // two 2s at distance 2
  EXPECT_EQ(Verdict(s, "attack;2"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "attack;22"), AnswerVerdict::kValid);
  EXPECT_EQ(Verdict(s, "attack;222"), AnswerVerdict::kIllegal);
  State t = s;
  Play(t, "attack;222");
  EXPECT_EQ(t.end(), End::kIllegal);
  EXPECT_EQ(t.Winner(), 1);
}

SPEC_TEST(Attack, PowerCountsTheTilesNotTheirValue, "island.attack.tiles",
          "island.defence.knockback") {
  // Two 1s at distance 1 and two 4s at distance 4 both knock back 6 cells.
  State ones = Make({5, 6}, "11333", "22222");
  Play(ones, "attack;11");
  EXPECT_EQ(ones.pos(0), 5);
  EXPECT_EQ(ones.pos(1), 12);
  State fours = Make({2, 6}, "44333", "22222");
  Play(fours, "attack;44");
  EXPECT_EQ(fours.pos(0), 5);
  EXPECT_EQ(fours.pos(1), 12);
}

SPEC_TEST(Defence, TheDefenderUsesAtMostAsManyTilesAsTheAttack, "island.defence.count",
          "island.defence.replace", "island.tiles.replace") {
  // attack;2 (a = 1) against three 2s: k = min(1, 3) = 1, the leftmost.
  State s = Make({4, 6}, "21344", "22212");
  const TurnEvents ev = Play(s, "attack;2");
  EXPECT_EQ(ev.result, Result::kAttacked);
  EXPECT_EQ(ev.attack_tiles, 1);
  EXPECT_EQ(ev.defence_tiles, 1);
  EXPECT_EQ(ev.hits, 0);
  EXPECT_EQ(ev.used, 0b00001);
  EXPECT_EQ(ev.defence_used, 0b00001);
  EXPECT_EQ(s.pos(0), 4);
  EXPECT_EQ(s.pos(1), 6);
  // The unused 2s stay; slot 0 is dealt again now (player 2 is to move).
  EXPECT_TRUE(IsTile(s.hand(1)[0]));
  EXPECT_EQ(s.hand(1)[1], 2);
  EXPECT_EQ(s.hand(1)[2], 2);
  EXPECT_EQ(s.hand(1)[3], 1);
  EXPECT_EQ(s.hand(1)[4], 2);
  EXPECT_EQ(s.fresh(1), 0b00001);
  EXPECT_EQ(Text(s.hand(0)), "?1344");  // the attacker's tile: at its next board
}

SPEC_TEST(Defence, EachUndefendedTileKnocksTheDefenderThreeCellsBack,
          "island.defence.knockback", "island.defence.count") {
  // Player 1 on 2 attacks player 2 on 4 with two 2s.
  State partial = Make({2, 4}, "22131", "12333");  // one 2: k = 1, s = 1
  TurnEvents ev = Play(partial, "attack;22");
  EXPECT_EQ(ev.hits, 1);
  EXPECT_EQ(partial.pos(0), 3);  // next to the defender
  EXPECT_EQ(partial.pos(1), 7);  // 4 + 3
  State none = Make({2, 4}, "22131", "11333");  // no 2: s = 2
  ev = Play(none, "attack;22");
  EXPECT_EQ(ev.hits, 2);
  EXPECT_EQ(none.pos(0), 3);
  EXPECT_EQ(none.pos(1), 10);  // 4 + 6
  // Player 2 on 11 attacks player 1 on 8 with two 3s: s = 2.
  State back = Make({8, 11}, "12121", "33313", 1);
  ev = Play(back, "attack;33");
  EXPECT_EQ(ev.hits, 2);
  EXPECT_EQ(back.pos(1), 9);
  EXPECT_EQ(back.pos(0), 2);  // 8 - 6
  // At distance 1 the attacker is already next to the defender.
  State near = Make({6, 7}, "22222", "11333", 1);
  Play(near, "attack;11");
  EXPECT_EQ(near.pos(1), 7);
  EXPECT_EQ(near.pos(0), 0);  // 6 - 6: exactly the edge, still on the island
  EXPECT_FALSE(near.IsTerminal());
}

SPEC_TEST(Defence, AFullyDefendedAttackMovesNobodyAndUsesTheTilesOfBothSides,
          "island.defence.full", "island.defence.replace") {
  State s = Make({4, 6}, "22131", "32212");
  const TurnEvents ev = Play(s, "attack;22");
  EXPECT_EQ(ev.result, Result::kAttacked);
  EXPECT_EQ(ev.hits, 0);
  EXPECT_EQ(ev.defence_tiles, 2);
  EXPECT_EQ(s.pos(0), 4);
  EXPECT_EQ(s.pos(1), 6);
  EXPECT_EQ(ev.used, 0b00011);
  EXPECT_EQ(ev.defence_used, 0b00110);
  EXPECT_EQ(Text(s.hand(0)), "??131");
  EXPECT_EQ(s.hand(1)[0], 3);
  EXPECT_EQ(s.hand(1)[3], 1);
  EXPECT_EQ(s.hand(1)[4], 2);
  EXPECT_EQ(s.fresh(1), 0b00110);
  bool cited = false;
  for (const Event& e : Wrap(Make({4, 6}, "22131", "32212"))->ApplyLine("attack;22"))
    cited = cited || e.clause == "island.defence.full";
  EXPECT_TRUE(cited);
}

SPEC_TEST(Defence, AnEmptySlotNeverDefends, "island.defence.count", "island.tiles.deal") {
  // Player 1 attacks with its only 2 and is fully defended; player 2 answers
  // with a 2 at once. Under deal=next-turn player 1's slot 0 is empty during
  // that turn: nothing defends, one hit: player 2 steps to 5, player 1 goes
  // from 4 to 1.
  State s = Make({4, 6}, "21111", "22113");
  Play(s, "attack;2");
  ASSERT_EQ(s.pos(0), 4);
  ASSERT_EQ(s.hand(0)[0], kNoTile);
  const TurnEvents ev = Play(s, "attack;2");
  EXPECT_EQ(ev.defence_tiles, 0);
  EXPECT_EQ(s.pos(1), 5);
  EXPECT_EQ(s.pos(0), 1);
  // Under deal=immediate the new tile in slot 0 defends when it is a 2.
  State t = Make({4, 6}, "21111", "22113", 0, Immediate());
  Play(t, "attack;2");
  const int fresh = t.hand(0)[0];
  ASSERT_TRUE(IsTile(fresh));
  const TurnEvents ev2 = Play(t, "attack;2");
  EXPECT_EQ(ev2.defence_tiles, fresh == 2 ? 1 : 0);
  EXPECT_EQ(t.pos(0), fresh == 2 ? 4 : 1);
  EXPECT_EQ(t.pos(1), fresh == 2 ? 6 : 5);
}

SPEC_TEST(Edge, ADefenderKnockedPastTheEdgeLosesAtOnce, "island.edge.knocked",
          "island.end.winner") {
  State s = Make({7, 9}, "22131", "11333");  // s = 2: 9 + 6 = 15
  const TurnEvents ev = Play(s, "attack;22");
  EXPECT_TRUE(ev.game_over);
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.end(), End::kKnockedOff);
  EXPECT_EQ(s.Winner(), 0);
  State p1 = Make({2, 5}, "12121", "33313", 1);  // 2 - 6 = -4
  Play(p1, "attack;33");
  EXPECT_EQ(p1.end(), End::kKnockedOff);
  EXPECT_EQ(p1.Winner(), 1);
  State stays = Make({6, 8}, "22131", "11333");  // 8 + 6 = 14: the edge cell
  Play(stays, "attack;22");
  EXPECT_EQ(stays.pos(1), 14);
  EXPECT_FALSE(stays.IsTerminal());
  bool cited = false;
  for (const Event& e : Wrap(Make({7, 9}, "22131", "11333"))->ApplyLine("attack;22"))
    cited = cited || e.clause == "island.edge.knocked";
  EXPECT_TRUE(cited);
}

}  // namespace
}  // namespace arbiter::island
