// A discrete-event fake of Env and BotProcess, arbiter_testing's core: a
// virtual clock, and bots and referees that follow a script ("on the k-th
// input, after 60 ms, write 'N\n'"). RunUntil jumps the clock from one
// scripted event to the next, so a test of a 100 ms deadline takes
// microseconds and its times are exact. engine_referee.h adds a referee
// played by arbiter's own engine.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <vector>

#include "process/env.h"

namespace arbiter::harness::testing {

using std::chrono::milliseconds;

struct Emit {
  // kToSeat, kCloseSeat: a referee that launches its bots writes `bytes` to
  // seat `code`'s bot, or closes that bot's input (the relay's inbox).
  // kCall: at its time, `call` says what the process does next (a timer).
  enum Kind { kStdout, kStderr, kExit, kSignal, kCloseStdout, kToSeat, kCloseSeat, kCall };
  milliseconds delay{0};
  Kind kind = kStdout;
  std::string bytes;
  int code = 0;
  std::function<std::vector<Emit>()> call = {};
};
inline Emit Out(int ms, std::string bytes) {
  return {milliseconds(ms), Emit::kStdout, std::move(bytes)};
}
inline Emit Err(int ms, std::string bytes) {
  return {milliseconds(ms), Emit::kStderr, std::move(bytes)};
}
inline Emit Exit(int ms, int code) { return {milliseconds(ms), Emit::kExit, {}, code}; }
inline Emit Signal(int ms, int sig) { return {milliseconds(ms), Emit::kSignal, {}, sig}; }
inline Emit CloseOut(int ms) { return {milliseconds(ms), Emit::kCloseStdout, {}, 0}; }
inline Emit ToSeat(int ms, int seat, std::string bytes) {
  return {milliseconds(ms), Emit::kToSeat, std::move(bytes), seat};
}
inline Emit CloseSeat(int ms, int seat) { return {milliseconds(ms), Emit::kCloseSeat, {}, seat}; }
inline Emit After(int ms, std::function<std::vector<Emit>()> call) {
  return {milliseconds(ms), Emit::kCall, {}, 0, std::move(call)};
}

struct FakeScript {
  std::vector<Emit> on_start;  // e.g. {Out(5, "READY\n")}
  std::function<std::vector<Emit>(int index, const std::string& input)> on_input;  // index from 0
  std::vector<Emit> on_eof;  // when its stdin is closed
  // When given the one extra line of a silence's diagnosis (kMoreInputLine):
  // a bot that reads whole turns reads it as the next turn's start, silently.
  std::vector<Emit> on_more_input;
  // Every write is an input, the line above included: a referee, to which
  // arbiter's answer "0" is an answer like any other.
  bool every_write_is_input = false;
  // A referee that launches its bots, scripted as one process: what it does
  // when seat `seat`'s bot answers (the bytes arbiter relays), with ToSeat
  // and CloseSeat for what it writes to the bots. Set, the process started
  // first after a relay opened is that relay's referee (FakeEnv::OpenRelay
  // without a relay_script), and when it exits every seat's input ends.
  std::function<std::vector<Emit>(int seat, const std::string& answer)> on_seat_answer;
  // When arbiter stops seat `seat`'s bot (a crash it plays): what the
  // referee does on seeing that bot's output end.
  std::function<std::vector<Emit>(int seat)> on_seat_gone;
  bool waiting_for_stdin = true;  // what Probe says while silent
  bool burns_cpu = false;
  std::vector<pid_t> leftovers;  // reported by Terminate
  std::vector<std::string> leftover_names;
  bool spawn_fails = false;
  ResourceUsage usage;  // what usage() reports (a memory kill: memory_exceeded + Signal SIGKILL)
  // The tree's scheduling once it has been given `inputs` inputs; unset: none.
  std::function<SchedSample(int inputs)> sched;
  // Started through a launcher of this path that exec's the interpreter
  // `launcher_ms` after the start (BotProcess::launcher); "": none.
  std::string launcher;
  int launcher_ms = 0;
  // Set: the launcher is a runner that stays (npm start) and starts a child
  // at each of these times after the start, in turn (a prestart script's
  // program, then the interpreter); launcher_ms is then unused.
  std::vector<int> launcher_children_ms;
  // Its stdout's framing: small caps by default, so that a test floods them
  // in a few lines; a real process's are LineFramer's defaults.
  size_t max_line_bytes = 1024;
  size_t max_queued_lines = 64;
};

// `script` with every reply to an input emitted `delay` after it (a referee
// that takes that long over each turn).
inline FakeScript EveryReplyAfter(FakeScript script, milliseconds delay) {
  auto inner = script.on_input;
  script.on_input = [inner, delay](int index, const std::string& in) {
    auto out = inner(index, in);
    for (Emit& e : out) e.delay = delay;
    return out;
  };
  return script;
}

class FakeEnv;
class FakeBot;

// A bot-launching referee's relays in the fake (Env::OpenRelay): what the
// referee writes to each seat, scripted like a bot's output.
struct RelayEmit {
  milliseconds delay{0};
  int seat = 0;
  std::string bytes;    // to the seat's inbox
  bool close = false;   // the referee closes the seat's input
  bool reopen = false;  // the referee starts the seat's bot again (a new connection)
};
struct FakeRelayScript {
  std::vector<RelayEmit> on_open;
  // On an answer (the bytes Send gives a seat): what the referee writes next.
  std::function<std::vector<RelayEmit>(int seat, const std::string& answer)> on_answer;
};

class FakeRelay final : public SeatRelay {
 public:
  FakeRelay(FakeEnv& env, int seats, FakeRelayScript script);
  ~FakeRelay() override;
  std::string ProbeCommand(int seat) const override { return "relay" + std::to_string(seat); }
  size_t seats() const { return inbox_.size(); }
  bool connected(int seat) const override { return !killed_.at(seat); }
  int connections(int seat) const override { return connections_.at(seat); }
  bool ended(int seat) const override { return ended_.at(seat); }
  std::string& inbox(int seat) override { return inbox_.at(seat); }
  void Send(int seat, std::string_view bytes) override;
  void Kill(int seat) override;
  std::string_view process_name() const override { return "relay"; }
  std::optional<Clock::time_point> last_arrival(int seat) const override {
    return arrived_.at(seat);
  }

