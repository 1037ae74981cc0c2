// The harness's cost per turn against a raw pipe round trip (docs/bench.md).
//
// The aim: a 1000-turn JavaChallenge2015 game of four native bots takes at
// most 1.5 times as long as 1000 raw round trips (the official referee spends
// about 2 ms per turn). Both are measured in the same run, with the same bot:
// `arbiter_testbot --mode echo`, which prints READY and then answers "N\n" the
// moment it reads a line "EOD", so with four of them nobody ever falls and the
// game lasts its full 1000 turns.
//
//   BM_RawRoundTrip  the floor: one testbot started with posix_spawn on two
//                    plain blocking pipes; arbiter's side is a write(2) of a
//                    real turn input (the first of a seeded game, 117 bytes)
//                    and read(2) until "\n". One iteration is 1000 round trips.
//   BM_RawSpawn      the floor of a match's fixed costs: four testbots started
//                    with posix_spawn until each has said READY, then each one's
//                    stdin closed and its exit awaited with waitpid.
//   BM_HarnessGame   harness::RunMatch on a real Env: four testbots, READY
//                    handshake, 1000 turns, end of game (stdin closed, exit
//                    awaited, process tree torn down). One iteration is one
//                    whole match. A decorator around the Env (the harness is
//                    unchanged) splits it into setup (RunMatch called -> the
//                    first turn starts, of which the time inside Env::Spawn),
//                    the turn loop (-> the first bot's stdin is closed at the
//                    end of the game) and teardown (-> RunMatch returns); the
//                    progress callback gives the start of every turn.
//   BM_HarnessGameContained  the same, every bot contained (bubblewrap and a
//                    memory cgroup where the machine allows them): the summary
//                    says what containment adds per bot to the start and end.
//
// Each runs under three placements of the processes (see Pinning). The custom
// main prints a summary per placement after the table: the ratio of the aim
// (whole match / 1000 round trips), the phases against their floors, and the
// turn against the round trip, as means, as medians (robust to the other load
// on the machine) and in CPU time of arbiter's process. Unless the command
// line says otherwise it runs 5 repetitions, randomly interleaved, of at least
// 0.2 s each, and the summary uses their medians. A match with a finding, or
// not of 1000 turns, is an error and makes the program exit with status 1.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/findings.h"
#include "checks/session.h"
#include "core/game.h"
#include "process/env.h"
#include "process/memory_cgroup.h"
#include "process/sandbox.h"
#include "report/registers.h"

#ifndef ARBITER_TESTBOT
#error "ARBITER_TESTBOT must name the arbiter_testbot binary"
#endif

extern char** environ;

namespace {

using namespace arbiter;
using harness::Clock;

constexpr int kTurns = 1000;  // jc2015's turn limit: one game
constexpr const char* kTestbot = ARBITER_TESTBOT;
bool g_failed = false;  // a benchmark reported an error

double Us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }
double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// CPU time of this process (arbiter's side only; the bots are children).
double CpuUs() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

// The input of the player to move in a fresh seeded game: a real turn input.
std::string RealTurnInput() {
  std::string error;
  const auto game = FindGame("jc2015")->new_game(1, {}, error);
  return game->InputText(game->current_player());
}

// Where the processes run. A round trip costs very different times when the
// bot runs on arbiter's core (two context switches) and when it runs on the
// other core (a cross-core wake-up, which on this virtual machine costs tens
// of microseconds); left to itself the scheduler picks either, from one run to
// the next. So each benchmark runs under three placements, set with
// sched_setaffinity (children inherit it):
//   same_core  arbiter and every bot on the first allowed CPU;
//   two_cores  arbiter on the first allowed CPU, every bot on the second;
//   unpinned   as the scheduler pleases (what a user gets; not reproducible).
enum class Placement { kSameCore, kTwoCores, kUnpinned };

