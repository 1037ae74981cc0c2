// Integration tests of `arbiter check-bot` and `arbiter play` with real
// processes: the bundled example bot passes; each behaviour of the
// misbehaving test bot produces exactly its own diagnosis and no other; the
// 100 ms deadline separates 60 ms from 160 ms answers on a loaded machine; and
// no test leaves a process behind.
#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/no_leftovers.h"
#include "cli/tests/report_files.h"
#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;
using arbiter::testing::Testbot;

class CheckBotTest : public arbiter::testing::NoLeftoversTest {};

struct Case {
  const char* args;                // testbot arguments (and check-bot options before --)
  std::set<std::string> expected;  // exactly these checks
  int status;
};

void ExpectExactly(const Case& c, const std::string& check_bot_args) {
  const Outcome o = CheckBot(check_bot_args);
  EXPECT_EQ(o.checks, c.expected) << c.args << "\n" << o.output;
  EXPECT_EQ(o.status, c.status) << c.args << "\n" << o.output;
}

CITES(CheckBotTest, TheBundledCppExampleBotPasses, "jc2015.protocol.action.commands",
      "arbiter.cli.exit-status");
TEST_F(CheckBotTest, TheBundledCppExampleBotPasses) {
  const Outcome o = CheckBot("-- " + Shell(EXAMPLE_BOT_CPP));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(o.checks.empty()) << o.output;
  EXPECT_EQ(o.report["verdict"], "pass");
  EXPECT_EQ(o.report["matches"].size(), 15u);  // 4 games, 4 whole games and 7 edge states
  EXPECT_GT(o.report["counts"]["bot_turns"].get<int>(), 40);
}

CITES(CheckBotTest, TheConformantTestbotPasses, "jc2015.protocol.ready", "arbiter.cli.exit-status");
TEST_F(CheckBotTest, TheConformantTestbotPasses) {
  ExpectExactly({"--mode ok", {}, 0}, Testbot("--mode ok"));
}

CITES(CheckBotTest, HandshakeMisbehavioursAreEachDiagnosedAlone, "jc2015.protocol.ready",
      "jc2015.protocol.ready.limit");
TEST_F(CheckBotTest, HandshakeMisbehavioursAreEachDiagnosedAlone) {
  for (const Case& c : {Case{"--mode never-ready", {"ready.missing"}, 1},
                        Case{"--mode late-ready --ms 1300", {"ready.late"}, 1},
                        Case{"--mode banner", {"ready.noise"}, 0},
                        Case{"--mode ready-lowercase", {"ready.malformed"}, 1}}) {
    ExpectExactly(c, Testbot(c.args));
  }
}

CITES(CheckBotTest, AnswerFormatMisbehavioursAreEachDiagnosedAlone,
      "jc2015.protocol.action.invalid", "jc2015.protocol.action.whitespace",
      "jc2015.protocol.action.extra-lines", "jc2015.protocol.newline");
TEST_F(CheckBotTest, AnswerFormatMisbehavioursAreEachDiagnosedAlone) {
  for (const Case& c : {Case{"--mode lowercase", {"action.invalid"}, 1},
                        Case{"--mode invalid --turn 3", {"action.invalid"}, 1},
                        Case{"--mode crlf", {"action.whitespace"}, 0},
                        Case{"--mode trailing-space", {"action.whitespace"}, 0},
                        Case{"--mode two-lines", {"action.extra-lines"}, 1},
                        Case{"--mode partial --turn 2", {"action.partial"}, 1}}) {
    ExpectExactly(c, Testbot(c.args));
  }
}

// The message of the one finding of `o` with `check`, or "".
std::string MessageOf(const Outcome& o, const std::string& check) {
  for (const auto& f : o.report["findings"])
    if (f["check"] == check) return f["message"];
  return "";
}

CITES(CheckBotTest, UnderTheOfficialProfileEachFindingSaysWhatTheRealServerDoes,
      "jc2015.protocol.action.extra-lines", "jc2015.protocol.action.timeout",
      "jc2015.protocol.action.whitespace");
TEST_F(CheckBotTest, UnderTheOfficialProfileEachFindingSaysWhatTheRealServerDoes) {
  const std::string official = "--profile official-2015 ";
  // A line before READY is read and dropped; READY with a trailing space and
  // CR is accepted trimmed; 'ready' is never READY to it.
  Outcome o = CheckBot(official + Testbot("--mode banner"));
  EXPECT_EQ(o.checks, std::set<std::string>{"ready.noise"}) << o.output;
  EXPECT_NE(MessageOf(o, "ready.noise").find("the official 2015 server reads and drops them"),
            std::string::npos)
      << o.output;
  o = CheckBot(official + Testbot("--mode ready-padded"));
  EXPECT_EQ(o.checks, std::set<std::string>{"action.whitespace"}) << o.output;
  EXPECT_NE(MessageOf(o, "action.whitespace").find("trims it and accepts it"), std::string::npos)
      << o.output;
  EXPECT_EQ(o.status, 0) << o.output;            // a warning, as for an answer (never a FAIL)
  o = CheckBot(Testbot("--mode ready-padded"));  // the text's reading: the same
  EXPECT_EQ(o.checks, std::set<std::string>{"action.whitespace"}) << o.output;
  EXPECT_EQ(o.status, 0) << o.output;
  o = CheckBot(official + Testbot("--mode ready-lowercase"));
  EXPECT_EQ(o.checks, (std::set<std::string>{"ready.noise", "ready.missing"})) << o.output;
  // A second line in one answer is queued and played on the next turn.
  o = CheckBot(official + Testbot("--mode two-lines --turn 2"));
  EXPECT_EQ(o.checks, std::set<std::string>{"action.extra-lines"}) << o.output;
  EXPECT_NE(MessageOf(o, "action.extra-lines")
                .find("queued: the official 2015 server plays the oldest on turn"),
            std::string::npos)
      << o.output;
  // A late answer stops the bot for the rest of the game.
  o = CheckBot(official + Testbot("--mode slow-turn --turn 3 --ms 600"));
  ASSERT_EQ(o.report["findings"].size(), 1u) << o.output;
  EXPECT_NE(o.report["findings"][0]["message"].get<std::string>().find(
                "stops the bot (SIGTERM), sends it no more input and plays N for it for the rest "
                "of the game"),
            std::string::npos)
      << o.output;
  // 'N x' is N to a first-word server (a warning), no command to the text.
  o = CheckBot(official + Testbot("--mode second-word --turn 2"));
  EXPECT_EQ(o.checks, std::set<std::string>{"action.server-accepts"}) << o.output;
  EXPECT_EQ(o.status, 0) << o.output;
  o = CheckBot(Testbot("--mode second-word --turn 2"));
  EXPECT_EQ(o.checks, std::set<std::string>{"action.invalid"}) << o.output;
  // The reproduce command names the profile, not its rules one by one.
  const std::string reproduce = o.report["findings"][0]["reproduce"];
  EXPECT_EQ(reproduce.find("--rule"), std::string::npos) << reproduce;
}

