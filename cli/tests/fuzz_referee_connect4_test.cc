// fuzz-referee without an engine against an organiser's own Connect Four
// referee (examples/referees/connect4-py: it launches its bots, prints
// RESULT W), with planted bugs several at once, and a seed bot that plays
// random columns from an unseeded generator (every run plays other games):
// each bug one finding whatever the seed bot played, each reproducer
// replaying the recorded answers and showing its finding again, a winner it
// had put out said once, quoting both, and the
// clean referee passing with every answer family delivered
// (arbiter.referee-fuzz.answers, arbiter.referee.replayable).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cli/tests/fuzz_referee_run.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::testing {
namespace {

const std::string kReferee = std::string("python3 ") + CONNECT4_PY_REFEREE;
const std::string kSeedBot = std::string(" --seed-bot 'python3 ") + CONNECT4_RANDOM_BOT + "'";

std::map<std::string, int> Severities(const nlohmann::json& report, const std::string& severity) {
  std::map<std::string, int> out;
  for (const auto& f : report["findings"])
    if (f["severity"] == severity) ++out[f["check"].get<std::string>()];
  return out;
}

CITES(FuzzRefereeConnect4, EachBugOfARefereeIsOneFindingWhoseReproducerReplaysTheRecordedAnswers,
      "arbiter.referee-fuzz.answers", "arbiter.referee.replayable");
TEST(FuzzRefereeConnect4, EachBugOfARefereeIsOneFindingWhoseReproducerReplaysTheRecordedAnswers) {
  // The run's seed 5 plans the near-valid game's first answer (game-10) on
  // request 4, which every Connect Four game reaches, and in a form that
  // hangs this referee (" 3 ", "+3", "03"). Under seed 1 those forms were
  // planned only on requests a game reaches when the random seed bot plays
  // long enough, and 5 runs of 11 found no hang (the test failed). The
  // per-game limit leaves a busy machine room for the referee's own 1 s
  // timer on a silent answer and two Python starts: at 3 s, one clean-clone
  // CI on a busy machine judged such a game a hang.
  const FuzzOutcome run = RunFuzzReferee(
      "c4-bugs", kReferee + " --bugs crash-on-empty,hang-on-sign --seed {seed} {bot0} {bot1}",
      "--game connect4 --games 20 --seed 5 --time-limit 8" + kSeedBot);
  ASSERT_EQ(run.status, 1) << run.output;
  const std::map<std::string, int> want = {{"referee.crash", 1}, {"referee.hang", 1}};
  EXPECT_EQ(Severities(run.report, "fail"), want) << Listed(run);

  for (const auto& f : run.report["findings"]) {
    if (f["severity"] != "fail") continue;
    const std::string message = f.value("message", ""), reproduce = f.value("reproduce", "");
    // int() unguarded: an empty line, garbage or a near-valid "3 3" alike.
    if (f["check"] == "referee.crash")
      EXPECT_NE(message.find("ValueError"), std::string::npos) << message;
    EXPECT_NE(message.find(" was given "), std::string::npos) << message;
    if (f["check"] == "referee.hang")
      EXPECT_NE(message.find("a near-valid answer"), std::string::npos) << message;
    // The recorded answers, never the random seed bot again, and the check
    // it is to show.
    EXPECT_NE(reproduce.find("--seed-answers "), std::string::npos) << reproduce;
    EXPECT_EQ(reproduce.find("--seed-bot"), std::string::npos) << reproduce;
    EXPECT_NE(reproduce.find("--expect " + f["check"].get<std::string>()), std::string::npos)
        << reproduce;
    for (int again = 0; again < 2; ++again) {
      const CommandRun r = RunCommand(reproduce);
      EXPECT_EQ(r.status, 1) << reproduce << "\n" << r.output;
      EXPECT_NE(r.output.find(f["check"].get<std::string>()), std::string::npos) << r.output;
    }
  }
}

CITES(FuzzRefereeConnect4, AWinnerTheRefereeHadPutOutIsSaidOnceQuotingBothAndReplays,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeConnect4, AWinnerTheRefereeHadPutOutIsSaidOnceQuotingBothAndReplays) {
  const FuzzOutcome run = RunFuzzReferee(
      "c4-winner", kReferee + " --bugs winner-disqualified --seed {seed} {bot0} {bot1}",
      "--game connect4 --games 6 --time-limit 5" + kSeedBot);
  EXPECT_EQ(run.status, 0) << run.output;  // a warning about the referee
  EXPECT_TRUE(Severities(run.report, "fail").empty()) << Listed(run);
  ASSERT_EQ(Severities(run.report, "warn")["referee.ranking"], 1) << Listed(run);
  for (const auto& f : run.report["findings"]) {
    if (f["check"] != "referee.ranking") continue;
    const std::string message = f.value("message", ""), reproduce = f.value("reproduce", "");
    EXPECT_NE(message.find("first ('RESULT "), std::string::npos) << message;
    EXPECT_NE(message.find("though it had put it out: 'player "), std::string::npos) << message;
    EXPECT_NE(reproduce.find("--seed-answers "), std::string::npos) << reproduce;
    EXPECT_NE(reproduce.find("--expect referee.ranking"), std::string::npos) << reproduce;
    const CommandRun r = RunCommand(reproduce);
    EXPECT_EQ(r.status, 0) << reproduce << "\n" << r.output;
    EXPECT_NE(r.output.find("WARN referee.ranking"), std::string::npos) << r.output;
  }
}

CITES(FuzzRefereeConnect4, TheCleanRefereePassesEveryRunWithEveryAnswerFamilyDelivered,
      "arbiter.referee-fuzz.answers");
TEST(FuzzRefereeConnect4, TheCleanRefereePassesEveryRunWithEveryAnswerFamilyDelivered) {
  for (int run_index = 0; run_index < 2; ++run_index) {
    const FuzzOutcome run = RunFuzzReferee("c4-clean", kReferee + " --seed {seed} {bot0} {bot1}",
                                           "--game connect4 --games 12 --time-limit 5" + kSeedBot);
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_TRUE(Severities(run.report, "fail").empty()) << Listed(run);
    EXPECT_TRUE(Severities(run.report, "warn").empty()) << Listed(run);
    EXPECT_EQ(run.report["answer_families"]["tried"].size(), 10u) << run.report["answer_families"];
    EXPECT_TRUE(run.report["answer_families"]["not_tried"].empty())
        << run.report["answer_families"];
  }
}

}  // namespace
}  // namespace arbiter::testing