  std::optional<Clock::time_point> NextEventTime() const;
  void DeliverDue();
  std::vector<std::string> sent;  // every Send, "<seat>:<bytes>"
  FakeBot* referee = nullptr;     // the process that plays the relay's referee, if one does
  // What the referee writes to a seat's bot, or its closing that bot's input.
  void ToSeat(int seat, const std::string& bytes);
  void CloseSeat(int seat) { ended_.at(seat) = true; }
  bool killed(int seat) const { return killed_.at(seat); }

 private:
  void Schedule(const std::vector<RelayEmit>& emits);
  FakeEnv& env_;
  FakeRelayScript script_;
  std::multimap<Clock::time_point, RelayEmit> pending_;
  std::vector<std::string> inbox_;
  std::vector<bool> ended_, killed_;
  std::vector<int> connections_;
  std::vector<std::optional<Clock::time_point>> arrived_;
};

class FakeBot final : public BotProcess {
 public:
  FakeBot(FakeEnv& env, FakeScript script);
  ~FakeBot() override;
  pid_t pid() const override { return 4242; }
  Clock::time_point started_at() const override { return started_; }
  void Write(std::string_view bytes) override;
  size_t pending_write_bytes() const override { return 0; }
  std::optional<Clock::time_point> write_done_at() const override { return write_done_; }
  void CloseStdin() override;
  bool stdin_broken() const override { return false; }
  bool HasLine() const override { return framer_.HasLine(); }
  TimedLine PopLine() override {
    TimedLine t{framer_.PopLine(), arrivals_.front()};
    arrivals_.pop_front();
    return t;
  }
  std::string partial() const override { return std::string(framer_.partial()); }
  size_t partial_length() const override { return framer_.partial_length(); }
  uint64_t stdout_bytes() const override { return framer_.total_bytes(); }
  uint64_t dropped_lines() const override { return framer_.dropped_lines(); }
  bool stdout_eof() const override { return stdout_eof_; }
  uint64_t stderr_bytes() const override { return stderr_bytes_; }
  std::string stderr_tail() const override { return stderr_; }
  bool exited() const override { return exit_code_ || signal_; }
  std::optional<int> exit_code() const override { return exit_code_; }
  std::optional<int> term_signal() const override { return signal_; }
  std::optional<Clock::time_point> exited_at() const override { return exited_at_; }
  ProcProbe Probe() const override;
  TeardownReport Terminate(Clock::duration grace) override;
  ResourceUsage usage() const override { return script_.usage; }
  SchedSample SchedOfTree() const override {
    return script_.sched ? script_.sched(inputs_) : SchedSample{};
  }
  std::optional<LauncherRun> launcher() const override;

