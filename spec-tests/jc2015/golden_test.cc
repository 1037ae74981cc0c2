// Golden playthroughs: each transcript in golden/ is replayed from its scenario
// header and its answer lines ("> ...") and must come out byte for byte the
// same. A rule change shows up as a readable diff of these files; regenerate
// them with scripts/regen-golden and review the diff.
#include <dirent.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "core/parse.h"
#include "simulate.h"
#include "spec_test.h"

namespace arbiter::jc2015 {
namespace {

const std::string kGoldenDir = std::string(ARBITER_SOURCE_DIR) + "/spec-tests/jc2015/golden";

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

SPEC_TEST(Golden, EveryGoldenPlaythroughReplaysByteForByte, "jc2015.turn.order",
          "jc2015.turn.input", "jc2015.goal.last-standing", "jc2015.protocol.input.format") {
  const auto files = GoldenFiles();
  ASSERT_GE(files.size(), 5u) << "golden playthroughs missing in " << kGoldenDir;
  for (const std::string& name : files) {
    std::ifstream f(kGoldenDir + "/" + name, std::ios::binary);
    const std::string golden(std::istreambuf_iterator<char>(f), {});
    std::string error;
    const std::string replay = Replay(golden, error);
    ASSERT_EQ(error, "") << name;
    EXPECT_EQ(replay, golden) << name << " differs: run scripts/regen-golden and review the diff";
  }
}

SPEC_TEST(Golden, TheCrossfireGoldenEndsInADrawByDefaultAndAWinWhenInvalidLinesRemove,
          "jc2015.end.simultaneous", "jc2015.protocol.action.invalid",
          "jc2015.move.cancel.distance", "jc2015.protocol.action.whitespace") {
  std::ifstream a(kGoldenDir + "/crossfire-draw.txt"),
      b(kGoldenDir + "/crossfire-remove-invalid.txt");
  const std::string draw(std::istreambuf_iterator<char>(a), {});
  const std::string removed(std::istreambuf_iterator<char>(b), {});
  EXPECT_NE(draw.find("# cancel jc2015.move.cancel.distance: player 1 turned L"),
            std::string::npos);
  EXPECT_NE(draw.find("# move jc2015.move.step: player 3 moved L to (1,9)"), std::string::npos);
  EXPECT_NE(draw.find("# end jc2015.end.simultaneous: draw\nRESULT -1 22\n"), std::string::npos);
  EXPECT_NE(removed.find("player 1 answered an invalid line and was removed"), std::string::npos);
  EXPECT_NE(removed.find("RESULT 0 "), std::string::npos);
}

}  // namespace
}  // namespace arbiter::jc2015