// The matches of a run, each with its findings (check, turn), and the
// skipped ones: what --jobs must not change.
std::string MatchesAndFindings(const nlohmann::json& report) {
  std::string out;
  for (const auto& m : report["matches"]) out += "match " + m["id"].get<std::string>() + "\n";
  for (const auto& f : report["findings"])
    out += "finding " + f["match"].get<std::string>() + " " + f["check"].get<std::string>() +
           " turn " + f["turn"].dump() + "\n";
  for (const auto& s : report["skipped"]) out += "skipped " + s.get<std::string>() + "\n";
  return out;
}

CITES(CheckBotTest, MatchesPlayedTwoAtATimeGiveTheReportOfOneAtATime, "arbiter.run.split");
TEST_F(CheckBotTest, MatchesPlayedTwoAtATimeGiveTheReportOfOneAtATime) {
  const std::string bot = " -- " + Shell(TESTBOT_BINARY) + " --mode invalid --turn 3";
  // Every match played: the same matches and findings, in the same order.
  const Outcome one = CheckBot("--keep-going --games 4 --jobs 1" + bot);
  const Outcome two = CheckBot("--keep-going --games 4 --jobs 2" + bot);
  ASSERT_EQ(one.status, 1) << one.output;
  EXPECT_EQ(two.status, 1) << two.output;
  EXPECT_GE(one.report["matches"].size(), 5u) << one.output;
  EXPECT_EQ(MatchesAndFindings(two.report), MatchesAndFindings(one.report));
  // Stopping at the first failing match: the matches after it are skipped,
  // whichever were already playing beside it.
  const Outcome first = CheckBot("--fail-fast --games 4 --jobs 1" + bot);
  const Outcome first_two = CheckBot("--fail-fast --games 4 --jobs 2" + bot);
  EXPECT_EQ(first.report["matches"].size(), 1u) << first.output;
  EXPECT_FALSE(first.report["skipped"].empty()) << first.output;
  EXPECT_EQ(MatchesAndFindings(first_two.report), MatchesAndFindings(first.report));
}

CITES(CheckBotTest, TwoShardsOfARunMergeIntoTheReportOfTheWholeRun, "arbiter.run.split");
TEST_F(CheckBotTest, TwoShardsOfARunMergeIntoTheReportOfTheWholeRun) {
  const std::string bot = " -- " + Shell(TESTBOT_BINARY) + " --mode invalid --turn 3";
  const Outcome whole = CheckBot("--keep-going --games 3" + bot);
  ASSERT_EQ(whole.status, 1) << whole.output;
  std::string files;
  for (const char* shard : {"1/2", "2/2"}) {
    const Outcome part = CheckBot(std::string("--keep-going --games 3 --shard ") + shard + bot);
    ASSERT_FALSE(part.report.is_null()) << part.output;
    const std::string file =
        ::testing::TempDir() + "/shard-" + std::to_string(getpid()) + "-" + shard[0] + ".json";
    std::ofstream(file) << part.report.dump();
    files += " " + file;
  }
  const std::string merged_file = ::testing::TempDir() + "/merged-" + std::to_string(getpid());
  const auto run = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports" +
                                                files + " --json " + merged_file + ".json" +
                                                " --html " + merged_file + ".html");
  EXPECT_EQ(run.status, 1) << run.output;
  const nlohmann::json merged = arbiter::testing::ReadJsonFile(merged_file + ".json");
  ASSERT_FALSE(merged.is_null()) << run.output;
  std::vector<std::string> ids, whole_ids;
  for (const auto& m : merged["matches"]) ids.push_back(m["id"]);
  for (const auto& m : whole.report["matches"]) whole_ids.push_back(m["id"]);
  EXPECT_EQ(ids, whole_ids);
  EXPECT_EQ(merged["findings"].size(), whole.report["findings"].size());
  EXPECT_EQ(merged["counts"]["bot_turns"], whole.report["counts"]["bot_turns"]);
  // Not shards of one run: another game.
  const auto other =
      arbiter::testing::RunCommand(std::string(ARBITER_BINARY) +
                                   " check-bot --no-calibration --game wondev --games 1 "
                                   "--no-edge-cases --json " +
                                   merged_file + "-w.json -- " + Shell(EXAMPLE_WONDEV_BOT));
  const auto mixed = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports" +
                                                  files + " " + merged_file + "-w.json");
  EXPECT_EQ(mixed.status, 2) << mixed.output;
  EXPECT_NE(mixed.output.find("game wondev, not jc2015"), std::string::npos) << mixed.output;
}

CITES(CheckBotTest, AMergedReportKeepsTheHarnessCalibrationAndRefusesAnEmptyRun,
      "arbiter.run.split", "arbiter.cli.exit-status");
TEST_F(CheckBotTest, AMergedReportKeepsTheHarnessCalibrationAndRefusesAnEmptyRun) {
  const std::string dir = ::testing::TempDir() + "/merge-cal-" + std::to_string(getpid());
  const auto run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " check-bot -q --games 1 --no-edge-cases --shard 1/1 --json " +
      dir + ".json -- " + Shell(EXAMPLE_BOT_CPP));
  ASSERT_EQ(run.status, 0) << run.output;
  const auto merged = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports " +
                                                   dir + ".json --json " + dir + "-merged.json");
  EXPECT_EQ(merged.status, 0) << merged.output;
  const nlohmann::json before = arbiter::testing::ReadJsonFile(dir + ".json");
  const nlohmann::json after = arbiter::testing::ReadJsonFile(dir + "-merged.json");
  ASSERT_TRUE(before["calibration"].is_object()) << run.output;
  EXPECT_EQ(after["calibration"], before["calibration"]) << merged.output;
  // A report with no match merges to nothing: not a PASS.
  nlohmann::json empty = before;
  empty["matches"] = nlohmann::json::array();
  empty["findings"] = nlohmann::json::array();
  std::ofstream(dir + "-empty.json") << empty.dump();
  const auto none = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports " +
                                                 dir + "-empty.json");
  EXPECT_EQ(none.status, 2) << none.output;
  EXPECT_NE(none.output.find("nothing to merge"), std::string::npos) << none.output;
}

CITES(CheckBotTest, AFailingRunWritesItsFindingsAsJsonJunitMarkdownAndHtml,
      "arbiter.report.formats");
TEST_F(CheckBotTest, AFailingRunWritesItsFindingsAsJsonJunitMarkdownAndHtml) {
  const arbiter::testing::ReportFiles files("check-bot-formats");
  const auto run =
      arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " check-bot --no-calibration " +
                                   files.Options() + " " + Testbot("--mode invalid --turn 3"));
  EXPECT_EQ(run.status, 1) << run.output;
  files.ExpectTheSameFindingsEverywhere("0.1.0");
  const std::string html = files.Read(".html");
  const auto j = files.Json();
  ASSERT_FALSE(j.is_null());
  // The failing turn's input (what the bot was sent) is in the page.
  const std::string input = j["findings"][0]["input"];
  EXPECT_NE(html.find(input.substr(0, input.find('\n'))), std::string::npos);
}

