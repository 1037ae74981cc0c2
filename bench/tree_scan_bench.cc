// The /proc scan of bot trees under --jobs 2 (docs/bench.md): what finding a
// bot's processes costs when games run on two threads at once.
//
// Each bot's watch scans /proc for its tree (posix::BotMembers) every 200 ms
// on its game's event-loop thread. A scan that waits for another thread's
// scan delays the answers of its own game's bots, which are timed against
// limits of 50 ms and less. Measured here, in one run:
//
//   floor        proc::ScanProcesses() alone on one thread: reading /proc,
//                without the tree logic or any lock.
//   one thread   BotMembers of one bot, one thread.
//   two threads  BotMembers of two bots, each on its own thread, at once:
//                each call timed from its start to its return, waits included.
//   round trips  a line through `cat` (4 bots per thread, one after another,
//                each bot's watch scanning as in a real game), on one thread,
//                then on two threads at once: the answer latency --jobs 2
//                sees.
//
// Each figure is a median and a 99th percentile in microseconds, with its
// ratio to the floor's (scans) or to the one-thread round trip. Usage:
//   tree_scan_bench [SCANS_PER_THREAD] [ROUND_TRIPS_PER_BOT]   (default 400 2000)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "process/bot_process.h"
#include "process/proc_probe.h"
#include "process/process_posix.h"

namespace {

using namespace arbiter::harness;
using Micros = std::vector<double>;

struct Figures {
  double median = 0, p99 = 0;
};

Figures Summarise(Micros v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 99 / 100)]};
}

double Since(Clock::time_point t) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}

std::unique_ptr<BotProcess> Start(EventLoop& loop, std::vector<std::string> argv) {
  SpawnOptions options;
  options.argv = std::move(argv);
  std::string error;
  auto bot = SpawnBot(loop, options, error);
  if (!bot) {
    std::fprintf(stderr, "tree_scan_bench: cannot start a bot: %s\n", error.c_str());
    std::exit(2);
  }
  return bot;
}

// `scans` calls of `scan`, each timed.
Micros Timed(int scans, const std::function<void()>& scan) {
  Micros out;
  for (int i = 0; i < scans; ++i) {
    const Clock::time_point t = Clock::now();
    scan();
    out.push_back(Since(t));
  }
  return out;
}

// `each` on `threads` threads at once, each with an event loop of its own
// (as --jobs gives every game); their timings together.
Micros OnThreads(int threads, const std::function<Micros(EventLoop&)>& each) {
  std::vector<Micros> per(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      EventLoop loop;
      per[t] = each(loop);
    });
  for (std::thread& t : pool) t.join();
  Micros all;
  for (const Micros& m : per) all.insert(all.end(), m.begin(), m.end());
  return all;
}

// BotMembers of one sleeping bot per thread.
Micros ScanTree(EventLoop& loop, int scans) {
  auto bot = Start(loop, {"/bin/sleep", "60"});
  const auto main = proc::ReadStat(bot->pid());
  posix::ProcessIds seen;
  const posix::BotTree tree{bot->pid(), main ? main->start_time : 0, &seen};
  Micros out = Timed(scans, [&] { posix::BotMembers(tree); });
  bot->Terminate(std::chrono::milliseconds(200));
  return out;
}

// Round trips of one line through 4 `cat` bots, in turn.
Micros RoundTrips(EventLoop& loop, int trips) {
  std::vector<std::unique_ptr<BotProcess>> bots;
  for (int b = 0; b < 4; ++b) bots.push_back(Start(loop, {"/bin/cat"}));
  Micros out;
  for (int i = 0; i < trips * 4; ++i) {
    BotProcess& bot = *bots[i % 4];
    const Clock::time_point sent = Clock::now();
    bot.Write("0 1 2 3 4 5 6 7 8 9\n");
    if (!loop.RunUntil(sent + std::chrono::seconds(5), [&] { return bot.HasLine(); })) {
      std::fprintf(stderr, "tree_scan_bench: cat did not answer within 5 s\n");
      std::exit(2);
    }
    bot.PopLine();
    out.push_back(Since(sent));
  }
  for (auto& bot : bots) bot->Terminate(std::chrono::milliseconds(200));
  return out;
}

void Row(const char* what, const Figures& f, const Figures& floor) {
  std::printf("  %-34s median %8.1f us  p99 %8.1f us   (x%.2f, x%.2f)\n", what, f.median, f.p99,
              floor.median > 0 ? f.median / floor.median : 0.0,
              floor.p99 > 0 ? f.p99 / floor.p99 : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  const int scans = argc > 1 ? std::atoi(argv[1]) : 400;
  const int trips = argc > 2 ? std::atoi(argv[2]) : 2000;
  if (scans <= 0 || trips <= 0) {
    std::fprintf(stderr, "usage: tree_scan_bench [SCANS_PER_THREAD] [ROUND_TRIPS_PER_BOT]\n");
    return 2;
  }
  std::printf("tree_scan_bench: %u cores, %zu processes in /proc\n",
              std::thread::hardware_concurrency(), proc::ScanProcesses().size());
  const Figures floor = Summarise(Timed(scans, [] { proc::ScanProcesses(); }));
  std::printf("scans (ratios against the floor):\n");
  Row("floor: ScanProcesses, one thread", floor, floor);
  Row("BotMembers, one thread",
      Summarise(OnThreads(1, [&](EventLoop& l) { return ScanTree(l, scans); })), floor);
  Row("BotMembers, two threads at once",
      Summarise(OnThreads(2, [&](EventLoop& l) { return ScanTree(l, scans); })), floor);
  std::printf("answer latency through cat (ratios against one thread):\n");
  const Figures one = Summarise(OnThreads(1, [&](EventLoop& l) { return RoundTrips(l, trips); }));
  Row("one thread (--jobs 1)", one, one);
  Row("two threads (--jobs 2)",
      Summarise(OnThreads(2, [&](EventLoop& l) { return RoundTrips(l, trips); })), one);
  return 0;
}
