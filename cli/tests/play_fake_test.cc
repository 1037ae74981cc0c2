// `arbiter play` as a whole on fakes (harness/testing): RunPlay with FakeEnv
// in place of the real world (the EnvFactory seam, check_bot.h). Four jc2015
// entrants, each a script keyed by its command: three answer "N" (valid on
// every turn) and one answers "HELLO". The commands are checked on disk as a
// real run checks them, so they are real files; the fakes play them. The
// real-process smokes of play are cli/tests/play_league_test.cc.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli/check_bot.h"
#include "cli/tests/jc2015_fake_bot.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;
using harness::testing::FakeEnv;
using harness::testing::FakeScript;

// READY, then `answer` after 5 ms on each turn.
FakeScript Jc2015Entrant(const std::string& answer) {
  return Jc2015FakeBot([answer](int) { return std::pair<int, std::string>(5, answer); });
}

CITES(PlayOnFakes, EachFindingNamesTheEntrantWhoseBotMadeItAndNoOther, "arbiter.play.table",
      "arbiter.cli.exit-status");
TEST(PlayOnFakes, EachFindingNamesTheEntrantWhoseBotMadeItAndNoOther) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("play-fakes-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  PlayOptions o;
  o.bots = {"alice=/bin/true", "bob=/bin/false", "carl=/bin/cat", "dave=/bin/sh"};
  o.no_sandbox = true;
  o.quiet = true;
  o.json_path = (dir / "report.json").string();
  auto started = std::make_shared<std::vector<std::string>>();
  const EnvFactory fakes = [=] {
    auto env = std::make_unique<FakeEnv>();
    env->script_for = [=](const std::vector<std::string>& argv) {
      started->push_back(argv.empty() ? "" : argv.front());
      return Jc2015Entrant(!argv.empty() && argv.front() == "/bin/sh" ? "HELLO" : "N");
    };
    return std::unique_ptr<harness::Env>(std::move(env));
  };
  std::ostringstream out, err;
  const int status = RunPlay(o, out, err, fakes);
  std::ifstream in(o.json_path);
  ASSERT_TRUE(in) << err.str() << out.str();
  const nlohmann::json report = nlohmann::json::parse(in);
  fs::remove_all(dir);
  EXPECT_EQ(status, 1) << err.str() << out.str();  // dave's answers fail
  EXPECT_EQ(std::multiset<std::string>(started->begin(), started->end()),
            (std::multiset<std::string>{"/bin/true", "/bin/false", "/bin/cat", "/bin/sh"}));
  ASSERT_FALSE(report["findings"].empty()) << out.str();
  for (const auto& f : report["findings"]) {
    EXPECT_EQ(f.value("entrant", ""), "dave") << f.dump();
    EXPECT_EQ(f["check"], "action.invalid") << f.dump();
  }
  EXPECT_NE(out.str().find("RESULT "), std::string::npos) << out.str();
}

}  // namespace
}  // namespace arbiter::cli
