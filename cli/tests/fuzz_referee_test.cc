// Integration tests of `arbiter fuzz-referee` with real referees: the
// conformant example referee survives many games with no finding; a mutant
// referee (three of them here, every one on fakes) is detected, attributed to
// the clause it breaks and shrunk to a reproducer of a handful of answers that
// `arbiter simulate` accepts; a
// RESULT line naming another winner than the reference's is a divergence; a
// crashing, a hanging and a garbage-sending referee are findings; and nothing
// is left running.
#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string_view>

#include "cli/tests/fuzz_referee_run.h"
#include "cli/tests/mutant_case.h"
#include "cli/tests/no_leftovers.h"
#include "cli/tests/report_files.h"
#include "cli/tests/run_command.h"
#include "process/proc_probe.h"
#include "spec-tests/common/spec_test.h"

namespace {

using Outcome = arbiter::testing::FuzzOutcome;
using arbiter::testing::Listed;

std::string Dir() { return arbiter::testing::FuzzDir("fuzz"); }

Outcome Fuzz(const std::string& referee, const std::string& args) {
  return arbiter::testing::RunFuzzReferee("fuzz", referee, args);
}

std::string Referee(const std::string& extra = "") {
  return std::string(EXAMPLE_REFEREE) + " " + extra +
         " -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
}

std::vector<nlohmann::json> Findings(const Outcome& o, const std::string& check);

class FuzzRefereeTest : public arbiter::testing::NoLeftoversTest {};

CITES(FuzzRefereeTest, TheConformantExampleRefereeHasNoFinding, "arbiter.referee.completes",
      "arbiter.referee.starts-bots", "jc2015.protocol.input.format");
TEST_F(FuzzRefereeTest, TheConformantExampleRefereeHasNoFinding) {
  const Outcome o = Fuzz(Referee(), "--games 12 --seed 1");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["verdict"], "pass") << o.output;
  EXPECT_EQ(o.report["matches"].size(), 12u);
  int turns = 0;
  for (const auto& m : o.report["matches"]) {
    EXPECT_TRUE(m["game_over"].get<bool>()) << m["id"];
    turns += m["turns_played"].get<int>();
  }
  EXPECT_GT(turns, 200);
  // Within its first ten games a run has tried every family of answers,
  // and says so.
  EXPECT_EQ(o.report["answer_families"]["tried"].size(), 10u) << o.report["answer_families"];
  EXPECT_TRUE(o.report["answer_families"]["not_tried"].empty()) << o.report["answer_families"];
  EXPECT_NE(o.output.find("answer families tried: U; R; D; L; A; N; lowercase; garbage; padded; "
                          "simultaneous last fall"),
            std::string::npos)
      << o.output;
}

#ifdef JVM_REFEREE_JAR
CITES(FuzzRefereeTest, AJvmRefereeRunsUnderTheDefaultOptions, "arbiter.process.limits");
TEST_F(FuzzRefereeTest, AJvmRefereeRunsUnderTheDefaultOptions) {
  // The bots' memory limit is not the referee's: a JVM must start.
  const Outcome o =
      Fuzz(std::string(JAVA_EXECUTABLE) + " -jar " + JVM_REFEREE_JAR + " " + Referee(),
           "--games 3 --seed 1");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["verdict"], "pass") << o.output;
  EXPECT_EQ(o.report["counts"]["fail"], 0) << o.output;
}
#endif

using arbiter::testing::MutantCase;
using arbiter::testing::MutantCaseName;

class MutantTest : public FuzzRefereeTest, public ::testing::WithParamInterface<MutantCase> {};

// Every mutant is proved on fakes (MutantsOnFakes/MutantOnFakesTest,
// fuzz_referee_mutants_fake_test.cc: the same forty games against the same
// engine as a referee that launches its bots, 4 s for all seventeen). The
// real bots-referee example keeps three as smokes, one of the moves, one of
// the turn input and one of the game's end, each with its reproducer run by
// `arbiter simulate` (137 s of test time for all seventeen here).
std::vector<MutantCase> SmokeCases() {
  const std::vector<MutantCase> all = {MUTANT_CASES};
  std::vector<MutantCase> smoke;
  for (const MutantCase& c : all)
    for (const std::string_view name :
         {"cancel-below-three", "blocks-transposed", "extra-last-turn"})
      if (name == c.name) smoke.push_back(c);
  return smoke;
}

// Each instance proves that a referee breaking its mutant's clause is caught.
[[maybe_unused]] static const bool kMutantCitations = arbiter::spec::Cite(
    "Mutants/MutantTest", "IsDetectedAttributedAndShrunk",
    {"jc2015.move.cancel.distance", "jc2015.end.turn-limit", "jc2015.protocol.input.block"});

TEST_P(MutantTest, IsDetectedAttributedAndShrunk) {
  const MutantCase& c = GetParam();
  // --strict-readings: extra-last-turn is exactly the reading turn_limit=1001,
  // which would otherwise be a note (see the readings tests below).
  const Outcome o =
      Fuzz(Referee(std::string("--mutant ") + c.name), "--games 40 --seed 1 --strict-readings");
  ASSERT_EQ(o.status, 1) << o.output;
  bool attributed = false;
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "referee.divergence") continue;
    const std::string message = f["message"];
    if (f["clause"] == c.clause || message.find(c.clause) != std::string::npos) attributed = true;
  }
  EXPECT_TRUE(attributed) << c.name << " not attributed to " << c.clause << "\n" << o.output;
  // The first divergence's reproducer: a scenario that simulate accepts, with
  // only a handful of answers other than N.
  const auto& f = o.report["findings"][0];
  const std::string reproduce = f["reproduce"];
  const size_t at = reproduce.find("--replay ");
  ASSERT_NE(at, std::string::npos) << reproduce;
  const std::string file = reproduce.substr(at + 9, reproduce.find(' ', at + 9) - at - 9);
  std::ifstream in(file);
  const auto doc = nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  int nontrivial = 0;
  for (const auto& a : doc["actions"]) nontrivial += a != "N";
  EXPECT_LE(nontrivial, 12) << file;
  const std::string sim = std::string(ARBITER_BINARY) + " simulate " + file + " >/dev/null 2>&1";
  EXPECT_EQ(WEXITSTATUS(std::system(sim.c_str())), 0) << file;
}

INSTANTIATE_TEST_SUITE_P(Mutants, MutantTest, ::testing::ValuesIn(SmokeCases()), MutantCaseName);