class Pinning {
 public:
  explicit Pinning(Placement p) : placement_(p) {
    ::sched_getaffinity(0, sizeof original_, &original_);
    for (int cpu = 0; cpu < CPU_SETSIZE && cpus_.size() < 2; ++cpu) {
      if (CPU_ISSET(cpu, &original_)) cpus_.push_back(cpu);
    }
    if (p != Placement::kUnpinned && !cpus_.empty()) Pin(cpus_[0]);
  }
  ~Pinning() { ::sched_setaffinity(0, sizeof original_, &original_); }
  // A placement this machine cannot give (two_cores on one CPU).
  bool possible() const { return placement_ != Placement::kTwoCores || cpus_.size() >= 2; }

  // Runs f (which starts a bot) with the affinity the bot must inherit.
  template <typename F>
  auto SpawnWith(F&& f) {
    if (placement_ != Placement::kTwoCores || cpus_.size() < 2) return f();
    Pin(cpus_[1]);
    auto result = f();
    Pin(cpus_[0]);
    return result;
  }

 private:
  static void Pin(int cpu) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    ::sched_setaffinity(0, sizeof one, &one);
  }
  Placement placement_;
  cpu_set_t original_;
  std::vector<int> cpus_;
};

// ---------------------------------------------------------------------------
// The floor.

// The echo testbot on two plain blocking pipes.
class RawBot {
 public:
  RawBot() {
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);  // dup2 clears O_CLOEXEC
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    char* argv[] = {const_cast<char*>(kTestbot), const_cast<char*>("--mode"),
                    const_cast<char*>("echo"), nullptr};
    const int rc = ::posix_spawn(&pid_, kTestbot, &fa, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
    if (rc != 0) pid_ = -1;
  }
  ~RawBot() {
    if (to_ >= 0) ::close(to_);  // end of file: the bot exits
    if (from_ >= 0) ::close(from_);
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return pid_ > 0; }

