// Time verdicts on a busy machine, proven with real runtimes beside busy
// loops on both cores (arbiter.timing.launcher, arbiter.timing.confirm):
// a Python bot started through a pyenv-like shim that forks and sleeps
// before it execs the interpreter is warned, never failed; a bot late on
// one run only is a warning with both measurements; a bot late on every run
// still fails, with both. The judgements themselves are proven on fakes
// (harness/tests/timing_verdict_test.cc); these are the few real smokes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/tests/check_bot_run.h"
#include "spec-tests/common/spec_test.h"

namespace {

namespace fs = std::filesystem;
using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;

// `n` shell busy loops, each in its own process group, killed at the end.
class BusyLoops {
 public:
  explicit BusyLoops(int n) {
    for (int i = 0; i < n; ++i) {
      const pid_t pid = fork();
      if (pid == 0) {
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", "while :; do :; done", static_cast<char*>(nullptr));
        _exit(127);
      }
      if (pid > 0) pids_.push_back(pid);
    }
  }
  ~BusyLoops() {
    for (const pid_t pid : pids_) kill(pid, SIGKILL);
    for (const pid_t pid : pids_) waitpid(pid, nullptr, 0);
  }

 private:
  std::vector<pid_t> pids_;
};

std::string Write(const fs::path& path, const std::string& text, bool executable = false) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  if (executable) fs::permissions(path, fs::perms::owner_all | fs::perms::group_read);
  return path.string();
}

std::string FindingMessage(const Outcome& o, const std::string& check) {
  for (const auto& f : o.report["findings"])
    if (f["check"] == check) return f["message"].get<std::string>();
  return "";
}

// Where each run's measurement of the late turn starts in `message`. A bot
// late by 100 ms answers 100 ms before arbiter stops watching a silent turn
// (SessionConfig::observe, 200 ms after the 100 ms limit): its answer is
// "the answer came after ..." when it comes in that window, and "no answer
// within 100 ms ..." when the machine's load holds it past the window (a
// clean-clone CI run saw this once with a bot late by 200 ms, at the edge).
// Either is the run's measurement.
std::vector<size_t> Measurements(const std::string& message) {
  std::vector<size_t> at;
  for (const char* words : {"the answer came after ", "no answer within 100 ms"})
    for (size_t i = message.find(words); i != std::string::npos; i = message.find(words, i + 1))
      at.push_back(i);
  std::sort(at.begin(), at.end());
  return at;
}

CITES(TimeVerdictProof, APythonBotStartedThroughASlowShimBesideBusyLoopsIsWarnedNeverFailed,
      "arbiter.timing.launcher");
TEST(TimeVerdictProof, APythonBotStartedThroughASlowShimBesideBusyLoopsIsWarnedNeverFailed) {
  // A pyenv-like shim on PATH (a shims folder, as pyenv's): bash runs a few
  // programs that exit at once, sleeps, then execs the interpreter. Before
  // arbiter told launchers apart, this bot failed ready.late at 1567.6 ms.
  const fs::path root =
      fs::path(::testing::TempDir()) / ("time-verdict-proof-" + std::to_string(getpid()));
  const fs::path shims = root / "pyenv" / "shims";
  Write(shims / "python3",
        "#!/usr/bin/env bash\n"
        "set -e\n"
        "for i in 1 2 3 4 5; do v=$(printf '3.11\\n' | head -n1); done\n"
        "cat /dev/null\n"
        "sleep 1.5\n"
        "exec /usr/bin/python3 \"$@\"\n",
        true);
  // arbiter, and so the bot, find python3 on PATH as a user's shell does.
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin";
  setenv("PATH", (shims.string() + ":" + path).c_str(), 1);
  Outcome o;
  {
    BusyLoops load(2);
    o = CheckBot("--games 1 --no-edge-cases --no-whole-games -- python3 " + Shell(EXAMPLE_BOT_PY));
  }
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.checks.count("ready.late"), 0u) << o.output;
  EXPECT_EQ(o.checks.count("action.first-deadline"), 0u) << o.output;
  ASSERT_EQ(o.checks.count("bot.launcher"), 1u) << o.output;
  const std::string message = FindingMessage(o, "bot.launcher");
  EXPECT_NE(message.find("its launcher " + (shims / "python3").string() + " ran "),
            std::string::npos)
      << message;
  EXPECT_NE(o.output.find("give the interpreter's path"), std::string::npos) << o.output;
  fs::remove_all(root);
}

// A bot late (sleeping 200 ms) on its third turn on the first run only: a
// marker file tells it a run has been late already. Uncontained, so that
// the marker outlives the run.
CITES(TimeVerdictProof, ABotLateOnOneRunOnlyIsAWarningWithBothMeasurements,
      "arbiter.timing.confirm");
TEST(TimeVerdictProof, ABotLateOnOneRunOnlyIsAWarningWithBothMeasurements) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("late-once-" + std::to_string(getpid()));
  fs::remove_all(dir);
  const std::string bot = Write(dir / "late_once.py",
                                "import os, sys, time\n"
                                "marker = sys.argv[1]\n"
                                "print('READY', flush=True)\n"
                                "turn = 0\n"
                                "for line in sys.stdin:\n"
                                "    if line.strip() != 'EOD':\n"
                                "        continue\n"
                                "    turn += 1\n"
                                "    if turn == 3 and not os.path.exists(marker):\n"
                                "        open(marker, 'w').close()\n"
                                "        time.sleep(0.2)\n"
                                "    print('N', flush=True)\n");
  const Outcome o = CheckBot("--no-sandbox --games 1 --no-edge-cases --no-whole-games -- python3 " +
                             Shell(bot) + " " + Shell((dir / "marker").string()));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.checks.count("action.deadline"), 0u) << o.output;
  ASSERT_EQ(o.checks.count("timing.unconfirmed"), 1u) << o.output;
  const std::string message = FindingMessage(o, "timing.unconfirmed");
  const std::vector<size_t> measured = Measurements(message);
  ASSERT_FALSE(measured.empty()) << message;
  EXPECT_EQ(message.find("on the first run of the match: "),
            measured.front() - std::string("on the first run of the match: ").size())
      << message;
  EXPECT_NE(message.find("on a second run (same seed) it answered that turn after"),
            std::string::npos)
      << message;
  fs::remove_all(dir);
}

CITES(TimeVerdictProof, ABotLateOnEveryRunStillFailsWithBothMeasurements, "arbiter.timing.confirm",
      "jc2015.protocol.action.limit");
TEST(TimeVerdictProof, ABotLateOnEveryRunStillFailsWithBothMeasurements) {
  const Outcome o = CheckBot(arbiter::testing::Testbot("--mode slow-turn --turn 3 --ms 200"));
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.checks.count("action.deadline"), 1u) << o.output;
  const std::string message = FindingMessage(o, "action.deadline");
  EXPECT_NE(message.find("confirmed: on a second run of the match (same seed) it was late again"),
            std::string::npos)
      << message;
  // Both measurements: the first run's, and the second's after "confirmed".
  const std::vector<size_t> measured = Measurements(message);
  ASSERT_EQ(measured.size(), 2u) << message;
  EXPECT_LT(measured[0], message.find("confirmed: ")) << message;
  EXPECT_GT(measured[1], message.find("confirmed: ")) << message;
}

}  // namespace