CITES(CheckBotTest, AWondevBotPlaysEveryLeagueInBothSeatsByDefault, "wondev.league");
TEST_F(CheckBotTest, AWondevBotPlaysEveryLeagueInBothSeatsByDefault) {
  const Outcome o = CheckBot("--game wondev --no-edge-cases -- " + Shell(EXAMPLE_WONDEV_BOT));
  ASSERT_EQ(o.status, 0) << o.output;
  std::set<std::string> played;  // "league=L seat S"
  for (const auto& m : o.report["matches"]) {
    const std::string d = m["description"];
    const size_t l = d.find("league="), s = d.find("bot in seat ");
    ASSERT_NE(l, std::string::npos) << d;
    ASSERT_NE(s, std::string::npos) << d;
    played.insert(d.substr(l, 8) + " seat " + d.substr(s + 12, 1));
  }
  EXPECT_EQ(played.size(), 8u) << o.output;
  for (const char* league : {"0", "1", "2", "3"})
    for (const char* seat : {"0", "1"})
      EXPECT_TRUE(played.count(std::string("league=") + league + " seat " + seat))
          << league << "/" << seat;
  // A league the user sets is the only one played.
  const Outcome one =
      CheckBot("--game wondev --rule league=2 --no-edge-cases --no-whole-games -- " +
               Shell(EXAMPLE_WONDEV_BOT));
  ASSERT_EQ(one.status, 0) << one.output;
  EXPECT_EQ(one.report["matches"].size(), 4u);
  for (const auto& m : one.report["matches"])
    EXPECT_EQ(m["description"].get<std::string>().find("league="), std::string::npos);
}

CITES(CheckBotTest, AnUnflushedAnswerIsDiagnosedWithTheFix, "jc2015.protocol.flush");
TEST_F(CheckBotTest, AnUnflushedAnswerIsDiagnosedWithTheFix) {
  const Outcome o = CheckBot(Testbot("--mode no-flush"));
  EXPECT_EQ(o.checks, std::set<std::string>{"action.unflushed"}) << o.output;
  EXPECT_EQ(o.status, 1);
  ASSERT_EQ(o.report["findings"].size(), 1u);
  EXPECT_NE(o.report["findings"][0]["advice"].get<std::string>().find("fflush(stdout)"),
            std::string::npos);
  EXPECT_NE(o.output.find("fix: flush standard output"), std::string::npos) << o.output;
}

CITES(CheckBotTest, SlowAnswersAreDeadlineFindingsWithTheirTurn, "jc2015.protocol.action.limit");
TEST_F(CheckBotTest, SlowAnswersAreDeadlineFindingsWithTheirTurn) {
  for (const Case& c : {Case{"--mode slow-turn --turn 3 --ms 300", {"action.deadline"}, 1},
                        Case{"--mode slow-first --ms 300", {"action.deadline"}, 1},
                        Case{"--mode no-read", {"action.deadline"}, 1}}) {
    ExpectExactly(c, Testbot(c.args));
  }
  const Outcome o = CheckBot(Testbot("--mode slow-turn --turn 3 --ms 300"));
  ASSERT_EQ(o.report["findings"].size(), 1u);
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["turn"], 8);  // the bot's third turn, in seat 0
  EXPECT_EQ(f["limit_ms"], 100);
  EXPECT_GE(f["elapsed_ms"].get<double>(), 300.0);
}

CITES(CheckBotTest, CrashesAndAClosedStdoutAreDiagnosedAlone, "jc2015.protocol.action.timeout");
TEST_F(CheckBotTest, CrashesAndAClosedStdoutAreDiagnosedAlone) {
  for (const Case& c : {Case{"--mode exit --turn 2 --code 3", {"process.crash"}, 1},
                        Case{"--mode signal --turn 2", {"process.crash"}, 1},
                        Case{"--mode crash-on-stun", {"process.crash"}, 1},
                        Case{"--mode close-stdout --turn 2", {"process.stdout-closed"}, 1}}) {
    ExpectExactly(c, Testbot(c.args));
  }
  const Outcome o = CheckBot(Testbot("--mode signal --turn 2"));
  EXPECT_NE(o.output.find("SIGSEGV"), std::string::npos) << o.output;
}

CITES(CheckBotTest, AMissingExecutableIsASetUpErrorNotABotFailure, "arbiter.cli.exit-status",
      "arbiter.cli.bad-input");
TEST_F(CheckBotTest, AMissingExecutableIsASetUpErrorNotABotFailure) {
  const Outcome o = CheckBot("--games 1 --no-edge-cases -- /nonexistent/bot");
  EXPECT_TRUE(o.checks.empty()) << o.output;
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("cannot start the bot: there is no file '/nonexistent/bot'"),
            std::string::npos)
      << o.output;
}

CITES(CheckBotTest, FloodsAreWarnedAndDoNotStallTheHarness, "arbiter.output.size",
      "arbiter.stderr.size");
TEST_F(CheckBotTest, FloodsAreWarnedAndDoNotStallTheHarness) {
  ExpectExactly({"--mode stderr-flood", {"stderr.flood"}, 0},
                "--action-ms 3000 " + Testbot("--mode stderr-flood"));
  ExpectExactly({"--mode stdout-flood", {"output.flood", "action.partial"}, 1},
                "--action-ms 3000 " + Testbot("--mode stdout-flood"));
}

CITES(CheckBotTest, LingeringProcessesAreReportedAndKilled, "arbiter.process.exit-on-eof",
      "arbiter.process.no-leftovers");
TEST_F(CheckBotTest, LingeringProcessesAreReportedAndKilled) {
  for (const Case& c : {Case{"--mode no-exit-on-eof", {"process.no-exit-on-eof"}, 0},
                        Case{"--mode ignore-sigterm", {"process.no-exit-on-eof"}, 0},
                        Case{"--mode grandchild", {"process.leftover"}, 0}}) {
    // Contained (the default), a grandchild ends with the bot's PID
    // namespace before it can outlive it: the leftover check is the
    // uncontained run's.
    ExpectExactly(c, "--no-sandbox " + Testbot(c.args));
  }
  // Contained, the same bot leaves nothing, and the report says the check
  // was not made.
  const Outcome o = CheckBot(Testbot("--mode grandchild"));
  EXPECT_EQ(o.checks, std::set<std::string>{}) << o.output;
  if (arbiter::testing::BubblewrapInstalled()) {
    EXPECT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.report.value("not_checked", "").find("leaves processes behind"), std::string::npos)
        << o.output;
  }
}

CITES(CheckBotTest, AWrappedBotsStartUpIsNeverTakenForComputingOnItsFirstTurn,
      "arbiter.check.diagnosis", "arbiter.process.contained");
