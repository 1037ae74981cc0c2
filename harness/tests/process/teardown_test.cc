// Ending bots: SIGTERM then SIGKILL to the whole tree, descendants that left
// the group (setsid) or were orphaned to arbiter included, stopped processes
// woken, everything reaped, and a report that says what outlived the bot.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "process/proc_probe.h"
#include "process/process_posix.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

constexpr auto kGrace = milliseconds(200);

bool Contains(const std::vector<pid_t>& pids, pid_t pid) {
  return std::find(pids.begin(), pids.end(), pid) != pids.end();
}

TEST(Teardown, PoliteBotEndsOnSigterm) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  // A grace far longer than the teardown can take on any machine: ending
  // well within it shows the SIGTERM ended the bot, not the grace running out.
  const Clock::time_point start = Clock::now();
  const TeardownReport report = bot->Terminate(std::chrono::seconds(20));
  EXPECT_LT(MsSince(start), 10000);
  EXPECT_FALSE(report.exited_before);
  EXPECT_FALSE(report.needed_sigkill);
  EXPECT_TRUE(report.leftovers.empty());
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_TRUE(bot->exited());
  EXPECT_EQ(bot->term_signal(), SIGTERM);
  EXPECT_FALSE(Running(bot->pid()));
}

TEST(Teardown, IgnoringSigtermNeedsSigkillAndLeavesNothing) {
  EventLoop loop;
  auto bot = Sh(loop, "trap '' TERM; sleep 30; :");  // sleep inherits the ignored TERM
  ASSERT_TRUE(bot);
  std::vector<pid_t> pids;
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while (pids.size() < 2 && Clock::now() < limit) pids = bot->Probe().pids;
  ASSERT_EQ(pids.size(), 2u);
  const Clock::time_point start = Clock::now();
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_GE(MsSince(start), 180);
  EXPECT_FALSE(report.exited_before);
  EXPECT_TRUE(report.needed_sigkill);
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_EQ(bot->term_signal(), SIGKILL);
  for (const pid_t pid : pids) EXPECT_FALSE(Running(pid)) << pid;
}

TEST(Teardown, SetsidGrandchildHoldingStdoutIsALeftoverAndIsKilled) {
  EventLoop loop;
  auto bot = Sh(loop, "setsid sleep 30 & echo $!");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited() && bot->HasLine(); }));
  const pid_t grandchild = std::stoi(bot->PopLine().line.text);
  EXPECT_FALSE(WaitFor(loop, milliseconds(100), [&] { return bot->stdout_eof(); }))
      << "the grandchild holds stdout open";
  EXPECT_TRUE(Running(grandchild));
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_TRUE(report.exited_before);
  EXPECT_TRUE(Contains(report.leftovers, grandchild));
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_FALSE(Running(grandchild));
  EXPECT_TRUE(WaitFor(loop, milliseconds(2000), [&] { return bot->stdout_eof(); }));
}

// The subshell that started it exits, so the orphan is re-parented to
// arbiter (a child subreaper) while the bot's main process still runs.
TEST(Teardown, OrphanReparentedToArbiterIsKilled) {
  EventLoop loop;
  auto bot = Sh(loop, "(setsid sleep 30 & echo $!); exec sleep 30");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  const pid_t orphan = std::stoi(bot->PopLine().line.text);
  ASSERT_TRUE(Running(orphan));
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_FALSE(report.exited_before);
  EXPECT_FALSE(report.needed_sigkill);
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_FALSE(Running(orphan));
}

TEST(Teardown, AllChildrenInTheGroupEnd) {
  EventLoop loop;
  auto bot = Sh(loop, "sleep 30 & sleep 30 & wait");
  ASSERT_TRUE(bot);
  std::vector<pid_t> pids;
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while (pids.size() < 3 && Clock::now() < limit) pids = bot->Probe().pids;
  ASSERT_EQ(pids.size(), 3u);
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_FALSE(report.needed_sigkill);
  EXPECT_TRUE(report.leftovers.empty()) << "they died of the same SIGTERM";
  for (const pid_t pid : pids) EXPECT_FALSE(Running(pid)) << pid;
}

TEST(Teardown, ChildOutlivingTheMainProcessIsALeftover) {
  EventLoop loop;
  // The child prints its pid only once it ignores SIGTERM (an ignored signal
  // stays ignored across exec), so teardown cannot race the trap.
  auto bot = Sh(loop, "sh -c 'trap \"\" TERM; echo $$; exec sleep 30' & sleep 30");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  const pid_t child = std::stoi(bot->PopLine().line.text);
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_FALSE(report.exited_before);
  EXPECT_TRUE(report.needed_sigkill);
  EXPECT_TRUE(Contains(report.leftovers, child));
  EXPECT_FALSE(Contains(report.leftovers, bot->pid()));
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_EQ(bot->term_signal(), SIGTERM);
  EXPECT_FALSE(Running(child));
}

