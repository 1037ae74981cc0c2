// Bots run contained (arbiter.process.contained), proved with a hostile zoo
// of our own (hostile_zoo.py) in a layout an organiser has: the entrant's
// folder, another entrant's folder beside it, a home folder with a file in
// it, a folder outside every entrant's. Each hostile act is stopped and
// reported naming the containment and --no-sandbox, and nothing outside the
// bot's own folder changes; a bot that logs into its own folder passes, and
// its writes never reach the original.
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

namespace fs = std::filesystem;
using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;

class ContainmentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!arbiter::testing::BubblewrapInstalled())
      GTEST_SKIP() << "bubblewrap is not installed: scripts/setup installs it";
    root_ = fs::path(::testing::TempDir()) / ("zoo-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "entrant-a");
    fs::create_directories(root_ / "entrant-b");
    fs::create_directories(root_ / "home");
    fs::create_directories(root_ / "outside");
    fs::copy_file(HOSTILE_ZOO, root_ / "entrant-a" / "hostile_zoo.py");
    fs::copy_file(EXAMPLE_BOT_PY, root_ / "entrant-a" / "bot.py");
    Write(root_ / "home" / "canary.txt", "the user's own file\n");
    Write(root_ / "entrant-b" / "secret.txt", "the secret strategy of entrant b\n");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  static void Write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

  // The zoo bot in MODE, aiming at `arg` (written beside it: a path on its
  // command line would be a folder the organiser gave it).
  Outcome Zoo(const std::string& mode, const std::string& arg, const std::string& options = "") {
    Write(root_ / "entrant-a" / "target.txt", arg + "\n");
    return CheckBot("--games 1 --no-edge-cases --no-whole-games " + options + " -- python3 " +
                    Shell((root_ / "entrant-a" / "hostile_zoo.py").string()) + " " + mode);
  }

  // Every file under root_ with its contents, but the entrant's own folder.
  std::string Outside() const {
    std::string all;
    for (const auto& e : fs::recursive_directory_iterator(root_)) {
      if (e.path().string().rfind((root_ / "entrant-a").string(), 0) == 0) continue;
      all += e.path().string() + "\n";
      if (e.is_regular_file()) all += arbiter::testing::Slurp(e.path().string());
    }
    return all;
  }

  // The finding's advice of the one failing check, which must name the
  // containment and the option.
  static std::string Advice(const Outcome& o) {
    for (const auto& f : o.report["findings"])
      if (f.contains("advice")) return f["advice"].get<std::string>();
    return "";
  }

  fs::path root_;
};

CITES(ContainmentTest, EachHostileActOfTheZooIsStoppedSaidAndLeavesEverythingOutsideAsItWas,
      "arbiter.process.contained");
TEST_F(ContainmentTest, EachHostileActOfTheZooIsStoppedSaidAndLeavesEverythingOutsideAsItWas) {
  const std::string before = Outside();
  struct Act {
    std::string mode, arg, named;
  };
  const std::string canary = (root_ / "home" / "canary.txt").string();
  const std::string secret = (root_ / "entrant-b" / "secret.txt").string();
  const std::string written = (root_ / "outside" / "written.txt").string();
  for (const Act& act : {Act{"delete-home", canary, canary}, Act{"read-other", secret, secret},
                         Act{"write-outside", written, written}}) {
    SCOPED_TRACE(act.mode);
    const Outcome o = Zoo(act.mode, act.arg);
    EXPECT_EQ(o.status, 1) << o.output;
    const std::string advice = Advice(o);
    EXPECT_NE(advice.find("contained"), std::string::npos) << o.output;
    EXPECT_NE(advice.find("'" + act.named + "'"), std::string::npos) << o.output;
    EXPECT_NE(advice.find("--no-sandbox"), std::string::npos) << o.output;
    EXPECT_EQ(o.output.find("secret strategy"), std::string::npos) << o.output;
    EXPECT_EQ(o.report.dump().find("secret strategy"), std::string::npos);
  }
  EXPECT_EQ(Outside(), before);
}

CITES(ContainmentTest, UncontainedTheSameBotReadsAnotherEntrantsSecret,
      "arbiter.process.contained");
TEST_F(ContainmentTest, UncontainedTheSameBotReadsAnotherEntrantsSecret) {
  // What the containment stops: the proof above fails without it.
  const Outcome o =
      Zoo("read-other", (root_ / "entrant-b" / "secret.txt").string(), "--no-sandbox");
  EXPECT_NE(o.output.find("secret strategy"), std::string::npos) << o.output;
}

CITES(ContainmentTest, AConnectionToThisMachineIsRefusedAndSaidAsTheMissingNetwork,
      "arbiter.process.contained");
TEST_F(ContainmentTest, AConnectionToThisMachineIsRefusedAndSaidAsTheMissingNetwork) {
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), len), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len), 0);
  const Outcome o = Zoo("connect", std::to_string(ntohs(addr.sin_port)));
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_NE(Advice(o).find("without a network"), std::string::npos) << o.output;
  EXPECT_NE(Advice(o).find("--no-sandbox"), std::string::npos) << o.output;
  EXPECT_LT(::accept(listener, nullptr, nullptr), 0) << "the bot reached the machine's port";
  ::close(listener);
}

