// Child set-up, PATH lookup, reaping with a deadline and the
// network-namespace probe for bots (the process tree is process_tree.cc). The child side runs
// between fork and exec, so it sticks to system calls; the parent side reads /proc through
// proc_probe.h and never waits without a deadline.
#include "process/process_posix.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "process/path_list.h"

namespace arbiter::harness {
namespace posix {
namespace {

enum Step {
  kSetsid = 1,
  kDeathSignal,
  kSignalMask,
  kNetwork,
  kNofile,
  kNproc,
  kFsize,
  kCpu,
  kAddressSpace,
  kCgroup,
};

int Fail(const ChildPlan& plan, int step) noexcept {
  const int err = errno;
  const ChildFailure failure{step, err};
  if (plan.report_fd >= 0) {
    [[maybe_unused]] const ssize_t n = ::write(plan.report_fd, &failure, sizeof failure);
  }
  errno = err;
  return err;
}

// Sets soft and hard limit to `value` (hard to `hard` if larger), never above
// the current hard limit, which an unprivileged process cannot raise.
bool SetLimit(int resource, rlim_t value, rlim_t hard) noexcept {
  rlimit old{};
  if (::getrlimit(resource, &old) != 0) return false;
  const rlimit limit{std::min(value, old.rlim_max), std::min(hard, old.rlim_max)};
  return ::setrlimit(resource, &limit) == 0;
}

// Writes "ID ID 1\n" to a /proc/self/{uid,gid}_map file.
// Writes `value` in decimal at `out` (room for 10 digits), without
// allocating; returns the number of digits.
int Decimal(unsigned value, char* out) noexcept {
  char digits[16];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (int i = 0; i < n; ++i) out[i] = digits[n - 1 - i];
  return n;
}

bool WriteIdMap(const char* path, unsigned id) noexcept {
  char line[48];
  int len = 0;
  for (int copy = 0; copy < 2; ++copy) {
    len += Decimal(id, line + len);
    line[len++] = ' ';
  }
  line[len++] = '1';
  line[len++] = '\n';
  const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, line, static_cast<size_t>(len)) == len;
  ::close(fd);
  return ok;
}

void CloseRange(unsigned first, unsigned last) noexcept {
  if (::syscall(SYS_close_range, first, last, 0) == 0) return;
  // Kernels before 5.9: one by one, up to the descriptor limit.
  const long max = ::sysconf(_SC_OPEN_MAX);
  const unsigned end = std::min<unsigned>(last, max > 0 ? static_cast<unsigned>(max) : 1024);
  for (unsigned fd = first; fd <= end && fd >= first; ++fd) ::close(static_cast<int>(fd));
}

}  // namespace

std::string ResolveExecutable(const std::string& name, int& error) {
  error = 0;
  auto usable = [](const std::string& path, int& err) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return err = errno, false;
    if (S_ISDIR(st.st_mode)) return err = EACCES, false;
    if (::access(path.c_str(), X_OK) != 0) return err = errno, false;
    return true;
  };
  if (name.empty()) return error = ENOENT, "";
  if (name.find('/') != std::string::npos) return usable(name, error) ? name : "";
  const char* env = std::getenv("PATH");
  const std::string path = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
  bool denied = false;
  for (const std::string& entry : SplitPathList(path)) {
    const std::string dir = entry.empty() ? "." : entry;
    int err = 0;
    const std::string candidate = dir + "/" + name;
    if (usable(candidate, err)) return candidate;
    // Only a file that exists counts: a directory of $PATH that we may not
    // search says nothing about the program (execvp would say EACCES).
    struct stat st {};
    denied |= err == EACCES && ::stat(candidate.c_str(), &st) == 0;
  }
  error = denied ? EACCES : ENOENT;
  return "";
}

int EnterNetworkNamespace() noexcept {
  if (::unshare(CLONE_NEWNET) == 0) return 0;
  if (errno != EPERM || ::geteuid() == 0) return errno;
  const unsigned uid = ::geteuid();
  const unsigned gid = ::getegid();
  if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) return errno;
  const int fd = ::open("/proc/self/setgroups", O_WRONLY | O_CLOEXEC);
  if (fd >= 0) {
    [[maybe_unused]] const ssize_t n = ::write(fd, "deny", 4);
    ::close(fd);
  }
  if (!WriteIdMap("/proc/self/uid_map", uid) || !WriteIdMap("/proc/self/gid_map", gid))
    return errno != 0 ? errno : EPERM;
  return 0;
}

namespace {
// Writes this process's pid to `fd` (a cgroup.procs), without allocating.
bool JoinCgroup(int fd) noexcept {
  char line[16];
  const int n = Decimal(static_cast<unsigned>(::getpid()), line);
  return ::write(fd, line, static_cast<size_t>(n)) == n;
}
}  // namespace