// Tears `bot`'s tree down as the bot's own teardown does, the tree as given.
TeardownReport TearDownAs(EventLoop& loop, BotProcess& bot, const posix::BotTree& tree) {
  posix::TeardownHooks hooks;
  hooks.main_reaped = [&] { return bot.exited(); };
  hooks.run_until = [&](Clock::time_point t) { loop.RunUntil(t, [] { return false; }); };
  hooks.run_until_reaped = [&](Clock::time_point t) {
    loop.RunUntil(t, [&] { return bot.exited(); });
  };
  return posix::TearDownTree(tree, hooks, kGrace);
}

// A bot whose main process has exited while its child, `child`, lives on;
// `start` is the main process's start time.
std::unique_ptr<BotProcess> OutlivedBot(EventLoop& loop, pid_t& child, uint64_t& start) {
  auto bot = Sh(loop, "sleep 30 & echo $!; read x");
  if (!bot || !WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); })) return nullptr;
  child = std::stoi(bot->PopLine().line.text);
  const auto main = proc::ReadStat(bot->pid());
  if (!main) return nullptr;
  start = main->start_time;
  bot->CloseStdin();
  if (!WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); })) return nullptr;
  return bot;
}

// A contained bot runs in a PID namespace of its own, which the kernel ends
// with it: what is still alive once its main process has exited is dying (a
// process of gigabytes the memory limit stopped takes its time on a busy
// machine), and the report says that a contained bot's leftovers are not
// checked (arbiter.process.no-leftovers). Before, what was alive after
// 200 ms was a leftover. A child outliving its bot plays the dying process.
TEST(Teardown, InAPidNamespaceWhatIsStillAliveWhenTheBotEndedIsNoLeftoverAndIsEnded) {
  EventLoop loop;
  pid_t child = 0;
  uint64_t start = 0;
  auto bot = OutlivedBot(loop, child, start);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(Running(child));
  posix::ProcessIds seen;
  const TeardownReport report =
      TearDownAs(loop, *bot, posix::BotTree{bot->pid(), start, &seen, /*pid_namespace=*/true});
  EXPECT_TRUE(report.exited_before);
  EXPECT_TRUE(report.leftovers.empty()) << "the namespace ends it";
  EXPECT_TRUE(report.survivors.empty());
  EXPECT_FALSE(Running(child));
}

// The memory watch kills the whole tree at once; the main process may be
// gone before the rest, still dying of that kill, is: not a leftover. The
// same child, not killed by arbiter, is one.
TEST(Teardown, AProcessArbiterHadAlreadyKilledIsNoLeftoverAndOneItHadNotIs) {
  for (const bool killed_before : {true, false}) {
    EventLoop loop;
    pid_t child = 0;
    uint64_t start = 0;
    auto bot = OutlivedBot(loop, child, start);
    ASSERT_TRUE(bot);
    const auto stat = proc::ReadStat(child);
    ASSERT_TRUE(stat);
    posix::ProcessIds seen, killed;
    if (killed_before) killed.insert({child, stat->start_time});
    const TeardownReport report =
        TearDownAs(loop, *bot, posix::BotTree{bot->pid(), start, &seen, false, &killed});
    EXPECT_EQ(Contains(report.leftovers, child), !killed_before) << killed_before;
    EXPECT_TRUE(report.survivors.empty());
    EXPECT_FALSE(Running(child));
  }
}

TEST(Teardown, StoppedBotIsWokenToEnd) {
  EventLoop loop;
  auto bot = Sh(loop, "kill -STOP $$; sleep 30");
  ASSERT_TRUE(bot);
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while (StatusField(bot->pid(), "State").rfind("T", 0) != 0 && Clock::now() < limit) {
  }
  ASSERT_EQ(StatusField(bot->pid(), "State").substr(0, 1), "T");
  const TeardownReport report = bot->Terminate(kGrace);
  EXPECT_FALSE(report.needed_sigkill);
  EXPECT_EQ(bot->term_signal(), SIGTERM);
}

TEST(Teardown, ExitedBotReportsExitedBeforeAndTerminateTwiceIsSafe) {
  EventLoop loop;
  auto bot = Sh(loop, "exit 5");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  const TeardownReport first = bot->Terminate(kGrace);
  EXPECT_TRUE(first.exited_before);
  EXPECT_FALSE(first.needed_sigkill);
  EXPECT_TRUE(first.leftovers.empty());
  const TeardownReport second = bot->Terminate(kGrace);
  EXPECT_TRUE(second.exited_before);
  EXPECT_TRUE(second.survivors.empty());
  EXPECT_EQ(bot->exit_code(), 5);
}

