// Golden playthroughs: each transcript in golden/ is replayed from its scenario
// header and its answer lines ("> ...") and must come out byte for byte the
// same. A rule change shows up as a readable diff of these files; regenerate
// them with scripts/regen-golden and review the diff.
#include "spec-tests/common/golden.h"

#include "spec-tests/common/spec_test.h"

namespace arbiter::jc2015 {
namespace {

const std::string kGoldenDir = std::string(ARBITER_SOURCE_DIR) + "/spec-tests/jc2015/golden";

SPEC_TEST(Golden, EveryGoldenPlaythroughReplaysByteForByte, "jc2015.turn.order",
          "jc2015.turn.input", "jc2015.goal.last-standing", "jc2015.protocol.input.format") {
  const auto files = spec::GoldenFiles(kGoldenDir);
  ASSERT_GE(files.size(), 5u) << "golden playthroughs missing in " << kGoldenDir;
  for (const std::string& name : files) {
    const std::string golden = spec::ReadFile(kGoldenDir + "/" + name);
    std::string error;
    const std::string replay = spec::ReplayGolden(golden, error);
    ASSERT_EQ(error, "") << name;
    EXPECT_EQ(replay, golden) << name << " differs: run scripts/regen-golden and review the diff";
  }
}

SPEC_TEST(Golden, TheCrossfireGoldenEndsInADrawByDefaultAndAWinWhenInvalidLinesRemove,
          "jc2015.end.simultaneous", "jc2015.protocol.action.invalid",
          "jc2015.move.cancel.distance", "jc2015.protocol.action.whitespace") {
  const std::string draw = spec::ReadFile(kGoldenDir + "/crossfire-draw.txt");
  const std::string removed = spec::ReadFile(kGoldenDir + "/crossfire-remove-invalid.txt");
  EXPECT_NE(draw.find("# cancel jc2015.move.cancel.distance: player 1 turned L"),
            std::string::npos);
  EXPECT_NE(draw.find("# move jc2015.move.step: player 3 moved L to (1,9)"), std::string::npos);
  EXPECT_NE(draw.find("# end jc2015.end.simultaneous: draw\nRESULT -1 22\n"), std::string::npos);
  EXPECT_NE(removed.find("player 1 answered an invalid line and was removed"), std::string::npos);
  EXPECT_NE(removed.find("RESULT 0 "), std::string::npos);
}

}  // namespace
}  // namespace arbiter::jc2015
