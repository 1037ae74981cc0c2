// merge-reports counts a fuzz-referee run's findings by the cause the run
// recorded (Finding::cause, written to the JSON report), never by their
// words (arbiter.run.split, arbiter.report.check-ids). In-process: shards
// written by report::WriteJson, merged by RunMergeReports, read back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/merge_reports.h"
#include "report/run_report.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;

harness::MatchResult Game(int n) {
  harness::MatchResult m;
  m.id = "game-" + std::to_string(n);
  m.seed = 100 + n;
  m.turns_played = 10;
  return m;
}

harness::Finding Divergence(const std::string& match, const std::string& cause,
                            const std::string& message) {
  harness::Finding f;
  f.check = "referee.divergence";
  f.clause = "jc2015.move.cancel.distance";
  f.match = match;
  f.message = message;
  f.cause = cause;
  return f;
}

report::RunReport Shard(int index) {
  report::RunReport r;
  r.tool = "fuzz-referee";
  r.game = "jc2015";
  r.profile = "ja";
  r.command = "arbiter fuzz-referee --referee ./ref --games 4 --seed 3 --shard " +
              std::to_string(index) + "/2";
  return r;
}

class MergeCause : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("arbiter-merge-cause-" + std::to_string(getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Write(const report::RunReport& r, const std::string& name) {
    const std::string path = (dir_ / name).string();
    std::ofstream out(path);
    report::WriteJson(r, out);
    return path;
  }
  fs::path dir_;
};

CITES(MergeCause, FindingsOfOneCauseAreOneWhateverTheirWordsAndOthersStayApart, "arbiter.run.split",
      "arbiter.report.check-ids");
TEST_F(MergeCause, FindingsOfOneCauseAreOneWhateverTheirWordsAndOthersStayApart) {
  const std::string said = "the referee lets a cancel stand at distance 2: shown as B[1][2]";
  report::RunReport one = Shard(1), two = Shard(2);
  harness::MatchResult g1 = Game(1), g3 = Game(3), g2 = Game(2), g4 = Game(4);
  g1.findings.push_back(Divergence("game-1", "deviation cancel-below-three", said));
  // The same cause, said in other words (another deviation of its group).
  g2.findings.push_back(Divergence("game-2", "deviation cancel-below-three",
                                   "cancel-below-two: every message of each game it touched"));
  // The same words, another cause: two bugs, never one.
  g2.findings.push_back(Divergence("game-2", "divergence|jc2015.move.cancel.distance|B", said));
  // A finding with no cause (an earlier arbiter's report): kept as it is.
  g4.findings.push_back(Divergence("game-4", "", said));
  one.matches = {g1, g3};
  two.matches = {g2, g4};
  MergeOptions o;
  o.inputs = {Write(one, "one.json"), Write(two, "two.json")};
  o.output.json_path = (dir_ / "merged.json").string();
  o.output.quiet = true;
  std::ostringstream out, err;
  EXPECT_EQ(RunMergeReports(o, out, err), 1) << err.str() << out.str();
  std::ifstream in(o.output.json_path);
  ASSERT_TRUE(in) << err.str();
  const nlohmann::json merged = nlohmann::json::parse(in);
  std::vector<std::string> where;
  std::vector<int> counts;
  ASSERT_TRUE(merged.contains("findings")) << merged.dump();
  for (const auto& f : merged["findings"]) {
    where.push_back(f["match"].get<std::string>() + " " + f.value("cause", ""));
    counts.push_back(f["occurrences"]);
  }
  EXPECT_EQ(where, (std::vector<std::string>{"game-1 deviation cancel-below-three",
                                             "game-2 divergence|jc2015.move.cancel.distance|B",
                                             "game-4 "}));
  EXPECT_EQ(counts, (std::vector<int>{2, 1, 1}));
}

}  // namespace
}  // namespace arbiter::cli
