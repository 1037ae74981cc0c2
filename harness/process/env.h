// The seam between the session's logic and the world: the clock, waiting, and
// starting bots. RealEnv uses the event loop and real processes; the tests use
// a discrete-event fake, so deadline logic is checked in microseconds with
// exact times, and only a smaller labelled set of tests runs real processes.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "process/bot_process.h"

namespace arbiter::harness {

// The arbiter end of the bots a referee launches itself (a referee that
// launches bots, harness/referee/probe_hub.h): per seat, a command the
// referee starts in place of a bot, whose stdin bytes arrive in inbox(seat)
// and whose stdout is what Send writes. Nothing blocks; bytes move while the
// Env waits (RunUntil).
class SeatRelay {
 public:
  virtual ~SeatRelay() = default;
  virtual std::string ProbeCommand(int seat) const = 0;
  virtual bool connected(int seat) const = 0;
  virtual int connections(int seat) const = 0;
  // The referee closed the seat's stdin (or its probe died).
  virtual bool ended(int seat) const = 0;
  virtual std::string& inbox(int seat) = 0;
  virtual void Send(int seat, std::string_view bytes) = 0;
  // The seat's bot dies as the referee sees it (its stdout closes).
  virtual void Kill(int seat) = 0;
  // When the seat's last bytes arrived (nullopt: none yet or not known).
  virtual std::optional<Clock::time_point> last_arrival(int /*seat*/) const { return std::nullopt; }
  // Bytes on the seat's stderr, as the referee sees its bot's; false when
  // they cannot be written.
  virtual bool WriteStderr(int /*seat*/, std::string_view /*bytes*/) { return false; }
  // The command name of the relays' processes (the referee runs them as
  // its bots): they are arbiter's own, never the referee's leftovers.
  virtual std::string_view process_name() const { return {}; }
  // What a contained referee must see of the relays as they are (their
  // sockets' folder, their program); empty when nothing is on disk.
  virtual std::vector<std::string> shared_paths() const { return {}; }
};

class Env {
 public:
  virtual ~Env() = default;
  virtual Clock::time_point Now() = 0;
  // Waits until done() or the deadline; returns done().
  virtual bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) = 0;
  // Collects what has already arrived, without waiting.
  void Poll() {
    RunUntil(Now(), [] { return false; });
  }
  virtual std::unique_ptr<BotProcess> Spawn(const SpawnOptions& options, std::string& error) = 0;
  // arbiter's own scheduling so far (BotProcess::SchedOfTree's other half).
  virtual SchedSample SelfSched() { return {}; }
  // The calling thread's wait for a CPU so far, in ns (a game's own figure
  // of load, thread by thread); false when the kernel does not say.
  virtual bool ThreadWait(uint64_t& /*wait_ns*/) { return false; }
  // The machine's CPU pressure (PSI "some avg10", percent); -1 unknown.
  virtual double CpuPressure() { return -1; }
  // `seats` relays for a referee that launches bots, run by
  // `probe_executable` (ProbeBesideSelf); nullptr with `error` set when they
  // cannot be opened.
  virtual std::unique_ptr<SeatRelay> OpenRelay(int /*seats*/,
                                               const std::string& /*probe_executable*/,
                                               std::string& error) {
    error = "this environment runs no referee that launches bots";
    return nullptr;
  }
};

std::unique_ptr<Env> MakeRealEnv();
// The same on a loop of the caller's (fuzz-referee's games, each on its
// worker's loop).
std::unique_ptr<Env> MakeRealEnv(EventLoop& loop);

}  // namespace arbiter::harness
