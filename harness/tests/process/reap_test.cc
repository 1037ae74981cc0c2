// posix::ReapWithin, which replaced the two waitpid calls that had no
// deadline (SpawnBot's error path, the network-isolation probe): a child that
// exits is reaped with its status, one that does not is killed and reaped
// after the patience given, and a pid that is not a child is refused at once.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "process/process_posix.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

double MsOf(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

TEST(ReapWithin, AChildThatExitsIsReapedWithItsStatus) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) ::_exit(7);
  int status = 0;
  EXPECT_TRUE(posix::ReapWithin(child, milliseconds(5000), &status));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 7);
  EXPECT_FALSE(Running(child));
}

TEST(ReapWithin, AChildThatDoesNotExitIsKilledAfterThePatienceAndReaped) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGTERM, SIG_IGN);
    while (true) ::pause();
  }
  const Clock::time_point start = Clock::now();
  int status = 0;
  EXPECT_TRUE(posix::ReapWithin(child, milliseconds(100), &status));
  const double took = MsOf(start);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  // The patience first (100 ms), then the kill; generous above for a busy machine.
  EXPECT_GE(took, 90.0);
  EXPECT_LT(took, 5000.0);
}

TEST(ReapWithin, APidThatIsNotAChildIsRefusedAtOnce) {
  const Clock::time_point start = Clock::now();
  EXPECT_FALSE(posix::ReapWithin(::getppid(), milliseconds(2000)));
  EXPECT_LT(MsOf(start), 1000.0);
}

}  // namespace
}  // namespace arbiter::harness::testing
