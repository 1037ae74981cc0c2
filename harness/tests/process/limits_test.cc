// Limits a bot runs under: rlimits as /proc/PID/limits shows them and as a
// big allocation feels them, zero meaning "inherited", and the network
// namespace of Limits::no_network (only loopback), skipped with the reason
// when this machine does not allow one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "process/bot_environment.h"
#include "process/path_list.h"
#include "process/proc_probe.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

// The "soft hard" values of a /proc/PID/limits line, e.g. "104857600 104857600".
std::string SoftHard(pid_t pid, const std::string& name) {
  std::istringstream in(LimitsLine(pid, name).substr(name.size()));
  std::string soft, hard;
  in >> soft >> hard;
  return soft + " " + hard;
}

std::string NetNamespace(pid_t pid) {
  std::array<char, 64> buf{};
  const std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
  const ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size());
  return n > 0 ? std::string(buf.data(), static_cast<size_t>(n)) : "";
}

TEST(Limits, RlimitsAreApplied) {
  EventLoop loop;
  SpawnOptions options;
  options.limits = {.memory_mb = 100,
                    .address_space_mb = 100,
                    .cpu_seconds = 7,
                    .file_size_mb = 3,
                    .open_files = 50,
                    .processes = 4000,
                    .no_network = false};
  auto bot = Spawn(loop, {"/bin/sleep", "30"}, options);
  ASSERT_TRUE(bot);
  const pid_t pid = bot->pid();
  EXPECT_EQ(SoftHard(pid, "Max address space"), "104857600 104857600");
  EXPECT_EQ(SoftHard(pid, "Max cpu time"), "7 8");
  EXPECT_EQ(SoftHard(pid, "Max file size"), "3145728 3145728");
  EXPECT_EQ(SoftHard(pid, "Max open files"), "50 50");
  EXPECT_EQ(SoftHard(pid, "Max processes"), "4000 4000");
}

TEST(Limits, ZeroLeavesTheInheritedLimit) {
  EventLoop loop;
  SpawnOptions options;
  options.limits = {.memory_mb = 0,
                    .address_space_mb = 0,
                    .cpu_seconds = 0,
                    .file_size_mb = 0,
                    .open_files = 0,
                    .processes = 0,
                    .no_network = false};
  auto bot = Spawn(loop, {"/bin/sleep", "30"}, options);
  ASSERT_TRUE(bot);
  for (const char* name :
       {"Max address space", "Max cpu time", "Max file size", "Max open files", "Max processes"}) {
    EXPECT_EQ(SoftHard(bot->pid(), name), SoftHard(::getpid(), name)) << name;
  }
}

TEST(Limits, SmallAddressSpaceMakesABigAllocationFail) {
  ASSERT_FALSE(Python().empty())
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  EventLoop loop;
  const std::string code =
      "try:\n"
      "    b = bytearray(512 << 20)\n"
      "    print('allocated')\n"
      "except MemoryError:\n"
      "    print('MemoryError')\n";
  SpawnOptions small;
  small.limits.address_space_mb = 100;
  auto bot = Spawn(loop, {Python(), "-c", code}, small);
  SpawnOptions large;
  large.limits.address_space_mb = 0;  // the default: none
  auto control = Spawn(loop, {Python(), "-c", code}, large);
  ASSERT_TRUE(bot && control);
  ASSERT_TRUE(WaitFor(loop, milliseconds(10000),
                      [&] { return bot->stdout_eof() && control->stdout_eof(); }));
  ASSERT_TRUE(bot->HasLine() && control->HasLine()) << bot->stderr_tail();
  EXPECT_EQ(bot->PopLine().line.text, "MemoryError");
  EXPECT_EQ(control->PopLine().line.text, "allocated");
}

TEST(Limits, NoAddressSpaceLimitByDefaultSoRuntimesThatReserveMuchStart) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  EXPECT_EQ(SoftHard(bot->pid(), "Max address space"), SoftHard(::getpid(), "Max address space"));
}

// Touches `mb` MiB page by page, then prints "touched" and waits for input.
std::vector<std::string> Toucher(int mb) {
  return {Python(), "-c",
          "import sys\n"
          "b = bytearray(" +
              std::to_string(mb) +
              " << 20)\n"
              "for i in range(0, len(b), 4096): b[i] = 1\n"
              "print('touched', flush=True)\n"
              "sys.stdin.read()\n"};
}