TEST_F(CheckBotTest, AWrappedBotsStartUpIsNeverTakenForComputingOnItsFirstTurn) {
  // The bot is a child of the wrapper (a shell here, bubblewrap when
  // contained): its first turn's diagnosis must count it from the start,
  // or its interpreter's start-up reads as the turn's computing.
  const std::string bot =
      std::string("/usr/bin/python3 ") + PROOF_BOT_PY + " --game jc2015 --mode never-flush";
  for (const std::string& how :
       {"--no-sandbox -- /bin/sh -c " + Shell(bot + "; exit $?"), "--sandbox -- " + bot}) {
    if (how.rfind("--sandbox", 0) == 0 && !arbiter::testing::BubblewrapInstalled()) continue;
    const Outcome o = CheckBot("--games 1 --no-edge-cases --no-whole-games " + how);
    EXPECT_EQ(o.checks, std::set<std::string>{"action.unflushed"}) << how << "\n" << o.output;
  }
}

CITES(CheckBotTest, TheReproduceCommandRunsTheFailingMatchAgain, "arbiter.check.reproduce");
TEST_F(CheckBotTest, TheReproduceCommandRunsTheFailingMatchAgain) {
  const Outcome o = CheckBot("--games 2 --no-edge-cases --no-whole-games -- " +
                             Shell(TESTBOT_BINARY) + " --mode exit --turn 2");
  ASSERT_EQ(o.report["findings"].size(), 2u) << o.output;
  std::string reproduce = o.report["findings"][1]["reproduce"];
  // It starts with the arbiter that ran, so it runs as printed.
  const std::string self = std::string(ARBITER_BINARY) + " check-bot ";
  ASSERT_EQ(reproduce.rfind(self, 0), 0u) << reproduce;
  const Outcome again = CheckBot(reproduce.substr(self.size()));
  EXPECT_EQ(again.checks, std::set<std::string>{"process.crash"}) << again.output;
  ASSERT_EQ(again.report["matches"].size(), 1u);
  EXPECT_EQ(again.report["matches"][0]["id"], "game-2");
}

// With a 100 ms limit, 60 ms passes and 160 ms fails, every time, while both
// cores are kept busy (the load-aware verdicts are measured in bench/).
CITES(CheckBotTest, DeadlineBoundariesHoldOnALoadedMachine, "jc2015.protocol.action.limit",
      "arbiter.timing.load");
TEST_F(CheckBotTest, DeadlineBoundariesHoldOnALoadedMachine) {
  std::atomic<bool> stop{false};
  std::vector<std::thread> load;
  for (int i = 0; i < 2; ++i)
    load.emplace_back([&] {
      volatile unsigned long x = 0;
      while (!stop) x = x + 1;
    });
  for (int i = 0; i < 3; ++i) {
    // Load alone never fails the 60 ms bot: at worst an answer the load made
    // late is inconclusive twice (arbiter.timing.load), a warning.
    const Outcome fast = CheckBot(Testbot("--mode slow-turn --turn 2 --ms 60"));
    EXPECT_EQ(fast.status, 0) << fast.output;
    EXPECT_EQ(fast.checks.count("action.deadline"), 0u) << fast.output;
    const Outcome slow = CheckBot(Testbot("--mode slow-turn --turn 2 --ms 160"));
    EXPECT_EQ(slow.checks, std::set<std::string>{"action.deadline"}) << slow.output;
  }
  stop = true;
  for (auto& t : load) t.join();
}

// A Python bot that prints its answers without flushing them.
std::string UnflushedPythonBot() {
  const std::string path = ::testing::TempDir() + "/unflushed-" + std::to_string(getpid()) + ".py";
  std::ofstream(path) << "import sys\n"
                         "print('READY', flush=True)\n"
                         "for line in sys.stdin:\n"
                         "    if line.strip() == 'EOD':\n"
                         "        print('N')\n";
  return path;
}

CITES(CheckBotTest, AnUnflushedPythonBotFailsEvenWhenTheUserHasPythonUnbufferedSet,
      "jc2015.protocol.flush", "arbiter.process.environment");
TEST_F(CheckBotTest, AnUnflushedPythonBotFailsEvenWhenTheUserHasPythonUnbufferedSet) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0)
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  const std::string bot = UnflushedPythonBot();
  const std::string json =
      ::testing::TempDir() + "/unbuffered-" + std::to_string(getpid()) + ".json";
  const arbiter::testing::CommandRun run =
      arbiter::testing::RunCommand("PYTHONUNBUFFERED=1 " + std::string(ARBITER_BINARY) +
                                   " check-bot --no-calibration --games 1 --no-edge-cases --json " +
                                   json + " -- /usr/bin/python3 " + Shell(bot));
  EXPECT_EQ(run.status, 1) << run.output;
  const nlohmann::json report = arbiter::testing::ReadJsonFile(json);
  ASSERT_FALSE(report.is_null()) << run.output;
  ASSERT_GE(report["findings"].size(), 1u) << run.output;
  EXPECT_EQ(report["findings"][0]["check"], "action.unflushed") << run.output;
  // The report says which environment the bot had.
  bool has_lang = false;
  for (const auto& e : report["environment"]) has_lang = has_lang || e == "LANG=C.UTF-8";
  EXPECT_TRUE(has_lang) << report["environment"].dump();
  // --inherit-env is the old behaviour: the user's PYTHONUNBUFFERED hides the bug.
  const arbiter::testing::CommandRun inherited = arbiter::testing::RunCommand(
      "PYTHONUNBUFFERED=1 " + std::string(ARBITER_BINARY) +
      " check-bot --no-calibration --games 1 --no-edge-cases --inherit-env -- /usr/bin/python3 " +
      Shell(bot));
  EXPECT_EQ(inherited.status, 0) << inherited.output;
  std::remove(bot.c_str());
}

// A version manager's shim, written as pyenv's behaves: it starts the
// Python that `pyenv shell` chose (PYENV_VERSION; here /usr/bin/python3
// stands in for it), and with none chosen says "command not found" with
// status 127. Its folder, for PATH.
std::string PyenvLikeShims() {
  const std::string dir = ::testing::TempDir() + "/pyenv-" + std::to_string(getpid()) + "/shims";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/python") << "#!/bin/sh\n"
                                    "if [ -z \"$PYENV_VERSION\" ]; then\n"
                                    "  echo \"pyenv: python: command not found\" >&2\n"
                                    "  exit 127\n"
                                    "fi\n"
                                    "exec /usr/bin/python3 \"$@\"\n";
  std::filesystem::permissions(dir + "/python", std::filesystem::perms::owner_all);
  return dir;
}

CITES(CheckBotTest, ABotStartedThroughAVersionManagersShimGetsTheRuntimeTheUserChose,
      "arbiter.process.environment");
