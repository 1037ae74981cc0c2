// Limits a bot runs under: rlimits as /proc/PID/limits shows them and as a
// big allocation feels them, zero meaning "inherited", and the network
// namespace of Limits::no_network (only loopback), skipped with the reason
// when this machine does not allow one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <sstream>

#include "process_test_support.h"

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
  if (Python().empty()) GTEST_SKIP() << "no /usr/bin/python3";
  EventLoop loop;
  const std::string code =
      "try:\n"
      "    b = bytearray(512 << 20)\n"
      "    print('allocated')\n"
      "except MemoryError:\n"
      "    print('MemoryError')\n";
  SpawnOptions small;
  small.limits.memory_mb = 100;
  auto bot = Spawn(loop, {Python(), "-c", code}, small);
  SpawnOptions large;
  large.limits.memory_mb = 2048;
  auto control = Spawn(loop, {Python(), "-c", code}, large);
  ASSERT_TRUE(bot && control);
  ASSERT_TRUE(WaitFor(loop, milliseconds(10000),
                      [&] { return bot->stdout_eof() && control->stdout_eof(); }));
  ASSERT_TRUE(bot->HasLine() && control->HasLine()) << bot->stderr_tail();
  EXPECT_EQ(bot->PopLine().line.text, "MemoryError");
  EXPECT_EQ(control->PopLine().line.text, "allocated");
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
