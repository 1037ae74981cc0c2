// A contestant's program, run as a hostile child process.
//
// Every bot runs in a session and process group of its own (no controlling
// terminal), in a minimal environment, with rlimits, a watch on its resident
// memory, a parent-death signal, and optionally in a fresh network namespace. Its stdout and stderr
// are drained concurrently into bounded buffers (a LineFramer for stdout, a
// capped tail for stderr), and writes to its stdin are queued and never block
// the loop, so a bot that floods, never reads, or never exits cannot stall
// arbiter. All waiting goes through EventLoop::RunUntil with an absolute
// deadline. Teardown escalates SIGTERM then SIGKILL to the whole tree, reaps
// it, and says what, if anything, survived.
//
// Game-agnostic: it moves bytes and observes processes; what the bytes mean is
// for the session (session.h) and the game.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "process/line_framer.h"

namespace arbiter::harness {

using Clock = std::chrono::steady_clock;

// One asio io_context shared by every bot of a run. Constructing the first
// EventLoop makes this process a child subreaper (PR_SET_CHILD_SUBREAPER), so
// that orphaned grandchildren of bots are re-parented to arbiter, where they
// can be found and killed.
class EventLoop {
 public:
  EventLoop();
  ~EventLoop();
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  // Runs pending I/O until done() is true (checked after every handler and at
  // entry) or the deadline passes. Returns done(). Once the deadline has
  // passed (or if it already had), the handlers that are ready run without
  // waiting, for at most a couple of milliseconds: RunUntil(Now(), ...)
  // collects what has already arrived.
  bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done);
  // Runs ready handlers without waiting.
  void Poll();

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// The default limit of a bot's resident memory (its whole process tree).
// Resident memory, not address space: a JVM, node, Go or .NET runtime
// reserves far more address space than it uses, and AddressSanitizer
// reserves terabytes, so RLIMIT_AS is opt-in (Limits::address_space_mb).
inline constexpr int kDefaultMemoryMb = 2048;

struct Limits {
  int memory_mb = kDefaultMemoryMb;  // resident memory of the tree, watched; 0 = unlimited
  int address_space_mb = 0;          // RLIMIT_AS of each process; 0 = unlimited
  int cpu_seconds = 120;             // RLIMIT_CPU; 0 = unlimited
  int file_size_mb = 64;             // RLIMIT_FSIZE; 0 = unlimited
  int open_files = 256;              // RLIMIT_NOFILE; 0 = unchanged
  int processes = 0;                 // RLIMIT_NPROC; 0 = unchanged (it counts per user)
  bool no_network = false;           // run in a fresh network namespace (unshare CLONE_NEWNET)
};

// How a bot is contained (sandbox.h, memory_cgroup.h). The command's plan
// decides it once per run (what the machine allows, --sandbox,
// --no-sandbox); the harness applies it to every start.
struct Containment {
  bool sandbox = false;        // under bubblewrap: read-only system, own folder
                               // copied, fresh HOME and /tmp, no network, own PID namespace
  bool memory_cgroup = false;  // Limits::memory_mb enforced by the kernel (a cgroup per bot)
  // Under bubblewrap: arbiter's own files and folders shown as they are,
  // read-only (a contained referee's relays: their sockets and program).
  std::vector<std::string> shared;
  // The advice that ends a finding the containment explains: how the
  // program runs uncontained.
  std::string undo = "if the bot needs it, --no-sandbox runs bots uncontained";
};

// The environment a bot starts with. By default the contest server's, not
// the user's: PATH (arbiter's own, so that interpreters are found), HOME and
// TMPDIR in a fresh folder of the bot's own (removed when it is torn down),
// LANG=C.UTF-8, and the `extra` KEY=VALUE pairs. `inherit` gives the bot
// arbiter's whole environment (plus `extra`) instead.
struct Environment {
  bool inherit = false;
  std::vector<std::string> extra;  // KEY=VALUE, later ones win
};
// The variables a bot gets under `env`, for reports: "HOME=(a fresh folder)".
std::vector<std::string> DescribeEnvironment(const Environment& env);
// Whether `kv` is KEY=VALUE with a non-empty KEY of [A-Za-z0-9_] not starting
// with a digit.
bool ValidEnvironmentEntry(const std::string& kv);

// A launcher's run (arbiter.timing.launcher): the script's path ("sh -c"
// for a command string), and the last moment the bot's main process was
// still the launcher's shell before it exec'd the interpreter (nullopt:
// still the launcher). A lower bound, within a watch period (25 ms).
// Settled once the interpreter is known for good: a launcher that exec's
// it. A runner that stays (npm start) may run a prestart script's program
// first, which is no interpreter of the bot's, and the next child's start
// moves interpreter_at: never settled.
struct LauncherRun {
  std::string path;
  std::optional<Clock::time_point> interpreter_at;
  bool settled = true;
};

// What a bot's process tree used, sampled from /proc while it ran (every few
// tens of milliseconds, and at its end).
struct ResourceUsage {
  uint64_t peak_rss_kb = 0;      // the largest sum of resident memory over the tree
  double cpu_ms = 0;             // user + system time of every process seen in the tree
  bool memory_exceeded = false;  // arbiter killed the tree above Limits::memory_mb
  uint64_t exceeded_rss_kb = 0;  // the resident memory that made it do so
  bool by_kernel = false;        // the kernel's memory cgroup stopped it at the limit
  // The kernel held the tree at the memory limit (its cgroup refused it
  // memory and reclaimed instead: a tree can stall there before, or
  // without, a kill).
  bool at_limit = false;
};

// CPU scheduling of one process tree over an interval (/proc/PID/task/*/schedstat):
// time on a CPU, and time runnable but waiting for one, in total and per
// thread, each thread marked when it is a runtime's own (a JVM's compiler
// or collector, .NET's finalizer: not the bot computing; arbiter.timing.load).
struct ThreadSched {
  int tid = 0;
  uint64_t run_ns = 0;
  uint64_t wait_ns = 0;
  bool runtime = false;
};
struct SchedSample {
  uint64_t run_ns = 0;
  uint64_t wait_ns = 0;
  bool valid = false;  // the kernel exposes schedstat
  std::vector<ThreadSched> threads;
};
// What the tree did between two samples, by kind of thread: the busiest
// answering thread's run and wait (the thread that computes the answer is
// one of them), and the runtime's own threads' run and wait, summed.
struct SchedDelta {
  double answer_run_ms = 0;
  double answer_wait_ms = 0;
  double runtime_run_ms = 0;
  double runtime_wait_ms = 0;
  double runtime_wait_max_ms = 0;  // the longest wait of one runtime thread
  int runtime_threads = 0;         // runtime threads that ran in the interval
};
SchedDelta DeltaOf(const SchedSample& before, const SchedSample& after);
// Whether any thread of the sample is a language runtime's own (a JVM, .NET).
bool HasRuntimeThreads(const SchedSample& sample);

struct SpawnOptions {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH when it has no '/'
  Limits limits;
  Environment env;
  Containment containment;
  size_t max_line_bytes = 64 * 1024;     // longer stdout lines are truncated (length kept)
  size_t max_queued_lines = 4096;        // stdout lines waiting to be read
  size_t stderr_tail_bytes = 16 * 1024;  // the last bytes of stderr kept for reports
};

struct TimedLine {
  Line line;
  Clock::time_point at;  // when the read that completed the line returned
};

// What /proc says about the bot's process group at one instant.
struct ProcProbe {
  bool alive = false;  // the main process has not been reaped
  bool waiting_for_stdin =
      false;                // some thread of the group is blocked in read() on the bot's stdin
  uint64_t cpu_ticks = 0;   // utime + stime of every process in the group (clock ticks)
  std::vector<pid_t> pids;  // live processes in the group
};

struct TeardownReport {
  bool exited_before = false;    // the main process had already exited
  bool needed_sigkill = false;   // SIGTERM was not enough within the grace period
  std::vector<pid_t> leftovers;  // processes of the bot alive after the main process ended
  std::vector<std::string> leftover_names;  // their command names, as leftovers
  std::vector<pid_t> survivors;             // processes still alive after SIGKILL (should be none)
};

// The session talks to bots through this interface; SpawnBot makes the real
// one, and tests substitute scripted fakes to check timing logic in
// microseconds.
class BotProcess {
 public:
  virtual ~BotProcess() = default;  // the real one tears down if still running

