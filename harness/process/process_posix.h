// The POSIX work around a bot's life that does not involve moving bytes: where
// its program is, what the child does between fork and exec (own session and
// process group, parent-death signal, default signal dispositions, network namespace,
// rlimits), and how its whole process tree is found, signalled and reaped.
//
// Which processes "belong" to a bot is decided from /proc at each instant:
// its process group, every process ever seen in that group (a pid with its
// start time, so that a reused pid is not mistaken for it), children that
// were re-parented to arbiter (the child subreaper) and are not another bot,
// and every descendant of those (process_tree.cc). real_bot.cc drives it from
// the event loop; bot_process.cc starts the child (process_posix.cc).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "process/bot_process.h"
#include "process/proc_probe.h"

namespace arbiter::harness::posix {

// Finds the program execvp would run for `name` (searched in $PATH when it has
// no '/'). On failure returns "" and sets `error`: EACCES when a file of that
// name exists but cannot be executed, else ENOENT (or what stat said).
std::string ResolveExecutable(const std::string& name, int& error);

// What the forked child does before exec. `report_fd` is the write end of a
// close-on-exec pipe: on failure the child writes a ChildFailure there.
struct ChildPlan {
  Limits limits;
  pid_t parent = 0;
  int report_fd = -1;
  const char* const* envp = nullptr;  // the environment to exec with; null: arbiter's
  int cgroup_procs_fd = -1;           // a memory cgroup's cgroup.procs to join, or -1
};
struct ChildFailure {
  int step = 0;  // see ChildStepName
  int error = 0;
};
// Runs in the child between fork and exec; only system calls, no allocation.
// Returns 0, or the errno of the step that failed (after reporting it).
int PrepareChild(const ChildPlan& plan) noexcept;
std::string_view ChildStepName(int step);

// Closes every descriptor from 3 up except those in `keep`, without
// allocating. Run in the child: Boost 1.81's own pass (close_all) leaves the
// gaps between kept descriptors open.
void CloseDescriptorsExcept(const std::vector<int>& keep, std::span<const int> also = {}) noexcept;

// unshare(CLONE_NEWNET), or, for an unprivileged arbiter, a user namespace
// mapping only its own ids plus a network namespace. Returns 0 or errno.
int EnterNetworkNamespace() noexcept;

// Reaps `pid`, a child of the caller expected to exit at once: waits up to
// `patience`, then sends it SIGKILL and waits as long again. Never blocks
// past that; false when it is still not reaped (the status is then unset).
bool ReapWithin(pid_t pid, std::chrono::milliseconds patience, int* status = nullptr);

// Pids with their start time: the identity of a process across pid reuse.
using ProcessIds = std::set<std::pair<pid_t, uint64_t>>;

struct BotTree {
  pid_t main_pid = 0;          // also the process group id
  uint64_t main_start = 0;     // start time of the main process (clock ticks)
  ProcessIds* seen = nullptr;  // grows with every member found
  // The bot runs in a PID namespace of its own (sandbox.h), which the
  // kernel ends with the namespace's first process: what is alive when the
  // main process has exited is on its way out, and is waited for, never
  // counted as outliving it (arbiter.process.no-leftovers: a contained
  // bot's leftovers are not checked; a process of gigabytes takes its time
  // to die on a busy machine).
  bool pid_namespace = false;
  // The processes arbiter has already sent SIGKILL (the memory watch, or
  // the rest of a tree the kernel stopped at its limit): still alive at the
  // teardown, they are dying of arbiter's kill, not outliving the bot.
  const ProcessIds* killed = nullptr;
};

// Sends `sig` to the bot's group and to every member. For the memory watch,
// which must stop a runaway tree at once without running the loop. Returns
// the members it signalled.
std::vector<proc::ProcStat> SignalTree(const BotTree& tree, int sig);

// The processes that belong to the bot now, zombies included. A child of
// arbiter outside every bot's group and session is taken for an orphan of
// this bot unless it is another live bot (LiveMains).
std::vector<proc::ProcStat> BotMembers(const BotTree& tree);

// The main pids of every live bot of every event loop in the process (games
// run on several threads). A spawn is registered from before its fork until
// its main pid is known (SpawnRegistration); BotMembers scans /proc without
// holding the registry's lock, and takes no child of arbiter for an orphan
// when a spawn was in flight at either end of its scan: that child may be a
// bot another thread has just forked. The next scan decides.
class SpawnRegistration {
 public:
  SpawnRegistration();   // the spawn is in flight
  ~SpawnRegistration();  // it is over, registered or failed
  void Register(pid_t main_pid);
  SpawnRegistration(const SpawnRegistration&) = delete;
  SpawnRegistration& operator=(const SpawnRegistration&) = delete;

 private:
  bool done_ = false;
};
// A released bot: its main pid is no longer a live bot's.
void ForgetMain(pid_t main_pid);

// BotMembers without a scan of /proc, where that gives the same answer: the
// main process and the children of arbiter that BotMembers would take for
// this bot's (its group's, its session's, seen before, or orphans), with
// their descendants (/proc/PID/task/*/children). A process of the group
// whose parent is outside all of these (only a subreaper of the bot's own
// could make one) is missed until the next full scan. The other bots are
// read before and after the look, as for a scan; nullopt when a spawn was in
// flight at either end or began during it: then only a scan can tell its
// new bot apart.
// `during_look` (for tests) runs between the look at the other bots and the
// look at the processes.
std::optional<std::vector<proc::ProcStat>> QuickMembers(
    const BotTree& tree, const std::function<void()>& during_look = {});

// The live members other than the main process: what outlives it. None in
// a PID namespace (tree.pid_namespace), and none arbiter has already killed
// (tree.killed): those are dying, not outliving it.
std::vector<proc::ProcStat> Leftovers(const BotTree& tree,
                                      const std::vector<proc::ProcStat>& members);

// Live members of the bot's own process group, remembered in tree.seen.
std::vector<proc::ProcStat> GroupMembers(const BotTree& tree);

struct TeardownHooks {
  // Whether the main process has been reaped (by the event loop's wait).
  std::function<bool()> main_reaped;
  // Runs the event loop until the time given (so the main process gets reaped
  // and its output drained) and returns early when it has nothing to do.
  std::function<void(Clock::time_point)> run_until;
  // Runs the event loop until the main process is reaped or the time given.
  std::function<void(Clock::time_point)> run_until_reaped;
};

// SIGTERM (and SIGCONT) to every member, up to `grace` for them to end, then
// SIGKILL until nothing is left or a second passes; reaps the members that
// are arbiter's children (except the main process, which the loop reaps).
// Leftovers: the other members alive at entry if the main process had
// exited by then, else those still alive at the end of the grace period
// when the main process was gone by then.
TeardownReport TearDownTree(const BotTree& tree, const TeardownHooks& hooks, Clock::duration grace);

}  // namespace arbiter::harness::posix