TEST(Teardown, ExitNoticedEvenIfTheLoopHasNotRun) {
  EventLoop loop;
  auto bot = Sh(loop, "exit 0");
  ASSERT_TRUE(bot);
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while (StatusField(bot->pid(), "State").rfind("Z", 0) != 0 && Clock::now() < limit) {
  }
  EXPECT_TRUE(bot->Terminate(kGrace).exited_before);
  EXPECT_EQ(bot->exit_code(), 0);
}

TEST(Teardown, DestroyingARunningBotEndsItsTree) {
  EventLoop loop;
  auto bot = Sh(loop, "trap '' TERM; setsid sleep 30 & echo $!; sleep 30; :");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  const pid_t main = bot->pid();
  const pid_t grandchild = std::stoi(bot->PopLine().line.text);
  bot.reset();
  EXPECT_FALSE(Running(main));
  EXPECT_FALSE(Running(grandchild));
}

TEST(Teardown, DestroyingTheLoopFirstEndsItsBots) {
  auto loop = std::make_unique<EventLoop>();
  auto bot = Spawn(*loop, {"/bin/cat"});
  ASSERT_TRUE(bot);
  bot->Write(std::string(1 << 20, 'z'));  // with a write pending
  const pid_t pid = bot->pid();
  loop.reset();
  EXPECT_FALSE(Running(pid));
  EXPECT_TRUE(bot->exited());
  EXPECT_TRUE(bot->Terminate(kGrace).survivors.empty());
  bot->Write("ignored\n");
  bot.reset();
}

TEST(Teardown, OtherBotsAreLeftAlone) {
  EventLoop loop;
  auto a = Spawn(loop, {"/bin/sleep", "30"});
  auto b = Spawn(loop, {"/bin/cat"});
  ASSERT_TRUE(a && b);
  a->Terminate(kGrace);
  EXPECT_TRUE(Running(b->pid()));
  b->Write("still here\n");
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return b->HasLine(); }));
  EXPECT_EQ(b->PopLine().line.text, "still here");
}

// Between its fork and its registration, a bot another thread is starting is
// a child of arbiter in its own session and in no bot's group: what an orphan
// that left its bot's session looks like too. A scan during a spawn leaves it
// alone (the scan does not hold the lock that spawns take); with no spawn in
// flight it is taken, which shows the rule this guards is live.
TEST(Teardown, AChildOfArbiterIsNotTakenForAnOrphanWhileABotIsBeingStarted) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  const auto main = proc::ReadStat(bot->pid());
  ASSERT_TRUE(main);
  const pid_t stranger = ::fork();
  ASSERT_GE(stranger, 0);
  if (stranger == 0) {
    ::setsid();
    while (true) ::pause();
  }
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] {
    const auto s = proc::ReadStat(stranger);
    return s && s->session == stranger;
  }));
  posix::ProcessIds seen;
  const posix::BotTree tree{bot->pid(), main->start_time, &seen};
  auto members = [&] {
    std::vector<pid_t> pids;
    for (const proc::ProcStat& s : posix::BotMembers(tree)) pids.push_back(s.pid);
    return pids;
  };
  {
    posix::SpawnRegistration in_flight;
    EXPECT_FALSE(Contains(members(), stranger));
  }
  EXPECT_TRUE(Contains(members(), stranger));
  ::kill(stranger, SIGKILL);
  ::waitpid(stranger, nullptr, 0);
}

// The look without a scan (QuickMembers, at a bot's teardown) reads the
// other bots before it reads arbiter's children: a bot another thread starts
// and registers in between is a child of arbiter in its own session and
// group, no bot that look knew of. Taken for an orphan of this bot, it was
// remembered as this bot's for good, and fuzz-referee, busy starting the next
// game's referee beside one that had ended, named that referee and its child
// as processes the first one left running.
TEST(Teardown, ABotStartedDuringALookWithoutAScanIsNeverTakenForThisBots) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  const auto main = proc::ReadStat(bot->pid());
  ASSERT_TRUE(main);
  posix::ProcessIds seen;
  const posix::BotTree tree{bot->pid(), main->start_time, &seen};
  std::unique_ptr<BotProcess> newcomer;
  const auto quick = posix::QuickMembers(tree, [&] {
    newcomer = Spawn(loop, {"/bin/sleep", "30"});
  });
  ASSERT_TRUE(newcomer);
  const pid_t stranger = newcomer->pid();
  if (quick) {
    for (const proc::ProcStat& s : *quick) EXPECT_NE(s.pid, stranger);
  }
  std::vector<pid_t> members;
  for (const proc::ProcStat& s : posix::BotMembers(tree)) members.push_back(s.pid);
  EXPECT_FALSE(Contains(members, stranger));
  EXPECT_TRUE(Contains(members, bot->pid()));
}

}  // namespace
}  // namespace arbiter::harness::testing
