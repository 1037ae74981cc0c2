// Starting bots: argv without a shell, PATH lookup, an exec failure reported
// as an error (never as an exit code), exit codes and signals, own process
// group, signal dispositions reset, and a plain echo round trip through cat.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "process/proc_probe.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

// A file in a fresh temporary directory, removed with the fixture.
class TempFile {
 public:
  TempFile(const std::string& text, mode_t mode) {
    char dir[] = "/tmp/arbiter-spawn-XXXXXX";
    dir_ = ::mkdtemp(dir);
    path_ = dir_ + "/bot";
    std::ofstream(path_) << text;
    ::chmod(path_.c_str(), mode);
  }
  ~TempFile() {
    ::unlink(path_.c_str());
    ::rmdir(dir_.c_str());
  }
  const std::string& path() const { return path_; }

 private:
  std::string dir_;
  std::string path_;
};

std::string SpawnError(EventLoop& loop, const std::vector<std::string>& argv) {
  SpawnOptions options;
  options.argv = argv;
  std::string error;
  const auto bot = SpawnBot(loop, options, error);
  EXPECT_EQ(bot, nullptr);
  return error;
}

TEST(Spawn, EchoRoundTripThroughCat) {
  EventLoop loop;
  auto bot = Spawn(loop, {"cat"});  // found in PATH
  ASSERT_TRUE(bot);
  const Clock::time_point before = Clock::now();
  bot->Write("hello\n");
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  ASSERT_TRUE(bot->write_done_at().has_value());
  EXPECT_GE(*bot->write_done_at(), before);
  const TimedLine line = bot->PopLine();
  EXPECT_EQ(line.line.text, "hello");
  EXPECT_GE(line.at, *bot->write_done_at());
  EXPECT_EQ(bot->pending_write_bytes(), 0u);
  bot->CloseStdin();
  ASSERT_TRUE(
      WaitFor(loop, milliseconds(5000), [&] { return bot->exited() && bot->stdout_eof(); }));
  EXPECT_EQ(bot->exit_code(), 0);
  EXPECT_EQ(bot->term_signal(), std::nullopt);
  EXPECT_GE(*bot->exited_at(), line.at);
  EXPECT_EQ(bot->stdout_bytes(), 6u);
}

TEST(Spawn, ArgvIsPassedWithoutAShell) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/echo", "a  b", "$HOME", "*"});
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->HasLine(); }));
  EXPECT_EQ(bot->PopLine().line.text, "a  b $HOME *");
}

TEST(Spawn, MissingBinaryIsAnExecError) {
  EventLoop loop;
  EXPECT_EQ(SpawnError(loop, {"./no-such-bot"}),
            "cannot execute './no-such-bot': No such file or directory");
  EXPECT_EQ(SpawnError(loop, {"no-such-bot-in-path"}),
            "cannot execute 'no-such-bot-in-path': No such file or directory");
  EXPECT_EQ(SpawnError(loop, {}), "cannot execute an empty command line");
}

TEST(Spawn, NonExecutableFileIsAnExecError) {
  EventLoop loop;
  const TempFile file("#!/bin/sh\necho hi\n", 0644);
  EXPECT_EQ(SpawnError(loop, {file.path()}),
            "cannot execute '" + file.path() + "': Permission denied");
  EXPECT_EQ(SpawnError(loop, {"/tmp"}), "cannot execute '/tmp': Permission denied");
}

// The checks before fork pass; execve itself fails, and the launcher's error
// pipe brings its errno back instead of a child exiting 127.
TEST(Spawn, ExecFailureAfterForkIsAnExecError) {
  EventLoop loop;
  const TempFile no_interpreter_line("echo hi\n", 0755);
  EXPECT_EQ(SpawnError(loop, {no_interpreter_line.path()}),
            "cannot execute '" + no_interpreter_line.path() + "': Exec format error");
  const TempFile missing_interpreter("#!/no/such/interpreter\n", 0755);
  EXPECT_EQ(SpawnError(loop, {missing_interpreter.path()}),
            "cannot execute '" + missing_interpreter.path() +
                "': No such file or directory (its #! interpreter or loader is missing)");
}

TEST(Spawn, Exit127IsAnExitCodeNotAnExecError) {
  EventLoop loop;
  auto bot = Sh(loop, "exit 127");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 127);
}

