// /proc readers for the harness. Every file is read with plain open/read in
// one go (a /proc file is generated at open), and every failure, from a
// vanished process to a permission error, reads as "no evidence".
#include "process/proc_probe.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>

#include "process/bot_process.h"

namespace arbiter::harness::proc {
namespace {

constexpr size_t kMaxProcFileBytes = 1 << 16;
constexpr uint64_t kMaxPollFds = 4096;  // larger sets are not inspected

std::string ReadFile(const std::string& path) {
  std::string out;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return out;
  char buf[4096];
  while (out.size() < kMaxProcFileBytes) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

// Reads `len` bytes of another process's memory at `addr`; false if that is
// not allowed or not mapped.
bool ReadMemory(pid_t pid, uint64_t addr, void* out, size_t len) {
  const std::string path = "/proc/" + std::to_string(pid) + "/mem";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const ssize_t n = ::pread(fd, out, len, static_cast<off_t>(addr));
  ::close(fd);
  return n == static_cast<ssize_t>(len);
}

std::vector<long> NumericEntries(const std::string& dir) {
  std::vector<long> out;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return out;
  while (const dirent* e = ::readdir(d)) {
    char* end = nullptr;
    const long n = std::strtol(e->d_name, &end, 10);
    if (end != e->d_name && *end == '\0' && n > 0) out.push_back(n);
  }
  ::closedir(d);
  return out;
}

bool FdIs(pid_t pid, uint64_t fd, std::string_view identity) {
  if (fd > 1u << 30) return false;
  const std::string path = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd);
  std::array<char, 128> buf{};
  const ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size());
  return n > 0 && std::string_view(buf.data(), static_cast<size_t>(n)) == identity;
}

bool PollSetReads(pid_t pid, uint64_t fds_addr, uint64_t nfds, std::string_view identity) {
  if (nfds == 0 || nfds > kMaxPollFds) return false;
  std::vector<pollfd> fds(nfds);
  if (!ReadMemory(pid, fds_addr, fds.data(), fds.size() * sizeof(pollfd))) return false;
  for (const pollfd& p : fds) {
    if (p.fd >= 0 && (p.events & POLLIN) != 0 && FdIs(pid, static_cast<uint64_t>(p.fd), identity))
      return true;
  }
  return false;
}

bool SelectSetReads(pid_t pid, uint64_t nfds, uint64_t readfds_addr, std::string_view identity) {
  if (nfds == 0 || nfds > kMaxPollFds || readfds_addr == 0) return false;
  std::vector<unsigned char> bits((nfds + 7) / 8);
  if (!ReadMemory(pid, readfds_addr, bits.data(), bits.size())) return false;
  for (uint64_t fd = 0; fd < nfds; ++fd) {
    if ((bits[fd / 8] >> (fd % 8) & 1) != 0 && FdIs(pid, fd, identity)) return true;
  }
  return false;
}

// An epoll instance lists what it watches in fdinfo, one "tfd: N events: HEX"
// line per target; N is the descriptor number in the process that added it.
bool EpollWatches(pid_t pid, uint64_t epfd, std::string_view identity) {
  const std::string info =
      ReadFile("/proc/" + std::to_string(pid) + "/fdinfo/" + std::to_string(epfd));
  size_t at = 0;
  while ((at = info.find("tfd:", at)) != std::string::npos) {
    const char* p = info.c_str() + at + 4;
    char* end = nullptr;
    const unsigned long long tfd = std::strtoull(p, &end, 10);
    const char* ev = std::strstr(end, "events:");
    const unsigned long long events = ev ? std::strtoull(ev + 7, nullptr, 16) : 0;
    if ((events & EPOLLIN) != 0 && FdIs(pid, tfd, identity)) return true;
    at = static_cast<size_t>(end - info.c_str());
  }
  return false;
}

// One thread's /proc/PID/task/TID/syscall: "NR ARG0 .. ARG5 SP PC" while it is
// blocked in a system call, "running" or "-1 SP PC" otherwise.
bool TaskBlockedReading(pid_t pid, const std::string& syscall_text, std::string_view identity) {
  std::array<uint64_t, 7> v{};  // the number, then six arguments
  const char* p = syscall_text.c_str();
  for (uint64_t& x : v) {
    char* end = nullptr;
    x = std::strtoull(p, &end, 0);
    if (end == p) return false;  // "running", or truncated
    p = end;
  }
  const uint64_t nr = v[0];
  const uint64_t* a = &v[1];
  if (nr == SYS_read || nr == SYS_readv || nr == SYS_pread64 || nr == SYS_preadv ||
      nr == SYS_preadv2)
    return FdIs(pid, a[0], identity);
  if (nr == SYS_ppoll) return PollSetReads(pid, a[0], a[1], identity);
  if (nr == SYS_pselect6) return SelectSetReads(pid, a[0], a[1], identity);
  if (nr == SYS_epoll_pwait || nr == SYS_epoll_pwait2) return EpollWatches(pid, a[0], identity);
#ifdef SYS_poll
  if (nr == SYS_poll) return PollSetReads(pid, a[0], a[1], identity);
#endif
#ifdef SYS_select
  if (nr == SYS_select) return SelectSetReads(pid, a[0], a[1], identity);
#endif
#ifdef SYS_epoll_wait
  if (nr == SYS_epoll_wait) return EpollWatches(pid, a[0], identity);
#endif
  return false;
}

}  // namespace

