// Interruption: what arbiter does when the user presses Ctrl-C (SIGINT), a CI
// runner cancels or times out a job (SIGTERM), or the terminal goes away
// (SIGHUP).
//
// The first signal is only recorded: every event loop wakes up (a byte on a
// pipe it watches), RunUntil returns at once from then on, and the code that
// runs matches and games checks Interrupted() to stop starting work, tear
// every process tree down, remove its temporary folders, and report what it
// has found so far with the verdict "interrupted"; the command then exits
// with 128 + the signal's number (130, 143, 129). The same signal again
// within 250 ms is the same interrupt (`timeout` signals the process and
// then its group). A second signal exits at
// once from the handler, after SIGKILL to every bot and referee process
// group still registered here, so nothing outlives even an impatient user.
#pragma once

#include <sys/types.h>

namespace arbiter::harness {

// Installs the handlers of SIGINT, SIGTERM and SIGHUP. Idempotent.
void InstallInterruptHandlers();

// The signal that interrupted the run, or 0.
int InterruptSignal();
inline bool Interrupted() { return InterruptSignal() != 0; }
// The exit status of an interrupted run: 128 + the signal.
inline int InterruptedExitStatus() { return 128 + InterruptSignal(); }

// Process groups the handler kills on a second signal (bots, referees).
// Async-signal-safe bookkeeping in a fixed table; a full table drops the
// registration (teardown still finds the group the ordinary way).
void RegisterGroup(pid_t pgid);
void UnregisterGroup(pid_t pgid);

// A pipe whose read end becomes readable on an interrupting signal; each
// event loop watches one. Returns the read end, or -1.
int NewWakeFd();
void ReleaseWakeFd(int read_fd);

// For tests: records `sig` as if it had been delivered (0 clears it).
void SimulateInterrupt(int sig);

}  // namespace arbiter::harness
