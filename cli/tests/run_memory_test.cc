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
  EXPECT_EQ(c.For("jc2015.attack.line", "block"), "");
  c.Unexplained("jc2015.attack.line", "game-1-shrunk", "block");
  c.Unexplained("jc2015.attack.line", "game-9", "block");  // the first game is the one named
  c.Unexplained("", "game-3", "");                         // no clause: nothing to share
  const std::string caveat = c.For("jc2015.attack.line", "block");
  EXPECT_NE(caveat.find("but game-1-shrunk showed a divergence under the same clause that no "
                        "deviation explains: the bug may be one the catalogue does not model"),
            std::string::npos)
      << caveat;
  EXPECT_EQ(c.For("jc2015.protocol.input.block", "stun"), "") << "another clause keeps its naming";
  EXPECT_EQ(c.For("", ""), "");
  EXPECT_EQ(c.For("jc2015.attack.line", "block"), caveat) << "the same words every time";
}

// arbiter.referee.deviations: a referee that misreads answers diverges in
// many games; a deviation under another clause that fits a few of them by
// chance shows a divergence of the same kind (a player standing elsewhere)
// as the ones no deviation explains, and says so, naming the kind and the
// clause of the first.
CITES(RunMemory, ADeviationWhoseKindOfDivergenceOthersShowUnexplainedSaysTheBugMayBeAnother,
      "arbiter.referee.deviations");
TEST(RunMemory, ADeviationWhoseKindOfDivergenceOthersShowUnexplainedSaysTheBugMayBeAnother) {
  ClauseCaveats c;
  c.Unexplained("jc2015.move.step", "game-2-shrunk", "position");
  c.Unexplained("jc2015.move.cancel.edge", "game-7", "position");
  const std::string caveat = c.For("jc2015.move.cancel.fallen", "position");
  EXPECT_NE(caveat.find("but game-2-shrunk showed a divergence of the same kind (position, under "
                        "jc2015.move.step) that no deviation explains: the bug may be one the "
                        "catalogue does not model"),
            std::string::npos)
      << caveat;
  EXPECT_EQ(c.For("jc2015.attack.line", "block"), "") << "another kind keeps its naming";
  c.Unexplained("jc2015.move.cancel.fallen", "game-9", "direction");
  EXPECT_NE(c.For("jc2015.move.cancel.fallen", "position").find("under the same clause"),
            std::string::npos)
      << "the clause's caveat comes first";
}

}  // namespace
}  // namespace arbiter::harness