  // For FakeEnv.
  std::optional<Clock::time_point> NextEventTime() const;
  void DeliverDue();
  void SeatAnswer(int seat, const std::string& answer);  // the relay's referee's input
  void SeatGone(int seat);
  bool plays_referee() const { return static_cast<bool>(script_.on_seat_answer); }
  int inputs() const { return inputs_; }
  bool terminated() const { return terminated_; }
  bool stdin_closed() const { return stdin_closed_; }

 private:
  void Schedule(const std::vector<Emit>& emits);
  void EndSeats();
  FakeEnv& env_;
  FakeScript script_;
  Clock::time_point started_;
  std::optional<Clock::time_point> write_done_;
  std::multimap<Clock::time_point, Emit> pending_;
  LineFramer framer_;
  std::deque<Clock::time_point> arrivals_;
  bool stdout_eof_ = false, stdin_closed_ = false, terminated_ = false;
  uint64_t stderr_bytes_ = 0;
  std::string stderr_;
  std::optional<int> exit_code_, signal_;
  std::optional<Clock::time_point> exited_at_;
  int inputs_ = 0;
  uint64_t cpu_ = 0;
};

class FakeEnv final : public Env {
 public:
  Clock::time_point Now() override { return now_; }
  bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) override;
  std::unique_ptr<BotProcess> Spawn(const SpawnOptions& options, std::string& error) override;
  // arbiter itself never waits for a CPU in the fake, unless a test says
  // how long its thread has waited (thread_wait_ns) and how busy the
  // machine is (cpu_pressure).
  SchedSample SelfSched() override { return {0, 0, true, {}}; }
  bool ThreadWait(uint64_t& wait_ns) override {
    wait_ns = thread_wait_ns;
    return true;
  }
  double CpuPressure() override { return cpu_pressure; }
  uint64_t thread_wait_ns = 0;
  double cpu_pressure = 0;
  std::unique_ptr<SeatRelay> OpenRelay(int seats, const std::string& probe_executable,
                                       std::string& error) override;

  // The next relay opened follows this script; none: OpenRelay fails, unless
  // referees_launch_bots: the relay is then played by the process started
  // next (its script's on_seat_answer).
  std::optional<FakeRelayScript> relay_script;
  bool referees_launch_bots = false;
  FakeRelay* relay = nullptr;  // the open one, owned by its driver

  // Scripts handed to the bots in the order they are spawned; when none is
  // left, script_for(argv) when set (a referee started once per game, whose
  // script reads its seed from its command line).
  std::deque<FakeScript> scripts;
  std::function<FakeScript(const std::vector<std::string>& argv)> script_for;
  std::vector<FakeBot*> bots;  // owned by the session
  std::vector<std::vector<std::string>> spawned_argv;
  std::vector<Environment> spawned_env;

 private:
  Clock::time_point now_{std::chrono::seconds(1000)};
};

}  // namespace arbiter::harness::testing