int PrepareChild(const ChildPlan& plan) noexcept {
  // A session of its own: its own process group, and no controlling terminal,
  // so it cannot write to the user's terminal through /dev/tty or be stopped
  // by the terminal's signals.
  if (::setsid() < 0) return Fail(plan, kSetsid);
  // Fires when the *thread* that forked this child ends: each bot is torn
  // down by the thread that started it, before that thread can end
  // (play_in_order.h; RealBot checks it).
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return Fail(plan, kDeathSignal);
  if (::getppid() != plan.parent) ::_exit(127);  // arbiter died before prctl
  // Dispositions arbiter set (SIGPIPE ignored) or inherited must not leak.
  for (int sig = 1; sig < 32; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
  }
  sigset_t none;
  sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) return Fail(plan, kSignalMask);
  // Before anything else runs in it: every process the bot starts is counted.
  if (plan.cgroup_procs_fd >= 0 && !JoinCgroup(plan.cgroup_procs_fd)) return Fail(plan, kCgroup);
  if (plan.limits.no_network) {
    if (const int err = EnterNetworkNamespace(); err != 0) return errno = err, Fail(plan, kNetwork);
  }
  constexpr rlim_t kMiB = 1024 * 1024;
  const Limits& l = plan.limits;
  if (l.open_files > 0 && !SetLimit(RLIMIT_NOFILE, l.open_files, l.open_files))
    return Fail(plan, kNofile);
  if (l.processes > 0 && !SetLimit(RLIMIT_NPROC, l.processes, l.processes))
    return Fail(plan, kNproc);
  if (l.file_size_mb > 0 && !SetLimit(RLIMIT_FSIZE, l.file_size_mb * kMiB, l.file_size_mb * kMiB))
    return Fail(plan, kFsize);
  // SIGXCPU at the soft limit, SIGKILL a second later.
  if (l.cpu_seconds > 0 && !SetLimit(RLIMIT_CPU, l.cpu_seconds, l.cpu_seconds + 1))
    return Fail(plan, kCpu);
  if (l.address_space_mb > 0 &&
      !SetLimit(RLIMIT_AS, l.address_space_mb * kMiB, l.address_space_mb * kMiB))
    return Fail(plan, kAddressSpace);
  return 0;
}

void CloseDescriptorsExcept(const std::vector<int>& keep, std::span<const int> also) noexcept {
  unsigned from = 3;
  while (true) {  // the next kept descriptor at or above `from`, in any order
    unsigned next = ~0U;
    for (const std::span<const int> list : {std::span<const int>(keep), also}) {
      for (const int fd : list) {
        if (fd >= 0 && static_cast<unsigned>(fd) >= from)
          next = std::min(next, static_cast<unsigned>(fd));
      }
    }
    if (next == ~0U) break;
    if (next > from) CloseRange(from, next - 1);
    from = next + 1;
  }
  CloseRange(from, ~0U);
}

std::string_view ChildStepName(int step) {
  switch (step) {
    case kSetsid:
      return "setsid";
    case kDeathSignal:
      return "prctl(PR_SET_PDEATHSIG)";
    case kSignalMask:
      return "sigprocmask";
    case kNetwork:
      return "unshare(CLONE_NEWNET)";
    case kNofile:
      return "setrlimit(RLIMIT_NOFILE)";
    case kNproc:
      return "setrlimit(RLIMIT_NPROC)";
    case kFsize:
      return "setrlimit(RLIMIT_FSIZE)";
    case kCpu:
      return "setrlimit(RLIMIT_CPU)";
    case kAddressSpace:
      return "setrlimit(RLIMIT_AS)";
    case kCgroup:
      return "joining its memory cgroup";
    default:
      return "child set-up";
  }
}

bool ReapWithin(pid_t pid, std::chrono::milliseconds patience, int* status) {
  int ignored = 0;
  int& st = status ? *status : ignored;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) ::kill(pid, SIGKILL);
    const Clock::time_point deadline = Clock::now() + patience;
    auto step = std::chrono::microseconds(100);
    while (true) {
      const pid_t r = ::waitpid(pid, &st, WNOHANG);
      if (r == pid) return true;
      if (r < 0 && errno != EINTR) return false;  // not a child of ours (ECHILD)
      if (Clock::now() >= deadline) break;
      std::this_thread::sleep_for(step);
      step = std::min(step * 2, std::chrono::microseconds(16000));
    }
  }
  return false;
}

}  // namespace posix

bool NetworkIsolationAvailable(std::string& why) {
  static const std::string kWhy = [] {
    const pid_t child = ::fork();
    if (child < 0) return std::string("fork: ") + std::strerror(errno);
    if (child == 0) ::_exit(posix::EnterNetworkNamespace());
    int status = 0;
    if (!posix::ReapWithin(child, std::chrono::seconds(5), &status))
      return std::string("the probe for a network namespace did not exit within 10 s");
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::string();
    const int err = WIFEXITED(status) ? WEXITSTATUS(status) : EPERM;
    return "cannot create a network namespace: unshare(CLONE_NEWNET): " +
           std::string(std::strerror(err)) +
           " (it needs root, CAP_SYS_ADMIN or unprivileged user namespaces)";
  }();
  why = kWhy;
  return kWhy.empty();
}

}  // namespace arbiter::harness
