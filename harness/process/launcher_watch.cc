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

template <size_t N>
bool OneOf(std::string_view name, const std::array<std::string_view, N>& names) {
  for (std::string_view n : names)
    if (name == n) return true;
  return false;
}

// node running a package manager: npm sets its process title ("npm start",
// argv[0]); before that, its script is node's first argument.
bool IsNodeRunner(const std::vector<std::string>& argv) {
  static constexpr std::array<std::string_view, 11> kRunners = {
      "npm",        "npx",     "yarn",     "pnpm",     "pnpx",   "npm-cli.js",
      "npx-cli.js", "yarn.js", "yarn.cjs", "pnpm.cjs", "pnpm.js"};
  if (OneOf(Basename(argv[0].substr(0, argv[0].find(' '))), kRunners)) return true;
  return argv.size() > 1 && OneOf(Basename(argv[1]), kRunners);
}

}  // namespace

bool IsLauncherProgram(std::string_view exe_basename) {
  static constexpr std::array<std::string_view, 10> kLaunchers = {
      "sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox", "env", "cargo", "rustup"};
  return OneOf(exe_basename, kLaunchers);
}

LaunchKind KindOf(const ProcessLook& look) {
  if (look.exe.empty()) return LaunchKind::kUnknown;
  const std::string base = Basename(look.exe);
  if (IsLauncherProgram(base)) return LaunchKind::kExec;
  if (base != "node" && base != "nodejs") return LaunchKind::kNone;
  if (look.argv.empty()) return LaunchKind::kUnknown;
  return IsNodeRunner(look.argv) ? LaunchKind::kSpawn : LaunchKind::kNone;
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

void LauncherWatch::See(const std::vector<ProcessLook>& line, Clock::time_point now) {
  if (done_ || line.empty() || line.front().exe.empty()) return;
  const ProcessLook& top = line.front();
  const LaunchKind kind = KindOf(top);
  if (kind == LaunchKind::kUnknown) return;  // looked at again next time
  if (kind == LaunchKind::kNone) {           // it exec'd the interpreter
    done_ = true;
    if (last_shell_) interpreter_at_ = last_shell_;
    return;
  }
  if (path_.empty()) {
    // Its arguments unreadable (mid-exec): looked at again next time.
    if (top.argv.empty()) return;
    // The sandbox's own shell is arbiter's, not the bot's: looked past.
    if (top.argv.size() > 2 && top.argv[1] == "-c" && top.argv[2] == kSandboxTrampoline) return;
    path_ = LauncherName(top.argv);
  }
  if (kind == LaunchKind::kExec) {
    last_shell_ = last_look_ = now;
    return;
  }
  // A runner that spawns: the interpreter is the first process down its
  // line that is no launcher; one not seen before started after the last
  // look (a prestart script's program ran before it).
  const ProcessLook* interpreter = nullptr;
  for (size_t i = 1; i < line.size() && interpreter == nullptr; ++i) {
    const LaunchKind below = KindOf(line[i]);
    if (below == LaunchKind::kUnknown) return;  // mid-exec: no news this look
    if (below == LaunchKind::kNone) interpreter = &line[i];
  }
  if (interpreter == nullptr) {
    child_ = 0;
    interpreter_at_.reset();
  } else if (interpreter->pid != child_) {
    child_ = interpreter->pid;
    // Started before any look saw the runner: not told apart.
    if (!last_look_) {
      path_.clear();
      done_ = true;
      return;
    }
    interpreter_at_ = last_look_;
  }
  last_look_ = now;
}

std::optional<LauncherRun> LauncherWatch::run() const {
  if (path_.empty()) return std::nullopt;
  // Settled once done: an exec'd interpreter is final; under a runner that
  // stays the looks go on, and so may its children.
  return LauncherRun{path_, interpreter_at_, done_};
}

}  // namespace arbiter::harness
