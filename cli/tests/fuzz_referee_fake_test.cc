// fuzz-referee on an engine as a whole, on fakes: RunFuzzReferee with a
// FakeEnv a game in place of the real world (the FuzzEnvFactory seam),
// against Wondev Woman runner-protocol referees played by arbiter's own
// engine (harness/testing/engine_referee.h), one of them with a planted
// rule bug. The command's own logic, from its options to its report, runs:
// the seed line's trial, the games, the explanation of a divergence by a
// deviation, shrinking and the reproduce command, which is parsed as a
// shell splits it and played again. The real-process proofs of the same
// command are cli/tests/fuzz_referee_cg_test.cc.
#include <gtest/gtest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/deviations.h"
#include "core/game.h"
#include "fuzz_referee.h"
#include "process/command_line.h"
#include "spec_test.h"
#include "testing/engine_referee.h"
#include "testing/fake_env.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;
using harness::testing::EngineRefereeOptions;
using harness::testing::FakeEnv;

struct Outcome {
  int status = -1;
  std::string output;
  nlohmann::json report;
};

// `fuzz-referee ARGS` (with its report in a directory named `name`) where
// every referee the run starts is a fresh engine referee of `referee`.
Outcome FuzzOnFakes(const std::string& name, std::vector<std::string> args,
                    const EngineRefereeOptions& referee) {
  const fs::path dir = fs::path(::testing::TempDir()) / (name + "-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string json = (dir / (name + ".json")).string();
  std::remove(json.c_str());
  std::vector<std::string> words = {
      "arbiter",     "fuzz-referee",          "--quiet", "--json", json,
      "--repro-dir", (dir / "repro").string()};
  words.insert(words.end(), args.begin(), args.end());
  FuzzRefereeOptions o;
  CLI::App app;
  AddFuzzRefereeCommand(app, o);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  app.parse(static_cast<int>(argv.size()), argv.data());
  const GameInfo& game = *FindGame(o.game);
  const FuzzEnvFactory fakes = [&](harness::EventLoop&) {
    auto env = std::make_unique<FakeEnv>();
    env->script_for = harness::testing::EngineRunnerReferees(game, referee);
    return std::unique_ptr<harness::Env>(std::move(env));
  };
  std::ostringstream out, err;
  Outcome r;
  r.status = RunFuzzReferee(o, out, err, fakes);
  r.output = out.str() + err.str();
  std::ifstream in(json);
  if (in) r.report = nlohmann::json::parse(in, nullptr, false);
  return r;
}

// The words of a printed reproduce command after "fuzz-referee", as a
// user's shell splits them, without the report options the run gave it.
std::vector<std::string> ReproduceArgs(const std::string& command) {
  std::vector<std::string> words;
  std::string error;
  EXPECT_TRUE(harness::SplitCommand(command.substr(0, command.find("   # ")), words, error))
      << error << ": " << command;
  std::vector<std::string> args;
  for (size_t i = 2; i < words.size(); ++i) {
    if (words[i] == "--json" || words[i] == "--repro-dir") {
      ++i;
      continue;
    }
    args.push_back(words[i]);
  }
  return args;
}

const std::vector<std::string> kLeague3Run = {
    "--game",   "wondev",  "--protocol", "cg-runner", "--referee", "/bin/true", "--rule",
    "league=3", "--games", "30",         "--seed",    "1",         "--jobs",    "1"};

CITES(FuzzRefereeOnFakes, ARefereeWithAPlantedRuleBugIsOneFindingNamingItWhoseReproducerShowsIt,
      "arbiter.referee.deviations", "arbiter.referee.replayable", "wondev.move.climb");
TEST(FuzzRefereeOnFakes, ARefereeWithAPlantedRuleBugIsOneFindingNamingItWhoseReproducerShowsIt) {
  const EngineRefereeOptions planted{{{"league", "3"}, {std::string(kDeviationRule), "climb-two"}}};
  const Outcome run = FuzzOnFakes("fake-climb-two", kLeague3Run, planted);
  ASSERT_EQ(run.status, 1) << run.output;
  ASSERT_TRUE(run.report.is_object()) << run.output;
  std::vector<nlohmann::json> failing;
  for (const auto& f : run.report["findings"])
    if (f["severity"] == "fail") failing.push_back(f);
  ASSERT_EQ(failing.size(), 1u) << run.report["findings"].dump(1);
  const nlohmann::json& f = failing.front();
  EXPECT_EQ(f["check"], "referee.divergence") << f;
  EXPECT_EQ(f["clause"], "wondev.move.climb") << f;
  EXPECT_EQ(f.value("cause", ""), "deviation climb-two") << f;
  EXPECT_NE(f.value("message", "").find("climb-two"), std::string::npos) << f;
  // The printed command, played again in fresh fakes, shows the same bug.
  const std::string reproduce = f.value("reproduce", "");
  ASSERT_NE(reproduce.find(" fuzz-referee "), std::string::npos) << reproduce;
  const Outcome again = FuzzOnFakes("fake-climb-two-again", ReproduceArgs(reproduce), planted);
  EXPECT_EQ(again.status, 1) << reproduce << "\n" << again.output;
  int shown = 0;
  for (const auto& g : again.report["findings"])
    shown += g["severity"] == "fail" && g["clause"] == "wondev.move.climb";
  EXPECT_EQ(shown, 1) << reproduce << "\n" << again.report["findings"].dump(1);
}

CITES(FuzzRefereeOnFakes, ARefereeThatPlaysByTheRulesPassesWithEveryGameCompared,
      "arbiter.referee.compared");
TEST(FuzzRefereeOnFakes, ARefereeThatPlaysByTheRulesPassesWithEveryGameCompared) {
  const Outcome run = FuzzOnFakes("fake-clean", kLeague3Run, {{{"league", "3"}}});
  ASSERT_EQ(run.status, 0) << run.output << run.report.dump(1);
  for (const auto& f : run.report["findings"]) EXPECT_NE(f["severity"], "fail") << f;
  EXPECT_EQ(run.report["compared"]["games_compared"], 30) << run.report["compared"];
}

}  // namespace
}  // namespace arbiter::cli