TEST(Limits, AResidentMemoryWatchKillsATreeOverTheLimit) {
  ASSERT_FALSE(Python().empty())
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  EventLoop loop;
  SpawnOptions options;
  options.limits.memory_mb = 100;
  auto bot = Spawn(loop, Toucher(400), options);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(20000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->term_signal(), SIGKILL);
  EXPECT_FALSE(bot->HasLine()) << "it touched all 400 MB before the watch saw it";
  const ResourceUsage u = bot->usage();
  EXPECT_TRUE(u.memory_exceeded);
  EXPECT_GT(u.exceeded_rss_kb, 100u * 1024);
  EXPECT_LT(u.exceeded_rss_kb, 400u * 1024);
}

TEST(Limits, ATreeUnderTheMemoryLimitRunsAndItsPeakIsMeasured) {
  ASSERT_FALSE(Python().empty())
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  EventLoop loop;
  SpawnOptions options;
  options.limits.memory_mb = 300;
  auto bot = Spawn(loop, Toucher(120), options);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(20000), [&] { return bot->HasLine() || bot->exited(); }));
  ASSERT_TRUE(bot->HasLine()) << bot->stderr_tail();
  EXPECT_EQ(bot->PopLine().line.text, "touched");
  WaitFor(loop, milliseconds(100), [] { return false; });  // a few more samples
  bot->Terminate(milliseconds(200));
  const ResourceUsage u = bot->usage();
  EXPECT_FALSE(u.memory_exceeded);
  EXPECT_GT(u.peak_rss_kb, 120u * 1024);
  EXPECT_LT(u.peak_rss_kb, 300u * 1024);
  EXPECT_GT(u.cpu_ms, 0.0);
}

// The environment `env` prints, one variable a line, sorted by name.
std::vector<std::string> EnvironmentOf(EventLoop& loop, SpawnOptions options) {
  auto bot = Spawn(loop, {"/usr/bin/env"}, std::move(options));
  std::vector<std::string> out;
  if (!bot || !WaitFor(loop, milliseconds(5000), [&] { return bot->stdout_eof(); })) return out;
  while (bot->HasLine()) out.push_back(bot->PopLine().line.text);
  std::sort(out.begin(), out.end());
  return out;
}

// The variables of arbiter's environment that choose a runtime, unset for
// a test that counts the bot's (they are given to it: the next test).
// No runtime chosen in arbiter's environment, and a HOME under which no
// version manager's install is found (RuntimeHomes), for a test's length.
struct NoRuntimeChoices {
  std::vector<std::string> saved = Set();
  std::string home = std::getenv("HOME") != nullptr ? std::getenv("HOME") : "";
  NoRuntimeChoices() {
    for (const std::string& kv : saved) ::unsetenv(kv.substr(0, kv.find('=')).c_str());
    ::setenv("HOME", "/nonexistent", 1);
  }
  ~NoRuntimeChoices() {
    for (const std::string& kv : saved) {
      const size_t eq = kv.find('=');
      ::setenv(kv.substr(0, eq).c_str(), kv.substr(eq + 1).c_str(), 1);
    }
    ::setenv("HOME", home.c_str(), 1);
  }
  // The choices set in the environment, not those found under HOME.
  static std::vector<std::string> Set() {
    std::vector<std::string> set = RuntimeChoices();
    for (const std::string& kv : RuntimeHomes()) std::erase(set, kv);
    return set;
  }
};

TEST(Limits, BotsGetTheServersMinimalEnvironmentNotTheUsers) {
  const NoRuntimeChoices none;
  ::setenv("PYTHONUNBUFFERED", "1", 1);
  EventLoop loop;
  const std::vector<std::string> env = EnvironmentOf(loop, {});
  ::unsetenv("PYTHONUNBUFFERED");
  ASSERT_EQ(env.size(), 4u);
  EXPECT_EQ(env[0].rfind("HOME=", 0), 0u);
  EXPECT_EQ(env[1], "LANG=C.UTF-8");
  EXPECT_EQ(env[2], std::string("PATH=") + std::getenv("PATH"));
  EXPECT_EQ(env[3], env[0].substr(5).insert(0, "TMPDIR=") + "/tmp");
  // The fresh HOME is gone once the bot is.
  EXPECT_NE(access(env[0].substr(5).c_str(), F_OK), 0);
}

