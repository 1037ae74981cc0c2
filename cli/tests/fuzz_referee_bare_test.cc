// fuzz-referee for a game arbiter has no engine for (fuzz_referee_bare.h),
// against the cycles referees of examples/referees, each with planted bugs
// of its own, several at once: a Python referee that launches its bots and
// a Java runner-protocol referee, under default options.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cli/tests/fuzz_referee_run.h"
#include "cli/tests/report_findings.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::testing {
namespace {

const std::string kPyReferee = std::string("python3 ") + CYCLES_PY_REFEREE;
const std::string kPyBot = std::string("python3 ") + CYCLES_PY_BOT;
// The Python referee without planted bugs, and the seed bot's option.
const std::string kPyCleanReferee = kPyReferee + " --seed {seed} {bot0} {bot1}";
const std::string kSeedBot = " --seed-bot '" + kPyBot + "'";

CITES(FuzzRefereeBare, APythonRefereeWithThreePlantedBugsShowsEachOnceUnderItsClause,
      "arbiter.referee-fuzz.answers", "arbiter.referee.completes", "arbiter.referee.replayable");
TEST(FuzzRefereeBare, APythonRefereeWithThreePlantedBugsShowsEachOnceUnderItsClause) {
  const FuzzOutcome run = RunFuzzReferee(
      "bare-py-bugs",
      kPyReferee + " --bugs crash-on-empty,hang-on-silence,clock-seed --seed {seed} {bot0} {bot1}",
      "--game cycles --games 9" + kSeedBot);
  ASSERT_EQ(run.status, 1) << run.output;
  const std::map<std::string, int> want = {
      {"referee.crash", 1}, {"referee.hang", 1}, {"referee.nondeterministic", 1}};
  EXPECT_EQ(Checks(run.report, "fail"), want) << run.output;
  EXPECT_TRUE(Checks(run.report, "warn").empty()) << run.output;
  // Each said as its smallest cause: the empty answer that crashes it, the
  // silent bot it waits for forever, a start drawn from the clock.
  const nlohmann::json* crash = FindingOf(run.report, "referee.crash");
  ASSERT_NE(crash, nullptr);
  EXPECT_NE(crash->value("message", "").find("IndexError"), std::string::npos) << *crash;
  EXPECT_NE(crash->value("reproduce", "").find(":empty"), std::string::npos) << *crash;
  const nlohmann::json* hang = FindingOf(run.report, "referee.hang");
  ASSERT_NE(hang, nullptr);
  EXPECT_NE(hang->value("reproduce", "").find(":missing"), std::string::npos) << *hang;
  const nlohmann::json* differs = FindingOf(run.report, "referee.nondeterministic");
  ASSERT_NE(differs, nullptr);
  EXPECT_NE(differs->value("reproduce", "").find("--answers none"), std::string::npos) << *differs;
  // The crash's command plays it again.
  const CommandRun again =
      RunCommand(crash->value("reproduce", "") + " --json " + FuzzDir("bare-py-again") + ".json");
  EXPECT_EQ(again.status, 1) << again.output;
  EXPECT_EQ(Checks(ReadJsonFile(FuzzDir("bare-py-again") + ".json"), "fail").count("referee.crash"),
            1u)
      << again.output;
}

CITES(FuzzRefereeBare, ThePythonRefereeWithoutItsBugsPassesAndSaysWhatWasNotChecked,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBare, ThePythonRefereeWithoutItsBugsPassesAndSaysWhatWasNotChecked) {
  const FuzzOutcome run =
      RunFuzzReferee("bare-py-clean", kPyCleanReferee, "--game cycles --games 9" + kSeedBot);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(Checks(run.report, "fail").empty()) << run.output;
  EXPECT_TRUE(Checks(run.report, "warn").empty()) << run.output;
  EXPECT_EQ(run.report["verdict"], "pass");
  EXPECT_EQ(run.report["answer_families"]["tried"].size(), 10u) << run.report["answer_families"];
  EXPECT_NE(run.output.find("not checked: the rules (no engine)"), std::string::npos) << run.output;
}

CITES(FuzzRefereeBare, AGameWithNoEngineNeedsASeedBotAndEngineOptionsAreRefused,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBare, AGameWithNoEngineNeedsASeedBotAndEngineOptionsAreRefused) {
  const FuzzOutcome no_bot = RunFuzzReferee("bare-usage", kPyCleanReferee, "--game cycles");
  EXPECT_EQ(no_bot.status, 2) << no_bot.output;
  EXPECT_NE(no_bot.output.find("give --seed-bot"), std::string::npos) << no_bot.output;
  for (const auto& [args, words] : std::map<std::string, std::string>{
           {"--game cycles --answers 3:empty", "give the game with --match"},
           {"--game cycles --match game-1 --answers 3:loud", "REQUEST:FAMILY"},
           {"--game cycles --replay x.json", "--replay needs arbiter's engine"},
           {"--game cycles --strict-readings", "--strict-readings needs arbiter's engine"},
           {"--game cycles --jobs 2", "plays one game at a time"},
           {"--game cycles --expect referee.crash", "--expect: a check one game is to show"},
           {"--game cycles --seed-answers x.json", "--seed-answers plays one game's recorded"},
           {"--game cycles --match game-1 --seed-answers /no/such.json", "cannot read"},
           {"--game jc2015", "--seed-bot, --seed-answers, --players and --answers are for"}}) {
    const FuzzOutcome run = RunFuzzReferee("bare-usage", kPyCleanReferee, args + kSeedBot);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(words), std::string::npos) << args << "\n" << run.output;
  }
}