  virtual pid_t pid() const = 0;
  virtual Clock::time_point started_at() const = 0;

  // Queues bytes for the bot's stdin. Never blocks; if the bot does not read,
  // bytes stay queued (pending_write_bytes() tells how many).
  virtual void Write(std::string_view bytes) = 0;
  virtual size_t pending_write_bytes() const = 0;
  // When the last queued byte was handed to the pipe: for a write the pipe
  // takes at once, the moment just before the write (the bot may answer
  // before arbiter runs again); for a queued write, when it completed.
  // nullopt while bytes are pending.
  virtual std::optional<Clock::time_point> write_done_at() const = 0;
  virtual void CloseStdin() = 0;          // after pending writes; idempotent
  virtual bool stdin_broken() const = 0;  // EPIPE: the bot closed its stdin or died

  // Stdout, framed into lines with arrival times.
  virtual bool HasLine() const = 0;
  virtual TimedLine PopLine() = 0;
  virtual std::string partial() const = 0;
  virtual size_t partial_length() const = 0;
  virtual uint64_t stdout_bytes() const = 0;
  virtual uint64_t dropped_lines() const = 0;
  virtual bool stdout_eof() const = 0;  // every holder of the write end closed it

  // Stderr: total bytes and the last stderr_tail_bytes of it.
  virtual uint64_t stderr_bytes() const = 0;
  virtual std::string stderr_tail() const = 0;

