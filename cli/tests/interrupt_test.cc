// Integration tests of interrupted runs (arbiter.run.interrupted): arbiter is
// started on a game that is under way, sent SIGINT, SIGTERM or SIGHUP, and
// must exit with 128 + the signal, write its report marked "interrupted",
// leave no process behind (this test is a child subreaper: leftovers would
// be re-parented here) and no temporary folder (arbiter's TMPDIR is a fresh
// folder of the test's, which must be empty afterwards).
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/tests/no_leftovers.h"
#include "cli/tests/run_command.h"

namespace {

using std::chrono::milliseconds;

struct Interrupted {
  int status = -1;  // exit status, -1 when killed by a signal
  std::string output;
  nlohmann::json report;
  std::vector<std::string> temp_left;  // what is left in arbiter's TMPDIR
};

std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") out.push_back(e->d_name);
    closedir(d);
  }
  return out;
}

// Runs arbiter with `args`, sends `signals` (one after another, `apart`
// apart) once `after` has passed, and collects what it left.
Interrupted RunAndInterrupt(const std::vector<std::string>& args, std::vector<int> signals,
                            milliseconds after, milliseconds apart = milliseconds(50)) {
  Interrupted r;
  char tmpl[] = "/tmp/arbiter-interrupt-test.XXXXXX";
  const std::string tmp = mkdtemp(tmpl);
  const std::string json = tmp + "-report.json";
  const std::string out = tmp + "-output.txt";
  std::vector<std::string> argv = {ARBITER_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.begin() + 2, {"--json", json});
  const pid_t pid = fork();
  if (pid == 0) {
    setenv("TMPDIR", tmp.c_str(), 1);
    const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    std::vector<char*> c;
    for (auto& a : argv) c.push_back(a.data());
    c.push_back(nullptr);
    execv(c[0], c.data());
    _exit(127);
  }
  std::this_thread::sleep_for(after);
  for (const int sig : signals) {
    kill(pid, sig);
    std::this_thread::sleep_for(apart);
  }
  int st = 0;
  // Bounded: a run that does not stop within 20 s fails the test.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (waitpid(pid, &st, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > give_up) {
      kill(pid, SIGKILL);
      waitpid(pid, &st, 0);
      ADD_FAILURE() << "arbiter did not stop within 20 s of the signal";
      break;
    }
    std::this_thread::sleep_for(milliseconds(10));
  }
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream o(out);
  r.output.assign(std::istreambuf_iterator<char>(o), {});
  r.report = arbiter::testing::ReadJsonFile(json);
  std::this_thread::sleep_for(milliseconds(300));  // orphans reach us
  r.temp_left = Entries(tmp);
  std::remove(json.c_str());
  std::remove(out.c_str());
  rmdir(tmp.c_str());
  return r;
}

// A bot that starts a detached grandchild, then answers slowly on its third
// turn, so that arbiter is waiting for it when the signal comes.
std::vector<std::string> SlowBotWithGrandchild() {
  return {"/bin/sh", "-c",
          std::string("setsid sleep 600 & exec ") + TESTBOT_BINARY +
              " --mode slow-turn --turn 3 --ms 100000"};
}

class InterruptTest : public arbiter::testing::NoLeftoversTest {};

void ExpectInterrupted(const Interrupted& r, int sig) {
  EXPECT_EQ(r.status, 128 + sig) << r.output;
  ASSERT_FALSE(r.report.is_null()) << "no report\n" << r.output;
  EXPECT_EQ(r.report["verdict"], "interrupted") << r.output;
  EXPECT_EQ(r.report["interrupted_by"], std::string("SIG") + sigabbrev_np(sig));
  EXPECT_NE(r.output.find("INTERRUPTED"), std::string::npos) << r.output;
  EXPECT_TRUE(r.temp_left.empty()) << "left in TMPDIR: " << r.temp_left.front();
}