  bool Write(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(to_, bytes.data(), bytes.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  }
  // Reads until a '\n' ends what was read; returns the line without it.
  std::optional<std::string> ReadLine() {
    std::string line;
    char buf[256];
    while (line.empty() || line.back() != '\n') {
      const ssize_t n = ::read(from_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::nullopt;
      line.append(buf, static_cast<size_t>(n));
    }
    line.pop_back();
    return line;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
};

void BM_RawRoundTrip(benchmark::State& bs, Placement placement) {
  Pinning pinning(placement);
  if (!pinning.possible()) return bs.SkipWithError("this placement needs two CPUs");
  const std::string input = RealTurnInput();
  auto bot = pinning.SpawnWith([] { return std::make_unique<RawBot>(); });
  if (!bot->ok() || bot->ReadLine() != "READY") {
    g_failed = true;
    return bs.SkipWithError("cannot start the echo testbot");
  }
  std::vector<double> each(kTurns);
  double median_us = 0;
  for (auto _ : bs) {
    const Clock::time_point start = Clock::now();
    Clock::time_point last = start;
    for (int i = 0; i < kTurns; ++i) {
      if (!bot->Write(input) || bot->ReadLine() != "N") {
        g_failed = true;
        return bs.SkipWithError("the echo testbot did not answer N");
      }
      const Clock::time_point now = Clock::now();
      each[i] = Us(now - last);
      last = now;
    }
    bs.SetIterationTime(Seconds(last - start));
    median_us += Median(each);
  }
  bs.counters["input_bytes"] = static_cast<double>(input.size());
  bs.counters["median_us"] = median_us / static_cast<double>(bs.iterations());
}

// The floor of a match's fixed costs: four echo testbots started one after
// the other with posix_spawn, READY read from each, then for each in turn its
// stdin closed and its exit awaited (waitpid).
void BM_RawSpawn(benchmark::State& bs, Placement placement) {
  Pinning pinning(placement);
  if (!pinning.possible()) return bs.SkipWithError("this placement needs two CPUs");
  double start_us = 0, exit_us = 0;
  for (auto _ : bs) {
    const Clock::time_point start = Clock::now();
    Clock::time_point ready;
    {
      std::vector<std::unique_ptr<RawBot>> bots;
      for (int i = 0; i < 4; ++i)
        bots.push_back(pinning.SpawnWith([] { return std::make_unique<RawBot>(); }));
      for (auto& bot : bots) {
        if (!bot->ok() || bot->ReadLine() != "READY") {
          g_failed = true;
          return bs.SkipWithError("cannot start the echo testbot");
        }
      }
      ready = Clock::now();
    }  // ~RawBot: stdin closed, exit awaited
    const Clock::time_point end = Clock::now();
    bs.SetIterationTime(Seconds(end - start));
    start_us += Us(ready - start);
    exit_us += Us(end - ready);
  }
  const double n = static_cast<double>(bs.iterations());
  bs.counters["start_ms"] = start_us / n / 1000;
  bs.counters["exit_ms"] = exit_us / n / 1000;
}

// ---------------------------------------------------------------------------
// The harness.

// Forwards to a real bot; remembers when its stdin was first closed.
class TimedBot final : public harness::BotProcess {
 public:
  struct Closed {
    std::optional<Clock::time_point> at;
    double cpu_us = 0;
  };
  TimedBot(std::unique_ptr<harness::BotProcess> bot, Closed& closed)
      : bot_(std::move(bot)), closed_(closed) {}

  pid_t pid() const override { return bot_->pid(); }
  Clock::time_point started_at() const override { return bot_->started_at(); }
  void Write(std::string_view bytes) override { bot_->Write(bytes); }
  size_t pending_write_bytes() const override { return bot_->pending_write_bytes(); }
  std::optional<Clock::time_point> write_done_at() const override { return bot_->write_done_at(); }
  void CloseStdin() override {
    if (!closed_.at) {
      closed_.at = Clock::now();
      closed_.cpu_us = CpuUs();
    }
    bot_->CloseStdin();
  }
  bool stdin_broken() const override { return bot_->stdin_broken(); }
  bool HasLine() const override { return bot_->HasLine(); }
  harness::TimedLine PopLine() override { return bot_->PopLine(); }
  std::string partial() const override { return bot_->partial(); }
  size_t partial_length() const override { return bot_->partial_length(); }
  uint64_t stdout_bytes() const override { return bot_->stdout_bytes(); }
  uint64_t dropped_lines() const override { return bot_->dropped_lines(); }
  bool stdout_eof() const override { return bot_->stdout_eof(); }
  uint64_t stderr_bytes() const override { return bot_->stderr_bytes(); }
  std::string stderr_tail() const override { return bot_->stderr_tail(); }
  bool exited() const override { return bot_->exited(); }
  std::optional<int> exit_code() const override { return bot_->exit_code(); }
  std::optional<int> term_signal() const override { return bot_->term_signal(); }
  std::optional<Clock::time_point> exited_at() const override { return bot_->exited_at(); }
  harness::ProcProbe Probe() const override { return bot_->Probe(); }
  harness::TeardownReport Terminate(Clock::duration grace) override {
    return bot_->Terminate(grace);
  }

 private:
  std::unique_ptr<harness::BotProcess> bot_;
  Closed& closed_;
};

// The real Env, with its bots wrapped in TimedBot.
class TimedEnv final : public harness::Env {
 public:
  explicit TimedEnv(Pinning& pinning) : real_(harness::MakeRealEnv()), pinning_(pinning) {}
  Clock::time_point Now() override { return real_->Now(); }
  bool RunUntil(Clock::time_point deadline, const std::function<bool()>& done) override {
    return real_->RunUntil(deadline, done);
  }
  std::unique_ptr<harness::BotProcess> Spawn(const harness::SpawnOptions& options,
                                             std::string& error) override {
    const Clock::time_point start = Clock::now();
    auto bot = pinning_.SpawnWith([&] { return real_->Spawn(options, error); });
    spawn_us += Us(Clock::now() - start);
    if (!bot) return nullptr;
    return std::make_unique<TimedBot>(std::move(bot), first_close);
  }

  TimedBot::Closed first_close;  // reset before each match
  double spawn_us = 0;           // time spent in Spawn (SpawnBot), summed

 private:
  std::unique_ptr<harness::Env> real_;
  Pinning& pinning_;
};

void HarnessGame(benchmark::State& bs, Placement placement, bool contained) {
  Pinning pinning(placement);
  if (!pinning.possible()) return bs.SkipWithError("this placement needs two CPUs");
  const GameInfo* game = FindGame("jc2015");
  harness::SessionConfig config;
  config.ready_line = std::string(*game->ready_line);
  config.ready_ms = 5000;  // generous: only the time taken matters here
  config.first_action_ms = 1000;
  config.action_ms = 1000;
  if (contained) {
    std::string why;
    if (!harness::SandboxAvailable(why)) return bs.SkipWithError(why.c_str());
    config.containment.sandbox = true;
    config.containment.memory_cgroup = harness::MemoryCgroupAvailable(why);
  }
  const harness::CheckCatalog catalog =
      harness::CatalogFromRegister(nlohmann::json::parse(report::RegisterJson(game->name)));
  const std::vector<std::string> argv = {kTestbot, "--mode", "echo"};
  TimedEnv env(pinning);

  double setup_us = 0, loop_us = 0, loop_cpu_us = 0, teardown_us = 0, latency_us = 0;
  double turn_median_us = 0, spawn_us = 0;
  std::vector<Clock::time_point> turn_starts;  // one per turn, from the progress callback
  turn_starts.reserve(kTurns);
  std::vector<double> turns(kTurns);
  uint64_t seed = 1;
  for (auto _ : bs) {
    std::string error;
    harness::MatchSpec spec;
    spec.id = "bench";
    spec.seed = seed;
    spec.side = harness::EngineSide::Of(game->new_game(seed++, {}, error));
    for (int i = 0; i < 4; ++i) spec.seats.push_back({argv, ""});
    env.first_close = {};
    env.spawn_us = 0;
    std::optional<Clock::time_point> first_turn;
    double first_turn_cpu_us = 0;
    turn_starts.clear();
    const harness::Progress progress = [&](const std::string&, int) {
      turn_starts.push_back(Clock::now());
      if (first_turn) return;
      first_turn = turn_starts.back();
      first_turn_cpu_us = CpuUs();
    };

    const Clock::time_point start = Clock::now();
    const harness::MatchResult r =
        harness::RunMatch(env, std::move(spec), config, catalog, progress);
    const Clock::time_point end = Clock::now();
    bs.SetIterationTime(Seconds(end - start));

    if (!r.findings.empty() || r.turns_played != kTurns ||
        r.latencies_ms.size() != static_cast<size_t>(kTurns) ||
        turn_starts.size() != static_cast<size_t>(kTurns) || !env.first_close.at) {
      std::string why = "the match had " + std::to_string(r.findings.size()) + " finding(s) and " +
                        std::to_string(r.turns_played) + " turns, " +
                        std::to_string(r.latencies_ms.size()) + " answers";
      for (const harness::Finding& f : r.findings) {
        std::fprintf(stderr, "harness_bench: finding %s (seat %d, turn %d): %s\n", f.check.c_str(),
                     f.seat, f.turn, f.message.c_str());
      }
      g_failed = true;
      return bs.SkipWithError(why.c_str());
    }
    setup_us += Us(*first_turn - start);
    spawn_us += env.spawn_us;
    loop_us += Us(*env.first_close.at - *first_turn);
    loop_cpu_us += env.first_close.cpu_us - first_turn_cpu_us;
    teardown_us += Us(end - *env.first_close.at);
    latency_us += 1000 * Median(r.latencies_ms);
    turn_starts.push_back(*env.first_close.at);  // the end of the last turn
    for (int i = 0; i < kTurns; ++i) turns[i] = Us(turn_starts[i + 1] - turn_starts[i]);
    turn_median_us += Median(turns);
  }
  const double n = static_cast<double>(bs.iterations());
  bs.counters["setup_ms"] = setup_us / n / 1000;
  bs.counters["spawn_ms"] = spawn_us / n / 1000;
  bs.counters["loop_us/turn"] = loop_us / n / kTurns;
  bs.counters["loop_cpu_us/turn"] = loop_cpu_us / n / kTurns;
  bs.counters["teardown_ms"] = teardown_us / n / 1000;
  bs.counters["latency_med_us"] = latency_us / n;
  bs.counters["turn_med_us"] = turn_median_us / n;
}

void BM_HarnessGame(benchmark::State& bs, Placement placement) {
  HarnessGame(bs, placement, false);
}
// The same match with every bot contained (sandbox.h, memory_cgroup.h): what
// containment adds to a match's start and end.
void BM_HarnessGameContained(benchmark::State& bs, Placement placement) {
  HarnessGame(bs, placement, true);
}
#define ARBITER_PLACEMENTS(bm)                           \
  BENCHMARK_CAPTURE(bm, same_core, Placement::kSameCore) \
      ->UseManualTime()                                  \
      ->Unit(benchmark::kMillisecond);                   \
  BENCHMARK_CAPTURE(bm, two_cores, Placement::kTwoCores) \
      ->UseManualTime()                                  \
      ->Unit(benchmark::kMillisecond);                   \
  BENCHMARK_CAPTURE(bm, unpinned, Placement::kUnpinned)  \
      ->UseManualTime()                                  \
      ->Unit(benchmark::kMillisecond)
ARBITER_PLACEMENTS(BM_RawRoundTrip);
ARBITER_PLACEMENTS(BM_RawSpawn);
ARBITER_PLACEMENTS(BM_HarnessGame);
ARBITER_PLACEMENTS(BM_HarnessGameContained);

// ---------------------------------------------------------------------------
// The console table, plus the summary. With --benchmark_repetitions the median
// of the repetitions is used, otherwise the (only) run.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Color : OO_None) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      Figures& f = figures_[run.run_name.function_name];
      std::map<std::string, double> values;
      // GetAdjustedRealTime is in the benchmark's unit (ms here): per iteration.
      values["ms"] = run.GetAdjustedRealTime();
      values["cpu_ms"] = run.GetAdjustedCPUTime();
      for (const auto& [name, counter] : run.counters) values[name] = counter.value;
      if (run.run_type == Run::RT_Iteration) {
        for (const auto& [name, v] : values) f.each[name].push_back(v);
      } else if (run.aggregate_name == "median") {
        f.median = values;
      }
    }
  }