CITES(FuzzRefereeTest, ABotTheRefereeStopsThoughItAnsweredIsOneLoadEntryAndTheGameIsComparedOn,
      "arbiter.referee.load", "arbiter.referee.replayable");
TEST_F(FuzzRefereeTest, ABotTheRefereeStopsThoughItAnsweredIsOneLoadEntryAndTheGameIsComparedOn) {
  // In about half of its games the referee reads one answer, then treats it
  // as late, on a turn drawn from its own clock: what a busy machine does
  // to a referee. Each stop is followed (the bot stopped), never a rule
  // failure under the clause of whatever field showed it first.
  const Outcome o = Fuzz(Referee("--bug drop-one-answer"), "--games 20 --seed 1");
  EXPECT_EQ(o.status, 0) << o.output;
  std::set<std::string> checks;
  int stops = 0;
  for (const auto& f : o.report["findings"]) {
    const std::string message = f["message"];
    if (f["clause"] != "arbiter.referee.load") {
      // A stop the referee's end hides (it went on after the reference's
      // end) is not explained: never more than a warning about the end,
      // since the same answers do not show it again.
      EXPECT_EQ(f["check"], "referee.flaky") << message;
      EXPECT_NE(message.find("after the end"), std::string::npos) << message;
      continue;
    }
    checks.insert(f["check"].get<std::string>());
    stops += f["occurrences"].get<int>();
    // A stop that only the end of a game shows is the same entry: its
    // message says the referee ended the game as if the bot had not
    // answered.
    EXPECT_NE(f["message"].get<std::string>().find("had not answered on turn"), std::string::npos)
        << f["message"];
    // The game of the first stop went on, compared, to its end; a stop only
    // the end showed has no message after it.
    const bool at_end = message.find("ended the game as if") != std::string::npos;
    for (const auto& m : o.report["matches"]) {
      if (m["id"] != f["match"]) continue;
      EXPECT_TRUE(m["game_over"].get<bool>()) << m["id"];
      if (!at_end) {
        EXPECT_GT(m["messages_compared"].get<int>(), f["turn"].get<int>() / 4 + 10) << m["id"];
      }
    }
  }
  // One entry each way it was judged: a quiet machine's race (a warning),
  // the machine's load (a note).
  EXPECT_GE(stops, 3) << o.output;
  for (const std::string& c : checks)
    EXPECT_TRUE(c == "referee.flaky" || c == "referee.busy") << c << "\n" << o.output;
  EXPECT_EQ(o.report["compared"]["games_compared"], 20) << o.report["compared"];
}

// Until the machine's CPU pressure over the last 10 s is under 50 %, read
// as arbiter reads the figure it judges a stop by (proc::ReadCpuPressure),
// for at most 30 s; at once where the kernel gives no such figure.
void WaitForAQuietMachine() {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < give_up) {
    const double pressure = arbiter::harness::proc::ReadCpuPressure();
    if (pressure < 50) return;  // -1: no figure
    usleep(500 * 1000);
  }
}

CITES(FuzzRefereeTest, AStopOnlyTheEndOfAGameShowsIsNamedAsThatStopUnderTheLoadClause,
      "arbiter.referee.load");
TEST_F(FuzzRefereeTest, AStopOnlyTheEndOfAGameShowsIsNamedAsThatStopUnderTheLoadClause) {
  // Seed 15: the referee treats bot 3's answer of turn 15 as late, every
  // run; the player that answer would have moved falls, and the game ends
  // with no message after it. Not an end rule (jc2015.end.*): the stop,
  // which repeats, so a failure under the load clause.
  // Judged on a quiet machine (the test runs alone, once the load of the
  // tests before it has died down): on a busy one the repeated stop is
  // rightly referee.undecided.
  WaitForAQuietMachine();
  const Outcome o = Fuzz(Referee("--drop-turn 13"), "--games 1 --seed 15");
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << o.output;
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["clause"], "arbiter.referee.load") << o.output;
  EXPECT_EQ(f["check"], "referee.divergence") << o.output;
  EXPECT_NE(f["message"].get<std::string>().find("bot 3 had not answered on turn 15"),
            std::string::npos)
      << f["message"];
}

CITES(FuzzRefereeTest, ACrashingRefereeIsAFinding, "arbiter.referee.completes",
      "arbiter.referee.starts-bots");
TEST_F(FuzzRefereeTest, ACrashingRefereeIsAFinding) {
  const Outcome o =
      Fuzz("/bin/sh -c \"kill -SEGV \\$\\$\" {bot0} {bot1} {bot2} {bot3}", "--games 2");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> checks;
  for (const auto& f : o.report["findings"]) checks.insert(f["check"]);
  EXPECT_TRUE(checks.count("referee.crash")) << o.output;
}

CITES(FuzzRefereeTest, AHangingRefereeIsAFindingWithinTheTimeLimit, "arbiter.referee.completes");
TEST_F(FuzzRefereeTest, AHangingRefereeIsAFindingWithinTheTimeLimit) {
  const auto start = std::chrono::steady_clock::now();
  const Outcome o =
      Fuzz("/bin/sh -c \"sleep 60\" {bot0} {bot1} {bot2} {bot3}", "--games 1 --time-limit 2");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> checks;
  for (const auto& f : o.report["findings"]) checks.insert(f["check"]);
  EXPECT_TRUE(checks.count("referee.hang")) << o.output;
}

CITES(FuzzRefereeTest, ARefereeSendingGarbageIsADivergenceOnTheInputFormat,
      "jc2015.protocol.input.format");
TEST_F(FuzzRefereeTest, ARefereeSendingGarbageIsADivergenceOnTheInputFormat) {
  // Starts bot 0 (a probe) and writes 13 lines that are not a turn input.
  const std::string referee =
      "/usr/bin/python3 -c \"import subprocess,sys,time; "
      "p=subprocess.Popen(sys.argv[1].split(\\\" "
      "\\\"),stdin=subprocess.PIPE,stdout=subprocess.PIPE); "
      "p.stdout.readline(); p.stdin.write(b\\\"hello\\\\n\\\"*13); p.stdin.flush(); "
      "time.sleep(0.5)\" "
      "{bot0} {bot1} {bot2} {bot3}";
  const Outcome o = Fuzz(referee, "--games 1 --time-limit 5");
  EXPECT_EQ(o.status, 1) << o.output;
  bool format = false;
  for (const auto& f : o.report["findings"])
    format = format || f["clause"] == "jc2015.protocol.input.format";
  EXPECT_TRUE(format) << o.output;
}

