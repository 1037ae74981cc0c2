// Bad input, table-driven: each row is a command line that once crashed,
// lost its results or gave the wrong verdict, with the exit status it must
// give now, what its one-line error must say and, where it matters, what
// must still be on standard output and which files must be left alone
// (clauses arbiter.cli.bad-input, arbiter.cli.exit-status,
// arbiter.report.not-lost). Every row runs the real arbiter binary under a
// 2 GiB address-space limit without core dumps, in a fresh folder, and must
// end by exit, not by a signal. Add a row for every bad input found.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

namespace fs = std::filesystem;

// The folder every row runs in; {dir} in a row.
std::string Dir() {
  static const std::string dir = ::testing::TempDir() + "/bad-input-" + std::to_string(getpid());
  return dir;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// {dir}, {testbot}, {example} and {arbiter} filled in.
std::string Fill(std::string s) {
  const std::pair<std::string, std::string> keys[] = {{"{dir}", Dir()},
                                                      {"{testbot}", TESTBOT_BINARY},
                                                      {"{example}", EXAMPLE_BOT_CPP},
                                                      {"{arbiter}", ARBITER_BINARY}};
  for (const auto& [key, value] : keys)
    for (size_t at; (at = s.find(key)) != std::string::npos;) s.replace(at, key.size(), value);
  return s;
}

struct Outcome {
  int status = -1;  // the exit status, -1 when killed by a signal
  int signal = 0;   // the signal that killed it
  std::string out, err;
};

// arbiter with `args` (a shell fragment), in Dir(), stdout and stderr apart.
Outcome Arbiter(const std::string& args) {
  fs::create_directories(Dir());
  const std::string err_file = Dir() + "/.stderr";
  const std::string command = "cd '" + Dir() + "' && ulimit -c 0 && ulimit -v 2097152 && exec '" +
                              ARBITER_BINARY + "' " + args + " 2>'" + err_file + "'";
  Outcome run;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return run;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) run.out.append(buf, n);
  const int st = pclose(p);
  if (WIFEXITED(st)) run.status = WEXITSTATUS(st);
  if (WIFSIGNALED(st)) run.signal = WTERMSIG(st);
  run.err = ReadFile(err_file);
  return run;
}

// Makes the files the rows use.
void MakeFiles() {
  fs::remove_all(Dir());
  fs::create_directories(Dir() + "/sub");
  const int deep = 100000;
  WriteFile(
      Dir() + "/deep-actions.json",
      R"({"game": "jc2015", "actions": )" + std::string(deep, '[') + std::string(deep, ']') + "}");
  std::string rules;
  for (int i = 0; i < deep; ++i) rules += R"({"a": )";
  WriteFile(Dir() + "/deep-rules.json",
            R"({"game": "jc2015", "rules": )" + rules + "1" + std::string(deep, '}') + "}");
  WriteFile(Dir() + "/scenario.json", R"({"game": "jc2015",
 "players": [{"row": 4, "col": 9, "dir": "D"}, {"row": 12, "col": 4, "dir": "R"},
             {"row": 13, "col": 15, "dir": "R"}, {"row": 0, "col": 17, "dir": "U"}]})");
  WriteFile(Dir() + "/existing.json", "keep me\n");
  WriteFile(Dir() + "/bot.sh", "exec '" + std::string(TESTBOT_BINARY) + "' --mode ok\n");
  // Bots the system cannot execute: no execute permission, no "#!" line.
  WriteFile(Dir() + "/unexecutable.sh", "#!/bin/sh\necho N\n");
  WriteFile(Dir() + "/noshebang.py", "print('N')\n");
  fs::permissions(Dir() + "/noshebang.py", fs::perms::owner_exec, fs::perm_options::add);
  // Saved on Windows: "python3\r" is no interpreter; and one that is not there.
  WriteFile(Dir() + "/crlf.py", "#!/usr/bin/env python3\r\nprint('N')\r\n");
  fs::permissions(Dir() + "/crlf.py", fs::perms::owner_exec, fs::perm_options::add);
  WriteFile(Dir() + "/nointerpreter.py", "#!/usr/bin/python9\nprint('N')\n");
  fs::permissions(Dir() + "/nointerpreter.py", fs::perms::owner_exec, fs::perm_options::add);
}

