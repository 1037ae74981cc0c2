// The signal side of interruption (interrupt.h). The handler may only use
// async-signal-safe calls: atomics over fixed tables, write, kill, _exit.
#include "interrupt.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>

namespace arbiter::harness {
namespace {

constexpr int kMaxGroups = 1024;
constexpr int kMaxWakeFds = 64;

std::atomic<int> g_signal{0};
std::atomic<int> g_count{0};
std::atomic<pid_t> g_groups[kMaxGroups];
// Pairs of (read end, write end); -1 when free.
std::atomic<int> g_wake_read[kMaxWakeFds];
std::atomic<int> g_wake_write[kMaxWakeFds];
std::atomic<bool> g_tables_ready{false};

void InitTables() {
  if (g_tables_ready.exchange(true)) return;
  for (auto& g : g_groups) g.store(0);
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

void OnSignal(int sig) {
  if (g_count.fetch_add(1) == 0) {
    g_signal.store(sig);
    WakeAll();
    return;
  }
  // A second signal: the user will not wait. Kill every tree we know of.
  for (auto& g : g_groups) {
    const pid_t pgid = g.load();
    if (pgid > 0) {
      ::kill(-pgid, SIGKILL);
      ::kill(pgid, SIGKILL);
    }
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
  g_count.store(sig != 0 ? 1 : 0);
  if (sig != 0) WakeAll();
}

void RegisterGroup(pid_t pgid) {
  InitTables();
  for (auto& g : g_groups) {
    pid_t expected = 0;
    if (g.compare_exchange_strong(expected, pgid)) return;
  }
}

void UnregisterGroup(pid_t pgid) {
  for (auto& g : g_groups) {
    pid_t expected = pgid;
    if (g.compare_exchange_strong(expected, 0)) return;
  }
}

int NewWakeFd() {
  InitTables();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
  for (int i = 0; i < kMaxWakeFds; ++i) {
    int expected = -1;
    if (g_wake_write[i].compare_exchange_strong(expected, fds[1])) {
      g_wake_read[i].store(fds[0]);
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
    g_wake_read[i].store(-1);
    if (w >= 0) ::close(w);
    break;
  }
  ::close(read_fd);
}

}  // namespace arbiter::harness
