// Internal to the harness: the real BotProcess, once SpawnBot (bot_process.cc)
// has started its program: the channels' bytes, its exit, the watch of its
// tree (resident memory, CPU time), its /proc evidence and its teardown.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "process/bot_channels.h"
#include "process/bot_process.h"
#include "process/memory_cgroup.h"
#include "process/sandbox.h"

namespace arbiter::harness {

// A bot run under bubblewrap: what it saw, and how it runs uncontained
// (Containment::undo), for ContainmentEvidence.
struct Contained {
  SandboxView view;
  std::string undo;
};

// A bot of `loop` whose main process `pid` was started at `started`, with
// `ch` started; `home` (its HOME, or empty) is removed when it is released,
// and `cgroup` (its memory cgroup, or null) once its tree is gone;
// `contained` is set when it runs under bubblewrap.
std::unique_ptr<BotProcess> MakeRealBot(EventLoop& loop, std::shared_ptr<Channels> ch, pid_t pid,
                                        Clock::time_point started, const Limits& limits,
                                        std::string home, std::unique_ptr<MemoryCgroup> cgroup,
                                        std::optional<Contained> contained);

}  // namespace arbiter::harness
