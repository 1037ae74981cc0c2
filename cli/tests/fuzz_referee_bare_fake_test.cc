// fuzz-referee without an engine as a whole, on fakes: RunBareFuzzReferee
// with FakeEnv in place of the real world (the EnvFactory seam), against a
// runner-protocol light-cycles referee written after the Java port of
// examples/referees/cycles-java (cycles_fake_referee.h) with its planted
// bugs several at once, and the seed bot of that game. The commands are
// checked on disk as a real run checks them, so they name real files; the
// fakes play them. The real-process proofs of the same referee are
// FuzzRefereeBare.AJavaRunnerReferee... (cli/tests/fuzz_referee_bare_test.cc).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/fuzz_referee.h"
#include "cli/fuzz_referee_bare.h"
#include "cli/tests/connect4_fake_referee.h"
#include "cli/tests/cycles_fake_referee.h"
#include "cli/tests/fuzz_command_on_fakes.h"
#include "cli/tests/report_findings.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"

namespace arbiter::cli {
namespace {

using harness::testing::FakeEnv;

// The game whose referee the fakes play, keyed by its command: the
// referee is "/bin/true ...", the seed bot "/bin/cat".
enum class World { kCyclesRunner, kConnect4 };

EnvFactory Fakes(World world, std::shared_ptr<int> referees) {
  auto bots = std::make_shared<uint64_t>(0);
  return [=] {
    auto env = std::make_unique<FakeEnv>();
    env->referees_launch_bots = world == World::kConnect4;
    env->script_for = [=](const std::vector<std::string>& argv) {
      const bool referee = !argv.empty() && argv.front() == "/bin/true";
      if (referee) ++*referees;
      if (world == World::kCyclesRunner)
        return referee ? CyclesFakeReferee(argv, static_cast<uint64_t>(*referees))
                       : CyclesFakeBot();
      return referee ? Connect4FakeReferee(argv, static_cast<uint64_t>(*referees))
                     : Connect4FakeBot(++*bots);
    };
    return std::unique_ptr<harness::Env>(std::move(env));
  };
}

// A run of `o` in `world`, its JSON report read back, and how many
// referee processes it started; a referee's "clock" there is `clock` plus
// the referees started before it.
struct BareOutcome : FuzzOutcome {
  int referees = 0;
};
BareOutcome RunIn(World world, const FuzzRefereeOptions& o, int clock = 0) {
  auto referees = std::make_shared<int>(clock);
  BareOutcome r{
      RunFuzzCommand(o, [&](const FuzzRefereeOptions& given, std::ostream& out, std::ostream& err) {
        return RunBareFuzzReferee(given, out, err, Fakes(world, referees));
      })};
  r.referees = *referees - clock;
  return r;
}

// `fuzz-referee --game cycles --protocol cg-runner --games N` against the
// fake runner referee with `bugs` ("" none).
BareOutcome RunOnFakes(const std::string& name, const std::string& bugs, int games) {
  return RunIn(World::kCyclesRunner,
               FuzzOptions(name, {"--game", "cycles", "--protocol", "cg-runner", "--referee",
                                  "/bin/true" + (bugs.empty() ? std::string() : " --bugs " + bugs),
                                  "--seed-bot", "/bin/cat", "--games", std::to_string(games)}));
}

// `fuzz-referee --game connect4 --games N --time-limit 3` against the fake
// Connect Four referee with `bugs`, its seed bot the random one.
BareOutcome Connect4(const std::string& name, const std::string& bugs, int games) {
  return RunIn(
      World::kConnect4,
      FuzzOptions(name, {"--game", "connect4", "--referee",
                         "/bin/true --bugs " + bugs + " --seed {seed} {bot0} {bot1}", "--seed-bot",
                         "/bin/cat", "--games", std::to_string(games), "--time-limit", "3"}));
}

using arbiter::testing::Checks;
using arbiter::testing::FindingOf;

CITES(FuzzRefereeBareOnFakes, ARunnerRefereeWithFourPlantedBugsShowsEachOnceUnderItsClause,
      "arbiter.referee-fuzz.answers", "arbiter.referee.runner-protocol",
      "arbiter.referee.completes", "arbiter.referee.replayable");
TEST(FuzzRefereeBareOnFakes, ARunnerRefereeWithFourPlantedBugsShowsEachOnceUnderItsClause) {
  const BareOutcome run =
      RunOnFakes("bare-fake-bugs", "misframe,crash-on-long,hang-on-end,nondeterministic", 8);
  ASSERT_EQ(run.status, 1) << run.output;
  ASSERT_TRUE(run.report.is_object()) << run.output;
  // hang-on-end is no failure: the game ended at ###End, where
  // cg-brutaltester destroys the referee (arbiter.referee.completes).
  const std::map<std::string, int> want = {
      {"referee.crash", 1}, {"referee.nondeterministic", 1}, {"referee.protocol", 1}};
  EXPECT_EQ(Checks(run.report, "fail"), want) << run.report["findings"].dump(1);
  // Misframing is named as such, on the evidence of one line more, not as a hang.
  const nlohmann::json* misframe = FindingOf(run.report, "referee.protocol");
  ASSERT_NE(misframe, nullptr);
  EXPECT_NE(misframe->value("message", "").find("reads more lines than its ###Output announces"),
            std::string::npos)
      << *misframe;
  const nlohmann::json* crash = FindingOf(run.report, "referee.crash");
  ASSERT_NE(crash, nullptr);
  EXPECT_NE(crash->value("message", "").find("ArrayIndexOutOfBoundsException"), std::string::npos)
      << *crash;
  EXPECT_NE(crash->value("reproduce", "").find(":huge"), std::string::npos) << *crash;
  const nlohmann::json* stayed = FindingOf(run.report, "referee.exit");
  ASSERT_NE(stayed, nullptr) << run.report["findings"].dump(1);
  EXPECT_EQ(stayed->value("severity", ""), "info") << *stayed;
  EXPECT_NE(stayed->value("message", "").find("did not exit within"), std::string::npos) << *stayed;
  // A note of the whole game: no turn's broken answer caused it, so none is named.
  EXPECT_EQ(stayed->value("message", "").find(" was given "), std::string::npos) << *stayed;
  EXPECT_EQ(stayed->value("seat", 0), -1) << *stayed;
  // Each finding cites its clause and says how to see it again.
  for (const auto& f : run.report["findings"]) {
    if (f["severity"] != "fail") continue;
    EXPECT_FALSE(f.value("clause", "").empty()) << f;
    EXPECT_NE(f.value("reproduce", "").find("--expect " + f["check"].get<std::string>()),
              std::string::npos)
        << f;
  }
}

// A referee that draws its start from its clock plays another game each
// time: a crash an answer causes is reproduced by that answer early in the
// game, where any game it draws still is, not late in the game it drew once.
CITES(FuzzRefereeBareOnFakes, ACrashOfARefereeThatDrawsItsGameIsReproducedInAnyGameItDraws,
      "arbiter.referee-fuzz.answers", "arbiter.referee.replayable");
TEST(FuzzRefereeBareOnFakes, ACrashOfARefereeThatDrawsItsGameIsReproducedInAnyGameItDraws) {
  const BareOutcome run = RunOnFakes("bare-fake-clock", "crash-on-long,nondeterministic", 8);
  ASSERT_EQ(run.status, 1) << run.output;
  const nlohmann::json* crash = FindingOf(run.report, "referee.crash");
  ASSERT_NE(crash, nullptr) << run.report["findings"].dump(1);
  const std::string reproduce = crash->value("reproduce", "");
  // The command as printed, in ten fresh worlds whose clocks all differ.
  for (int again = 1; again <= 10; ++again) {
    const BareOutcome r =
        RunIn(World::kCyclesRunner,
              FuzzOptions("bare-fake-clock-" + std::to_string(again), ReproduceArgs(reproduce)),
              1000 * again);
    EXPECT_EQ(Checks(r.report, "fail").count("referee.crash"), 1u) << reproduce << "\n" << r.output;
    EXPECT_TRUE(r.report.value("not_reproduced", "").empty()) << reproduce << "\n" << r.output;
  }
}

CITES(FuzzRefereeBareOnFakes, TheRunnerRefereeWithoutItsBugsPassesWithItsErrorExitANote,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBareOnFakes, TheRunnerRefereeWithoutItsBugsPassesWithItsErrorExitANote) {
  const BareOutcome run = RunOnFakes("bare-fake-clean", "", 8);
  ASSERT_EQ(run.status, 0) << run.output << run.report.dump(1);
  EXPECT_TRUE(Checks(run.report, "fail").empty()) << run.report["findings"].dump(1);
  EXPECT_TRUE(Checks(run.report, "warn").empty()) << run.report["findings"].dump(1);
  EXPECT_EQ(Checks(run.report, "info").count("referee.exit"), 1u) << run.report["findings"].dump(1);
  // Every answer family the runner protocol can carry reached the referee.
  EXPECT_EQ(run.report["answer_families"]["tried"].size(), 5u) << run.report["answer_families"];
  EXPECT_GE(run.referees, 8);
}

CITES(FuzzRefereeBareOnFakes, EachBugOfALaunchingRefereeIsOneFindingWhoseReproducerShowsItAgain,
      "arbiter.referee-fuzz.answers", "arbiter.referee.replayable");
TEST(FuzzRefereeBareOnFakes, EachBugOfALaunchingRefereeIsOneFindingWhoseReproducerShowsItAgain) {
  const BareOutcome run = Connect4("c4-fake-bugs", "crash-on-empty,hang-on-sign", 20);
  ASSERT_EQ(run.status, 1) << run.output;
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const std::map<std::string, int> want = {{"referee.crash", 1}, {"referee.hang", 1}};
  EXPECT_EQ(Checks(run.report, "fail"), want) << run.report["findings"].dump(1);
  int n = 0;
  for (const auto& f : run.report["findings"]) {
    if (f["severity"] != "fail") continue;
    const std::string message = f.value("message", ""), reproduce = f.value("reproduce", "");
    const std::string check = f["check"];
    // int() unguarded: an empty line, garbage or a near-valid "3 3" alike.
    if (check == "referee.crash") {
      EXPECT_NE(message.find("ValueError"), std::string::npos) << message;
    }
    EXPECT_NE(message.find(" was given "), std::string::npos) << message;
    if (check == "referee.hang") {
      EXPECT_NE(message.find("a near-valid answer"), std::string::npos) << message;
    }
    // The recorded answers, never the random seed bot again, and the check
    // it is to show.
    EXPECT_NE(reproduce.find("--seed-answers "), std::string::npos) << reproduce;
    EXPECT_EQ(reproduce.find("--seed-bot"), std::string::npos) << reproduce;
    EXPECT_NE(reproduce.find("--expect " + check), std::string::npos) << reproduce;
    // The command as printed, played twice in a fresh world of fakes.
    for (int again = 0; again < 2; ++again) {
      const BareOutcome r =
          RunIn(World::kConnect4,
                FuzzOptions("c4-fake-again-" + std::to_string(++n), ReproduceArgs(reproduce)));
      EXPECT_EQ(r.status, 1) << reproduce << "\n" << r.output;
      EXPECT_EQ(Checks(r.report, "fail").count(check), 1u) << reproduce << "\n" << r.output;
      EXPECT_TRUE(r.report.value("not_reproduced", "").empty()) << r.report.dump(1);
    }
  }
}

CITES(FuzzRefereeBareOnFakes, AWinnerTheLaunchingRefereeHadPutOutIsSaidOnceQuotingBoth,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBareOnFakes, AWinnerTheLaunchingRefereeHadPutOutIsSaidOnceQuotingBoth) {
  const BareOutcome run = Connect4("c4-fake-winner", "winner-disqualified", 6);
  EXPECT_EQ(run.status, 0) << run.output;  // a warning about the referee
  EXPECT_TRUE(Checks(run.report, "fail").empty()) << run.report["findings"].dump(1);
  ASSERT_EQ(Checks(run.report, "warn")["referee.ranking"], 1) << run.report["findings"].dump(1);
  const nlohmann::json* f = FindingOf(run.report, "referee.ranking");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->value("message", "").find("first ('RESULT "), std::string::npos) << *f;
  EXPECT_NE(f->value("message", "").find("though it had put it out: 'player "), std::string::npos)
      << *f;
  EXPECT_NE(f->value("reproduce", "").find("--expect referee.ranking"), std::string::npos) << *f;
}

CITES(FuzzRefereeBareOnFakes, TheCleanLaunchingRefereePassesWithEveryAnswerFamilyDelivered,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBareOnFakes, TheCleanLaunchingRefereePassesWithEveryAnswerFamilyDelivered) {
  const BareOutcome run = Connect4("c4-fake-clean", "none", 12);
  ASSERT_EQ(run.status, 0) << run.output << run.report["findings"].dump(1);
  EXPECT_TRUE(Checks(run.report, "fail").empty()) << run.report["findings"].dump(1);
  EXPECT_TRUE(Checks(run.report, "warn").empty()) << run.report["findings"].dump(1);
  EXPECT_EQ(run.report["answer_families"]["tried"].size(), 10u) << run.report["answer_families"];
  EXPECT_TRUE(run.report["answer_families"]["not_tried"].empty()) << run.report["answer_families"];
  EXPECT_GE(run.referees, 12);
}

}  // namespace
}  // namespace arbiter::cli