TEST_F(CheckBotTest, ABotStartedThroughAVersionManagersShimGetsTheRuntimeTheUserChose) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0)
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  const std::string shims = PyenvLikeShims();
  const std::string json = ::testing::TempDir() + "/shim-" + std::to_string(getpid()) + ".json";
  const std::string command = " check-bot --no-calibration --games 1 --no-edge-cases --json " +
                              json + " -- python " + Shell(EXAMPLE_BOT_PY);
  // `pyenv shell 3.11.7`, then the bot: it works in the user's shell, so it
  // passes (before, the server's minimal environment dropped the choice and
  // the shim's "command not found" failed a working bot).
  const arbiter::testing::CommandRun chosen = arbiter::testing::RunCommand(
      "PATH=" + Shell(shims) + ":\"$PATH\" PYENV_VERSION=3.11.7 " + ARBITER_BINARY + command);
  EXPECT_EQ(chosen.status, 0) << chosen.output;
  const nlohmann::json report = arbiter::testing::ReadJsonFile(json);
  ASSERT_FALSE(report.is_null()) << chosen.output;
  bool listed = false;  // the report says where the bot's runtime came from
  for (const auto& e : report["environment"])
    listed = listed || e.get<std::string>().rfind("PYENV_VERSION=3.11.7 (", 0) == 0;
  EXPECT_TRUE(listed) << report["environment"].dump();
  // With no runtime chosen it fails in the user's shell too: the finding
  // says the status is the shim's and how to give the bot a variable.
  const arbiter::testing::CommandRun none = arbiter::testing::RunCommand(
      "env -u PYENV_VERSION PATH=" + Shell(shims) + ":\"$PATH\" " + ARBITER_BINARY + command);
  EXPECT_EQ(none.status, 1) << none.output;
  EXPECT_NE(none.output.find("status 127 is a shell's 'command not found'"), std::string::npos)
      << none.output;
  EXPECT_NE(none.output.find("--env KEY=VALUE"), std::string::npos) << none.output;
  std::filesystem::remove_all(std::filesystem::path(shims).parent_path());
  std::remove(json.c_str());
}

// Run as Rust and node developers run their bots: from the project's folder
// with its project runner, contained by default (arbiter.process.contained,
// arbiter.process.environment). The runner finds its project there, and
// rustup its toolchain (RUSTUP_HOME, CARGO_HOME) as in the user's shell.
// `files` are the project's; `skipped` says why when the runner is not
// installed here. The limits are generous unless given: what is proved is
// that the bot starts and plays, not how fast npm starts (over 1 s beside
// the suite's other tests).
struct ProjectCheck {
  std::string skipped;
  std::string output;
};
ProjectCheck CheckProject(const std::string& runner, const std::string& command,
                          const std::map<std::string, std::string>& files,
                          const std::string& build = "",
                          const std::string& limits = "--ready-ms 30000 --action-ms 5000") {
  if (arbiter::testing::RunCommand("command -v " + runner).status != 0)
    return {runner + " is not installed", ""};
  const std::string project = ::testing::TempDir() + "/" + runner + "-" + std::to_string(getpid());
  for (const auto& [name, text] : files) {
    std::filesystem::create_directories(std::filesystem::path(project + "/" + name).parent_path());
    std::ofstream(project + "/" + name) << text;
  }
  // Built first, as a contestant has it before checking it.
  if (!build.empty()) {
    const auto built = arbiter::testing::RunCommand("cd " + Shell(project) + " && " + build);
    EXPECT_EQ(built.status, 0) << built.output;
  }
  const arbiter::testing::CommandRun run = arbiter::testing::RunCommand(
      "cd " + Shell(project) + " && " + ARBITER_BINARY +
      " check-bot --no-calibration --games 1 --no-edge-cases " + limits + " -- " + command);
  EXPECT_EQ(run.status, 0) << command << "\n" << run.output;
  std::filesystem::remove_all(project);
  return {"", run.output};
}

// Before, each match was a process.crash: the bot started in an empty
// folder, and rustup, under the bot's fresh HOME, "could not choose a
// version of cargo to run".
CITES(CheckBotTest, ARustBotRunWithCargoRunFromItsProjectPassesContained,
      "arbiter.process.environment", "arbiter.process.contained");
TEST_F(CheckBotTest, ARustBotRunWithCargoRunFromItsProjectPassesContained) {
  const char* home = std::getenv("HOME");
  if (home == nullptr || !std::filesystem::is_directory(std::string(home) + "/.rustup"))
    GTEST_SKIP() << "no rustup install under HOME";
  if (arbiter::testing::RunCommand("cargo --version").status != 0)
    GTEST_SKIP() << "cargo does not run in this shell (rustup has no toolchain)";
  const std::string main_rs =
      "use std::io::{self, BufRead, Write};\n"
      "fn main() {\n"
      "    let mut out = io::stdout();\n"
      "    writeln!(out, \"READY\").unwrap();\n"
      "    out.flush().unwrap();\n"
      "    for line in io::stdin().lock().lines() {\n"
      "        if line.unwrap().trim() == \"EOD\" {\n"
      "            writeln!(out, \"N\").unwrap();\n"
      "            out.flush().unwrap();\n"
      "        }\n"
      "    }\n"
      "}\n";
  const ProjectCheck check = CheckProject(
      "cargo", "cargo run --release -q",
      {{"Cargo.toml", "[package]\nname = \"bot\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"},
       {"src/main.rs", main_rs}},
      "cargo build --release -q");
  if (!check.skipped.empty()) GTEST_SKIP() << check.skipped;
}

// A node bot that answers every turn of jc2015 at once.
constexpr const char* kNodeBot =
    "process.stdout.write('READY\\n');\n"
    "require('readline').createInterface({input: process.stdin}).on('line', (l) => {\n"
    "  if (l.trim() === 'EOD') process.stdout.write('N\\n');\n"
    "});\n";

// Before, each match was a process.crash: npm found no package.json in the
// empty folder the bot started in.
CITES(CheckBotTest, ANodeBotRunWithNpmStartFromItsProjectPassesContained,
      "arbiter.process.contained");
TEST_F(CheckBotTest, ANodeBotRunWithNpmStartFromItsProjectPassesContained) {
  const ProjectCheck check =
      CheckProject("npm", "npm start --silent",
                   {{"package.json",
                     R"({"name": "bot", "version": "1.0.0", "scripts": {"start": "node bot.js"}})"},
                    {"bot.js", kNodeBot}});
  if (!check.skipped.empty()) GTEST_SKIP() << check.skipped;
}

// npm stays and runs the bot as a child of `sh -c`, after its prestart
// script (here 2.6 s, as a TypeScript build would): that time is npm's, not
// the bot's (arbiter.timing.launcher). Before, it counted against READY's
// 1 s: ready.missing in every match, FAIL, though the bot's node printed
// READY at once; then the prestart's sleep was taken for the interpreter,
// given 1 s from its start, and a READY after 2.5 s was missing (a slower
// machine's first match with a prestart of 1.5 s).
CITES(CheckBotTest, ANodeBotsReadyCountsFromItsInterpreterNotFromNpmAndItsPrestartScript,
      "arbiter.timing.launcher");
