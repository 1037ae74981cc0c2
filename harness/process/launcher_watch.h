// Which launcher a bot was started through, and until when it ran
// (arbiter.timing.launcher). A pyenv or rbenv shim, `sh -c`, a wrapper
// script: a shell that runs other programs (some of them exit at once)
// before it execs the interpreter that answers. On a busy machine that can
// take seconds, none of them the bot's: a contest server starts the
// interpreter itself. The watch looks at the bot's main process every
// sample of its tree (bot_channels.h, kWatchPeriod) until it is no longer
// a shell; the decisions are plain functions, tested without processes.
// A project runner is a launcher too: cargo and rustup exec the program
// they built, as a shell does; npm, npx, yarn and pnpm stay and run the
// interpreter as a child of a shell, so under them the watch follows the
// line of first children down to the first process that is no launcher.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "process/bot_process.h"

namespace arbiter::harness {

// The shell command by which a sandbox hands the bot its pipes and execs
// it (sandbox.cc): arbiter's own, never the bot's launcher.
inline constexpr std::string_view kSandboxTrampoline =
    "exec 0<&3 1>&4 3<&- 4>&- && exec \"$0\" \"$@\"";

// A shell, `env`, cargo or rustup, by the base name of its executable: a
// launcher while the bot's main process is one.
bool IsLauncherProgram(std::string_view exe_basename);

// What one look saw of a process: its executable ("" while not started)
// and arguments (empty while unreadable, mid-exec).
struct ProcessLook {
  pid_t pid = 0;
  std::string exe;
  std::vector<std::string> argv;
};

// How a process launches the bot: not at all (the interpreter), by
// exec'ing it (a shell), or by running it as a child and staying (node
// running npm, npx, yarn or pnpm); unknown while its arguments are
// unreadable and they decide.
enum class LaunchKind { kNone, kExec, kSpawn, kUnknown };
LaunchKind KindOf(const ProcessLook& look);

// The launcher's name from the shell's argv: the script it runs (its first
// argument that is a path: "bash /x/shims/python3 bot.py" gives
// "/x/shims/python3"), else "sh -c" for a command string, else argv[0].
std::string LauncherName(const std::vector<std::string>& argv);

class LauncherWatch {
 public:
  // What the looks saw; nullopt when the bot did not start through a launcher.
  std::optional<LauncherRun> run() const;
  // One look, for tests: `line` the bot's main process and, under a
  // runner that spawns, its line of first children down to the first that
  // is no launcher (or to one without children).
  void See(const std::vector<ProcessLook>& line, Clock::time_point now);
  void See(const std::string& exe, const std::vector<std::string>& argv, Clock::time_point now) {
    See({ProcessLook{0, exe, argv}}, now);
  }
  // Whether the bot's process is known not to be a launcher (no more looks).
  bool done() const { return done_; }

 private:
  bool done_ = false;
  std::string path_;
  std::optional<Clock::time_point> last_shell_;
  std::optional<Clock::time_point> interpreter_at_;
  // Under a runner that spawns: the interpreter child last seen, and the
  // look before this one (a new child started after it).
  pid_t child_ = 0;
  std::optional<Clock::time_point> last_look_;
};

// One look of the real bot at the tree under `main` (the bot's first
// process; a sandbox's own processes are looked through) at `now`
// (launcher_look.cc). None once the watch is done.
void LookAtLauncher(LauncherWatch& watch, pid_t main, Clock::time_point now);

}  // namespace arbiter::harness
