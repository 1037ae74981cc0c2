// What a fuzz-referee run learns across its games (harness run_memory.h),
// on plain values: a symptom's shrink is skipped only after enough shrinks
// showed it, and a deviation that shares its clause with a divergence no
// deviation explains says the bug may be another.
#include "referee/run_memory.h"

#include <gtest/gtest.h>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

CITES(RunMemory, ALaterDivergenceIsJoinedUnshrunkOnlyAfterTwoShrinksShowedItFollowsItsRoot,
      "arbiter.referee.resync");
TEST(RunMemory, ALaterDivergenceIsJoinedUnshrunkOnlyAfterTwoShrinksShowedItFollowsItsRoot) {
  SymptomShrinks s;
  const std::string root = "block|jc2015.attack.line", later = "block|jc2015.restore.delay";
  EXPECT_FALSE(s.Known(root, later));
  s.Shown(root, later);
  EXPECT_FALSE(s.Known(root, later)) << "one shrink is one look";
  s.Shown(root, later);
  EXPECT_TRUE(s.Known(root, later));
  // Another root, or another later kind, is shrunk as before.
  EXPECT_FALSE(s.Known("end|jc2015.end.win", later));
  EXPECT_FALSE(s.Known(root, "player|jc2015.fall.player"));
  EXPECT_NE(SymptomShrinks::Note().find("without a shrink of their own"), std::string::npos);
}

CITES(RunMemory, ADeviationSharingItsClauseWithAnUnexplainedDivergenceSaysTheBugMayBeAnother,
      "arbiter.referee.deviations");
TEST(RunMemory, ADeviationSharingItsClauseWithAnUnexplainedDivergenceSaysTheBugMayBeAnother) {
  ClauseCaveats c;
  EXPECT_EQ(c.For("jc2015.attack.line"), "");
  c.Unexplained("jc2015.attack.line", "game-1-shrunk");
  c.Unexplained("jc2015.attack.line", "game-9");  // the first game is the one named
  c.Unexplained("", "game-3");                    // no clause: nothing to share
  const std::string caveat = c.For("jc2015.attack.line");
  EXPECT_NE(caveat.find("but game-1-shrunk showed a divergence under the same clause that no "
                        "deviation explains: the bug may be one the catalogue does not model"),
            std::string::npos)
      << caveat;
  EXPECT_EQ(c.For("jc2015.protocol.input.block"), "") << "another clause keeps its naming";
  EXPECT_EQ(c.For(""), "");
  EXPECT_EQ(c.For("jc2015.attack.line"), caveat) << "the same words every time";
}

}  // namespace
}  // namespace arbiter::harness
