// Moving bytes without ever stalling the loop: floods on stdout and stderr
// stay in bounded memory, writes to a bot that never reads return at once,
// RunUntil keeps its deadline, lines carry the time their read returned, and
// an unflushed answer shows up only when the bot's stdin is closed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

long RssKb() { return std::atol(StatusField(::getpid(), "VmRSS").c_str()); }

TEST(Io, HundredMegabytesWithoutNewlineStayBoundedAndDoNotBlockTheLoop) {
  EventLoop loop;
  SpawnOptions options;
  options.max_line_bytes = 1024;
  const long rss_before = RssKb();
  auto flood = Spawn(loop, {"/usr/bin/head", "-c", "100000000", "/dev/zero"}, options);
  auto echo = Spawn(loop, {"/bin/cat"});
  ASSERT_TRUE(flood && echo);
  // Another bot is served while the flood is being drained.
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return flood->stdout_bytes() > 1000000; }));
  echo->Write("ping\n");
  ASSERT_TRUE(WaitFor(loop, milliseconds(2000), [&] { return echo->HasLine(); }));
  EXPECT_LT(flood->stdout_bytes(), 100000000u) << "the echo came only after the flood ended";
  ASSERT_TRUE(WaitFor(loop, milliseconds(20000), [&] { return flood->stdout_eof(); }));
  EXPECT_EQ(flood->stdout_bytes(), 100000000u);
  EXPECT_EQ(flood->partial_length(), 100000000u);
  EXPECT_EQ(flood->partial().size(), 1024u);
  EXPECT_FALSE(flood->HasLine());
  EXPECT_LT(RssKb() - rss_before, 32 * 1024) << "memory grew with the flood";
}

TEST(Io, StderrFloodIsDrainedAndCountedWhileLinesArrive) {
  EventLoop loop;
  SpawnOptions options;
  options.stderr_tail_bytes = 100;
  auto bot = Sh(loop,
                "head -c 20000000 /dev/zero | tr '\\0' e >&2 & "
                "for i in 1 2 3; do echo line$i; sleep 0.05; done; echo tail >&2; wait; "
                "echo the-end >&2",
                options);
  ASSERT_TRUE(bot);
  int lines = 0;
  ASSERT_TRUE(WaitFor(loop, milliseconds(10000), [&] {
    while (bot->HasLine()) EXPECT_EQ(bot->PopLine().line.text, "line" + std::to_string(++lines));
    return bot->exited() && bot->stdout_eof() && bot->stderr_bytes() == 20000000 + 13;
  }));
  EXPECT_EQ(lines, 3);
  const std::string tail = bot->stderr_tail();
  EXPECT_EQ(tail.size(), 100u);
  EXPECT_EQ(tail.substr(tail.size() - 8), "the-end\n");
}

TEST(Io, WritingToABotThatNeverReadsReturnsAtOnce) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  const std::string chunk(1 << 20, 'x');
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < 10; ++i) bot->Write(chunk);
  EXPECT_LT(MsSince(start), 2000);                  // a blocked write would never return
  EXPECT_GT(bot->pending_write_bytes(), 9u << 20);  // a pipe holds 64 KiB
  EXPECT_EQ(bot->write_done_at(), std::nullopt);
  const Clock::time_point wait = Clock::now();
  EXPECT_FALSE(loop.RunUntil(wait + milliseconds(200), [] { return false; }));
  EXPECT_GE(MsSince(wait), 180);
  EXPECT_LE(MsSince(wait), 5000);
  EXPECT_FALSE(bot->stdin_broken());
  bot->CloseStdin();  // waits for the pending bytes: still open, still queued
  EXPECT_GT(bot->pending_write_bytes(), 9u << 20);
}

TEST(Io, RunUntilKeepsItsDeadline) {
  EventLoop loop;
  Clock::time_point start = Clock::now();
  EXPECT_FALSE(loop.RunUntil(start + milliseconds(200), [] { return false; }));
  EXPECT_GE(MsSince(start), 180);
  EXPECT_LE(MsSince(start), 5000);

  auto bot = Spawn(loop, {"/bin/cat"});  // with a bot and its pending reads
  ASSERT_TRUE(bot);
  start = Clock::now();
  EXPECT_FALSE(loop.RunUntil(start + milliseconds(200), [] { return false; }));
  EXPECT_GE(MsSince(start), 180);
  EXPECT_LE(MsSince(start), 5000);

  start = Clock::now();
  // At once: well before the 5 s deadline, with a loaded machine's margin.
  EXPECT_TRUE(loop.RunUntil(start + milliseconds(5000), [] { return true; }));
  EXPECT_LT(MsSince(start), 2500);
  EXPECT_FALSE(loop.RunUntil(start - milliseconds(10), [] { return false; }));
  EXPECT_LT(MsSince(start), 2500);

  bot->Write("x\n");  // returns as soon as the answer is there
  start = Clock::now();
  EXPECT_TRUE(loop.RunUntil(start + milliseconds(5000), [&] { return bot->HasLine(); }));
  EXPECT_LT(MsSince(start), 4000);
}

