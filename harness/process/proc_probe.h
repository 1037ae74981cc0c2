// Reading /proc about bots: which processes exist, how they are related, how
// much CPU they used, and whether one of them is blocked reading a given pipe.
//
// Everything here is a snapshot of processes that may vanish, exec or be
// re-parented while we read, so every reader returns "nothing" rather than
// failing when a file is gone or unreadable, and callers treat the answers as
// evidence at one instant. Linux only.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {
struct ThreadSched;  // bot_process.h
}  // namespace arbiter::harness

namespace arbiter::harness::proc {

// The fields of /proc/PID/stat that the harness uses.
struct ProcStat {
  pid_t pid = 0;
  char state = '?';  // R, S, D, Z, T, X, ...
  pid_t ppid = 0;
  pid_t pgrp = 0;
  pid_t session = 0;
  uint64_t utime = 0;       // clock ticks
  uint64_t stime = 0;       // clock ticks
  uint64_t start_time = 0;  // clock ticks after boot; tells a reused pid apart
  char comm[16] = {};       // the command name (at most 15 bytes), for people
  // A zombie (or a dying task) holds a pid but runs nothing.
  bool live() const { return state != 'Z' && state != 'X' && state != 'x'; }
};

// Parses the text of /proc/PID/stat (the command name may contain spaces and
// parentheses: fields are counted after the last ')').
std::optional<ProcStat> ParseStat(std::string_view text);
std::optional<ProcStat> ReadStat(pid_t pid);

// Every process /proc shows right now, zombies included.
std::vector<ProcStat> ScanProcesses();

// The children of `pid` now (/proc/PID/task/*/children), without a scan of
// /proc; empty when it is gone or the kernel does not say.
std::vector<pid_t> Children(pid_t pid);

// Resident memory of `pid` in KiB (/proc/PID/statm); 0 when it is gone.
uint64_t ReadRssKb(pid_t pid);

// Scheduler statistics of every thread of `pid` (/proc/PID/task/*/schedstat),
// summed: nanoseconds on a CPU, and runnable but waiting for a CPU. False
// when the kernel does not expose them or the process is gone.
bool ReadSchedStat(pid_t pid, uint64_t& run_ns, uint64_t& wait_ns);

// The scheduler statistics of each thread of `pid`, appended to `out`
// with its runtime mark (IsRuntimeThreadName of its /proc comm; a runtime
// name is kept in `names`, any other is read again: a thread names itself
// after its birth). False when none could be read.
bool ReadThreadsSched(pid_t pid, std::vector<ThreadSched>& out, std::map<int, bool>& names);

// Whether a thread named `comm` (15 characters at most) is a language
// runtime's own: HotSpot's compiler, collector and service threads, .NET's
// and Mono's finalizer, collector and tiered compiler, V8's platform
// workers. The threads that run the bot's code keep the process's name.
bool IsRuntimeThreadName(std::string_view comm);

// The calling thread's time runnable but waiting for a CPU so far
// (/proc/thread-self/schedstat, its second field). False when the kernel
// does not expose it.
bool ReadThreadWait(uint64_t& wait_ns);

// The share of the last 10 s in which some runnable task waited for a CPU,
// in percent (/proc/pressure/cpu, "some avg10"); -1 when the kernel does not
// say (no pressure stall information).
double ReadCpuPressure();

// "pipe:[INODE]" for one of our own descriptors: what /proc/PID/fd/N of any
// process holding the same pipe links to. Empty if `fd` is not open.
std::string FdIdentity(int fd);

// Whether some thread of `pid` is blocked in a system call that waits for
// input on a descriptor linked to `identity`: read, readv, pread64, preadv,
// preadv2 on it; poll, ppoll, select, pselect6 with it in the read set (read
// from /proc/PID/mem); epoll_wait/epoll_pwait/epoll_pwait2 on an epoll
// instance watching it for input (from /proc/PID/fdinfo).
bool BlockedReading(pid_t pid, std::string_view identity);

}  // namespace arbiter::harness::proc