CITES(FuzzRefereeTest, ADivergenceIsWrittenAsJsonJunitMarkdownAndHtmlWithBothMessages,
      "arbiter.report.formats");
TEST_F(FuzzRefereeTest, ADivergenceIsWrittenAsJsonJunitMarkdownAndHtmlWithBothMessages) {
  const arbiter::testing::ReportFiles files("fuzz-referee-formats");
  const std::string cmd = std::string(ARBITER_BINARY) + " fuzz-referee " + files.Options() +
                          " --repro-dir " + Dir() + " --referee '" +
                          Referee("--mutant cancel-below-three") + "' --games 40 --seed 1";
  const auto run = arbiter::testing::RunCommand(cmd);
  EXPECT_EQ(run.status, 1) << run.output;
  files.ExpectTheSameFindingsEverywhere("0.1.0");
  const auto j = files.Json();
  ASSERT_FALSE(j.is_null());
  const auto& f = j["findings"][0];
  ASSERT_EQ(f["check"], "referee.divergence") << run.output;
  // The Markdown shows both messages; the finding belongs to the shrunk game,
  // whose turns the reports replay.
  const std::string md = files.Read(".md");
  EXPECT_NE(md.find("The referee sent"), std::string::npos);
  EXPECT_NE(md.find("The reference engine sends"), std::string::npos);
  bool shrunk_match = false;
  for (const auto& m : j["matches"]) {
    if (m["id"] != f["match"] || !m["shrunk_from"].is_string()) continue;
    for (const auto& t : m["turns"]) shrunk_match = shrunk_match || t["turn"] == f["turn"];
  }
  EXPECT_TRUE(shrunk_match) << "the finding's match is not the shrunk game with its turn";
}

// The example referee behind restate_result.sh, which rewrites its RESULT
// line (keep, swap the winner, drop the line); 60 turns a game.
std::string Restated(const std::string& mode) {
  return std::string("/bin/sh ") + RESTATE_RESULT + " " + mode + " " + Referee("-t 60");
}

CITES(FuzzRefereeTest, AnotherWinnerInTheRefereesResultLineIsADivergence, "arbiter.referee.result");
TEST_F(FuzzRefereeTest, AnotherWinnerInTheRefereesResultLineIsADivergence) {
  const Outcome o = Fuzz(Restated("swap"), "--games 2 --seed 1 --rule turn_limit=60");
  ASSERT_EQ(o.status, 1) << o.output;
  ASSERT_FALSE(o.report["findings"].empty()) << o.output;
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["check"], "referee.divergence") << o.output;
  const std::string message = f["message"];
  EXPECT_NE(message.find("RESULT line states another winner than the reference engine: "
                         "result expected winner "),
            std::string::npos)
      << message;
  EXPECT_NE(f["reproduce"].get<std::string>().find("--replay "), std::string::npos);
}

CITES(FuzzRefereeTest, TheRightWinnerOrNoResultLineIsNoFinding, "arbiter.referee.result");
TEST_F(FuzzRefereeTest, TheRightWinnerOrNoResultLineIsNoFinding) {
  for (const std::string mode : {"keep", "drop"}) {
    const Outcome o = Fuzz(Restated(mode), "--games 2 --seed 1 --rule turn_limit=60");
    EXPECT_EQ(o.status, 0) << mode << "\n" << o.output;
    EXPECT_EQ(o.report["verdict"], "pass") << mode << "\n" << o.output;
    // Without a RESULT line, a note says once that winners were not compared.
    const auto notes = Findings(o, "referee.no-result");
    EXPECT_EQ(notes.size(), mode == "drop" ? 1u : 0u) << mode << "\n" << o.output;
    if (!notes.empty()) {
      EXPECT_EQ(notes[0]["severity"], "info");
    }
  }
}

CITES(FuzzRefereeTest, ARefereeThatClosesItsBotsButNeverExitsHangsAtItsEndNotAtTheGamesLimit,
      "arbiter.referee.completes");
TEST_F(FuzzRefereeTest, ARefereeThatClosesItsBotsButNeverExitsHangsAtItsEndNotAtTheGamesLimit) {
  const auto start = std::chrono::steady_clock::now();
  const Outcome o = Fuzz(Restated("linger"), "--games 2 --seed 1 --rule turn_limit=60");
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << o.output;
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["check"], "referee.hang") << o.output;
  EXPECT_NE(f["message"].get<std::string>().find("closed every bot's input but did not exit"),
            std::string::npos)
      << f["message"];
  // Its game had ended: waiting for the per-game limit (30 s) would not
  // have told more, and would have called its end no progress.
  EXPECT_LT(took, std::chrono::seconds(25)) << o.output;
}

CITES(FuzzRefereeTest, AMissingTemplatePlaceholderIsAUsageError, "arbiter.referee.starts-bots");
TEST_F(FuzzRefereeTest, AMissingTemplatePlaceholderIsAUsageError) {
  const Outcome o =
      Fuzz(std::string(EXAMPLE_REFEREE) + " -a {bot0} -a {bot1} -a {bot2}", "--games 1");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("no {bot3} placeholder"), std::string::npos) << o.output;
}

// The findings of `o` under `check`.
std::vector<nlohmann::json> Findings(const Outcome& o, const std::string& check) {
  std::vector<nlohmann::json> out;
  if (o.report.is_null()) return out;
  for (const auto& f : o.report["findings"])
    if (f["check"] == check) out.push_back(f);
  return out;
}

CITES(FuzzRefereeTest, AnotherReadingOfAnAmbiguousRuleIsANoteNotABug, "arbiter.referee.readings",
      "jc2015.protocol.input.stun");
TEST_F(FuzzRefereeTest, AnotherReadingOfAnAmbiguousRuleIsANoteNotABug) {
  const Outcome o = Fuzz(Referee("--rule stun_count=own-turns"), "--games 6 --seed 1");
  EXPECT_EQ(o.status, 0) << o.output;
  const auto notes = Findings(o, "referee.reading");
  ASSERT_EQ(notes.size(), 1u) << o.output;
  EXPECT_EQ(notes[0]["clause"], "jc2015.protocol.input.stun");
  EXPECT_EQ(notes[0]["severity"], "info");
  const std::string message = notes[0]["message"];
  EXPECT_NE(message.find("--rule stun_count=own-turns"), std::string::npos) << message;
  EXPECT_TRUE(Findings(o, "referee.divergence").empty()) << o.output;
  EXPECT_EQ(o.report["readings_adopted"], nlohmann::json::array({"stun_count=own-turns"}));
  // Its reproduce command plays that game again and shows the same reading.
  const std::string again = notes[0]["reproduce"];
  ASSERT_NE(again.find("--match game-"), std::string::npos) << again;
  const arbiter::testing::CommandRun rerun = arbiter::testing::RunCommand(
      "cd " + ::testing::TempDir() + " && " + std::string(ARBITER_BINARY) +
      again.substr(again.find(' ')) + " --repro-dir " + Dir() + "-again");
  EXPECT_EQ(rerun.status, 0) << rerun.output;
  EXPECT_NE(rerun.output.find("referee.reading"), std::string::npos) << rerun.output;
}