TEST_F(CheckBotTest, ANodeBotsReadyCountsFromItsInterpreterNotFromNpmAndItsPrestartScript) {
  const char* package =
      R"({"name": "bot", "version": "1.0.0", "scripts": {"prestart": "sleep 2.6", "start": "node bot.js"}})";
  const ProjectCheck check =
      CheckProject("npm", "npm start --silent", {{"package.json", package}, {"bot.js", kNodeBot}},
                   "", "--ready-ms 1000 --action-ms 5000");
  if (!check.skipped.empty()) GTEST_SKIP() << check.skipped;
  EXPECT_NE(check.output.find("bot.launcher"), std::string::npos) << check.output;
  EXPECT_EQ(check.output.find("ready.missing"), std::string::npos) << check.output;
  EXPECT_EQ(check.output.find("ready.late"), std::string::npos) << check.output;
}

CITES(CheckBotTest, ABotThatTouchesThreeGigabytesIsProcessMemoryAtTheDefaultLimit,
      "arbiter.process.limits");
TEST_F(CheckBotTest, ABotThatTouchesThreeGigabytesIsProcessMemoryAtTheDefaultLimit) {
  const Outcome o = CheckBot("--action-ms 20000 " + Testbot("--mode memory --turn 2 --ms 3072"));
  EXPECT_EQ(o.checks, std::set<std::string>{"process.memory"}) << o.output;
  EXPECT_EQ(o.status, 1);
  ASSERT_EQ(o.report["findings"].size(), 1u);
  const std::string message = o.report["findings"][0]["message"];
  ASSERT_EQ(o.report["matches"][0]["usage"].size(), 1u);
  const double peak = o.report["matches"][0]["usage"][0]["peak_rss_mb"];
  EXPECT_LT(peak, 3072.0);
  if (o.report.value("memory_limits", "").find("enforced by the kernel") != std::string::npos) {
    // A memory cgroup: the kernel stops the tree at the limit itself.
    EXPECT_NE(message.find("reached the memory limit of 2048 MB, which the kernel enforces"),
              std::string::npos)
        << message;
    EXPECT_GE(peak, 2047.0);
  } else {  // the /proc watch: it sees the tree past the limit
    EXPECT_NE(message.find("over the limit of 2048 MB"), std::string::npos) << message;
    EXPECT_GT(peak, 2048.0);
  }
}

CITES(CheckBotTest, ReportsStateEachBotsPeakMemoryAndCpuTime, "arbiter.process.limits");
TEST_F(CheckBotTest, ReportsStateEachBotsPeakMemoryAndCpuTime) {
  const Outcome o = CheckBot(Testbot("--mode ok"));
  ASSERT_EQ(o.report["matches"].size(), 1u) << o.output;
  const auto& usage = o.report["matches"][0]["usage"];
  ASSERT_EQ(usage.size(), 1u);
  EXPECT_GT(usage[0]["peak_rss_mb"].get<double>(), 0.1);
  EXPECT_NE(o.output.find("peak resident memory"), std::string::npos) << o.output;
}

CITES(CheckBotTest, ARunLongerThanTenSecondsSaysWhereItIsInALogAndAShortOneOnlyItsVerdict,
      "arbiter.cli.progress");
TEST_F(CheckBotTest, ARunLongerThanTenSecondsSaysWhereItIsInALogAndAShortOneOnlyItsVerdict) {
  // Each match's bot takes 10.5 s to say READY (allowed 15 s): the first
  // match ends past 10 s into the run, so a log gets its line then.
  const Outcome slow = CheckBot("--ready-ms 15000 " + Testbot("--mode late-ready --ms 10500"));
  EXPECT_EQ(slow.status, 0) << slow.output;
  EXPECT_EQ(slow.output.rfind("check-bot: 1/1 matches, 0 findings, 1", 0), 0u) << slow.output;
  EXPECT_EQ(slow.output.find('\r'), std::string::npos) << "a live line in a log:\n" << slow.output;
  // A quick run: its verdict is its first line.
  const Outcome quick = CheckBot(Testbot("--mode ok"));
  EXPECT_EQ(quick.status, 0) << quick.output;
  EXPECT_EQ(quick.output.rfind("arbiter check-bot: PASS", 0), 0u) << quick.output;
}

CITES(CheckBotTest, ALogDirHoldsEachMatchTurnByTurnWithTheBotsStderr, "arbiter.report.match-log");
TEST_F(CheckBotTest, ALogDirHoldsEachMatchTurnByTurnWithTheBotsStderr) {
  const std::string dir = ::testing::TempDir() + "/logs-" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  const Outcome o = CheckBot("--log-dir " + dir +
                             " --games 2 --no-edge-cases --no-whole-games "
                             "--html " +
                             dir + ".html -- " + Shell(TESTBOT_BINARY) + " --mode chatty");
  EXPECT_EQ(o.status, 0) << o.output;
  for (const char* match : {"game-1", "game-2"}) {
    const std::string log = arbiter::testing::Slurp(dir + "/" + match + ".log");
    ASSERT_FALSE(log.empty()) << match;
    EXPECT_NE(log.find("arbiter check-bot jc2015: " + std::string(match) + "\n"), std::string::npos)
        << log;
    // The bot's first turn: what it was sent, its answer and time, its stderr.
    const size_t turn = log.find(" (the bot), answered after ");
    ASSERT_NE(turn, std::string::npos) << log;
    const std::string first = log.substr(turn, log.find("\n\nturn", turn) - turn);
    EXPECT_NE(first.find("\n> EOD\n< "), std::string::npos) << first;
    EXPECT_NE(first.find("\n! thinking on turn 1"), std::string::npos) << first;
    EXPECT_NE(log.find("! thinking on turn 2\n"), std::string::npos) << log;
  }
  // A log folder that cannot be made is a set-up error before any match.
  const Outcome bad = CheckBot("--log-dir /dev/null/logs " + Testbot("--mode ok"));
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--log-dir '/dev/null/logs': cannot make the folder"),
            std::string::npos)
      << bad.output;
}

CITES(CheckBotTest, APassingMatchIsItsSummaryUnlessEveryTranscriptIsAskedFor,
      "arbiter.report.bounded");