// Whether a process runs `sleep MARK`.
bool Sleeping(const std::string& mark) {
  DIR* proc = ::opendir("/proc");
  bool found = false;
  while (dirent* e = proc ? ::readdir(proc) : nullptr) {
    const std::string cmd = arbiter::testing::Slurp(std::string("/proc/") + e->d_name + "/cmdline");
    found |= cmd == std::string("sleep") + '\0' + mark + '\0';
  }
  if (proc) ::closedir(proc);
  return found;
}

CITES(ContainmentTest, AProcessMeantToOutliveTheBotEndsWithIt, "arbiter.process.contained");
TEST_F(ContainmentTest, AProcessMeantToOutliveTheBotEndsWithIt) {
  const std::string mark = "4242." + std::to_string(::getpid());
  Zoo("fork-outlive", mark);
  EXPECT_FALSE(Sleeping(mark));
}

CITES(ContainmentTest, TouchingFourGigabytesStopsAtTheLimitTheKernelEnforces,
      "arbiter.process.contained", "arbiter.process.limits");
TEST_F(ContainmentTest, TouchingFourGigabytesStopsAtTheLimitTheKernelEnforces) {
  // Time enough to reach the limit: a machine that faults memory in at half
  // a gigabyte a second takes half a second to touch 256 MB, and the bot
  // late before it reaches the limit is late, not over it.
  const Outcome o = Zoo("touch-4gb", "", "--memory-mb 256 --first-ms 10000 --action-ms 10000");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_TRUE(o.checks.count("process.memory")) << o.output;
  EXPECT_EQ(o.output.find("touched"), std::string::npos) << o.output;
  const std::string limits = o.report.value("memory_limits", "");
  if (limits.find("enforced by the kernel") != std::string::npos) {
    EXPECT_NE(o.output.find("which the kernel enforces"), std::string::npos) << o.output;
    // Nothing outran the limit between two looks: the tree never held more
    // than it (the watch's sum of resident sets counts shared pages once
    // per process of the tree, a few MB here).
    ASSERT_EQ(o.report["matches"][0]["usage"].size(), 1u) << o.output;
    EXPECT_LE(o.report["matches"][0]["usage"][0]["peak_rss_mb"].get<double>(), 256.0 + 16.0)
        << o.output;
  } else {  // no memory cgroup here: the report says the watch
    EXPECT_NE(limits.find("watched from /proc"), std::string::npos) << limits;
  }
}

CITES(ContainmentTest, ABotThatLogsIntoItsOwnFolderPassesAndTheOriginalStaysAsItWas,
      "arbiter.process.contained");
TEST_F(ContainmentTest, ABotThatLogsIntoItsOwnFolderPassesAndTheOriginalStaysAsItWas) {
  const Outcome o = Zoo("log-then-play", "");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_FALSE(fs::exists(root_ / "entrant-a" / "log.txt"));
  // Uncontained, the same bot writes its log where it lives.
  const Outcome bare = Zoo("log-then-play", "", "--no-sandbox");
  EXPECT_EQ(bare.status, 0) << bare.output;
  EXPECT_TRUE(fs::exists(root_ / "entrant-a" / "log.txt"));
}

CITES(ContainmentTest, WithoutBubblewrapTheRunSaysSoOnceAndSandboxMakesItFail,
      "arbiter.process.contained");
TEST_F(ContainmentTest, WithoutBubblewrapTheRunSaysSoOnceAndSandboxMakesItFail) {
  const std::string empty = (root_ / "no-bwrap").string();
  fs::create_directories(empty);
  const std::string bot = " -- " + Shell(TESTBOT_BINARY) + " --mode ok";
  const std::string run = "env PATH=" + empty + " " + ARBITER_BINARY +
                          " check-bot --no-calibration --games 1 --no-edge-cases --no-whole-games";
  const auto required = arbiter::testing::RunCommand(run + " --sandbox" + bot);
  EXPECT_EQ(required.status, 2) << required.output;
  EXPECT_NE(required.output.find("--sandbox: bots cannot be contained here: bubblewrap is not "
                                 "installed"),
            std::string::npos)
      << required.output;
  const std::string json = (root_ / "usual.json").string();
  const auto usual = arbiter::testing::RunCommand(run + " --json " + json + bot);
  EXPECT_EQ(usual.status, 0) << usual.output;
  const std::string note = "bots run uncontained";
  const size_t first = usual.output.find(note);
  EXPECT_NE(first, std::string::npos) << usual.output;
  EXPECT_EQ(usual.output.find(note, first + 1), std::string::npos) << usual.output;
  const std::string environment = arbiter::testing::ReadJsonFile(json)["environment"].dump();
  EXPECT_NE(environment.find("containment: none (bubblewrap is not installed"), std::string::npos)
      << environment;
}

}  // namespace