// The check-bot JUnit reports a row reads (`spec --results`), written by a
// real check-bot run when the row needs them: a failing, a passing and a
// warning check.
void MakeCheckBotReports(const std::string& args) {
  for (const auto& [name, mode] :
       {std::pair{"fail", "--mode invalid --turn 1"}, std::pair{"pass", "--mode ok"},
        std::pair{"warn", "--mode trailing-space"}}) {
    const std::string file = std::string("checkbot-") + name + ".xml";
    if (args.find(file) == std::string::npos || fs::exists(Dir() + "/" + file)) continue;
    const Outcome r = Arbiter("check-bot --no-calibration --games 1 --no-edge-cases --junit " +
                              file + " -- '" + TESTBOT_BINARY + "' " + mode);
    ASSERT_TRUE(fs::exists(Dir() + "/" + file)) << r.out << r.err;
  }
}

// Removes the folder after the last test.
class RemoveDir : public ::testing::Environment {
  void TearDown() override { fs::remove_all(Dir()); }
};
[[maybe_unused]] ::testing::Environment* const kRemoveDir =
    ::testing::AddGlobalTestEnvironment(new RemoveDir);

struct Row {
  std::string name;                   // the test's name, a sentence
  std::string args;                   // arbiter's arguments (a shell fragment; {dir} ... filled in)
  int status;                         // the exit status it must give
  std::string err_says;               // standard error must contain this
  std::string out_says{};             // standard output must contain this (results not lost)
  std::string out_lacks{};            // ... and not this
  std::string err_lacks{};            // standard error must not contain this
  std::vector<std::string> kept{};    // files whose contents must not change
  std::vector<std::string> absent{};  // paths that must not exist afterwards
  std::vector<std::string> written{};  // JSON files that must have been written
};

std::string NameOf(const ::testing::TestParamInfo<Row>& info) { return info.param.name; }
void PrintTo(const Row& row, std::ostream* os) { *os << "arbiter " << row.args; }

// "arbiter check-bot: " for a row of check-bot; "arbiter: " without a
// known subcommand.
std::string PrefixOf(const std::string& args) {
  const std::string first = args.substr(0, args.find(' '));
  for (const char* sub : {"simulate", "spec", "check-bot", "play", "fuzz-referee"})
    if (first == sub) return "arbiter " + first + ": ";
  return "arbiter: ";
}

// stderr without the progress lines of a run that did run (arbiter.cli.progress):
// "check-bot: 1/5 matches, ...".
std::string WithoutProgress(const std::string& err) {
  static const std::regex kProgress(R"(^(check-bot|fuzz-referee|play): \d+/\d+ \w+, .*$)");
  std::istringstream in(err);
  std::string kept;
  for (std::string line; std::getline(in, line);)
    if (!std::regex_match(line, kProgress)) kept += line + "\n";
  return kept;
}

