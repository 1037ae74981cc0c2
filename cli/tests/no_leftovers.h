// "No test leaves a process behind": the test process makes itself a child
// subreaper, so anything the arbiter it runs leaves behind is re-parented to
// it when arbiter exits; its remaining children are exactly those leftovers.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter::testing {

inline void BecomeSubreaper() { prctl(PR_SET_CHILD_SUBREAPER, 1); }

// A /proc file's text; what was read so far when the process goes away
// while it is read (read() then fails with ESRCH, which an ifstream turns
// into an exception).
inline std::string ReadProcFile(const std::string& path) {
  std::string text;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  close(fd);
  return text;
}

// The children of this process, "pid (state): command"; zombies are reaped.
inline std::vector<std::string> ChildrenNow() {
  std::vector<std::string> alive;
  const std::string me = std::to_string(getpid());
  DIR* d = opendir("/proc");
  while (dirent* e = readdir(d)) {
    if (!isdigit(static_cast<unsigned char>(e->d_name[0]))) continue;
    const std::string stat = ReadProcFile(std::string("/proc/") + e->d_name + "/stat");
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid != me) continue;
    std::string cmdline = ReadProcFile(std::string("/proc/") + e->d_name + "/cmdline");
    for (char& c : cmdline) c = c ? c : ' ';
    alive.push_back(std::string(e->d_name) + " (" + state + "): " + cmdline);
    if (state == "Z") waitpid(std::stoi(e->d_name), nullptr, WNOHANG);
  }
  closedir(d);
  return alive;
}

// The children of this process still alive after a few seconds, zombies
// reaped meanwhile: a process arbiter killed as it exited may still be
// dying (or dead and not yet reaped) the moment arbiter's exit is seen;
// one that outlived the run is still running when the time is up.
inline std::vector<std::string> ChildrenAlive() {
  std::vector<std::string> alive = ChildrenNow();
  for (int i = 0; i < 300; ++i) {  // 3 s
    bool running = false;
    for (const std::string& a : alive) running = running || a.find(" (Z)") == std::string::npos;
    if (!running) return {};
    usleep(10000);
    alive = ChildrenNow();
  }
  return alive;
}

// A test fixture that runs arbiter as a child subreaper and fails any test
// that leaves a process behind.
class NoLeftoversTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { BecomeSubreaper(); }
  void TearDown() override {
    const auto alive = ChildrenAlive();
    EXPECT_TRUE(alive.empty()) << "left behind: " << alive.front();
  }
};

}  // namespace arbiter::testing
