// Helpers for the real-process tests: spawning with the error in the failure
// message, waiting with a deadline, reading /proc, and the list of every bot
// started, which the leak check at the end of each test binary run inspects.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "process/bot_process.h"

namespace arbiter::harness::testing {

using std::chrono::milliseconds;

// Main pids (= process groups) of every bot spawned through Spawn or Sh.
std::vector<pid_t>& SpawnedGroups();

// Starts argv; on failure records a test failure with the error and returns
// nullptr (so write `ASSERT_TRUE(bot)` after it).
std::unique_ptr<BotProcess> Spawn(EventLoop& loop, std::vector<std::string> argv,
                                  SpawnOptions options = {});
// Runs `script` with /bin/sh -c.
std::unique_ptr<BotProcess> Sh(EventLoop& loop, const std::string& script,
                               SpawnOptions options = {});

// Runs the loop until done() or `limit` from now; returns done().
bool WaitFor(EventLoop& loop, milliseconds limit, const std::function<bool()>& done);
// Milliseconds since `since`.
double MsSince(Clock::time_point since);

// The system Python (not a pyenv shim, which is slower and forks), or "".
std::string Python();

// Whether `pid` exists and is not a zombie.
bool Running(pid_t pid);
// The value of a /proc/PID/status field ("VmRSS" -> "1234 kB"), or "".
std::string StatusField(pid_t pid, const std::string& name);
// One line of /proc/PID/limits ("Max address space"), or "".
std::string LimitsLine(pid_t pid, const std::string& name);

}  // namespace arbiter::harness::testing