CITES(FuzzRefereeTest, ABugBehindAnotherReadingIsStillFoundAndNamed, "arbiter.referee.readings",
      "jc2015.move.cancel.distance");
TEST_F(FuzzRefereeTest, ABugBehindAnotherReadingIsStillFoundAndNamed) {
  const Outcome o = Fuzz(Referee("--rule stun_count=own-turns --mutant cancel-below-three"),
                         "--games 40 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_EQ(Findings(o, "referee.reading").size(), 1u) << o.output;
  bool found = false;
  for (const auto& f : Findings(o, "referee.divergence")) {
    const std::string message = f["message"], reproduce = f["reproduce"];
    if (f["clause"] != "jc2015.move.cancel.distance" &&
        message.find("jc2015.move.cancel.distance") == std::string::npos)
      continue;
    found = true;
    // The reproducer replays under the reading adopted.
    EXPECT_NE(reproduce.find("--rule stun_count=own-turns"), std::string::npos) << reproduce;
  }
  EXPECT_TRUE(found) << o.output;
  // The stun reading is not reported as a bug of its own.
  for (const auto& f : Findings(o, "referee.divergence"))
    EXPECT_NE(f["clause"], "jc2015.protocol.input.stun") << o.output;
}

CITES(FuzzRefereeTest, WithStrictReadingsAnotherReadingIsAFailureThatNamesIt,
      "arbiter.referee.readings");
TEST_F(FuzzRefereeTest, WithStrictReadingsAnotherReadingIsAFailureThatNamesIt) {
  const Outcome o =
      Fuzz(Referee("--rule stun_count=own-turns"), "--games 6 --seed 1 --strict-readings");
  EXPECT_EQ(o.status, 1) << o.output;
  const auto divergences = Findings(o, "referee.divergence");
  ASSERT_FALSE(divergences.empty()) << o.output;
  const std::string message = divergences[0]["message"];
  EXPECT_NE(message.find("exactly the reading --rule stun_count=own-turns"), std::string::npos)
      << message;
  EXPECT_TRUE(Findings(o, "referee.reading").empty());
}

CITES(FuzzRefereeTest, AnExtraLastTurnIsTheReadingOfATurnLimitOfOneThousandAndOne,
      "arbiter.referee.readings", "jc2015.end.turn-limit");
TEST_F(FuzzRefereeTest, AnExtraLastTurnIsTheReadingOfATurnLimitOfOneThousandAndOne) {
  const Outcome o = Fuzz(Referee("--mutant extra-last-turn"), "--games 40 --seed 1");
  const auto notes = Findings(o, "referee.reading");
  ASSERT_EQ(notes.size(), 1u) << o.output;
  const std::string message = notes[0]["message"];
  EXPECT_NE(message.find("--rule turn_limit=1001"), std::string::npos) << message;
}

CITES(FuzzRefereeTest, UnknownOrRepeatedPlaceholdersAndABadReproDirAreUsageErrors,
      "arbiter.cli.bad-input");
TEST_F(FuzzRefereeTest, UnknownOrRepeatedPlaceholdersAndABadReproDirAreUsageErrors) {
  for (const char* bad : {"{SEED}", "{foo}", "{bot4}"}) {
    const Outcome o = Fuzz(Referee(std::string("--x ") + bad), "--games 1");
    EXPECT_EQ(o.status, 2) << bad << o.output;
    EXPECT_NE(o.output.find(std::string("unknown placeholder ") + bad), std::string::npos)
        << o.output;
  }
  const Outcome twice = Fuzz(Referee("-a {bot0}"), "--games 1");
  EXPECT_EQ(twice.status, 2) << twice.output;
  EXPECT_NE(twice.output.find("{bot0} appears twice"), std::string::npos) << twice.output;
  const std::string file = ::testing::TempDir() + "/not-a-folder-" + std::to_string(getpid());
  std::ofstream(file) << "x";
  const arbiter::testing::CommandRun run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " fuzz-referee --games 1 --repro-dir " + file + " --referee '" +
      Referee() + "'");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("--repro-dir '" + file +
                            "': cannot make the folder: a file of that name is in the way"),
            std::string::npos)
      << run.output;
  std::remove(file.c_str());
}

CITES(FuzzRefereeTest, TheOfficialRefereesReadingsAreEachNamedAndTheRunGoesOn,
      "arbiter.referee.readings", "jc2015.protocol.input.position", "jc2015.protocol.input.stun",
      "jc2015.fallen.turns");
TEST_F(FuzzRefereeTest, TheOfficialRefereesReadingsAreEachNamedAndTheRunGoesOn) {
  // Player lines column first, S in own turns and input to fallen players,
  // as the official 2015 referee has them, plus a rule bug behind them.
  const Outcome o = Fuzz(Referee("--rule position_order=col-row --rule stun_count=own-turns "
                                 "--rule fallen_players_get_input=true --mutant move-onto-fallen"),
                         "--games 40 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> readings;
  for (const auto& f : Findings(o, "referee.reading")) readings.insert(f["clause"]);
  EXPECT_EQ(readings, (std::set<std::string>{"jc2015.protocol.input.position",
                                             "jc2015.protocol.input.stun", "jc2015.fallen.turns"}))
      << o.output;
  std::set<std::string> bugs;
  for (const auto& f : Findings(o, "referee.divergence")) bugs.insert(f["clause"]);
  EXPECT_TRUE(bugs.count("jc2015.move.cancel.fallen")) << o.output;
  EXPECT_FALSE(bugs.count("jc2015.protocol.input.position")) << o.output;
  EXPECT_FALSE(bugs.count("jc2015.protocol.input.stun")) << o.output;
  EXPECT_FALSE(bugs.count("jc2015.fallen.turns")) << o.output;
}

CITES(FuzzRefereeTest, ASystematicDifferenceNeverHidesALaterBug, "arbiter.referee.resync",
      "jc2015.fall.timing", "jc2015.move.cancel.fallen");
TEST_F(FuzzRefereeTest, ASystematicDifferenceNeverHidesALaterBug) {
  // Every attacked block is shown one turn higher and falls a turn late, so
  // the first message after any attack diverges; a move onto a fallen block
  // can only come after an attack. Found only because the reference follows
  // the referee past the first divergence.
  const Outcome o =
      Fuzz(Referee("--mutant fall-one-turn-late,move-onto-fallen"), "--games 20 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> clauses;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["check"], "referee.divergence") << o.output;
    clauses.insert(f["clause"].get<std::string>());
  }
  EXPECT_EQ(clauses, (std::set<std::string>{"jc2015.fall.timing", "jc2015.move.cancel.fallen"}))
      << o.output;
  for (const auto& f : Findings(o, "referee.divergence"))
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, Dir()), "") << f["clause"];
}