TEST_F(InterruptTest, CheckBotStopsCleanlyOnEachSignalAndSaysItWasInterrupted) {
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
    std::vector<std::string> args = {
        "check-bot", "--no-calibration", "--action-ms", "60000", "--games", "2", "--"};
    for (const auto& a : SlowBotWithGrandchild()) args.push_back(a);
    const Interrupted r = RunAndInterrupt(args, {sig}, milliseconds(1500));
    ExpectInterrupted(r, sig);
    // The slow answer is not held against the bot.
    EXPECT_EQ(r.report["counts"]["fail"], 0) << r.output;
    const auto alive = arbiter::testing::ChildrenAlive();
    EXPECT_TRUE(alive.empty()) << sigabbrev_np(sig) << ": left behind: " << alive.front();
  }
}

TEST_F(InterruptTest, FuzzRefereeStopsCleanlyOnEachSignalAndRemovesItsProbeFolder) {
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
    const std::string tmpl =
        std::string(EXAMPLE_REFEREE) + " -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
    const Interrupted r =
        RunAndInterrupt({"fuzz-referee", "--games", "10000", "--no-shrink", "--referee", tmpl},
                        {sig}, milliseconds(1500));
    ExpectInterrupted(r, sig);
    EXPECT_LT(r.report["matches"].size(), 10000u);
    const auto alive = arbiter::testing::ChildrenAlive();
    EXPECT_TRUE(alive.empty()) << sigabbrev_np(sig) << ": left behind: " << alive.front();
  }
}

TEST_F(InterruptTest, ASecondSignalExitsAtOnceAndStillKillsTheTrees) {
  // Past a burst (250 ms): a second, separate interrupt.
  std::vector<std::string> args = {
      "check-bot", "--no-calibration", "--action-ms", "60000", "--games", "2", "--"};
  for (const auto& a : SlowBotWithGrandchild()) args.push_back(a);
  const Interrupted r =
      RunAndInterrupt(args, {SIGTERM, SIGTERM}, milliseconds(1500), milliseconds(400));
  EXPECT_EQ(r.status, 128 + SIGTERM) << r.output;
  const auto alive = arbiter::testing::ChildrenAlive();
  EXPECT_TRUE(alive.empty()) << "left behind: " << alive.front();
}

// What `timeout -s INT` does (the process, then its group) and a held key:
// two SIGINTs within 100 ms are one interrupt, so the run still stops
// cleanly with its report, and the game cut off is no finding: a correct
// referee, launching its bots or under the runner protocol, has none.
TEST_F(InterruptTest, TwoSigintsWithinAHundredMillisecondsActAsOneAndTheCutGameIsNoFinding) {
  const std::string launching =
      std::string(EXAMPLE_REFEREE) + " -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
  // Runs far longer than the last signal's 1.9 s on any machine: 400
  // games of the C++ runner referee once ended in under 1.9 s, before the
  // signal, on a quiet machine.
  const std::vector<std::vector<std::string>> runs = {
      {"fuzz-referee", "--games", "10000", "--referee", launching},
      {"fuzz-referee", "--game", "wondev", "--protocol", "cg-runner", "--games", "10000",
       "--referee", EXAMPLE_WONDEV_REFEREE}};
  for (const auto& args : runs) {
    for (const int after_ms : {700, 1100, 1500, 1900}) {
      const Interrupted r =
          RunAndInterrupt(args, {SIGINT, SIGINT}, milliseconds(after_ms), milliseconds(20));
      ExpectInterrupted(r, SIGINT);
      if (r.report.is_null()) continue;
      for (const auto& f : r.report["findings"])
        EXPECT_NE(f["severity"], "fail") << args[1] << " after " << after_ms << " ms: " << f;
      const auto alive = arbiter::testing::ChildrenAlive();
      EXPECT_TRUE(alive.empty()) << "left behind: " << alive.front();
    }
  }
}

}  // namespace