// arbiter.process.environment: `pyenv shell 2.7.18` sets PYENV_VERSION, which
// pyenv's shim reads to start Python 2; without it the shim says "command
// not found" and a working bot would fail. What a version manager reads is
// given; what changes how a program writes its output is not.
TEST(Limits, BotsGetTheRuntimeTheUsersVersionManagerChoseAndNothingElseOfTheirs) {
  const NoRuntimeChoices none;
  ::setenv("PYENV_VERSION", "2.7.18", 1);
  ::setenv("ASDF_NODEJS_VERSION", "20.1.0", 1);
  ::setenv("PYTHONUNBUFFERED", "1", 1);
  ::setenv("ASDF_VERSION", "x", 1);  // no tool named: not a runtime's choice
  EventLoop loop;
  const std::vector<std::string> env = EnvironmentOf(loop, {});
  SpawnOptions chosen;
  chosen.env.extra = {"PYENV_VERSION=3.11.7"};
  const std::vector<std::string> over = EnvironmentOf(loop, chosen);
  for (const char* name :
       {"PYENV_VERSION", "ASDF_NODEJS_VERSION", "PYTHONUNBUFFERED", "ASDF_VERSION"})
    ::unsetenv(name);
  const auto has = [](const std::vector<std::string>& e, const std::string& kv) {
    return std::find(e.begin(), e.end(), kv) != e.end();
  };
  EXPECT_TRUE(has(env, "PYENV_VERSION=2.7.18"));
  EXPECT_TRUE(has(env, "ASDF_NODEJS_VERSION=20.1.0"));
  EXPECT_FALSE(has(env, "PYTHONUNBUFFERED=1"));
  EXPECT_FALSE(has(env, "ASDF_VERSION=x"));
  EXPECT_EQ(env.size(), 6u);
  // --env says otherwise: the user's word wins.
  EXPECT_TRUE(has(over, "PYENV_VERSION=3.11.7"));
  EXPECT_FALSE(has(over, "PYENV_VERSION=2.7.18"));
}

// arbiter.process.environment: rustup's proxies (cargo, rustc) find their
// toolchains under HOME (~/.rustup, ~/.cargo) unless RUSTUP_HOME and
// CARGO_HOME say where; under the bot's fresh HOME, "rustup could not choose
// a version of cargo to run" failed a working `cargo run` bot. The bot is
// told where the user's are; a variable the user set is given as it is.
TEST(Limits, BotsAreToldWhereTheToolchainsRustupFindsUnderTheUsersHomeAre) {
  const NoRuntimeChoices none;
  const std::string home = ::testing::TempDir() + "/rustup-home-" + std::to_string(getpid());
  std::filesystem::create_directories(home + "/.rustup");
  std::filesystem::create_directories(home + "/.cargo");
  ::setenv("HOME", home.c_str(), 1);
  EventLoop loop;
  const std::vector<std::string> found = EnvironmentOf(loop, {});
  ::setenv("RUSTUP_HOME", "/opt/rustup", 1);
  const std::vector<std::string> set = EnvironmentOf(loop, {});
  ::unsetenv("RUSTUP_HOME");
  std::filesystem::remove_all(home + "/.cargo");
  const std::vector<std::string> no_cargo = EnvironmentOf(loop, {});
  std::filesystem::remove_all(home);
  const auto has = [](const std::vector<std::string>& e, const std::string& kv) {
    return std::find(e.begin(), e.end(), kv) != e.end();
  };
  EXPECT_TRUE(has(found, "RUSTUP_HOME=" + home + "/.rustup"));
  EXPECT_TRUE(has(found, "CARGO_HOME=" + home + "/.cargo"));
  EXPECT_TRUE(has(set, "RUSTUP_HOME=/opt/rustup"));
  EXPECT_FALSE(has(set, "RUSTUP_HOME=" + home + "/.rustup"));
  EXPECT_TRUE(has(no_cargo, "RUSTUP_HOME=" + home + "/.rustup"));
  EXPECT_EQ(no_cargo.size(), 5u) << "no CARGO_HOME where there is no ~/.cargo";
}

// arbiter.process.environment: Python finds what `pip install --user` put
// in ~/.local/lib/pythonX.Y/site-packages through HOME; under the bot's fresh
// HOME a bot importing it failed ("No module named ..."). The bot is told
// where the user's base is (PYTHONUSERBASE) when it holds a lib/ folder.
TEST(Limits, BotsAreToldWhereThePackagesPipInstalledForTheUserAre) {
  const NoRuntimeChoices none;
  const std::string home = ::testing::TempDir() + "/user-base-" + std::to_string(getpid());
  std::filesystem::create_directories(home + "/.local/share");
  ::setenv("HOME", home.c_str(), 1);
  EventLoop loop;
  const std::vector<std::string> without_lib = EnvironmentOf(loop, {});
  std::filesystem::create_directories(home + "/.local/lib");
  const std::vector<std::string> with_lib = EnvironmentOf(loop, {});
  std::filesystem::remove_all(home);
  const std::string base = "PYTHONUSERBASE=" + home + "/.local";
  EXPECT_EQ(std::find(without_lib.begin(), without_lib.end(), base), without_lib.end());
  EXPECT_NE(std::find(with_lib.begin(), with_lib.end(), base), with_lib.end());
}