TEST(Spawn, ExitCodeIsReported) {
  EventLoop loop;
  auto bot = Sh(loop, "exit 3");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 3);
  EXPECT_EQ(bot->term_signal(), std::nullopt);
  ASSERT_TRUE(bot->exited_at().has_value());
  EXPECT_GE(*bot->exited_at(), bot->started_at());
  EXPECT_FALSE(bot->Probe().alive);
}

TEST(Spawn, DeathBySignalIsReported) {
  EventLoop loop;
  auto bot = Sh(loop, "kill -SEGV $$");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->term_signal(), SIGSEGV);
  EXPECT_EQ(bot->exit_code(), std::nullopt);
}

TEST(Spawn, EachBotLeadsItsOwnProcessGroup) {
  EventLoop loop;
  auto a = Spawn(loop, {"/bin/sleep", "30"});
  auto b = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(a && b);
  EXPECT_EQ(proc::ReadStat(a->pid())->pgrp, a->pid());
  EXPECT_EQ(proc::ReadStat(b->pid())->pgrp, b->pid());
  EXPECT_NE(proc::ReadStat(a->pid())->pgrp, proc::ReadStat(::getpid())->pgrp);
}

// arbiter ignores SIGPIPE; its bots must not inherit that, nor a blocked mask.
TEST(Spawn, BotsStartWithDefaultSignalHandling) {
  EventLoop loop;
  auto bot = Spawn(loop, {"/bin/sleep", "30"});
  ASSERT_TRUE(bot);
  EXPECT_EQ(StatusField(bot->pid(), "SigIgn"), "0000000000000000");
  EXPECT_EQ(StatusField(bot->pid(), "SigBlk"), "0000000000000000");
  const uint64_t ignored_here = std::stoull(StatusField(::getpid(), "SigIgn"), nullptr, 16);
  EXPECT_EQ(ignored_here >> (SIGPIPE - 1) & 1, 1u) << "arbiter itself ignores SIGPIPE";
}

// A forked copy of this binary plays arbiter, starts a bot and is killed: the
// parent-death signal takes the bot with it. This process is a subreaper (it
// has an EventLoop), so the dead bot comes back here to be reaped.
TEST(Spawn, BotDiesWithArbiter) {
  EventLoop loop;
  // The killed arbiter cannot remove its bot's HOME: it is made in a folder
  // of the test's own, removed at the end.
  const std::string tmp = ::testing::TempDir() + "/dies-with-arbiter-" + std::to_string(::getpid());
  ASSERT_TRUE(std::filesystem::create_directories(tmp));
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t arbiter = ::fork();
  ASSERT_GE(arbiter, 0);
  if (arbiter == 0) {
    ::setenv("TMPDIR", tmp.c_str(), 1);
    EventLoop inner;
    SpawnOptions options;
    options.argv = {"/bin/sleep", "30"};
    std::string error;
    const auto bot = SpawnBot(inner, options, error);
    const pid_t pid = bot ? bot->pid() : -1;
    [[maybe_unused]] const ssize_t n = ::write(fds[1], &pid, sizeof pid);
    ::pause();
    ::_exit(0);
  }
  pid_t bot = -1;
  ASSERT_EQ(::read(fds[0], &bot, sizeof bot), static_cast<ssize_t>(sizeof bot));
  ::close(fds[0]);
  ::close(fds[1]);
  ASSERT_GT(bot, 0);
  SpawnedGroups().push_back(bot);
  ::kill(arbiter, SIGKILL);
  ASSERT_EQ(::waitpid(arbiter, nullptr, 0), arbiter);
  int status = 0;
  pid_t reaped = 0;
  const Clock::time_point limit = Clock::now() + milliseconds(3000);
  while ((reaped = ::waitpid(bot, &status, WNOHANG)) == 0 && Clock::now() < limit) ::usleep(1000);
  std::filesystem::remove_all(tmp);
  ASSERT_EQ(reaped, bot);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
}

TEST(Spawn, StdoutAndStderrAreSeparate) {
  EventLoop loop;
  auto bot = Sh(loop, "echo out; echo err >&2");
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop, milliseconds(5000), [&] {
    return bot->exited() && bot->stdout_eof() && bot->stderr_bytes() == 4;
  }));
  EXPECT_EQ(bot->PopLine().line.text, "out");
  EXPECT_FALSE(bot->HasLine());
  EXPECT_EQ(bot->stderr_tail(), "err\n");
}

}  // namespace
}  // namespace arbiter::harness::testing
