// The process tree of a bot (process_posix.h): which processes belong to it
// (its group and session, the processes seen in them, orphans re-parented to
// arbiter and their descendants), the registry of live bots that tells other
// bots' processes apart, signals to the whole tree, and its teardown. Read
// from /proc (proc_probe.h); nothing here waits without a deadline.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "process/process_posix.h"

namespace arbiter::harness::posix {
namespace {

bool SameProcess(const proc::ProcStat& s, pid_t pid, uint64_t start) {
  return s.pid == pid && s.start_time == start;
}

// The main process has exited (reaped or not). Does not reap it.
bool MainExited(const BotTree& tree, const TeardownHooks& hooks) {
  if (hooks.main_reaped()) return true;
  siginfo_t info{};
  if (::waitid(P_PID, tree.main_pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
    return errno == ECHILD;
  return info.si_pid == tree.main_pid;
}

// Reaps members that are zombie children of arbiter, except the main process
// while the event loop's wait for it is pending.
void Reap(const BotTree& tree, const TeardownHooks& hooks,
          const std::vector<proc::ProcStat>& members) {
  const pid_t self = ::getpid();
  for (const proc::ProcStat& s : members) {
    if (s.ppid != self || s.live()) continue;
    if (SameProcess(s, tree.main_pid, tree.main_start) && !hooks.main_reaped()) continue;
    ::waitpid(s.pid, nullptr, WNOHANG);
  }
}

std::vector<pid_t> LivePids(const BotTree& tree, const std::vector<proc::ProcStat>& members,
                            bool include_main) {
  std::vector<pid_t> out;
  for (const proc::ProcStat& s : members) {
    if (!s.live()) continue;
    if (!include_main && SameProcess(s, tree.main_pid, tree.main_start)) continue;
    out.push_back(s.pid);
  }
  return out;
}

}  // namespace

std::vector<proc::ProcStat> Leftovers(const BotTree& tree,
                                      const std::vector<proc::ProcStat>& members) {
  std::vector<proc::ProcStat> out;
  if (tree.pid_namespace) return out;  // the namespace ends them with the bot
  for (const proc::ProcStat& s : members) {
    if (!s.live() || SameProcess(s, tree.main_pid, tree.main_start)) continue;
    if (tree.killed && tree.killed->count({s.pid, s.start_time})) continue;  // dying of it
    out.push_back(s);
  }
  return out;
}

namespace {

// The leftovers, with their names, into the report.
void NoteLeftovers(const BotTree& tree, const std::vector<proc::ProcStat>& members,
                   TeardownReport& report) {
  report.leftovers.clear();
  report.leftover_names.clear();
  for (const proc::ProcStat& s : Leftovers(tree, members)) {
    report.leftovers.push_back(s.pid);
    report.leftover_names.emplace_back(s.comm);
  }
}

// Signals the group (while members of it exist) and every live member; with
// `only_new`, only the members not signalled before.
void Signal(const BotTree& tree, const std::vector<proc::ProcStat>& members, int sig,
            std::set<pid_t>* only_new) {
  bool group_exists = false;
  for (const proc::ProcStat& s : members) group_exists |= s.pgrp == tree.main_pid && s.live();
  if (group_exists && only_new == nullptr) {
    ::kill(-tree.main_pid, sig);
    if (sig == SIGTERM) ::kill(-tree.main_pid, SIGCONT);  // a stopped process cannot act on TERM
  }
  for (const proc::ProcStat& s : members) {
    if (!s.live()) continue;
    if (only_new != nullptr && !only_new->insert(s.pid).second) continue;
    ::kill(s.pid, sig);
    if (sig == SIGTERM) ::kill(s.pid, SIGCONT);
  }
}

// The registry of live bots' main pids and of spawns in flight.
struct Registry {
  std::mutex mu;
  std::set<pid_t> mains;
  int in_flight = 0;     // spawns between their start and their registration
  uint64_t started = 0;  // spawns ever started: tells a scan that one began
};

Registry& Bots() {
  static Registry r;
  return r;
}

// What BotMembers knows of the other bots around its /proc scan.
struct Others {
  std::set<pid_t> mains;  // their main pids (and groups, sessions)
  uint64_t started = 0;   // Registry::started when the scan began
  bool spawning = false;  // a spawn was in flight during the scan, or began in it
};

// Before the scan (`before` null) and after it: a bot released during the
// scan is still another's, a bot registered during it is known by the end.
Others SnapshotOthers(pid_t self_main, Others* before) {
  Registry& r = Bots();
  std::lock_guard lock(r.mu);
  Others o;
  if (before) o.mains = std::move(before->mains);
  for (const pid_t main : r.mains)
    if (main != self_main) o.mains.insert(main);
  o.started = r.started;
  o.spawning = r.in_flight > 0 || (before && (before->spawning || before->started != r.started));
  return o;
}

// Whether `s`, found by a look at the processes, is a member of the bot of
// `tree` in its own right (before its descendants are added); `self` and
// `own_session` are arbiter's.
bool TakenForTheBot(const proc::ProcStat& s, const BotTree& tree, const Others& others, pid_t self,
                    pid_t own_session) {
  const bool other = others.mains.count(s.pid) != 0 || others.mains.count(s.pgrp) != 0 ||
                     others.mains.count(s.session) != 0;
  // A child of arbiter that is no other bot's: an orphan of this bot's
  // reparented here (arbiter is a subreaper). Not one still in arbiter's
  // own session: a bot another thread has just forked, before its setsid;
  // nor any while a spawn was in flight (after its setsid, before its
  // registration, a new bot looks just like an orphan that left its session).
  const bool orphan = s.ppid == self && !other && s.session != own_session && !others.spawning;
  return s.pgrp == tree.main_pid || s.session == tree.main_pid ||
         tree.seen->count({s.pid, s.start_time}) != 0 || orphan;
}

constexpr int kScanTries = 3;  // scans that overlap a spawn, before orphans wait for the next look

}  // namespace

SpawnRegistration::SpawnRegistration() {
  Registry& r = Bots();
  std::lock_guard lock(r.mu);
  ++r.in_flight;
  ++r.started;
}

void SpawnRegistration::Register(pid_t main_pid) {
  Registry& r = Bots();
  std::lock_guard lock(r.mu);
  r.mains.insert(main_pid);
  if (!done_) --r.in_flight;
  done_ = true;
}

SpawnRegistration::~SpawnRegistration() {
  Registry& r = Bots();
  std::lock_guard lock(r.mu);
  if (!done_) --r.in_flight;
}

void ForgetMain(pid_t main_pid) {
  Registry& r = Bots();
  std::lock_guard lock(r.mu);
  r.mains.erase(main_pid);
}

namespace {

// Which of `all`, one look at the processes with what was known of the other
// bots around it, belong to the bot: those taken for it in their own right
// and their descendants among `all`. Remembered in tree.seen.
std::vector<proc::ProcStat> MembersAmong(const BotTree& tree,
                                         const std::vector<proc::ProcStat>& all,
                                         const Others& others) {
  const pid_t self = ::getpid(), own_session = ::getsid(0);
  std::map<pid_t, std::vector<size_t>> children;
  std::vector<size_t> queue;
  std::set<pid_t> in;
  for (size_t i = 0; i < all.size(); ++i) {
    const proc::ProcStat& s = all[i];
    if (s.start_time < tree.main_start || s.pid == self) continue;  // older than the bot
    children[s.ppid].push_back(i);
    if (TakenForTheBot(s, tree, others, self, own_session) && in.insert(s.pid).second)
      queue.push_back(i);
  }
  for (size_t q = 0; q < queue.size(); ++q) {  // descendants of members
    const auto it = children.find(all[queue[q]].pid);
    if (it == children.end()) continue;
    for (const size_t c : it->second) {
      if (in.insert(all[c].pid).second) queue.push_back(c);
    }
  }
  std::vector<proc::ProcStat> out;
  for (const size_t i : queue) {
    out.push_back(all[i]);
    tree.seen->insert({all[i].pid, all[i].start_time});
  }
  return out;
}

}  // namespace

std::vector<proc::ProcStat> BotMembers(const BotTree& tree) {
  std::vector<proc::ProcStat> all;
  Others others;
  for (int attempt = 0; attempt < kScanTries && (attempt == 0 || others.spawning); ++attempt) {
    Others before = SnapshotOthers(tree.main_pid, nullptr);
    all = proc::ScanProcesses();
    others = SnapshotOthers(tree.main_pid, &before);
  }
  return MembersAmong(tree, all, others);
}

std::optional<std::vector<proc::ProcStat>> QuickMembers(const BotTree& tree,
                                                        const std::function<void()>& during_look) {
  Others before = SnapshotOthers(tree.main_pid, nullptr);
  if (before.spawning) return std::nullopt;
  if (during_look) during_look();
  // The candidates: the main process, the children of arbiter taken for the
  // bot's by what was known before, and their descendants.
  const pid_t self = ::getpid(), own_session = ::getsid(0);
  std::vector<proc::ProcStat> all;
  std::set<pid_t> in;
  auto add = [&](pid_t pid) {
    if (!in.insert(pid).second) return;
    if (const auto s = proc::ReadStat(pid)) all.push_back(*s);
  };
  add(tree.main_pid);
  for (const pid_t child : proc::Children(self)) {
    const auto s = proc::ReadStat(child);
    if (s && TakenForTheBot(*s, tree, before, self, own_session)) add(child);
  }
  for (size_t i = 0; i < all.size(); ++i)
    for (const pid_t child : proc::Children(all[i].pid)) add(child);
  // As for a scan: a bot started while the children were read is known
  // only by what is known after it.
  const Others others = SnapshotOthers(tree.main_pid, &before);
  if (others.spawning) return std::nullopt;
  return MembersAmong(tree, all, others);
}

std::vector<proc::ProcStat> SignalTree(const BotTree& tree, int sig) {
  std::vector<proc::ProcStat> members = BotMembers(tree);
  Signal(tree, members, sig, nullptr);
  return members;
}

std::vector<proc::ProcStat> GroupMembers(const BotTree& tree) {
  std::vector<proc::ProcStat> out;
  for (const proc::ProcStat& s : proc::ScanProcesses()) {
    if (s.pgrp != tree.main_pid || !s.live() || s.start_time < tree.main_start) continue;
    tree.seen->insert({s.pid, s.start_time});
    out.push_back(s);
  }
  return out;
}

TeardownReport TearDownTree(const BotTree& tree, const TeardownHooks& hooks,
                            Clock::duration grace) {
  TeardownReport report;
  report.exited_before = MainExited(tree, hooks);
  // The usual end, a bot that exited and left nothing, is told without a
  // scan of /proc; anything else is scanned for.
  std::optional<std::vector<proc::ProcStat>> quick;
  if (report.exited_before) quick = QuickMembers(tree);
  std::vector<proc::ProcStat> members =
      quick && LivePids(tree, *quick, true).empty() ? std::move(*quick) : BotMembers(tree);
  if (report.exited_before && tree.pid_namespace) {
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(200);
    while (!LivePids(tree, members, false).empty() && Clock::now() < deadline) {
      hooks.run_until(std::min(Clock::now() + std::chrono::milliseconds(1), deadline));
      members = BotMembers(tree);
      Reap(tree, hooks, members);
    }
  }
  if (report.exited_before) NoteLeftovers(tree, members, report);
  // The usual end: the bot exited and left nothing alive. What remains is
  // reaping: its zombies here, the main process by the loop.
  if (report.exited_before && LivePids(tree, members, true).empty()) {
    Reap(tree, hooks, members);
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(1);
    while (!hooks.main_reaped() && Clock::now() < deadline) {
      if (hooks.run_until_reaped) {
        hooks.run_until_reaped(deadline);
      } else {
        hooks.run_until(std::min(Clock::now() + std::chrono::milliseconds(1), deadline));
      }
    }
    return report;
  }
  std::set<pid_t> signalled;
  for (const proc::ProcStat& s : members) signalled.insert(s.pid);
  Signal(tree, members, SIGTERM, nullptr);

  auto step = std::chrono::milliseconds(1);
  auto settle = [&](Clock::time_point limit) {
    hooks.run_until(std::min(Clock::now() + step, limit));
    step = std::min(step * 2, std::chrono::milliseconds(16));
    members = BotMembers(tree);
    Reap(tree, hooks, members);
  };
  const Clock::time_point term_deadline = Clock::now() + grace;
  while (!LivePids(tree, members, true).empty() && Clock::now() < term_deadline) {
    settle(term_deadline);
    Signal(tree, members, SIGTERM, &signalled);  // newly found ones
  }
  // Dying of the same SIGTERM as the main process is not outliving it; still
  // running when the grace period is over, after the main process ended, is.
  if (!report.exited_before && MainExited(tree, hooks)) {
    members = BotMembers(tree);
    NoteLeftovers(tree, members, report);
  }

  std::vector<pid_t> live = LivePids(tree, members, true);
  if (!live.empty()) {
    report.needed_sigkill = true;
    const Clock::time_point kill_deadline = Clock::now() + std::chrono::seconds(1);
    step = std::chrono::milliseconds(1);
    while (!live.empty() && Clock::now() < kill_deadline) {
      Signal(tree, members, SIGKILL, nullptr);
      settle(kill_deadline);
      live = LivePids(tree, members, true);
    }
  }
  report.survivors = live;

  // Zombies: the main process is reaped by the loop, the rest here.
  const Clock::time_point reap_deadline = Clock::now() + std::chrono::seconds(1);
  step = std::chrono::milliseconds(1);
  while (Clock::now() < reap_deadline) {
    members = BotMembers(tree);
    Reap(tree, hooks, members);
    if (hooks.main_reaped() && LivePids(tree, members, true) == report.survivors &&
        members.size() == report.survivors.size())
      break;
    settle(reap_deadline);
  }
  return report;
}

}  // namespace arbiter::harness::posix