void Check(const Row& row) {
  MakeCheckBotReports(row.args);
  std::vector<std::string> before;
  for (const std::string& f : row.kept) before.push_back(ReadFile(Fill(f)));
  for (const std::string& f : row.written) fs::remove(Fill(f));
  const Outcome r = Arbiter(Fill(row.args));
  const std::string context = "arbiter " + row.args + "\nstdout:\n" + r.out + "stderr:\n" + r.err;
  EXPECT_EQ(r.signal, 0) << "killed by signal " << r.signal << "\n" << context;
  EXPECT_EQ(r.status, row.status) << context;
  EXPECT_NE(r.err.find(Fill(row.err_says)), std::string::npos) << context;
  if (row.status == 2) {
    // One short line naming the subcommand: not a usage screen, not a
    // 309-digit number.
    const std::string err = WithoutProgress(r.err);
    EXPECT_EQ(err.rfind(PrefixOf(row.args), 0), 0u) << context;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << context;
    EXPECT_LT(err.size(), 400u) << context;
  }
  if (!row.out_says.empty()) {
    EXPECT_NE(r.out.find(row.out_says), std::string::npos) << context;
  }
  if (!row.out_lacks.empty()) {
    EXPECT_EQ(r.out.find(row.out_lacks), std::string::npos) << context;
  }
  if (!row.err_lacks.empty()) {
    EXPECT_EQ(r.err.find(row.err_lacks), std::string::npos) << context;
  }
  for (size_t i = 0; i < row.kept.size(); ++i)
    EXPECT_EQ(ReadFile(Fill(row.kept[i])), before[i]) << row.kept[i] << " changed\n" << context;
  for (const std::string& f : row.absent)
    EXPECT_FALSE(fs::exists(Fill(f))) << f << " was left behind\n" << context;
  for (const std::string& f : row.written) {
    const nlohmann::json j = arbiter::testing::ReadJsonFile(Fill(f));
    EXPECT_TRUE(j.is_object() && j.contains("matches")) << f << " not written\n" << context;
  }
}

class BadInputTest : public ::testing::TestWithParam<Row> {
 protected:
  static void SetUpTestSuite() {
    if (!fs::exists(Dir() + "/scenario.json")) MakeFiles();
  }
};

// --- Usage errors: one line, exit 2, no crash (arbiter.cli.bad-input). ---

class UsageError : public BadInputTest {};
[[maybe_unused]] const bool kUsageErrorCites = arbiter::spec::Cite(
    "BadInput/UsageError", "IsOneLineAndExitStatusTwo", {"arbiter.cli.bad-input"});
TEST_P(UsageError, IsOneLineAndExitStatusTwo) { Check(GetParam()); }

const std::string kReferee = "--referee '/bin/sh {bot0} {bot1} {bot2} {bot3}'";