TEST(Io, RunUntilWithAPastDeadlineCollectsWhatHasArrived) {
  EventLoop loop;
  auto bot = Sh(loop, "echo ready; exec sleep 30");
  ASSERT_TRUE(bot);
  ::usleep(300000);  // the line is in the pipe, not yet read
  EXPECT_FALSE(bot->HasLine());
  EXPECT_TRUE(loop.RunUntil(Clock::now(), [&] { return bot->HasLine(); }));
}

TEST(Io, LinesCarryTheTimeTheirReadReturned) {
  EventLoop loop;
  auto bot = Sh(loop, "echo a; sleep 0.3; echo b");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(
      WaitFor(loop, milliseconds(5000), [&] { return bot->exited() && bot->stdout_eof(); }));
  const TimedLine a = bot->PopLine();
  const TimedLine b = bot->PopLine();
  EXPECT_EQ(a.line.text, "a");
  EXPECT_EQ(b.line.text, "b");
  EXPECT_GE(b.at - a.at, milliseconds(250));
  EXPECT_LE(b.at, *bot->exited_at() + milliseconds(50));
}

TEST(Io, QueuedLinesAreCappedAndDropsCounted) {
  EventLoop loop;
  SpawnOptions options;
  options.max_queued_lines = 10;
  auto bot = Spawn(loop, {"/usr/bin/seq", "100"}, options);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->stdout_eof(); }));
  EXPECT_EQ(bot->dropped_lines(), 90u);
  EXPECT_EQ(bot->PopLine().line.text, "1");
}

TEST(Io, StdinBrokenWhenTheBotClosesIt) {
  EventLoop loop;
  auto bot = Sh(loop, "exec <&-; echo closed; exec sleep 30");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  bot->Write("hello\n");  // EPIPE, and no SIGPIPE for arbiter
  EXPECT_TRUE(bot->stdin_broken());
  EXPECT_EQ(bot->pending_write_bytes(), 0u);
}

TEST(Io, StdinBrokenWhileBytesWereQueued) {
  EventLoop loop;
  auto bot = Sh(loop, "sleep 0.2; exec <&-; exec sleep 30");
  ASSERT_TRUE(bot);
  bot->Write(std::string(1 << 20, 'x'));
  EXPECT_GT(bot->pending_write_bytes(), 0u);
  EXPECT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->stdin_broken(); }));
  EXPECT_EQ(bot->pending_write_bytes(), 0u);
  EXPECT_EQ(bot->write_done_at(), std::nullopt);
}

TEST(Io, QueuedBytesAreDeliveredInOrderOnceTheBotReads) {
  EventLoop loop;
  auto bot = Sh(loop, "sleep 0.2; exec wc -c");
  ASSERT_TRUE(bot);
  const std::string chunk(300000, 'y');
  for (int i = 0; i < 5; ++i) bot->Write(chunk);
  bot->CloseStdin();
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  EXPECT_EQ(bot->PopLine().line.text, "1500000");
  EXPECT_EQ(bot->pending_write_bytes(), 0u);
  ASSERT_TRUE(bot->write_done_at().has_value());
}

// print() to a pipe is block-buffered in Python: the answer sits in the bot
// until it exits, which closing its stdin makes it do.
TEST(Io, UnflushedAnswerArrivesOnlyAfterCloseStdin) {
  ASSERT_FALSE(Python().empty())
      << "this test needs /usr/bin/python3, which scripts/setup installs";
  EventLoop loop;
  auto bot = Spawn(loop, {"/usr/bin/env", "-u", "PYTHONUNBUFFERED", Python(), "-c",
                          "import sys; print('answer'); sys.stdin.read()"});
  ASSERT_TRUE(bot);
  EXPECT_FALSE(WaitFor(loop, milliseconds(400), [&] { return bot->HasLine(); }));
  EXPECT_TRUE(bot->Probe().waiting_for_stdin);
  const Clock::time_point closed = Clock::now();
  bot->CloseStdin();
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  const TimedLine line = bot->PopLine();
  EXPECT_EQ(line.line.text, "answer");
  EXPECT_GE(line.at, closed);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 0);
}

}  // namespace
}  // namespace arbiter::harness::testing
