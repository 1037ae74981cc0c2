// Helpers for the real-process tests (see process_test_support.h).
#include "tests/process/process_test_support.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "process/proc_probe.h"

namespace arbiter::harness::testing {

std::vector<pid_t>& SpawnedGroups() {
  static std::vector<pid_t> groups;
  return groups;
}

std::unique_ptr<BotProcess> Spawn(EventLoop& loop, std::vector<std::string> argv,
                                  SpawnOptions options) {
  options.argv = std::move(argv);
  std::string error;
  std::unique_ptr<BotProcess> bot = SpawnBot(loop, options, error);
  if (!bot) {
    ADD_FAILURE() << "SpawnBot(" << options.argv[0] << "): " << error;
    return nullptr;
  }
  EXPECT_EQ(error, "");
  SpawnedGroups().push_back(bot->pid());
  return bot;
}

std::unique_ptr<BotProcess> Sh(EventLoop& loop, const std::string& script, SpawnOptions options) {
  return Spawn(loop, {"/bin/sh", "-c", script}, std::move(options));
}

bool WaitFor(EventLoop& loop, milliseconds limit, const std::function<bool()>& done) {
  return loop.RunUntil(Clock::now() + limit, done);
}

double MsSince(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

std::string Python() { return ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : ""; }

bool Running(pid_t pid) {
  const auto s = proc::ReadStat(pid);
  return s && s->live();
}

std::string StatusField(pid_t pid, const std::string& name) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name + ":", 0) != 0) continue;
    const size_t start = line.find_first_not_of(" \t", name.size() + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

std::string LimitsLine(pid_t pid, const std::string& name) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/limits");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name, 0) == 0) return line;
  }
  return "";
}

}  // namespace arbiter::harness::testing