INSTANTIATE_TEST_SUITE_P(
    BadInput, UsageError,
    ::testing::Values(
        // Crashed: uncaught std::ios_failure, abort 134.
        Row{"ADirectoryAsTheScenarioIsNamed", "simulate {dir}", 2, "is a directory, not a file"},
        Row{"ADirectoryAsTheReplayIsNamed", "fuzz-referee " + kReferee + " --replay {dir}", 2,
            "is a directory, not a file"},
        Row{"AMissingScenarioIsNamedWithTheReason", "simulate {dir}/missing.json", 2,
            "cannot read scenario file '{dir}/missing.json': No such file or directory"},
        // Crashed: SIGSEGV 139 on 100,000 levels of nesting.
        Row{"ActionsNestedDeeplyAreRefused", "simulate --seed 1 {dir}/deep-actions.json", 2,
            "deeper than 100 levels"},
        Row{"RulesNestedDeeplyAreRefused", "simulate --seed 1 {dir}/deep-rules.json", 2,
            "deeper than 100 levels"},
        Row{"ResultsNestedDeeplyAreRefused", "spec --results {dir}/deep-actions.json", 2,
            "deeper than 100 levels"},
        // Grew to 16 GB, or aborted on bad_alloc.
        Row{"CheckBotGamesAreBounded", "check-bot --games 2147483647 --match game-1 -- {testbot}",
            2, "--games must be a whole number between 0 and 100000"},
        // cg-brutaltester forwards a bot's line without its line end: a CR
        // never reaches a runner-protocol referee (arbiter.referee-fuzz.answers).
        Row{"ACarriageReturnIsNoAnswerARunnerRefereeIsGiven",
            "fuzz-referee --game cycles --protocol cg-runner --referee /bin/true --seed-bot "
            "/bin/true --match game-1 --answers 3:cr",
            2, "a runner-protocol referee is never given a line ending in CR ('cr' at request 3)"},
        Row{"FuzzRefereeGamesAreBounded", "fuzz-referee --games 2147483647 " + kReferee, 2,
            "--games must be a whole number between 1 and 100000"},
        Row{"NegativeFuzzRefereeGamesAreRefused", "fuzz-referee --games -1 " + kReferee, 2,
            "--games must be a whole number between 1 and 100000"},
        // Time limits: finite and readable.
        Row{"AHugeTimeLimitIsRefused", "fuzz-referee --time-limit 1e10 " + kReferee, 2,
            "--time-limit must be between 0.001 and 86400 (seconds)"},
        Row{"AnInfiniteTimeLimitIsRefused", "fuzz-referee --time-limit inf " + kReferee, 2,
            "--time-limit must be between 0.001 and 86400 (seconds)"},
        Row{"ANanTimeLimitIsRefused", "fuzz-referee --time-limit nan " + kReferee, 2,
            "--time-limit must be between 0.001 and 86400 (seconds)"},
        Row{"AnOverflowingTimeLimitIsReadable", "fuzz-referee --time-limit 1e400 " + kReferee, 2,
            "--time-limit must be between 0.001 and 86400 (seconds)"},
        // Range errors name the range, not a 309-digit number.
        Row{"AMemoryLimitOutOfRangeSaysTheRange", "check-bot --memory-mb 99999999999 -- {testbot}",
            2, "--memory-mb must be a whole number between 0 and 1048576"},
        Row{"AReadyLimitOutOfRangeSaysTheRange", "check-bot --ready-ms 99999999999 -- {testbot}", 2,
            "--ready-ms must be a whole number between 1 and 600000"},
        Row{"ZeroTurnsSaysTheRange", "simulate --seed 1 --turns 0", 2,
            "--turns must be a whole number between 1 and 1000000"},
        // Silently wrapped to 2^64-1.
        Row{"ANegativeSeedIsRefused", "simulate --seed -1", 2,
            "--seed must be a whole number from 0 to 18446744073709551615"},
        Row{"ANegativeCheckBotSeedIsRefused", "check-bot --seed -1 -- {testbot}", 2,
            "--seed must be a whole number from 0"},
        // Unknown words are named, not "A subcommand is required".
        Row{"AnUnknownOptionBeforeTheSubcommandIsNamed", "--bogus", 2, "unknown option '--bogus'"},
        Row{"AnUnknownSubcommandIsNamed", "frobnicate", 2, "unknown subcommand 'frobnicate'"},
        Row{"AMistypedSubcommandIsNamedWithTheOneMeant", "chek-bot -- {testbot}", 2,
            "unknown subcommand 'chek-bot' (did you mean check-bot?)"},
        Row{"AnUnknownOptionOfASubcommandIsNamed", "check-bot --bogus -- {testbot}", 2,
            "'--bogus'"},
        // Once "unknown option or unexpected argument: './bot'".
        Row{"AMistypedOptionIsNamedWithTheOneMeant", "check-bot --gmae wondev -- {testbot}", 2,
            "unknown option '--gmae' (did you mean --game?)"},
        Row{"AMistypedFuzzRefereeOptionIsNamedWithTheOneMeant", "fuzz-referee --sed 3 " + kReferee,
            2, "unknown option '--sed' (did you mean --seed?)"},
        // A bot the system cannot start: a set-up error with what to do,
        // once a FAIL under process.exec-failed in every match.
        Row{"AMissingBotIsASetUpError", "check-bot -- {dir}/missing-bot", 2,
            "cannot start the bot: there is no file '{dir}/missing-bot'"},
        Row{"ADirectoryAsTheBotIsASetUpError", "check-bot -- {dir}", 2,
            "cannot start the bot: '{dir}' is a directory, not a program"},
        Row{"ABotWithoutExecutePermissionSaysChmod", "check-bot -- {dir}/unexecutable.sh", 2,
            "is not executable: chmod +x {dir}/unexecutable.sh, or run 'sh "},
        Row{"AScriptWithoutAShebangSaysWhatToAdd", "check-bot -- {dir}/noshebang.py", 2,
            "has no '#!' first line and is not a compiled program (Exec format error): add "
            "'#!/usr/bin/env python3' as its first line, or run 'python3 "},
        Row{"AScriptWithWindowsLineEndingsSaysSoAndHowToConvertIt", "check-bot -- {dir}/crlf.py", 2,
            "has Windows line endings (CRLF): its first line '#!/usr/bin/env python3\\r' ends "
            "in a carriage return"},
        Row{"AScriptWhoseInterpreterIsMissingSaysWhichOne", "check-bot -- {dir}/nointerpreter.py",
            2,
            "names the interpreter '/usr/bin/python9' on its '#!' line, and there is no such "
            "file: use '#!/usr/bin/env python3'"},
        Row{"AMissingRefereeIsASetUpErrorOfFuzzReferee",
            "fuzz-referee --games 1 --referee '{dir}/missing-referee -s {seed} -a {bot0} -a {bot1} "
            "-a {bot2} -a {bot3}'",
            2, "cannot start the referee: there is no file '{dir}/missing-referee'"},
        Row{"AQuotedBotCommandSaysToDropTheQuotes", "check-bot -- 'python3 bot.py'", 2,
            "'python3 bot.py' is one word, a program name with spaces: drop the quotes"},
        Row{"PlayRefusesABotThatCannotStartToo",
            "play --bot {dir}/unexecutable.sh --bot {testbot} --bot {testbot} --bot {testbot}", 2,
            "cannot start bot 0: '{dir}/unexecutable.sh' is not executable"},
        // Report paths: not empty, not a forgotten name before "--".
        Row{"AnEmptyReportPathIsRefused", "check-bot --json '' -- {testbot}", 2,
            "--json needs a file name"},
        Row{"AForgottenReportPathIsRefused",
            "check-bot --no-calibration --games 1 --no-edge-cases --junit -- {testbot}",
            2,
            "--junit needs a file name (got '--'",
            "",
            "",
            "",
            {},
            {"{dir}/--"}},
        Row{"AnEmptySpecOutputIsRefused", "spec -o ''", 2, "--output needs a file name"},
        // One value per option: a second word is not swallowed.
        Row{"ASecondWordAfterResultsIsNotAResultFile",
            "spec --results {dir}/checkbot-pass.xml extra-word", 2, "'extra-word'"},
        Row{"ASecondWordAfterBotIsNotABot", "play --bot {example} {example}", 2,
            "unknown option or unexpected argument"},
        // Once "'builtin:random' 'bot.py' 'python3'": backwards, split at
        // the spaces, and no word of --bot.
        // CLI11 takes the first bare word for the bot: the stray word is
        // named, not only the command after '--'.
        Row{"AWordBeforeTheDashesTakenForTheBotIsNamedWithWhereTheCommandGoes",
            "check-bot --games 1 x -- {testbot}", 2,
            "; 'x', before '--', was taken for the bot's command: give the whole command after "
            "'--' (arbiter check-bot [options] -- BOT [ARGS...])"},
        // CLI11's remaining() puts the words after '--' first.
        Row{"WordsAroundTheDashesAreNamedInTheOrderGiven", "play x -- y", 2,
            "unknown option or unexpected argument: 'x' 'y'"},
        Row{"PlayersGivenWithoutBotAreNamedAsGivenWithTheOptionTheyNeed",
            "play 'python3 bot.py' builtin:random", 2,
            "unknown option or unexpected argument: 'python3 bot.py' 'builtin:random'; each "
            "player's command goes after a --bot of its own"},
        // ... so the scenario after --rule or --autoplay is read.
        Row{"TheScenarioAfterARuleIsRead", "simulate --rule turn_limit=5 {dir}/scenario.json", 0,
            "", "RESULT -1 0"},
        Row{"TheScenarioAfterAutoplayIsRead",
            "simulate --autoplay hunter,random,hunter,idle --turns 3 {dir}/scenario.json", 0, "",
            "RESULT -1 3"}),
    NameOf);

