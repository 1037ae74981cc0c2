// "No test leaves a process behind": a GoogleTest environment that, when the
// binary ends (under ctest, after every single test), fails if any process
// is still a child of this binary (a zombie counts: nobody reaped it) or is
// still in the process group of a bot a test started; then kills and reaps
// them so that nothing outlives the run even when the check fails.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <thread>

#include "process/proc_probe.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

std::vector<proc::ProcStat> Remaining() {
  const std::vector<pid_t>& groups = SpawnedGroups();
  std::vector<proc::ProcStat> out;
  for (const proc::ProcStat& s : proc::ScanProcesses()) {
    if (s.pid == ::getpid()) continue;
    const bool in_group = std::find(groups.begin(), groups.end(), s.pgrp) != groups.end();
    if (s.ppid == ::getpid() || in_group) out.push_back(s);
  }
  return out;
}

class NoProcessLeftBehind : public ::testing::Environment {
 public:
  void TearDown() override {
    const std::vector<proc::ProcStat> left = Remaining();
    std::string list;
    for (const proc::ProcStat& s : left) {
      list += " " + std::to_string(s.pid) + "(" + s.state + ", ppid " + std::to_string(s.ppid) +
              ", pgrp " + std::to_string(s.pgrp) + ")";
    }
    EXPECT_TRUE(left.empty()) << "processes left behind:" << list;
    for (int round = 0; round < 50 && !Remaining().empty(); ++round) {
      for (const proc::ProcStat& s : Remaining()) {
        ::kill(s.pid, SIGKILL);
        if (s.ppid == ::getpid()) ::waitpid(s.pid, nullptr, WNOHANG);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
};

[[maybe_unused]] ::testing::Environment* const kNoProcessLeftBehind =
    ::testing::AddGlobalTestEnvironment(new NoProcessLeftBehind);

}  // namespace
}  // namespace arbiter::harness::testing
