// Tests of the signal side of interruption (interrupt.h,
// arbiter.run.interrupted): the handler leaves errno as it found it, and a
// second signal kills what is left of a group whose leader was already
// reaped. Each test runs in a process of its own under ctest; the one that
// needs the handler's _exit runs it in a forked child.
#include "process/interrupt.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <thread>

namespace arbiter::harness {
namespace {

TEST(Interrupt, TheHandlerLeavesErrnoAsItFoundIt) {
  InstallInterruptHandlers();
  const int wake = NewWakeFd();
  ASSERT_GE(wake, 0);
  // A full wake pipe: the handler's write fails (EAGAIN), as it may in a run
  // whose loop has not read its wake byte yet.
  for (int i = 0; i < 70000; ++i) SimulateInterrupt(SIGINT);
  SimulateInterrupt(0);
  errno = 0;
  ASSERT_EQ(::raise(SIGINT), 0);
  const int after = errno;
  EXPECT_EQ(InterruptSignal(), SIGINT);
  EXPECT_EQ(after, 0) << "errno became " << after << " in the handler";
  SimulateInterrupt(0);
  ReleaseWakeFd(wake);
}

// Polls for `pid`, a child of this process, to end; true when it was reaped.
bool Reaped(pid_t pid, int& status, std::chrono::seconds within) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (std::chrono::steady_clock::now() < until) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(Interrupt, ASecondSignalKillsTheGroupOfALeaderAlreadyReaped) {
  // This process adopts the orphan when its group's leader is gone.
  ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t runner = ::fork();  // stands for arbiter: it registers, then is signalled
  ASSERT_GE(runner, 0);
  if (runner == 0) {
    InstallInterruptHandlers();
    int go[2];
    if (::pipe(go) != 0) ::_exit(3);
    const pid_t leader = ::fork();
    if (leader == 0) {  // a bot: its own group, a child left in it, then it exits
      ::setpgid(0, 0);
      const pid_t orphan = ::fork();
      if (orphan == 0) {
        ::execl("/bin/sleep", "sleep", "60", static_cast<char*>(nullptr));
        ::_exit(4);
      }
      [[maybe_unused]] const ssize_t w = ::write(pipe_fds[1], &orphan, sizeof orphan);
      char c;
      [[maybe_unused]] const ssize_t r = ::read(go[0], &c, 1);  // until registered
      ::_exit(0);
    }
    ::setpgid(leader, leader);
    RegisterGroup(leader);
    [[maybe_unused]] const ssize_t w = ::write(go[1], "x", 1);
    int status = 0;
    ::waitpid(leader, &status, 0);  // the leader reaped: its pid is free again
    ::raise(SIGTERM);
    // Past a burst (the same signal within 250 ms is the same interrupt),
    // the second one kills the groups and exits.
    ::usleep(400 * 1000);
    ::raise(SIGTERM);
    ::_exit(5);
  }
  pid_t orphan = -1;
  ASSERT_EQ(::read(pipe_fds[0], &orphan, sizeof orphan), static_cast<ssize_t>(sizeof orphan));
  int status = 0;
  ASSERT_TRUE(Reaped(runner, status, std::chrono::seconds(20)));
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM) << status;
  // The orphan is this process's now; killed, it is reaped at once.
  status = 0;
  ASSERT_TRUE(Reaped(orphan, status, std::chrono::seconds(20)))
      << "the orphan " << orphan << " outlived the second signal";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
}

}  // namespace
}  // namespace arbiter::harness