  // The main process's fate, once reaped.
  virtual bool exited() const = 0;
  virtual std::optional<int> exit_code() const = 0;    // normal exit
  virtual std::optional<int> term_signal() const = 0;  // killed by a signal
  virtual std::optional<Clock::time_point> exited_at() const = 0;

  virtual ProcProbe Probe() const = 0;
  // The live processes of the tree other than the main one, as teardown
  // finds them (its group, its session, orphans it left), with their
  // command names: what Terminate would report as leftovers now.
  virtual std::vector<std::pair<pid_t, std::string>> LiveMembers() const { return {}; }

  // For a contained bot (Containment::sandbox) that failed: what its stderr
  // shows the containment took from it, naming --no-sandbox (sandbox.h
  // ContainmentEvidence); "" when uncontained or nothing shows.
  virtual std::string ContainmentEvidence() const { return {}; }

  // What the tree has used so far (see ResourceUsage). The fakes of the tests
  // use nothing.
  virtual ResourceUsage usage() const { return {}; }
  // The tree's scheduling so far, and arbiter's own (its threads): the two
  // halves of telling a slow bot from a busy machine.
  virtual SchedSample SchedOfTree() const { return {}; }
  // The launcher it was started through, if any (launcher_watch.h): a shell
  // script (a pyenv shim, `sh -c`, a wrapper) that later exec'd the
  // program that answers. nullopt: started directly, or not known yet.
  virtual std::optional<LauncherRun> launcher() const { return std::nullopt; }

  // SIGTERM to the whole group (and to re-parented descendants), wait up to
  // `grace` for them to end, then SIGKILL and reap. Safe to call twice.
  virtual TeardownReport Terminate(Clock::duration grace) = 0;
};

// Starts argv in its own process group under `options.limits`. On failure
// returns nullptr and a message ("cannot execute './bot': No such file or
// directory"); the session reports it as process.exec-failed.
std::unique_ptr<BotProcess> SpawnBot(EventLoop& loop, const SpawnOptions& options,
                                     std::string& error);

// Whether this kernel lets arbiter create a network namespace (for
// Limits::no_network); when not, `why` says so.
bool NetworkIsolationAvailable(std::string& why);

}  // namespace arbiter::harness