std::optional<ProcStat> ParseStat(std::string_view text) {
  const size_t close = text.rfind(')');
  const size_t open = text.find('(');
  if (close == std::string_view::npos || open == std::string_view::npos) return std::nullopt;
  ProcStat s;
  s.pid = static_cast<pid_t>(std::strtol(std::string(text.substr(0, open)).c_str(), nullptr, 10));
  if (close > open) {
    const std::string_view comm = text.substr(open + 1, close - open - 1);
    comm.copy(s.comm, std::min(comm.size(), sizeof s.comm - 1));
  }
  // Fields from 3 (state) on, space-separated after ") ".
  const std::string rest(text.substr(close + 1));
  const char* p = rest.c_str();
  while (*p == ' ') ++p;
  if (*p == '\0') return std::nullopt;
  s.state = *p++;
  // Field numbers as in proc(5); we need 4, 5, 6, 14, 15 and 22.
  for (int field = 4; field <= 22; ++field) {
    char* end = nullptr;
    const long long value = std::strtoll(p, &end, 10);
    if (end == p) return std::nullopt;
    p = end;
    switch (field) {
      case 4:
        s.ppid = static_cast<pid_t>(value);
        break;
      case 5:
        s.pgrp = static_cast<pid_t>(value);
        break;
      case 6:
        s.session = static_cast<pid_t>(value);
        break;
      case 14:
        s.utime = static_cast<uint64_t>(value);
        break;
      case 15:
        s.stime = static_cast<uint64_t>(value);
        break;
      case 22:
        s.start_time = static_cast<uint64_t>(value);
        break;
      default:
        break;
    }
  }
  if (s.pid <= 0) return std::nullopt;
  return s;
}

std::optional<ProcStat> ReadStat(pid_t pid) {
  return ParseStat(ReadFile("/proc/" + std::to_string(pid) + "/stat"));
}

std::vector<pid_t> Children(pid_t pid) {
  std::vector<pid_t> out;
  const std::string task_dir = "/proc/" + std::to_string(pid) + "/task";
  for (const long tid : NumericEntries(task_dir)) {
    const std::string text = ReadFile(task_dir + "/" + std::to_string(tid) + "/children");
    const char* p = text.c_str();
    for (char* end = nullptr;; p = end) {
      const long child = std::strtol(p, &end, 10);
      if (end == p) break;
      out.push_back(static_cast<pid_t>(child));
    }
  }
  return out;
}