// --- Verdicts: the exit status agrees with the output (arbiter.cli.exit-status). ---

class WrongVerdict : public BadInputTest {};
[[maybe_unused]] const bool kWrongVerdictCites = arbiter::spec::Cite(
    "BadInput/WrongVerdict", "IsNowTheRightExitStatus", {"arbiter.cli.exit-status"});
TEST_P(WrongVerdict, IsNowTheRightExitStatus) { Check(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    BadInput, WrongVerdict,
    ::testing::Values(
        Row{"PlayExitsOneWhenItPrintsFail",
            "play --seed 1 --turns 8 --bot '{testbot} --mode invalid --turn 1' --bot {example} "
            "--bot {example} --bot {example}",
            1, "", "FAIL"},
        Row{"PlayExitsZeroWhenItPrintsPass",
            "play --seed 1 --turns 8 --bot {example} --bot {example} --bot {example} "
            "--bot {example}",
            0, "", "PASS"},
        Row{"CheckingNothingIsAnError",
            "check-bot --games 0 --no-edge-cases --no-whole-games -- ./nope", 2, "nothing to check",
            "", "PASS"},
        Row{"AMatchFilterSelectingNothingIsAnError",
            "check-bot --games 2 --no-edge-cases --match game-3 -- {testbot}", 2,
            "--match: no match 'game-3'", "", "PASS"},
        Row{"AFailingCheckInACheckBotJunitFileFailsItsClause",
            "spec --game jc2015 --results {dir}/checkbot-fail.xml", 1, "1 failing", "", "",
            " 0 failing"},
        Row{"APassingCheckBotJunitFileFailsNothing",
            "spec --game jc2015 --results {dir}/checkbot-pass.xml", 0, " 0 failing"},
        Row{"TheSpecSummaryCountsWarnings", "spec --game jc2015 --results {dir}/checkbot-warn.xml",
            0, "1 warning"},
        Row{"ACheckBotJunitFileOfAnotherGameIsRefused",
            "spec --game wondev --results {dir}/checkbot-fail.xml", 2,
            "a report of game 'jc2015', not 'wondev'"}),
    NameOf);

// --- Results are never lost to a report file (arbiter.report.not-lost). ---

class LostResults : public BadInputTest {};
[[maybe_unused]] const bool kLostResultsCites = arbiter::spec::Cite(
    "BadInput/LostResults", "AreCheckedFirstOrPrintedAnyway", {"arbiter.report.not-lost"});
TEST_P(LostResults, AreCheckedFirstOrPrintedAnyway) { Check(GetParam()); }

const std::string kQuickRun = "check-bot --no-calibration --games 1 --no-edge-cases ";

INSTANTIATE_TEST_SUITE_P(
    BadInput, LostResults,
    ::testing::Values(
        Row{"AJsonReportInAMissingFolderFailsBeforeTheRun",
            kQuickRun + "--json {dir}/no/such/r.json -- {testbot}", 2,
            "cannot write --json '{dir}/no/such/r.json': No such file or directory", "", "PASS"},
        Row{"AJunitReportThatIsAFolderFailsBeforeTheRun",
            kQuickRun + "--junit {dir}/sub -- {testbot}", 2,
            "cannot write --junit '{dir}/sub': Is a directory", "", "PASS"},
        Row{"AMarkdownReportInAMissingFolderFailsBeforeTheRun",
            kQuickRun + "--markdown {dir}/no/such/r.md -- {testbot}", 2, "cannot write --markdown",
            "", "PASS"},
        Row{"AnHtmlReportInAMissingFolderFailsBeforeTheRun",
            "fuzz-referee " + kReferee + " --html {dir}/no/such/r.html", 2, "cannot write --html"},
        Row{"TheProbeNeitherTruncatesAnExistingReport",
            kQuickRun + "--json {dir}/existing.json --junit {dir}/no/such/r.xml -- {testbot}",
            2,
            "cannot write --junit",
            "",
            "",
            "",
            {"{dir}/existing.json"}},
        Row{"NorLeavesANewOneBehind",
            kQuickRun + "--json {dir}/new.json --html {dir}/no/such/r.html -- {testbot}",
            2,
            "cannot write --html",
            "",
            "",
            "",
            {},
            {"{dir}/new.json"}},
        Row{"AWriteFailingAtTheEndComesAfterTheFindings",
            kQuickRun + "--json /dev/full -- {testbot} --mode invalid --turn 1", 2,
            "cannot write --json '/dev/full': No space left on device", "action.invalid"},
        Row{"QuietPrintsTheFindingsWhenTheirReportIsLost",
            kQuickRun + "-q --json /dev/full -- {testbot} --mode invalid --turn 1", 2,
            "No space left on device", "action.invalid"},
        Row{"AReportOverTheBotsOwnFileIsRefused",
            kQuickRun + "--json {dir}/bot.sh -- sh {dir}/bot.sh",
            2,
            "is the file '{dir}/bot.sh' of the command under test",
            "",
            "",
            "",
            {"{dir}/bot.sh"}},
        Row{"AReportOverTheBotsFileByAnotherPathIsRefused",
            kQuickRun + "--markdown {dir}/sub/../bot.sh -- sh bot.sh",
            2,
            "of the command under test",
            "",
            "",
            "",
            {"{dir}/bot.sh"}},
        Row{"TwoFormatsToOneFileAreRefused",
            kQuickRun + "--json {dir}/same --junit {dir}/./same -- {testbot}", 2,
            "--json and --junit name the same file"},
        Row{"PlayChecksItsReplayPathBeforeTheGame",
            "play --replay {dir}/no/such/r.json --bot {example} --bot {example} --bot {example} "
            "--bot {example}",
            2, "cannot write --replay", "", "RESULT"},
        Row{"PlayWritesBothJsonAndReplay",
            "play --seed 2 --turns 4 --json {dir}/play.json --replay {dir}/replay.json --bot "
            "{example} --bot {example} --bot {example} --bot {example}",
            0,
            "",
            "RESULT",
            "",
            "",
            {},
            {},
            {"{dir}/play.json", "{dir}/replay.json"}}),
    NameOf);

// Not a table: every subcommand answers --version as arbiter does.
SPEC_TEST(BadInput, EverySubcommandPrintsTheVersion, "arbiter.cli.bad-input") {
  const Outcome top = Arbiter("--version");
  ASSERT_EQ(top.status, 0) << top.err;
  ASSERT_EQ(top.out.rfind("arbiter ", 0), 0u) << top.out;
  for (const char* sub : {"simulate", "spec", "check-bot", "play", "fuzz-referee"}) {
    const Outcome r = Arbiter(std::string(sub) + " --version");
    EXPECT_EQ(r.status, 0) << sub << ": " << r.err;
    EXPECT_EQ(r.out, top.out) << sub;
  }
}

// --profile's help names each game's own profiles.
SPEC_TEST(BadInput, ProfileHelpListsEachGamesProfiles, "arbiter.cli.bad-input") {
  for (const char* sub : {"check-bot", "play", "fuzz-referee"}) {
    const Outcome r = Arbiter(std::string(sub) + " --help");
    EXPECT_EQ(r.status, 0) << sub;
    for (const char* names : {"jc2015: ja (", "), en (", "wondev: cg (", "island: botbattle ("})
      EXPECT_NE(r.out.find(names), std::string::npos) << sub << " lacks " << names << "\n" << r.out;
  }
}

}  // namespace
