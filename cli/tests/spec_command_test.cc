// `arbiter spec` end to end: formats, result files and directories, and its
// exit status (0 holds, 1 a failing or uncovered clause, 2 a bad input).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/tests/run_command.h"

namespace {

using arbiter::testing::RunCommand;

std::string Spec(const std::string& args) { return std::string(ARBITER_BINARY) + " spec " + args; }

class SpecCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/spec-cmd-" + std::to_string(getpid());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::string dir_;
};

TEST_F(SpecCommandTest, WithoutResultsEveryClauseIsListedAndNothingIsClaimedToPass) {
  const auto run = RunCommand(Spec("--game jc2015 --format json"));
  ASSERT_EQ(run.status, 0) << run.output;
  const auto j = nlohmann::json::parse(run.output.substr(0, run.output.rfind("arbiter spec:")));
  EXPECT_EQ(j["tool"], "spec");
  EXPECT_EQ(j["verdict"], "not-run");
  EXPECT_GT(j["clauses"].size(), 40u);
  for (const auto& c : j["clauses"]) EXPECT_EQ(c["status"], "not-run") << c["id"];
}

TEST_F(SpecCommandTest, AFailingTestInTheResultsFailsItsClauseAndTheExitStatus) {
  const std::string listing = RunCommand(Spec("--game jc2015 --format json")).output;
  const auto reg = nlohmann::json::parse(listing.substr(0, listing.rfind("arbiter spec:")));
  const std::string test = reg["clauses"][3]["proofs"][0]["name"];
  const std::string suite = test.substr(0, test.find('.')), name = test.substr(test.find('.') + 1);
  Write("gtest.json", R"({"testsuites": [{"name": ")" + suite + R"(", "testsuite": [{"name": ")" +
                          name + R"(", "status": "RUN", "result": "COMPLETED",
                          "failures": [{"failure": "broken on purpose"}]}]}]})");
  const auto run = RunCommand(Spec("--game jc2015 --results " + dir_ + " --format md -o " + dir_ + "/out.md"));
  EXPECT_EQ(run.status, 1) << run.output;
  std::ifstream in(dir_ + "/out.md");
  const std::string md((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(md.find("**FAIL**"), std::string::npos);
  EXPECT_NE(md.find("broken on purpose"), std::string::npos);
  EXPECT_NE(md.find("`" + test + "` failed"), std::string::npos);
}

TEST_F(SpecCommandTest, EveryFormatIsWritten) {
  for (const std::string format : {"md", "json", "html", "junit"}) {
    const std::string out = dir_ + "/report." + format;
    const auto run = RunCommand(Spec("--game jc2015 --format " + format + " -o " + out));
    EXPECT_EQ(run.status, 0) << format << ": " << run.output;
    EXPECT_GT(std::filesystem::file_size(out), 1000u) << format;
  }
}

TEST_F(SpecCommandTest, BadInputsAreUsageErrorsNamingTheProblem) {
  const std::string junk = Write("junk.json", "{\"hello\": 1}");
  struct Case {
    std::string args, says;
  } cases[] = {
      {"--game nope", "no spec register for 'nope'"},
      {"--results " + dir_ + "/missing.xml", "cannot read"},
      {"--results " + junk, "neither GoogleTest output"},
      {"--format pdf", "pdf"},
      {"-o " + dir_ + "/no/such/dir/out.md", "cannot write"},
  };
  for (const Case& c : cases) {
    const auto run = RunCommand(Spec(c.args));
    EXPECT_EQ(run.status, 2) << c.args << "\n" << run.output;
    EXPECT_NE(run.output.find(c.says), std::string::npos) << c.args << "\n" << run.output;
  }
}

}  // namespace
