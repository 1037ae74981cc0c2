// What /proc says about a bot: which processes its group has, how much CPU
// they used, and whether one of them is blocked waiting for the bot's stdin,
// whatever call it waits in (read, poll, select, epoll), but not when it
// reads some other pipe. Also: a bot holds no descriptor but its three pipes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

// Polls Probe until `want` holds or a couple of seconds pass.
ProcProbe ProbeUntil(EventLoop& loop, BotProcess& bot, bool (*want)(const ProcProbe&)) {
  ProcProbe probe = bot.Probe();
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while (!want(probe) && Clock::now() < limit) {
    WaitFor(loop, milliseconds(20), [] { return false; });
    probe = bot.Probe();
  }
  return probe;
}

bool Waiting(const ProcProbe& p) { return p.waiting_for_stdin; }

void ExpectWaitingInPython(const std::string& code) {
  ASSERT_FALSE(Python().empty())
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  EventLoop loop;
  auto bot = Spawn(loop, {Python(), "-c", code});
  ASSERT_TRUE(bot);
  const ProcProbe probe = ProbeUntil(loop, *bot, Waiting);
  EXPECT_TRUE(probe.waiting_for_stdin) << code;
  EXPECT_TRUE(probe.alive);
}

TEST(Probe, CatBlockedOnStdinIsWaiting) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/cat"});
  ASSERT_TRUE(bot);
  const ProcProbe probe = ProbeUntil(loop, *bot, Waiting);
  EXPECT_TRUE(probe.waiting_for_stdin);
  EXPECT_TRUE(probe.alive);
  EXPECT_EQ(probe.pids, std::vector<pid_t>{bot->pid()});
}

TEST(Probe, BusyLoopIsNotWaitingAndItsCpuAdvances) {
  EventLoop loop;
  auto bot = Sh(loop, "while :; do :; done");
  ASSERT_TRUE(bot);
  const ProcProbe before = bot->Probe();
  WaitFor(loop, milliseconds(300), [] { return false; });
  const ProcProbe after = bot->Probe();
  EXPECT_FALSE(before.waiting_for_stdin);
  EXPECT_FALSE(after.waiting_for_stdin);
  EXPECT_GT(after.cpu_ticks, before.cpu_ticks);
}

TEST(Probe, SleepingIsNeitherWaitingNorBusy) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  WaitFor(loop, milliseconds(100), [] { return false; });
  const ProcProbe before = bot->Probe();
  WaitFor(loop, milliseconds(200), [] { return false; });
  const ProcProbe after = bot->Probe();
  EXPECT_FALSE(after.waiting_for_stdin);
  EXPECT_EQ(after.cpu_ticks, before.cpu_ticks);
}

TEST(Probe, ReadingAnotherPipeIsNotWaitingForStdin) {
  EventLoop loop;
  auto bot = Sh(loop, "sleep 30 | cat");  // cat reads sleep's pipe, not the bot's stdin
  ASSERT_TRUE(bot);
  WaitFor(loop, milliseconds(300), [] { return false; });
  const ProcProbe probe = bot->Probe();
  EXPECT_FALSE(probe.waiting_for_stdin);
  EXPECT_EQ(probe.pids.size(), 3u);  // sh, sleep, cat
}

TEST(Probe, ChildReadingTheBotsStdinIsWaiting) {
  EventLoop loop;
  auto bot = Sh(loop, "cat; echo done");  // sh waits for cat, cat reads the bot's stdin
  ASSERT_TRUE(bot);
  const ProcProbe probe = ProbeUntil(loop, *bot, Waiting);
  EXPECT_TRUE(probe.waiting_for_stdin);
  EXPECT_EQ(probe.pids.size(), 2u);
}

TEST(Probe, SelectOnStdinIsWaiting) {
  ExpectWaitingInPython("import select, sys; select.select([sys.stdin], [], [])");
}

TEST(Probe, PollOnStdinIsWaiting) {
  ExpectWaitingInPython("import select; p = select.poll(); p.register(0, select.POLLIN); p.poll()");
}

TEST(Probe, EpollOnStdinIsWaiting) {
  ExpectWaitingInPython(
      "import select; e = select.epoll(); e.register(0, select.EPOLLIN); e.poll()");
}

TEST(Probe, ExitedBotIsNotAlive) {
  EventLoop loop;
  auto bot = Sh(loop, "exit 0");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  const ProcProbe probe = bot->Probe();
  EXPECT_FALSE(probe.alive);
  EXPECT_TRUE(probe.pids.empty());
  EXPECT_FALSE(probe.waiting_for_stdin);
}

TEST(Probe, BotHoldsOnlyItsThreePipes) {
  EventLoop loop;
  auto other = Spawn(loop, {"/bin/cat"});  // its pipes must not leak into the next bot
  auto bot = Spawn(loop, {"/bin/ls", "/proc/self/fd"});
  ASSERT_TRUE(other && bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->stdout_eof(); }));
  std::vector<std::string> fds;
  while (bot->HasLine()) fds.push_back(bot->PopLine().line.text);
  EXPECT_EQ(fds, (std::vector<std::string>{"0", "1", "2", "3"}));  // 3: ls's own directory
  other->CloseStdin();
  EXPECT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return other->stdout_eof(); }));
}

}  // namespace
}  // namespace arbiter::harness::testing