CITES(FuzzRefereeBare, AGivenTimeLimitCutsAGameThatHasNotEndedAndItsReproducerKeepsTheLimit,
      "arbiter.referee.completes");
TEST(FuzzRefereeBare, AGivenTimeLimitCutsAGameThatHasNotEndedAndItsReproducerKeepsTheLimit) {
  const FuzzOutcome run = RunFuzzReferee("bare-py-limit", kPyCleanReferee,
                                         "--game cycles --games 1 --time-limit 0.001" + kSeedBot);
  ASSERT_EQ(run.status, 1) << run.output;
  const nlohmann::json* hang = FindingOf(run.report, "referee.hang");
  ASSERT_NE(hang, nullptr) << run.output;
  EXPECT_NE(hang->value("message", "").find("per-game time limit of 1 ms"), std::string::npos)
      << *hang;
  EXPECT_NE(hang->value("reproduce", "").find("--time-limit 0.001"), std::string::npos) << *hang;
}

#ifdef CYCLES_JAVA_REFEREE_JAR
const std::string kJavaReferee = std::string(JAVA_EXECUTABLE) + " -jar " + CYCLES_JAVA_REFEREE_JAR;

CITES(FuzzRefereeBare, AProcessARefereeLeavesRunningAfterEveryGameIsOneFindingNamingIt,
      "arbiter.referee.completes");
TEST(FuzzRefereeBare, AProcessARefereeLeavesRunningAfterEveryGameIsOneFindingNamingIt) {
  const FuzzOutcome run =
      RunFuzzReferee("bare-py-leak", kPyReferee + " --bugs leak-viewer --seed {seed} {bot0} {bot1}",
                     "--game cycles --games 3" + kSeedBot);
  ASSERT_EQ(run.status, 1) << run.output;
  const std::map<std::string, int> want = {{"referee.leftover", 1}};
  EXPECT_EQ(Checks(run.report, "fail"), want) << run.output;
  const nlohmann::json* left = FindingOf(run.report, "referee.leftover");
  ASSERT_NE(left, nullptr);
  // The helper it forgot, by name; never the relays arbiter gave it as bots.
  const std::string message = left->value("message", "");
  EXPECT_NE(message.find("(sleep)"), std::string::npos) << message;
  EXPECT_EQ(message.find("arbiter-probe"), std::string::npos) << message;
}

CITES(FuzzRefereeBare, AJavaRunnerRefereeWithFourPlantedBugsShowsEachOnceUnderItsClause,
      "arbiter.referee-fuzz.answers", "arbiter.referee.runner-protocol",
      "arbiter.referee.completes", "arbiter.referee.replayable");
TEST(FuzzRefereeBare, AJavaRunnerRefereeWithFourPlantedBugsShowsEachOnceUnderItsClause) {
  const FuzzOutcome run = RunFuzzReferee(
      "bare-java-bugs",
      kJavaReferee + " --bugs misframe,crash-on-long,hang-on-end,nondeterministic",
      std::string("--game cycles --protocol cg-runner --games 8 --seed-bot ") + CYCLES_CPP_BOT);
  ASSERT_EQ(run.status, 1) << run.output;
  // hang-on-end is no failure: the game ended at ###End, where
  // cg-brutaltester destroys the referee (arbiter.referee.completes).
  const std::map<std::string, int> want = {
      {"referee.crash", 1}, {"referee.nondeterministic", 1}, {"referee.protocol", 1}};
  EXPECT_EQ(Checks(run.report, "fail"), want) << run.output;
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
}

CITES(FuzzRefereeBare, TheJavaRunnerRefereeWithoutItsBugsPassesWithItsErrorExitANote,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeBare, TheJavaRunnerRefereeWithoutItsBugsPassesWithItsErrorExitANote) {
  const FuzzOutcome run = RunFuzzReferee(
      "bare-java-clean", kJavaReferee,
      std::string("--game cycles --protocol cg-runner --games 8 --seed-bot ") + CYCLES_CPP_BOT);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(Checks(run.report, "fail").empty()) << run.output;
  EXPECT_TRUE(Checks(run.report, "warn").empty()) << run.output;
  EXPECT_EQ(Checks(run.report, "info").count("referee.exit"), 1u) << run.output;
  EXPECT_EQ(run.report["answer_families"]["tried"].size(), 5u) << run.report["answer_families"];
}
#endif

}  // namespace
}  // namespace arbiter::testing
