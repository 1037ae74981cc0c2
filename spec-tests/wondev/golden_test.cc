// Golden playthroughs: each transcript in golden/ (listed in golden/MANIFEST)
// is replayed from its scenario header and its answer lines ("> ...") and must
// come out byte for byte the same. A rule change shows up as a readable diff
// of these files; regenerate them with scripts/regen-golden and review it.
#include "spec-tests/common/golden.h"

#include "spec-tests/common/spec_test.h"

namespace arbiter::wondev {
namespace {

const std::string kGoldenDir = std::string(ARBITER_SOURCE_DIR) + "/spec-tests/wondev/golden";

SPEC_TEST(Golden, EveryGoldenPlaythroughReplaysByteForByte, "wondev.turn.order",
          "wondev.protocol.input.format", "wondev.goal.points") {
  const auto files = spec::GoldenFiles(kGoldenDir);
  ASSERT_GE(files.size(), 4u) << "golden playthroughs missing in " << kGoldenDir;
  for (const std::string& name : files) {
    const std::string golden = spec::ReadFile(kGoldenDir + "/" + name);
    std::string error;
    const std::string replay = spec::ReplayGolden(golden, error);
    ASSERT_EQ(error, "") << name;
    EXPECT_EQ(replay, golden) << name << " differs: run scripts/regen-golden and review the diff";
  }
}

SPEC_TEST(Golden, TheFogGoldenCancelsABuildAndAPushOnUnseenUnits, "wondev.fog.build",
          "wondev.fog.push", "wondev.out.accept-defeat", "wondev.out.turns") {
  const std::string fog = spec::ReadFile(kGoldenDir + "/fog-cancels.txt");
  EXPECT_NE(fog.find("# build-cancelled wondev.fog.build: the build on (3,2) hit an unseen enemy"),
            std::string::npos);
  EXPECT_NE(fog.find("# push-cancelled wondev.fog.push: player 0 PUSH&BUILD 0 E E"),
            std::string::npos);
  EXPECT_NE(fog.find("# out wondev.out.accept-defeat: player 1 accepted defeat"),
            std::string::npos);
}

}  // namespace
}  // namespace arbiter::wondev