// PATH, LD_LIBRARY_PATH and an ELF RUNPATH are split alike; an empty
// entry is kept (to PATH it is the current folder).
TEST(Limits, ALibraryPathGivenWithEnvIsItsAbsoluteFoldersThatExistTheLastOneCounting) {
  EXPECT_EQ(SplitPathList("a::b:"), (std::vector<std::string>{"a", "", "b", ""}));
  EXPECT_EQ(SplitPathList(""), (std::vector<std::string>{""}));
  EXPECT_EQ(LibraryPathFolders({"LD_LIBRARY_PATH=/nowhere/at/all", "HOME=/x",
                                "LD_LIBRARY_PATH=/usr/lib::lib:/nowhere/at/all:/tmp"}),
            (std::vector<std::string>{"/usr/lib", "/tmp"}));
  EXPECT_TRUE(LibraryPathFolders({"LD_LIBRARY_PATH="}).empty());
}

TEST(Limits, EnvAddsVariablesAndInheritEnvGivesArbitersOwn) {
  ::setenv("ARBITER_TEST_MARK", "mine", 1);
  EventLoop loop;
  SpawnOptions extra;
  extra.env.extra = {"FOO=bar", "LANG=en_GB.UTF-8"};
  const std::vector<std::string> added = EnvironmentOf(loop, extra);
  SpawnOptions inherit;
  inherit.env.inherit = true;
  const std::vector<std::string> all = EnvironmentOf(loop, inherit);
  ::unsetenv("ARBITER_TEST_MARK");
  EXPECT_NE(std::find(added.begin(), added.end(), "FOO=bar"), added.end());
  EXPECT_NE(std::find(added.begin(), added.end(), "LANG=en_GB.UTF-8"), added.end());
  EXPECT_EQ(std::find(added.begin(), added.end(), "LANG=C.UTF-8"), added.end());
  EXPECT_EQ(std::find(added.begin(), added.end(), "ARBITER_TEST_MARK=mine"), added.end());
  EXPECT_NE(std::find(all.begin(), all.end(), "ARBITER_TEST_MARK=mine"), all.end());
}

TEST(Limits, EachBotIsASessionLeaderWithNoControllingTerminal) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  const auto stat = proc::ReadStat(bot->pid());
  ASSERT_TRUE(stat);
  EXPECT_EQ(stat->session, bot->pid());
  EXPECT_EQ(stat->pgrp, bot->pid());
  // Field 7 of /proc/PID/stat (tty_nr) is 0: no controlling terminal.
  std::ifstream f("/proc/" + std::to_string(bot->pid()) + "/stat");
  std::string text((std::istreambuf_iterator<char>(f)), {});
  std::istringstream after(text.substr(text.rfind(')') + 2));
  std::string state, ppid, pgrp, session, tty_nr;
  after >> state >> ppid >> pgrp >> session >> tty_nr;
  EXPECT_EQ(tty_nr, "0");
}

TEST(Limits, NoNetworkLeavesOnlyLoopback) {
  std::string why;
  if (!NetworkIsolationAvailable(why)) GTEST_SKIP() << why;
  EXPECT_EQ(why, "");
  EventLoop loop;
  SpawnOptions options;
  options.limits.no_network = true;
  // /proc/net follows the reader's network namespace; /sys/class/net would
  // show the namespace of whoever mounted /sys, so it is not evidence here.
  auto bot = Sh(loop, "sed -n 's/^ *\\([^ :]*\\):.*/\\1/p' /proc/net/dev; echo end; exec sleep 30",
                options);
  ASSERT_TRUE(bot);
  std::vector<std::string> interfaces;
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] {
    while (bot->HasLine()) interfaces.push_back(bot->PopLine().line.text);
    return !interfaces.empty() && interfaces.back() == "end";
  }));
  EXPECT_EQ(interfaces, (std::vector<std::string>{"lo", "end"}));
  EXPECT_NE(NetNamespace(bot->pid()), NetNamespace(::getpid()));
}

TEST(Limits, WithoutNoNetworkTheNamespaceIsShared) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  EXPECT_EQ(NetNamespace(bot->pid()), NetNamespace(::getpid()));
}

}  // namespace
}  // namespace arbiter::harness::testing