CITES(FuzzRefereeTest, ATransposedBoardIsOneFindingAndNotTheStateToFollow, "arbiter.referee.resync",
      "jc2015.protocol.input.block");
TEST_F(FuzzRefereeTest, ATransposedBoardIsOneFindingAndNotTheStateToFollow) {
  // The referee's state is right and its board is printed transposed: taking
  // the printed board as the state would make every later move and attack
  // look wrong (ten findings of other rules). One finding, nothing else.
  const Outcome o = Fuzz(Referee("--mutant blocks-transposed"), "--games 20 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << o.output;
  EXPECT_EQ(o.report["findings"][0]["clause"], "jc2015.protocol.input.block") << o.output;
}

// examples/referees/official-2015-like, told nothing but its command
// (`prefix` runs it inside another program, a JVM for example): its five
// readings are notes, its two defects (hidden behind them) failures that
// reproduce, and nothing else.
void ExpectTheOfficialLikeFindings(const std::string& prefix) {
  std::string referee = EXAMPLE_REFEREE;
  referee = prefix + referee.substr(0, referee.rfind('/')) +
            "/official-2015-like -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
  const Outcome o = Fuzz(referee, "--games 20 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> readings, bugs;
  for (const auto& f : o.report["findings"]) {
    const std::string check = f["check"];
    if (check == "referee.reading") {
      EXPECT_TRUE(readings.insert(f["clause"].get<std::string>()).second) << o.output;
    } else if (check == "referee.divergence") {
      EXPECT_TRUE(bugs.insert(f["clause"].get<std::string>()).second) << o.output;
      EXPECT_EQ(arbiter::testing::ReproduceFails(f, Dir()), "") << f["clause"];
    } else if (f["clause"] == "arbiter.referee.load" && f["severity"] != "fail") {
      // A bot the referee stopped on a machine too busy for its 100 ms
      // limit: a note or a warning of the load (arbiter.referee.load), as a
      // JVM beside other tests may show, never one of the referee's bugs.
    } else {
      ADD_FAILURE() << "another finding: " << check << "\n" << o.output;
    }
  }
  EXPECT_EQ(readings,
            (std::set<std::string>{"jc2015.protocol.input.position", "jc2015.protocol.input.stun",
                                   "jc2015.fallen.turns", "jc2015.protocol.action.extra-lines",
                                   "jc2015.restore.delay"}))
      << o.output;
  EXPECT_EQ(bugs, (std::set<std::string>{"jc2015.move.cancel.distance", "jc2015.attack.stun"}))
      << o.output;
}

CITES(FuzzRefereeTest, TheOfficialLikeRefereeShowsEachReadingAndEachDefectOnceAndNothingElse,
      "arbiter.referee.readings", "arbiter.referee.resync", "arbiter.referee.replayable",
      "jc2015.protocol.input.position", "jc2015.protocol.input.stun", "jc2015.fallen.turns",
      "jc2015.protocol.action.extra-lines", "jc2015.restore.delay", "jc2015.move.cancel.distance",
      "jc2015.attack.stun");
TEST_F(FuzzRefereeTest, TheOfficialLikeRefereeShowsEachReadingAndEachDefectOnceAndNothingElse) {
  ExpectTheOfficialLikeFindings("");
}

#ifdef JVM_REFEREE_JAR
CITES(FuzzRefereeTest, AJvmRefereeWithTheOfficialReadingsAndTwoDefectsShowsEachUnderDefaultOptions,
      "arbiter.process.limits", "arbiter.referee.readings", "arbiter.referee.replayable",
      "jc2015.restore.delay", "jc2015.move.cancel.distance", "jc2015.attack.stun");
TEST_F(FuzzRefereeTest,
       AJvmRefereeWithTheOfficialReadingsAndTwoDefectsShowsEachUnderDefaultOptions) {
  // The same referee run by a JVM under fuzz-referee's default limits, as
  // the official Java referee is: the JVM starts, and every finding is the same.
  ExpectTheOfficialLikeFindings(std::string(JAVA_EXECUTABLE) + " -jar " + JVM_REFEREE_JAR + " ");
}
#endif

CITES(FuzzRefereeTest, AQueueingRefereeThatHangsOnAPartialStderrLineShowsTheReadingAndTheHang,
      "arbiter.referee.readings", "jc2015.protocol.action.extra-lines", "arbiter.referee.completes",
      "jc2015.protocol.action.timeout");
TEST_F(FuzzRefereeTest, AQueueingRefereeThatHangsOnAPartialStderrLineShowsTheReadingAndTheHang) {
  // examples/referees/queue-and-stderr-hang, told nothing but its command:
  // a second line of one answer is read on the bot's next turn (a reading),
  // and a bot that wrote part of a stderr line and went silent hangs it.
  std::string referee = EXAMPLE_REFEREE;
  referee = referee.substr(0, referee.rfind('/')) +
            "/queue-and-stderr-hang -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
  const auto start = std::chrono::steady_clock::now();
  const Outcome o = Fuzz(referee, "--games 20 --seed 1");
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> seen;
  for (const auto& f : o.report["findings"]) {
    const std::string check = f["check"], message = f["message"];
    EXPECT_TRUE(seen.insert(check + " " + f["clause"].get<std::string>()).second) << o.output;
    if (check == "referee.hang") {
      EXPECT_NE(message.find("wrote a line to its stderr without the newline and stopped "
                             "answering on turn "),
                std::string::npos)
          << message;
      EXPECT_EQ(arbiter::testing::ReproduceFails(f, Dir()), "") << message;
    }
  }
  EXPECT_EQ(seen, (std::set<std::string>{"referee.reading jc2015.protocol.action.extra-lines",
                                         "referee.hang arbiter.referee.completes"}))
      << o.output;
  EXPECT_LT(took, std::chrono::seconds(60)) << o.output;
}

CITES(FuzzRefereeTest, AHangTheRunHasSeenIsWaitedForInFullOnlyOnce, "arbiter.referee.completes");
TEST_F(FuzzRefereeTest, AHangTheRunHasSeenIsWaitedForInFullOnlyOnce) {
  // The same referee: every game that stalls a bot hangs it. The first hang
  // is waited for in full (5 s and ten answer limits), later ones briefly.
  std::string referee = EXAMPLE_REFEREE;
  referee = referee.substr(0, referee.rfind('/')) +
            "/queue-and-stderr-hang -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
  const Outcome o = Fuzz(referee, "--games 30 --seed 1 --jobs 1");
  EXPECT_EQ(o.status, 1) << o.output;
  int hangs = 0;
  for (const auto& f : o.report["findings"])
    if (f["check"] == "referee.hang") hangs += f["occurrences"].get<int>();
  EXPECT_GE(hangs, 3) << o.output;
  // One game after another: a game's length is the time since the last one
  // finished. Only one lasts the full wait.
  std::vector<long> finished;
  for (const auto& m : o.report["matches"])
    if (m["kind"] == "game") finished.push_back(m["finished_ms"].get<long>());
  std::sort(finished.begin(), finished.end());
  int long_games = 0;
  for (size_t i = 0; i < finished.size(); ++i)
    long_games += finished[i] - (i ? finished[i - 1] : 0) >= 5000;
  EXPECT_EQ(long_games, 1) << o.output;
}

// What a run found, without what differs from run to run (probe paths in
// the referee command, timings).
std::vector<std::string> Essence(const Outcome& o) {
  std::vector<std::string> out;
  if (o.report.is_null()) return out;
  for (const auto& m : o.report["matches"])
    out.push_back("match " + m["id"].get<std::string>() + " " + m["turns_played"].dump());
  for (const auto& f : o.report["findings"])
    out.push_back("finding " + f["check"].get<std::string>() + " " +
                  f["clause"].get<std::string>() + " " + f["match"].get<std::string>() + " " +
                  f["turn"].dump() + " " + f["message"].get<std::string>() + " x" +
                  f["occurrences"].dump());
  return out;
}

CITES(FuzzRefereeTest, GamesPlayedInParallelGiveTheSameReportAsOneAfterAnother,
      "arbiter.referee.completes", "arbiter.run.split");
TEST_F(FuzzRefereeTest, GamesPlayedInParallelGiveTheSameReportAsOneAfterAnother) {
  // Answers get 1 s on both sides: what is compared is the report, and on a
  // loaded machine a 100 ms limit can make the referee stop a bot in one run
  // and not in the other (a referee.busy note, and a shorter game).
  const std::string referee =
      Referee("--time-ms 1000 --rule stun_count=own-turns --mutant attack-own-block");
  const Outcome one = Fuzz(referee, "--action-ms 1000 --games 12 --seed 3 --jobs 1");
  const Outcome three = Fuzz(referee, "--action-ms 1000 --games 12 --seed 3 --jobs 3");
  EXPECT_EQ(one.status, 1) << one.output;
  EXPECT_EQ(three.status, one.status) << three.output;
  EXPECT_FALSE(Essence(one).empty());
  EXPECT_EQ(Essence(three), Essence(one)) << one.output << "\n---\n" << three.output;
}

CITES(FuzzRefereeTest, EveryFindingsReproduceCommandReproducesItWithoutOverwritingItsInput,
      "arbiter.check.reproduce", "arbiter.referee.replayable");
TEST_F(FuzzRefereeTest, EveryFindingsReproduceCommandReproducesItWithoutOverwritingItsInput) {
  // Answers get 1 s on both sides: the point is what a reproducer replays,
  // and on a loaded machine a 100 ms limit can make a probe late in one run
  // of the referee and not in the other.
  const Outcome o =
      Fuzz(Referee("--time-ms 1000 --rule stun_count=own-turns --mutant reschedule-scheduled"),
           "--action-ms 1000 --games 20 --seed 1");
  ASSERT_EQ(o.status, 1) << o.output;
  int replayed = 0;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, Dir()), "") << f["check"] << " " << f["clause"];
    ++replayed;
  }
  EXPECT_GE(replayed, 2) << o.output;  // the reading and the bug at least
}

