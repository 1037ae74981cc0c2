// The scheduler's figures of a bot's tree, judged by kind of thread
// (bot_process.h SchedDelta, proc_probe.h IsRuntimeThreadName): pure, so
// that the core judges a late answer the same with fakes and real bots.
#include <algorithm>
#include <string_view>

#include "process/bot_process.h"
#include "process/proc_probe.h"

namespace arbiter::harness {

namespace proc {

bool IsRuntimeThreadName(std::string_view comm) {
  // HotSpot (OpenJDK 11 to 21), .NET and Mono, V8 (node): the names their
  // threads give themselves; a prefix each.
  static constexpr std::string_view kPrefixes[] = {
      "VM Thread",      "VM Periodic",     "GC Thread",       "G1 ",
      "C1 Compiler",    "C2 Compiler",     "Sweeper",         "Service Thread",
      "Monitor Deflat", "Signal Dispatch", "Finalizer",       "Reference Handl",
      "Common-Cleaner", "Notification Th", "Attach Listener", "CodeCacheSweep",
      "Parallel GC",    "ConcurrentGC",    "VM Op",           "JFR ",
      ".NET ",          "SGen worker",     "Mono ",           "V8 ",
      "V8Worker",       "libuv-worker"};
  for (const std::string_view prefix : kPrefixes)
    if (comm.substr(0, prefix.size()) == prefix) return true;
  return false;
}

}  // namespace proc

SchedDelta DeltaOf(const SchedSample& before, const SchedSample& after) {
  SchedDelta d;
  const auto ms = [](uint64_t now, uint64_t then) {
    return now > then ? static_cast<double>(now - then) / 1e6 : 0.0;
  };
  if (after.threads.empty()) {  // totals only: one answering thread
    d.answer_run_ms = ms(after.run_ns, before.run_ns);
    d.answer_wait_ms = ms(after.wait_ns, before.wait_ns);
    return d;
  }
  for (const ThreadSched& t : after.threads) {
    uint64_t run0 = 0, wait0 = 0;  // a thread born in the interval started at 0
    for (const ThreadSched& b : before.threads)
      if (b.tid == t.tid) run0 = b.run_ns, wait0 = b.wait_ns;
    const double run = ms(t.run_ns, run0), wait = ms(t.wait_ns, wait0);
    if (t.runtime) {
      d.runtime_run_ms += run;
      d.runtime_wait_ms += wait;
      d.runtime_wait_max_ms = std::max(d.runtime_wait_max_ms, wait);
      if (run > 0) ++d.runtime_threads;
    } else {
      d.answer_run_ms = std::max(d.answer_run_ms, run);
      d.answer_wait_ms = std::max(d.answer_wait_ms, wait);
    }
  }
  return d;
}

bool HasRuntimeThreads(const SchedSample& sample) {
  for (const ThreadSched& t : sample.threads)
    if (t.runtime) return true;
  return false;
}

}  // namespace arbiter::harness