  void PrintSummary() const {
    static const struct {
      const char* name;
      const char* what;
    } kPlacements[] = {{"same_core", "arbiter and the bots on one CPU"},
                       {"two_cores", "arbiter on one CPU, the bots on the other"},
                       {"unpinned", "where the scheduler puts them"}};
    for (const auto& placement : kPlacements) {
      const std::string suffix = std::string("/") + placement.name;
      auto get = [&](const char* bench, const char* name) { return Value(bench + suffix, name); };
      const double floor_ms = get("BM_RawRoundTrip", "ms");
      const double match_ms = get("BM_HarnessGame", "ms");
      if (floor_ms <= 0 || match_ms <= 0) continue;
      const double ratio = match_ms / floor_ms;
      const double setup_ms = get("BM_HarnessGame", "setup_ms");
      const double teardown_ms = get("BM_HarnessGame", "teardown_ms");
      const double loop_us = get("BM_HarnessGame", "loop_us/turn");
      const double rt_us = floor_ms * 1000 / kTurns;
      const double turn_med = get("BM_HarnessGame", "turn_med_us");
      const double rt_med = get("BM_RawRoundTrip", "median_us");
      std::printf("\nsummary, %s (%s):\n", placement.name, placement.what);
      std::printf(
          "  aim:   game / 1000 raw round trips = %.2fx (<= 1.5x: %s); game %.1f ms, "
          "1000 round trips %.1f ms\n",
          ratio, ratio <= 1.5 ? "met" : "missed", match_ms, floor_ms);
      std::printf(
          "  game:  setup %.1f ms (in SpawnBot %.1f, then READY) + turn loop %.1f ms + "
          "teardown %.1f ms\n",
          setup_ms, get("BM_HarnessGame", "spawn_ms"), loop_us * kTurns / 1000, teardown_ms);
      if (const double raw_start = get("BM_RawSpawn", "start_ms"); raw_start > 0) {
        const double raw_exit = get("BM_RawSpawn", "exit_ms");
        std::printf(
            "  fixed: raw start of 4 bots to READY %.1f ms, raw exit %.1f ms: the harness "
            "adds %.1f ms and %.1f ms\n"
            "         game / raw game (raw start + 1000 round trips + raw exit) = %.2fx\n",
            raw_start, raw_exit, setup_ms - raw_start, teardown_ms - raw_exit,
            match_ms / (raw_start + floor_ms + raw_exit));
      }
      if (const double c_setup = get("BM_HarnessGameContained", "setup_ms"); c_setup > 0) {
        const double c_teardown = get("BM_HarnessGameContained", "teardown_ms");
        std::printf(
            "  contained: setup %.1f ms (in SpawnBot %.1f) + teardown %.1f ms: containment "
            "adds %.2f ms per bot to the start and %.2f ms per bot to the end\n",
            c_setup, get("BM_HarnessGameContained", "spawn_ms"), c_teardown,
            (c_setup - setup_ms) / 4, (c_teardown - teardown_ms) / 4);
      }
      std::printf(
          "  turn:  mean %.1f us vs %.1f us raw (%.2fx, %+.1f us); median %.1f vs %.1f us "
          "(%.2fx, %+.1f us)\n",
          loop_us, rt_us, loop_us / rt_us, loop_us - rt_us, turn_med, rt_med, turn_med / rt_med,
          turn_med - rt_med);
      std::printf(
          "         median bot latency as the harness measured it %.1f us; arbiter's CPU "
          "%.1f us per turn vs %.1f us per raw round trip\n",
          get("BM_HarnessGame", "latency_med_us"), get("BM_HarnessGame", "loop_cpu_us/turn"),
          get("BM_RawRoundTrip", "cpu_ms") * 1000 / kTurns);
    }
  }

