// The signal side of interruption (interrupt.h). The handler may only use
// async-signal-safe calls: atomics over fixed tables, write, kill, _exit (and
// the raw pidfd_send_signal system call); it keeps errno as it found it.
//
// A descriptor the handler may use (a wake pipe's write end, a group's
// pidfd) is closed only once no handler is running: the slot is emptied
// first, then the closing thread waits for g_in_handler to drop to 0. A
// handler that loaded the number before the slot was emptied has finished
// with it by then, so a byte or a signal never reaches a descriptor that
// was closed and reused for something else.
#include "process/interrupt.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <ctime>

namespace arbiter::harness {
namespace {

constexpr int kMaxGroups = 1024;
constexpr int kMaxWakeFds = 64;

// Signals of one burst (the same signal within this time of the first)
// count once.
constexpr int64_t kBurstNs = 250'000'000;

std::atomic<int> g_signal{0};
std::atomic<int64_t> g_first_ns{0};
std::atomic<int> g_count{0};
std::atomic<int> g_in_handler{0};
std::atomic<pid_t> g_groups[kMaxGroups];
// The pidfd of each group's leader (-1: none), to tell a leader still
// holding its pid (running, or a zombie) from one that was reaped.
std::atomic<int> g_group_pidfds[kMaxGroups];
// Pairs of (read end, write end); -1 when free.
std::atomic<int> g_wake_read[kMaxWakeFds];
std::atomic<int> g_wake_write[kMaxWakeFds];
std::atomic<bool> g_tables_ready{false};

void InitTables() {
  if (g_tables_ready.exchange(true)) return;
  for (auto& g : g_groups) g.store(0);
  for (auto& f : g_group_pidfds) f.store(-1);
  for (int i = 0; i < kMaxWakeFds; ++i) {
    g_wake_read[i].store(-1);
    g_wake_write[i].store(-1);
  }
}

void WakeAll() {
  for (auto& w : g_wake_write) {
    const int fd = w.load();
    if (fd >= 0) [[maybe_unused]]
      const ssize_t n = ::write(fd, "!", 1);
  }
}

// Waits until no handler runs (see the top of the file). A handler's work
// is a bounded loop of non-blocking calls, so the wait is short.
void WaitForHandlers() {
  while (g_in_handler.load() != 0) ::sched_yield();
}

// SIGKILL to a registered group, unless its number may now be another's. A
// group id stays reserved while its leader holds its pid (running, or a
// zombie not yet reaped) or any member is left. With the leader reaped
// (pidfd_send_signal fails), a process now holding that pid is not the
// leader: the number was reused, and the group is left alone. Without a
// pidfd (an older kernel), the group and the pid are killed as they are.
// The leader is killed by itself too: it may have left its group.
void KillGroup(pid_t pgid, int pidfd) {
#ifdef SYS_pidfd_send_signal
  if (pidfd >= 0) {
    const bool leader_holds_pid = ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0) == 0;
    if (!leader_holds_pid && (::kill(pgid, 0) == 0 || errno == EPERM)) return;  // reused
    ::kill(-pgid, SIGKILL);
    return;
  }
#endif
  ::kill(-pgid, SIGKILL);
  ::kill(pgid, SIGKILL);
}

// The monotonic clock in nanoseconds (clock_gettime is async-signal-safe).
int64_t NowNs() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

void OnSignal(int sig) {
  const int saved_errno = errno;
  g_in_handler.fetch_add(1);
  const int64_t now = NowNs();
  if (g_count.fetch_add(1) == 0) {
    g_first_ns.store(now);
    g_signal.store(sig);
    WakeAll();
    g_in_handler.fetch_sub(1);
    errno = saved_errno;
    return;
  }
  // The same signal again within a burst is the same interrupt: `timeout`
  // and a terminal's job control signal the process and then its group,
  // and a key held down repeats (arbiter.run.interrupted).
  const int64_t first = g_first_ns.load();
  if (sig == g_signal.load() && (first == 0 || now - first < kBurstNs)) {
    g_count.fetch_sub(1);
    g_in_handler.fetch_sub(1);
    errno = saved_errno;
    return;
  }
  // A second signal: the user will not wait. Kill every tree we know of.
  for (int i = 0; i < kMaxGroups; ++i) {
    const pid_t pgid = g_groups[i].load();
    if (pgid > 0) KillGroup(pgid, g_group_pidfds[i].load());
  }
  ::_exit(128 + sig);
}

}  // namespace

void InstallInterruptHandlers() {
  InitTables();
  struct sigaction sa {};
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

int InterruptSignal() { return g_signal.load(); }

void SimulateInterrupt(int sig) {
  InitTables();
  g_signal.store(sig);
  g_first_ns.store(sig != 0 ? NowNs() : 0);
  g_count.store(sig != 0 ? 1 : 0);
  if (sig != 0) WakeAll();
}

void RegisterGroup(pid_t pgid) {
  InitTables();
  for (int i = 0; i < kMaxGroups; ++i) {
    pid_t expected = 0;
    if (!g_groups[i].compare_exchange_strong(expected, -1)) continue;  // claimed
#ifdef SYS_pidfd_open
    // The leader is the caller's child, not reaped yet: the pidfd is its
    // (close-on-exec, as pidfd_open makes every pidfd).
    g_group_pidfds[i].store(static_cast<int>(::syscall(SYS_pidfd_open, pgid, 0)));
#endif
    g_groups[i].store(pgid);
    return;
  }
}

void UnregisterGroup(pid_t pgid) {
  for (int i = 0; i < kMaxGroups; ++i) {
    pid_t expected = pgid;
    if (!g_groups[i].compare_exchange_strong(expected, -1)) continue;
    const int pidfd = g_group_pidfds[i].exchange(-1);
    WaitForHandlers();
    if (pidfd >= 0) ::close(pidfd);
    g_groups[i].store(0);  // free again
    return;
  }
}

int NewWakeFd() {
  InitTables();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
  // A slot is claimed by its read end and freed by it last (ReleaseWakeFd).
  for (int i = 0; i < kMaxWakeFds; ++i) {
    int expected = -1;
    if (g_wake_read[i].compare_exchange_strong(expected, fds[0])) {
      g_wake_write[i].store(fds[1]);
      if (g_signal.load() != 0) [[maybe_unused]]
        const ssize_t n = ::write(fds[1], "!", 1);
      return fds[0];
    }
  }
  ::close(fds[0]);
  ::close(fds[1]);
  return -1;
}

void ReleaseWakeFd(int read_fd) {
  if (read_fd < 0) return;
  for (int i = 0; i < kMaxWakeFds; ++i) {
    if (g_wake_read[i].load() != read_fd) continue;
    const int w = g_wake_write[i].exchange(-1);
    WaitForHandlers();  // one may have loaded `w` before the exchange
    if (w >= 0) ::close(w);
    g_wake_read[i].store(-1);
    break;
  }
  ::close(read_fd);
}

}  // namespace arbiter::harness
