// The launcher watch's decisions (launcher_watch.h); the looks at /proc
// are the real bot's (launcher_look.cc).
#include "process/launcher_watch.h"

#include <array>

namespace arbiter::harness {

namespace {

std::string Basename(std::string_view path) {
  const size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

}  // namespace

bool IsLauncherProgram(std::string_view exe_basename) {
  static constexpr std::array<std::string_view, 8> kShells = {"sh",  "bash", "dash",    "zsh",
                                                              "ksh", "mksh", "busybox", "env"};
  for (std::string_view shell : kShells)
    if (exe_basename == shell) return true;
  return false;
}

std::string LauncherName(const std::vector<std::string>& argv) {
  if (argv.empty()) return "a shell";
  for (size_t i = 1; i < argv.size(); ++i) {
    if (argv[i] == "-c") return Basename(argv[0]) + " -c";
    if (!argv[i].empty() && argv[i][0] != '-' && argv[i].find('/') != std::string::npos)
      return argv[i];
  }
  return argv[0];
}

void LauncherWatch::See(const std::string& exe, const std::vector<std::string>& argv,
                        Clock::time_point now) {
  if (done_ || exe.empty()) return;
  if (IsLauncherProgram(Basename(exe))) {
    if (path_.empty()) {
      // Its arguments unreadable (mid-exec): looked at again next time.
      if (argv.empty()) return;
      // The sandbox's own shell is arbiter's, not the bot's: looked past.
      if (argv.size() > 2 && argv[1] == "-c" && argv[2] == kSandboxTrampoline) return;
      path_ = LauncherName(argv);
    }
    last_shell_ = now;
    return;
  }
  done_ = true;
  if (last_shell_) interpreter_at_ = last_shell_;
}

std::optional<LauncherRun> LauncherWatch::run() const {
  if (path_.empty()) return std::nullopt;
  return LauncherRun{path_, interpreter_at_};
}

}  // namespace arbiter::harness