CITES(FuzzRefereeTest, ARefereeThatGivesASimultaneousLastFallAWinnerIsFoundInTheFirstTenGames,
      "jc2015.end.simultaneous", "arbiter.referee.result");
TEST_F(FuzzRefereeTest, ARefereeThatGivesASimultaneousLastFallAWinnerIsFoundInTheFirstTenGames) {
  // Only the RESULT line shows it; the tenth game steers all four players
  // into a simultaneous last fall.
  const Outcome o = Fuzz(Referee("--mutant simultaneous-fall-lowest-wins"), "--games 10 --seed 1");
  ASSERT_EQ(o.status, 1) << o.output;
  int found = 0;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["clause"], "jc2015.end.simultaneous") << o.output;
    EXPECT_NE(f["message"].get<std::string>().find("RESULT"), std::string::npos) << o.output;
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, Dir()), "") << f["reproduce"];
    ++found;
  }
  EXPECT_EQ(found, 1) << o.output;
}

// arbiter.referee.deviations: shrinking a divergence a deviation explains
// stops each run at it, as for one nothing explains, so the shrunk match is
// the reproducer's game, not the whole game played on under the deviation.
CITES(FuzzRefereeTest, AShrunkDeviationFindingHoldsTheReproducersGameNotTheWholeGame,
      "arbiter.referee.deviations", "jc2015.fall.timing");