TEST_F(CheckBotTest, APassingMatchIsItsSummaryUnlessEveryTranscriptIsAskedFor) {
  const Outcome summary = CheckBot("--games 2 --no-edge-cases -- " + Shell(EXAMPLE_BOT_CPP));
  ASSERT_EQ(summary.status, 0) << summary.output;
  int played = 0;
  for (const auto& m : summary.report["matches"]) {
    EXPECT_TRUE(m["turns"].empty()) << m["id"];
    played += m["turns_played"].get<int>();
  }
  EXPECT_GT(played, 0);
  // Every transcript asked for: one file a match, the report as bounded as before.
  const std::string dir = ::testing::TempDir() + "/transcripts-" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  const Outcome all = CheckBot("--games 2 --no-edge-cases --transcripts all --transcripts-dir " +
                               dir + " -- " + Shell(EXAMPLE_BOT_CPP));
  ASSERT_EQ(all.status, 0) << all.output;
  ASSERT_FALSE(all.report["matches"].empty());
  for (const auto& m : all.report["matches"]) {
    EXPECT_TRUE(m["turns"].empty()) << m["id"];
    const nlohmann::json file =
        arbiter::testing::ReadJsonFile(dir + "/" + m["id"].get<std::string>() + ".json");
    ASSERT_FALSE(file.is_null()) << m["id"];
    EXPECT_EQ(file["id"], m["id"]);
    EXPECT_EQ(file["turns"].size(), m["turns_played"].get<size_t>()) << m["id"];
  }
  // A failing match keeps its transcript whatever the option says.
  const Outcome failing = CheckBot(Testbot("--mode invalid --turn 3"));
  ASSERT_EQ(failing.status, 1) << failing.output;
  // Findings are listed by the run and name their match; a match row has none.
  std::set<std::string> failed;
  for (const auto& f : failing.report["findings"])
    if (f["severity"] == "fail") failed.insert(f["match"].get<std::string>());
  ASSERT_FALSE(failed.empty()) << failing.output;
  bool kept = false;
  for (const auto& m : failing.report["matches"])
    kept = kept || (failed.count(m["id"].get<std::string>()) > 0 && !m["turns"].empty());
  EXPECT_TRUE(kept) << failing.output;
}

CITES(CheckBotTest, PlayRunsAFullGameOfFourExampleBotsAndWritesAReplay,
      "jc2015.protocol.input.format");
TEST_F(CheckBotTest, PlayRunsAFullGameOfFourExampleBotsAndWritesAReplay) {
  const std::string replay = ::testing::TempDir() + "/replay.json";
  std::string cmd = std::string(ARBITER_BINARY) + " play --seed 5 --replay " + replay;
  for (int i = 0; i < 4; ++i) cmd += " --bot " + Shell(EXAMPLE_BOT_CPP);
  const arbiter::testing::CommandRun run = arbiter::testing::RunCommand(cmd);
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("RESULT "), std::string::npos) << run.output;
  const auto r = arbiter::testing::ReadJsonFile(replay);
  ASSERT_FALSE(r.is_null()) << "no replay written: " << run.output;
  const auto& m = r["matches"][0];
  EXPECT_TRUE(m["game_over"].get<bool>());
  EXPECT_EQ(m["turns"].size(), m["turns_played"].get<size_t>());
  EXPECT_TRUE(r["findings"].empty()) << run.output;
}

CITES(CheckBotTest, PlayOfManyGamesRotatesTheSeatsAndPrintsAWinTableOfEveryEntrant,
      "arbiter.play.table");
TEST_F(CheckBotTest, PlayOfManyGamesRotatesTheSeatsAndPrintsAWinTableOfEveryEntrant) {
  const std::string json =
      ::testing::TempDir() + "/play-table-" + std::to_string(getpid()) + ".json";
  const std::vector<std::string> entrants = {EXAMPLE_BOT_CPP, "builtin:random", "builtin:hunter",
                                             "builtin:idle"};
  std::string cmd = std::string(ARBITER_BINARY) + " play --seed 3 --games 4 --json " + json;
  for (const std::string& e : entrants) cmd += " --bot " + Shell(e);
  const arbiter::testing::CommandRun run = arbiter::testing::RunCommand(cmd);
  ASSERT_EQ(run.status, 0) << run.output;
  const auto r = arbiter::testing::ReadJsonFile(json);
  ASSERT_EQ(r["matches"].size(), 4u) << run.output;
  // Game g (seed 3 + g) puts entrant (s + g) mod 4 in seat s; tally the table from that.
  std::vector<int> won(4), lost(4), drawn(4), open(4);
  for (int g = 0; g < 4; ++g) {
    const auto& m = r["matches"][g];
    EXPECT_EQ(m["seed"], 3 + g);
    // Named by its program's file name, never a path.
    const std::string name =
        g % 4 == 0 ? std::filesystem::path(entrants[0]).filename().string() : entrants[g % 4];
    EXPECT_NE(m["description"].get<std::string>().find(", " + name + " in seat 0"),
              std::string::npos)
        << m["description"];
    for (int s = 0; s < 4; ++s) {
      const int e = (s + g) % 4, winner = m["winner"];
      if (!m["game_over"].get<bool>())
        ++open[e];
      else if (winner < 0)
        ++drawn[e];
      else
        ++(winner == s ? won : lost)[e];
    }
  }
  ASSERT_NE(run.output.find("results of 4 game(s), seeds 3-6, seats rotated:"), std::string::npos)
      << run.output;
  for (int e = 1; e < 4; ++e) {  // the built-in players' rows, by name
    const size_t at = run.output.find("  " + entrants[e] + " ");
    ASSERT_NE(at, std::string::npos) << entrants[e] << "\n" << run.output;
    std::istringstream row(run.output.substr(at + 2 + entrants[e].size()));
    int w = -1, d = -1, l = -1, o = -1;
    row >> w >> d >> l >> o;
    EXPECT_EQ(std::vector<int>({w, d, l, o}),
              std::vector<int>({won[e], drawn[e], lost[e], open[e]}))
        << entrants[e] << "\n"
        << run.output;
  }
  EXPECT_EQ(run.output.find("RESULT "), std::string::npos) << "one RESULT line is for one game";
  // A built-in player the game does not have is a set-up error.
  const auto bad = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) +
                                                " play --bot builtin:nobody --bot builtin:random "
                                                "--bot builtin:idle --bot builtin:hunter");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("no such built-in player (known: random hunter idle passive)"),
            std::string::npos)
      << bad.output;
}

// A Wondev Woman bot in Python, like published ones: `walled` indexes the
// actions of unit 0 and crashes when unit 0 has none but unit 1 has some;
// `farewell` prints 'null' when it has no legal action; `lowercase` prints
// its keyword in lowercase, which CodinGame's referee accepts.
std::string WondevPythonBot() {
  const std::string path = ::testing::TempDir() + "/wondev-bot-" + std::to_string(getpid()) + ".py";
  std::ofstream(path)
      << "import sys\n"
         "mode = sys.argv[1]\n"
         "size = int(input()); units = int(input())\n"
         "while True:\n"
         "    for _ in range(size + 2 * units): input()\n"
         "    actions = [input() for _ in range(int(input()))]\n"
         "    if not actions:\n"
         "        print('null' if mode == 'farewell' else 'ACCEPT-DEFEAT', flush=True)\n"
         "        continue\n"
         "    if mode == 'walled':\n"
         "        mine = [a for a in actions if a.split()[1] == '0']\n"
         "        print(mine[0], flush=True)\n"
         "    elif mode == 'lowercase':\n"
         "        print(actions[0].replace('MOVE&BUILD', 'move&build', 1), flush=True)\n"
         "    else:\n"
         "        print(actions[0], flush=True)\n";
  return path;
}

