// The real bot's looks for its launcher (launcher_watch.h): /proc/PID/exe
// and cmdline of its first own process, through a sandbox's own processes,
// until it execs a program that is not a launcher; under a runner that
// spawns, of its line of first children too.
#include <unistd.h>

#include <array>
#include <fstream>
#include <iterator>

#include "process/launcher_watch.h"
#include "process/proc_probe.h"

namespace arbiter::harness {

namespace {

std::string Exe(pid_t pid) {
  std::array<char, 4096> buf{};
  const std::string link = "/proc/" + std::to_string(pid) + "/exe";
  const ssize_t n = ::readlink(link.c_str(), buf.data(), buf.size() - 1);
  if (n <= 0) return {};
  std::string exe(buf.data(), static_cast<size_t>(n));
  if (const size_t deleted = exe.find(" (deleted)"); deleted != std::string::npos)
    exe.resize(deleted);
  return exe;
}

std::vector<std::string> Cmdline(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> argv;
  size_t start = 0;
  while (start < all.size()) {
    size_t end = all.find('\0', start);
    if (end == std::string::npos) end = all.size();
    argv.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return argv;
}

const std::string& SelfExe() {
  static const std::string self = Exe(::getpid());
  return self;
}

// The bot's first process and, under a runner that spawns (npm start),
// its line of first children down to the first that is no launcher.
std::vector<ProcessLook> LineFrom(pid_t pid, const std::string& exe) {
  std::vector<ProcessLook> line{{pid, exe, Cmdline(pid)}};
  if (KindOf(line.back()) != LaunchKind::kSpawn) return line;
  for (int depth = 0; depth < 6; ++depth) {
    const std::vector<pid_t> children = proc::Children(line.back().pid);
    if (children.empty()) break;
    line.push_back({children.front(), Exe(children.front()), Cmdline(children.front())});
    const LaunchKind kind = KindOf(line.back());
    if (kind == LaunchKind::kNone || kind == LaunchKind::kUnknown) break;
  }
  return line;
}

}  // namespace

void LookAtLauncher(LauncherWatch& watch, pid_t main, Clock::time_point now) {
  if (watch.done()) return;
  // Through a sandbox's own processes (bubblewrap and its init) and a
  // child not yet exec'd (still arbiter), to the bot's first process.
  pid_t pid = main;
  for (int depth = 0; depth < 4; ++depth) {
    const std::string exe = Exe(pid);
    if (exe.empty()) return;
    const bool sandbox = exe.substr(exe.rfind('/') + 1) == "bwrap";
    if (exe != SelfExe() && !sandbox) return watch.See(LineFrom(pid, exe), now);
    if (exe == SelfExe() && pid == main) return;  // not exec'd yet
    const std::vector<pid_t> children = proc::Children(pid);
    if (children.empty()) return;
    pid = children.front();
  }
}

}  // namespace arbiter::harness