TEST_F(FuzzRefereeTest, AShrunkDeviationFindingHoldsTheReproducersGameNotTheWholeGame) {
  const Outcome o = Fuzz(Referee("--mutant fall-one-turn-late"), "--games 2 --seed 1");
  ASSERT_EQ(o.status, 1) << o.output;
  const auto failures = Findings(o, "referee.divergence");
  ASSERT_EQ(failures.size(), 1u) << o.output;
  const auto& f = failures[0];
  EXPECT_NE(f["message"].get<std::string>().find("--rule deviation=fall-one-turn-late"),
            std::string::npos)
      << o.output;
  const std::string shrunk = f["match"];
  ASSERT_NE(shrunk.find("-shrunk"), std::string::npos) << o.output;
  for (const auto& m : o.report["matches"]) {
    if (m["id"] == shrunk) {
      EXPECT_LE(m["turns_played"].get<int>(), f["turn"].get<int>() + 4) << o.output;
    }
  }
}

CITES(FuzzRefereeTest, AnOfficialLikeRefereeShowsNothingUnderTheOfficialProfile,
      "jc2015.protocol.action.limit", "arbiter.referee.readings");
TEST_F(FuzzRefereeTest, AnOfficialLikeRefereeShowsNothingUnderTheOfficialProfile) {
  const Outcome o =
      Fuzz(Referee("--profile official-2015"), "--profile official-2015 --games 20 --seed 1");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["findings"].size(), 0u) << o.output;
}

struct Deviation {
  const char* referee;  // what the referee does besides the official profile
  const char* clause;   // the one finding's clause
};
void PrintTo(const Deviation& d, std::ostream* os) { *os << d.referee << " (" << d.clause << ")"; }

class OfficialDeviationTest : public FuzzRefereeTest,
                              public ::testing::WithParamInterface<Deviation> {};

[[maybe_unused]] static const bool kOfficialDeviationCitations = arbiter::spec::Cite(
    "OfficialDeviations/OfficialDeviationTest", "IsOneFindingUnderItsClause",
    {"jc2015.protocol.input.position", "jc2015.protocol.input.stun", "jc2015.fallen.turns",
     "jc2015.protocol.action.extra-lines", "jc2015.restore.delay",
     "jc2015.protocol.action.whitespace", "jc2015.protocol.input.fallen-fields",
     "jc2015.move.cancel.distance", "jc2015.attack.stun", "jc2015.end.simultaneous"});

// Each single way a referee differs from the official 2015 one, fuzzed under
// the profile, is exactly one failing finding under its clause: a reading of
// the text's (the profile asks for the server's exactly) or a rule bug.
TEST_P(OfficialDeviationTest, IsOneFindingUnderItsClause) {
  const Deviation& d = GetParam();
  const Outcome o = Fuzz(Referee(std::string("--profile official-2015 ") + d.referee),
                         "--profile official-2015 --games 20 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> clauses;
  for (const auto& f : o.report["findings"])
    if (f["severity"] == "fail") clauses.insert(f["clause"].get<std::string>());
  EXPECT_EQ(clauses, std::set<std::string>{d.clause}) << o.output;
}

INSTANTIATE_TEST_SUITE_P(
    OfficialDeviations, OfficialDeviationTest,
    ::testing::Values(Deviation{"--rule position_order=row-col", "jc2015.protocol.input.position"},
                      Deviation{"--rule stun_count=global-turns", "jc2015.protocol.input.stun"},
                      Deviation{"--rule fallen_players_get_input=false", "jc2015.fallen.turns"},
                      Deviation{"--rule extra_lines=discard", "jc2015.protocol.action.extra-lines"},
                      Deviation{"--rule restore_turns=20", "jc2015.restore.delay"},
                      Deviation{"--rule action_parsing=trimmed",
                                "jc2015.protocol.action.whitespace"},
                      Deviation{"--rule fallen_stun=zero", "jc2015.protocol.input.fallen-fields"},
                      Deviation{"--mutant cancel-below-three", "jc2015.move.cancel.distance"},
                      Deviation{"--mutant stunned-may-move", "jc2015.attack.stun"},
                      Deviation{"--rule zero_alive=draw", "jc2015.end.simultaneous"}),
    [](const auto& info) { return std::to_string(info.index); });

CITES(FuzzRefereeTest, ShardsOfARunMergeIntoTheReportOfTheWholeRun, "arbiter.run.split",
      "arbiter.referee.edges", "jc2015.move.cancel.distance");
TEST_F(FuzzRefereeTest, ShardsOfARunMergeIntoTheReportOfTheWholeRun) {
  // Three jobs of one 9-game run, each its shard; merged, the same games and
  // the same findings (one per cause, counted over every game) as one job.
  const std::string referee = Referee("--mutant cancel-below-three");
  const Outcome whole = Fuzz(referee, "--games 9 --seed 3 --no-shrink");
  ASSERT_EQ(whole.status, 1) << whole.output;
  std::string files;
  std::vector<std::string> shard_files;
  for (int i = 1; i <= 3; ++i) {
    // Either spelling of the option names the shard.
    const Outcome part =
        Fuzz(referee, "--games 9 --seed 3 --no-shrink --shard" + std::string(i == 3 ? "=" : " ") +
                          std::to_string(i) + "/3");
    ASSERT_FALSE(part.report.is_null()) << part.output;
    EXPECT_EQ(part.report["matches"].size(), 3u) << part.output;
    const std::string file = Dir() + "-shard" + std::to_string(i) + ".json";
    std::ofstream(file) << part.report.dump();
    files += " " + file;
    shard_files.push_back(file);
  }
  const std::string merged_file = Dir() + "-merged.json";
  std::remove(merged_file.c_str());
  const auto run = arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports" +
                                                files + " --json " + merged_file);
  EXPECT_EQ(run.status, 1) << run.output;
  const nlohmann::json merged = arbiter::testing::ReadJsonFile(merged_file);
  ASSERT_FALSE(merged.is_null()) << run.output;
  std::vector<std::string> ids, whole_ids;
  for (const auto& m : merged["matches"]) ids.push_back(m["id"]);
  for (const auto& m : whole.report["matches"]) whole_ids.push_back(m["id"]);
  EXPECT_EQ(ids, whole_ids);
  // A note of the load (a bot the referee stopped on a busy machine) belongs
  // to one run's timing, not to its games: neither side is expected to share
  // it. Every other finding must be the same, in the same order.
  const auto of_the_games = [](const nlohmann::json& findings) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : findings)
      if (f.value("clause", "") != "arbiter.referee.load") out.push_back(f);
    return out;
  };
  const nlohmann::json merged_findings = of_the_games(merged["findings"]),
                       whole_findings = of_the_games(whole.report["findings"]);
  const bool loaded = merged_findings.size() != merged["findings"].size() ||
                      whole_findings.size() != whole.report["findings"].size();
  ASSERT_EQ(merged_findings.size(), whole_findings.size()) << run.output << whole.output;
  for (size_t k = 0; k < merged_findings.size(); ++k) {
    const auto &a = merged_findings[k], &b = whole_findings[k];
    EXPECT_EQ(a["clause"], b["clause"]);
    // A stopped bot changes the rest of its game, so where and how often a
    // cause showed are compared only between runs the load left alone.
    if (loaded) continue;
    EXPECT_EQ(a["match"], b["match"]);
    EXPECT_EQ(a["occurrences"], b["occurrences"]);
  }
  // arbiter.referee.edges: the deviations told apart are those of every
  // game, however the games were split, in whatever order the shards come.
  ASSERT_FALSE(whole.report["rule_edges"].empty()) << whole.output;
  EXPECT_EQ(merged["rule_edges"], whole.report["rule_edges"]) << run.output;
  const auto reversed = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " merge-reports " + shard_files[2] + " " + shard_files[1] +
      " " + shard_files[0] + " --json " + merged_file);
  EXPECT_EQ(arbiter::testing::ReadJsonFile(merged_file)["rule_edges"], whole.report["rule_edges"])
      << reversed.output;
  // Refused, exit status 2: a shard given twice; a shard missing (a merged
  // PASS would pass for the whole run); a shard of another run (another seed).
  const auto merge = [&](const std::string& inputs) {
    return arbiter::testing::RunCommand(std::string(ARBITER_BINARY) + " merge-reports" + inputs);
  };
  const auto twice = merge(files + " " + shard_files[0]);
  EXPECT_EQ(twice.status, 2) << twice.output;
  EXPECT_NE(twice.output.find("are both shard 1/3"), std::string::npos) << twice.output;
  const auto missing = merge(" " + shard_files[0] + " " + shard_files[1]);
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_NE(missing.output.find("3/3 are missing"), std::string::npos) << missing.output;
  const Outcome other = Fuzz(referee, "--games 9 --seed 4 --no-shrink --shard 3/3");
  const std::string other_file = Dir() + "-other.json";
  std::ofstream(other_file) << other.report.dump();
  const auto mixed = merge(" " + shard_files[0] + " " + shard_files[1] + " " + other_file);
  EXPECT_EQ(mixed.status, 2) << mixed.output;
  EXPECT_NE(mixed.output.find("--seed 4"), std::string::npos) << mixed.output;
  const Outcome bad = Fuzz(referee, "--games 9 --shard 4/3");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("is not I/N with 1 <= I <= N"), std::string::npos) << bad.output;
}