CITES(CheckBotTest, ABotThatCrashesWhenOneUnitIsWalledInIsCaughtWithAnInputToReplayIt,
      "arbiter.check.edge-states", "arbiter.check.reproduce");
TEST_F(CheckBotTest, ABotThatCrashesWhenOneUnitIsWalledInIsCaughtWithAnInputToReplayIt) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0)
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  const std::string bot = WondevPythonBot();
  const Outcome o = CheckBot(
      "--game wondev --rule league=2 --games 0 --keep-going -- "
      "/usr/bin/python3 " +
      Shell(bot) + " walled");
  EXPECT_EQ(o.status, 1) << o.output;
  const nlohmann::json* crash = nullptr;
  for (const auto& f : o.report["findings"])
    if (f["match"] == "edge-one-unit-walled-in" && f["check"] == "process.crash") crash = &f;
  ASSERT_NE(crash, nullptr) << o.output;
  EXPECT_NE((*crash)["reproduce"].get<std::string>().find("--rule league=2"), std::string::npos);
  EXPECT_NE((*crash)["reproduce"].get<std::string>().find("--match edge-one-unit-walled-in"),
            std::string::npos);
  // The whole input, opening lines first, replays the crash when piped in.
  const std::string file = (*crash)["input_file"];
  std::ifstream in(file);
  const std::string stream((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(stream.rfind("5\n2\n", 0), 0u) << stream;
  const arbiter::testing::CommandRun replay =
      arbiter::testing::RunCommand("/usr/bin/python3 " + Shell(bot) + " walled < " + Shell(file));
  EXPECT_NE(replay.status, 0) << replay.output;
  EXPECT_NE(replay.output.find("IndexError"), std::string::npos) << replay.output;
  // A one-unit league has no such state: nothing fails there.
  const Outcome league1 = CheckBot("--game wondev --rule league=1 --games 0 -- /usr/bin/python3 " +
                                   Shell(bot) + " walled");
  EXPECT_EQ(league1.status, 0) << league1.output;
  std::remove(bot.c_str());
}

CITES(CheckBotTest, TheLeagueSweepGivesEachLeagueItsOwnEdgeStates, "arbiter.check.edge-states");
TEST_F(CheckBotTest, TheLeagueSweepGivesEachLeagueItsOwnEdgeStates) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0)
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  const std::string bot = WondevPythonBot();
  const Outcome o = CheckBot("--game wondev --games 0 --no-whole-games -- /usr/bin/python3 " +
                             Shell(bot) + " walled");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> ids, failing;
  for (const auto& m : o.report["matches"]) ids.insert(m["id"].get<std::string>());
  for (const auto& f : o.report["findings"])
    if (f["severity"] == "fail") failing.insert(f["match"].get<std::string>());
  EXPECT_TRUE(ids.count("edge-no-legal-action-league0")) << o.output;
  EXPECT_TRUE(ids.count("edge-push-onto-edge-league2"));
  EXPECT_FALSE(ids.count("edge-push-onto-edge-league1"));
  EXPECT_TRUE(ids.count("edge-fog-hidden-adjacent-after-move-league3"));
  EXPECT_FALSE(ids.count("edge-fog-hidden-adjacent-after-move-league2"));
  EXPECT_EQ(failing, (std::set<std::string>{"edge-one-unit-walled-in-league2",
                                            "edge-one-unit-walled-in-league3"}))
      << o.output;
  // The text names the league of the failing match (the other one is
  // the same finding, named after it).
  EXPECT_NE(o.output.find("edge-one-unit-walled-in-league2 (league=2"), std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("the same 1 more time(s), in 1 more match(es): "
                          "edge-one-unit-walled-in-league3"),
            std::string::npos)
      << o.output;
  std::remove(bot.c_str());
}

CITES(CheckBotTest, WhatABotPrintsWithNoLegalActionAndALowercaseKeywordDoNotFail,
      "wondev.turn.no-legal-action", "wondev.protocol.action.grammar");
TEST_F(CheckBotTest, WhatABotPrintsWithNoLegalActionAndALowercaseKeywordDoNotFail) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0)
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  const std::string bot = WondevPythonBot();
  const Outcome farewell = CheckBot("--game wondev --rule league=1 --games 0 -- /usr/bin/python3 " +
                                    Shell(bot) + " farewell");
  EXPECT_EQ(farewell.status, 0) << farewell.output;
  EXPECT_TRUE(farewell.checks.count("action.no-legal-line")) << farewell.output;
  const Outcome lower = CheckBot(
      "--game wondev --rule league=1 --games 1 --no-edge-cases -- "
      "/usr/bin/python3 " +
      Shell(bot) + " lowercase");
  EXPECT_EQ(lower.status, 0) << lower.output;
  EXPECT_EQ(lower.checks, std::set<std::string>{"action.server-accepts"}) << lower.output;
  std::remove(bot.c_str());
}

CITES(CheckBotTest, ReproduceCommandsCarryEveryOptionThatChangesTheResult,
      "arbiter.check.reproduce");
TEST_F(CheckBotTest, ReproduceCommandsCarryEveryOptionThatChangesTheResult) {
  const Outcome o = CheckBot(
      "--memory-mb 1024 --cpu-seconds 60 --address-space-mb 4096 --env A=1 --depth 2 "
      "--action-ms 150 " +
      Testbot("--mode exit --turn 1"));
  ASSERT_FALSE(o.report["findings"].empty()) << o.output;
  const std::string cmd = o.report["findings"][0]["reproduce"];
  for (const char* option : {"--memory-mb 1024", "--cpu-seconds 60", "--address-space-mb 4096",
                             "--env A=1", "--depth 2", "--action-ms 150", "--games 1"})
    EXPECT_NE(cmd.find(option), std::string::npos) << option << " in " << cmd;
}

CITES(CheckBotTest, QuietNamesTheFailingCheckAndTheBotsOwnTurnIsBesideTheGames,
      "arbiter.cli.exit-status", "arbiter.check.diagnosis");
TEST_F(CheckBotTest, QuietNamesTheFailingCheckAndTheBotsOwnTurnIsBesideTheGames) {
  // Slow on its own 7th answer: in a four-player game that is a later turn
  // of the game; both are said, and --quiet still names what failed.
  const Outcome o = CheckBot("--quiet " + Testbot("--mode slow-turn --turn 7 --ms 600"));
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_EQ(o.output.rfind("FAIL\n", 0), 0u) << o.output;
  EXPECT_NE(o.output.find("  action.deadline [jc2015.protocol.action.limit] game-1, turn "),
            std::string::npos)
      << o.output;
  ASSERT_FALSE(o.report.is_null()) << o.output;
  bool found = false;
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "action.deadline") continue;
    found = true;
    EXPECT_EQ(f["own_turn"], 7) << f;
    EXPECT_GT(f["turn"].get<int>(), 7) << f;
  }
  EXPECT_TRUE(found) << o.output;
}

}  // namespace
