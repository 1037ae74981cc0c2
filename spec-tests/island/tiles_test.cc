// Spec tests of which tiles are used and when they are replaced
// (island.tiles.replace, island.tiles.deal, island.tiles.random).
#include "spec-tests/common/spec_test.h"
#include "spec-tests/island/builders.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Tiles, TheLeftmostMatchingTilesAreUsedAndReplacedInPlace, "island.tiles.replace") {
  State s = Make({2, 12}, "31312", "44444");
  const TurnEvents ev = Play(s, "move;1");
  EXPECT_EQ(ev.used, 0b00010);
  EXPECT_EQ(Text(s.hand(0)), "3?312");  // only slot 1; the other 1 stays in slot 3
  Play(s, "move;4");
  EXPECT_EQ(s.hand(0)[0], 3);
  EXPECT_TRUE(IsTile(s.hand(0)[1]));
  EXPECT_EQ(s.hand(0)[2], 3);
  EXPECT_EQ(s.hand(0)[3], 1);
  EXPECT_EQ(s.hand(0)[4], 2);
  EXPECT_EQ(s.fresh(0), 0b00010);
  // An attack with two of three matching tiles: the two leftmost.
  State a = Make({4, 6}, "12322", "11111");
  const TurnEvents at = Play(a, "attack;22");
  EXPECT_EQ(at.used, 0b01010);
  EXPECT_EQ(Text(a.hand(0)), "1?3?2");
  // The same under deal=immediate: new tiles in slots 1 and 3, the rest kept.
  State b = Make({4, 6}, "12322", "11111", 0, Immediate());
  Play(b, "attack;22");
  EXPECT_EQ(b.hand(0)[0], 1);
  EXPECT_TRUE(IsTile(b.hand(0)[1]));
  EXPECT_EQ(b.hand(0)[2], 3);
  EXPECT_TRUE(IsTile(b.hand(0)[3]));
  EXPECT_EQ(b.hand(0)[4], 2);
}

SPEC_TEST(Tiles, UnderNextTurnAReplacementIsDealtWhenItsOwnersBoardIsMade, "island.tiles.deal") {
  EXPECT_EQ(Rules{}.deal, Deal::kNextTurn);
  State s = Make({2, 12}, "12341", "44444");
  Play(s, "move;2");
  EXPECT_EQ(s.hand(0)[1], kNoTile);  // empty through player 2's turn
  EXPECT_EQ(s.fresh(0), 0);
  Play(s, "move;4");
  EXPECT_TRUE(IsTile(s.hand(0)[1]));  // dealt for player 1's board
  EXPECT_EQ(s.fresh(0), 0b00010);
  EXPECT_EQ(Text(s.hand(1)), "?4444");  // and player 2's own slot is empty now
}

SPEC_TEST(Tiles, UnderImmediateAReplacementIsDrawnAtOnce, "island.tiles.deal") {
  State s = Make({2, 12}, "12341", "44444", 0, Immediate());
  Play(s, "move;2");
  EXPECT_TRUE(IsTile(s.hand(0)[1]));
  Play(s, "move;4");
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < kHandSize; ++i) EXPECT_TRUE(IsTile(s.hand(p)[i])) << p << " " << i;
}

// A replacement is the generator's next draw, 1 + Uniform(4), whichever the
// deal: the state's generator at 7 first draws 2 (computed outside the
// engine, like Setup.SeedOneDealsTheTilesComputedOutsideTheEngine).
SPEC_TEST(Tiles, AReplacementIsTheNextDrawOfTheGamesGenerator, "island.tiles.random",
          "island.tiles.deal") {
  for (const Rules& rules : {Rules{}, Immediate()}) {
    State s = Make({2, 12}, "31312", "44444", 0, rules, {0, 0}, 7);
    Play(s, "move;1");
    Play(s, "move;4");
    EXPECT_EQ(Text(s.hand(0)), "32312") << DescribeRules(rules);
  }
}

}  // namespace
}  // namespace arbiter::island