 private:
  struct Figures {
    std::map<std::string, std::vector<double>> each;
    std::map<std::string, double> median;
  };
  double Value(const std::string& bench, const std::string& name) const {
    const auto it = figures_.find(bench);
    if (it == figures_.end()) return 0;
    if (const auto m = it->second.median.find(name); m != it->second.median.end()) return m->second;
    const auto e = it->second.each.find(name);
    return e == it->second.each.end() ? 0 : Median(e->second);
  }
  std::map<std::string, Figures> figures_;
};

}  // namespace

int main(int argc, char** argv) {
  // Defaults that suit a noisy machine, unless the command line says otherwise.
  std::vector<char*> args(argv, argv + argc);
  bool console = true, repetitions = false, interleaving = false, min_time = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a.starts_with("--benchmark_format=") && a != "--benchmark_format=console") console = false;
    repetitions |= a.starts_with("--benchmark_repetitions");
    interleaving |= a.starts_with("--benchmark_enable_random_interleaving");
    min_time |= a.starts_with("--benchmark_min_time");
  }
  static char kRepetitions[] = "--benchmark_repetitions=5";
  static char kInterleaving[] = "--benchmark_enable_random_interleaving=true";
  if (!repetitions) args.push_back(kRepetitions);
  static char kMinTime[] = "--benchmark_min_time=0.2";
  if (!interleaving) args.push_back(kInterleaving);
  if (!min_time) args.push_back(kMinTime);
  int n = static_cast<int>(args.size());
  args.push_back(nullptr);

  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  if (!console) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.PrintSummary();
  }
  benchmark::Shutdown();
  return g_failed ? 1 : 0;
}
