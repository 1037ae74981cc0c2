// Golden playthroughs: each transcript in golden/ (listed in golden/MANIFEST)
// is replayed from its scenario header and its answer lines ("> ...") and must
// come out byte for byte the same. A rule change shows up as a readable diff
// of these files; regenerate them with scripts/regen-golden and review it.
#include <dirent.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/parse.h"
#include "simulate.h"
#include "spec_test.h"

namespace arbiter::wondev {
namespace {

const std::string kGoldenDir = std::string(ARBITER_SOURCE_DIR) + "/spec-tests/wondev/golden";

std::string Read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

std::vector<std::string> GoldenFiles() {
  std::vector<std::string> files;
  if (DIR* d = opendir(kGoldenDir.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 4 && name.substr(name.size() - 4) == ".txt") files.push_back(name);
    }
    closedir(d);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Rebuilds the scenario from the transcript and plays it again.
std::string Replay(const std::string& golden, std::string& error) {
  std::istringstream in(golden);
  std::string line;
  nlohmann::json doc;
  nlohmann::json actions = nlohmann::json::array();
  while (std::getline(in, line)) {
    if (line.rfind("# scenario ", 0) == 0) doc = nlohmann::json::parse(line.substr(11));
    if (line.rfind("> ", 0) == 0) {
      const auto answer = UnescapeBytes(line.substr(2));
      if (!answer) {
        error = "bad escape in answer line '" + line + "'";
        return {};
      }
      actions.push_back(*answer);
    }
  }
  if (doc.is_null()) {
    error = "no '# scenario' header";
    return {};
  }
  doc["actions"] = actions;
  cli::SimulateOptions options;
  options.transcript = true;
  std::ostringstream out, err;
  if (cli::SimulateDocument(doc, options, out, err) != 0) error = err.str();
  return out.str();
}

SPEC_TEST(Golden, EveryGoldenPlaythroughReplaysByteForByte, "wondev.turn.order",
          "wondev.protocol.input.format", "wondev.goal.points") {
  const auto files = GoldenFiles();
  ASSERT_GE(files.size(), 4u) << "golden playthroughs missing in " << kGoldenDir;
  for (const std::string& name : files) {
    const std::string golden = Read(kGoldenDir + "/" + name);
    std::string error;
    const std::string replay = Replay(golden, error);
    ASSERT_EQ(error, "") << name;
    EXPECT_EQ(replay, golden) << name << " differs: run scripts/regen-golden and review the diff";
  }
}

SPEC_TEST(Golden, TheFogGoldenCancelsABuildAndAPushOnUnseenUnits, "wondev.fog.build",
          "wondev.fog.push", "wondev.out.accept-defeat", "wondev.out.turns") {
  const std::string fog = Read(kGoldenDir + "/fog-cancels.txt");
  EXPECT_NE(fog.find("# build-cancelled wondev.fog.build: the build on (3,2) hit an unseen enemy"),
            std::string::npos);
  EXPECT_NE(fog.find("# push-cancelled wondev.fog.push: player 0 PUSH&BUILD 0 E E"),
            std::string::npos);
  EXPECT_NE(fog.find("# out wondev.out.accept-defeat: player 1 accepted defeat"),
            std::string::npos);
}

}  // namespace
}  // namespace arbiter::wondev