std::vector<ProcStat> ScanProcesses() {
  std::vector<ProcStat> out;
  for (const long pid : NumericEntries("/proc")) {
    if (auto s = ReadStat(static_cast<pid_t>(pid))) out.push_back(*s);
  }
  return out;
}

uint64_t ReadRssKb(pid_t pid) {
  const std::string text = ReadFile("/proc/" + std::to_string(pid) + "/statm");
  // "size resident shared text lib data dt", in pages.
  const char* p = text.c_str();
  char* end = nullptr;
  std::strtoull(p, &end, 10);
  if (end == p) return 0;
  const uint64_t pages = std::strtoull(end, nullptr, 10);
  static const uint64_t kPageKb = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) / 1024;
  return pages * kPageKb;
}

namespace {

// A schedstat file: nanoseconds on a CPU, then runnable but waiting for one.
bool ParseSchedStat(const std::string& text, uint64_t& run_ns, uint64_t& wait_ns) {
  char* end = nullptr;
  run_ns = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str()) return false;
  char* after = nullptr;
  wait_ns = std::strtoull(end, &after, 10);
  return after != end;
}

}  // namespace

bool ReadSchedStat(pid_t pid, uint64_t& run_ns, uint64_t& wait_ns) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  bool any = false;
  for (const long tid : NumericEntries(dir)) {
    uint64_t run = 0, wait = 0;
    if (!ParseSchedStat(ReadFile(dir + "/" + std::to_string(tid) + "/schedstat"), run, wait))
      continue;
    run_ns += run;
    wait_ns += wait;
    any = true;
  }
  return any;
}

bool ReadThreadsSched(pid_t pid, std::vector<ThreadSched>& out, std::map<int, bool>& names) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  bool any = false;
  for (const long tid : NumericEntries(dir)) {
    const std::string task = dir + "/" + std::to_string(tid);
    ThreadSched t;
    t.tid = static_cast<int>(tid);
    if (!ParseSchedStat(ReadFile(task + "/schedstat"), t.run_ns, t.wait_ns)) continue;
    // A runtime's thread is born with its process's name ("java") and names
    // itself a moment later, later still on a busy machine: only a runtime
    // name is kept, any other is read again at the next sample.
    bool& runtime = names[t.tid];
    if (!runtime) {
      std::string comm = ReadFile(task + "/comm");
      while (!comm.empty() && comm.back() == '\n') comm.pop_back();
      runtime = IsRuntimeThreadName(comm);
    }
    t.runtime = runtime;
    out.push_back(t);
    any = true;
  }
  return any;
}

bool ReadThreadWait(uint64_t& wait_ns) {
  uint64_t run = 0;
  return ParseSchedStat(ReadFile("/proc/thread-self/schedstat"), run, wait_ns);
}

double ReadCpuPressure() {
  const std::string text = ReadFile("/proc/pressure/cpu");
  const size_t at = text.find("some avg10=");
  if (at == std::string::npos) return -1;
  char* end = nullptr;
  const double v = std::strtod(text.c_str() + at + 11, &end);
  return end == text.c_str() + at + 11 ? -1 : v;
}

std::string FdIdentity(int fd) {
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  std::array<char, 128> buf{};
  const ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size());
  return n > 0 ? std::string(buf.data(), static_cast<size_t>(n)) : std::string();
}

bool BlockedReading(pid_t pid, std::string_view identity) {
  if (identity.empty()) return false;
  const std::string task_dir = "/proc/" + std::to_string(pid) + "/task";
  for (const long tid : NumericEntries(task_dir)) {
    const std::string text = ReadFile(task_dir + "/" + std::to_string(tid) + "/syscall");
    if (TaskBlockedReading(pid, text, identity)) return true;
  }
  return false;
}

}  // namespace arbiter::harness::proc