#ifdef JC2015_JAVA_REFEREE_JAR
// examples/referees/jc2015-java: a JavaChallenge2015 referee of our own in
// Java that launches its bots and draws its start from its own
// java.util.Random, with bugs of four clauses at once. Three are deviations
// of the catalogue, each showing first as another field from game to game
// (a timer, a stun count, a player's position); the fourth
// (moved-keeps-direction) is modelled by none. Each is one failure under its
// clause, the modelled ones named, the other said to be unexplained, and
// nothing else.
std::string JcJavaReferee(const std::string& bugs) {
  return std::string(JAVA_EXECUTABLE) + " -jar " + JC2015_JAVA_REFEREE_JAR + " -s {seed} --bugs " +
         bugs + " {bot0} {bot1} {bot2} {bot3}";
}

CITES(FuzzRefereeTest, AJavaRefereeWithFourBugsShowsEachOnceUnderItsClause,
      "arbiter.referee.deviations", "arbiter.referee.starts-bots", "jc2015.fall.timing",
      "jc2015.attack.stun", "jc2015.move.cancel.fallen", "jc2015.move.face");
TEST_F(FuzzRefereeTest, AJavaRefereeWithFourBugsShowsEachOnceUnderItsClause) {
  const Outcome o = Fuzz(JcJavaReferee("fall-timer-plus-one,stun-eight-turns,nonzero-block-cancels,"
                                       "moved-keeps-direction"),
                         "--games 40 --seed 1");
  arbiter::testing::ExpectOneFindingPerBug(o,
                                           {{"jc2015.fall.timing", "fall-one-turn-late"},
                                            {"jc2015.attack.stun", "stun-one-turn-short"},
                                            {"jc2015.move.cancel.fallen", "scheduled-as-fallen"}},
                                           "jc2015.move.face");
}

// arbiter.referee.load: the referee gives each answer 100 ms. Explaining a
// divergence replays the game under every candidate, which on one busy core
// takes longer than that; the answer to the message goes out first, so the
// referee never stops a bot for arbiter's own work, and the bugs that
// message shows are named, not taken for a stop. (Game 5 shows two bugs on
// turn 149, where a replay of the game costs most.)
CITES(FuzzRefereeTest, AnAnswerIsNeverLateBecauseArbiterWasExplainingADivergence,
      "arbiter.referee.load", "arbiter.referee.deviations");
TEST_F(FuzzRefereeTest, AnAnswerIsNeverLateBecauseArbiterWasExplainingADivergence) {
  const std::string dir = arbiter::testing::FuzzDir("fuzz-jc-java-one-core");
  const std::string json = dir + ".json";
  std::remove(json.c_str());
  const bool pinned = std::system("command -v taskset >/dev/null 2>&1") == 0;
  const auto run = arbiter::testing::RunCommand(
      std::string(pinned ? "taskset -c 0 " : "") + ARBITER_BINARY +
      " fuzz-referee --game jc2015 --games 60 --seed 1 --match game-5 --jobs 1 --no-shrink" +
      " --json " + json + " --repro-dir " + dir + " --referee '" +
      JcJavaReferee("fall-timer-plus-one,stun-eight-turns,last-fallers-lowest-wins") + "'");
  const auto report = arbiter::testing::ReadJsonFile(json);
  ASSERT_FALSE(report.is_null()) << run.output;
  std::set<std::string> deviations;
  for (const auto& f : report["findings"]) {
    EXPECT_NE(f["check"], "referee.busy") << run.output;
    const std::string message = f["message"];
    EXPECT_EQ(message.find("stopped"), std::string::npos) << message;
    const size_t at = message.find("--rule deviation=");
    if (at != std::string::npos)
      deviations.insert(message.substr(at + 17, message.find(' ', at + 17) - at - 17));
  }
  EXPECT_EQ(deviations, (std::set<std::string>{"fall-one-turn-late", "stun-one-turn-short",
                                               "simultaneous-fall-lowest-wins"}))
      << run.output;
}
#endif

}  // namespace
