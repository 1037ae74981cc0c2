// Speed of the JavaChallenge2015 reference engine (docs/bench.md).
//
// The goal is at least 20 million turns per second of random play on one core.
// This machine is shared and noisy, so the figure that matters is the ratio of
// the engine to a floor measured in the same run: the same loop that draws the
// same random actions with the same generator, without the engine. The custom
// main below prints that ratio after the table.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/rng.h"
#include "jc2015/codec.h"
#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "jc2015/state.h"

namespace {

using arbiter::Rng;
using namespace arbiter::jc2015;

// (a) Random play: whole games from DrawPlacement(seed) with RandomAction
// (default weights), a new game from the next seed as soon as one ends. One
// iteration is one turn; the restarts are part of the cost.
void BM_RandomPlay(benchmark::State& bs) {
  Rng rng(12345);
  uint64_t seed = 1;
  State s = State::Initial(DrawPlacement(seed));
  int64_t games = 1;
  for (auto _ : bs) {
    if (s.IsTerminal()) {
      s = State::Initial(DrawPlacement(++seed));
      ++games;
    }
    const TurnEvents ev = s.Apply(RandomAction(rng));
    benchmark::DoNotOptimize(ev.result);
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["turns/game"] = static_cast<double>(bs.iterations()) / static_cast<double>(games);
}
BENCHMARK(BM_RandomPlay);

// (b) The floor: the loop of BM_RandomPlay without the engine. The same
// generator draws the same actions through the same (out-of-line) RandomAction,
// and each action feeds a running value that the compiler must keep.
void BM_Floor(benchmark::State& bs) {
  Rng rng(12345);
  uint32_t acc = 0;
  for (auto _ : bs) {
    acc = acc * 7 + static_cast<uint32_t>(RandomAction(rng));
    benchmark::DoNotOptimize(acc);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BM_Floor);

// A fixed sample of non-terminal mid-game states from random play.
const std::vector<State>& SampleStates() {
  static const std::vector<State> states = [] {
    constexpr size_t kCount = 4096;  // a power of two, indexed with a mask below
    std::vector<State> out;
    out.reserve(kCount);
    Rng rng(777);
    uint64_t seed = 1000;
    State s = State::Initial(DrawPlacement(seed));
    while (out.size() < kCount) {
      if (s.IsTerminal()) s = State::Initial(DrawPlacement(++seed));
      s.Apply(RandomAction(rng));
      if (!s.IsTerminal() && rng.Chance(1, 8)) out.push_back(s);
    }
    return out;
  }();
  return states;
}

// (c) The turn input sent to the player to move (codec.h FormatInput), from a
// state to its exact bytes.
void BM_FormatInput(benchmark::State& bs) {
  const std::vector<State>& states = SampleStates();
  const size_t mask = states.size() - 1;
  size_t i = 0;
  int64_t bytes = 0;
  for (auto _ : bs) {
    const State& s = states[i++ & mask];
    const std::string text = FormatInput(s, s.current_player());
    bytes += static_cast<int64_t>(text.size());
    benchmark::DoNotOptimize(text.data());
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.SetBytesProcessed(bytes);
}
BENCHMARK(BM_FormatInput);

// (d) Copying a State, as a search does before trying each action. The states
// come from a 4096-state sample so that the source is not always in registers.
void BM_StateCopy(benchmark::State& bs) {
  const std::vector<State>& states = SampleStates();
  const size_t mask = states.size() - 1;
  size_t i = 0;
  State copy = states[0];
  for (auto _ : bs) {
    benchmark::DoNotOptimize(copy = states[i++ & mask]);
    benchmark::ClobberMemory();
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["bytes/state"] = sizeof(State);
}
BENCHMARK(BM_StateCopy);

// (d') Copy and one Apply: the unit step of a search that expands a node.
void BM_StateCopyApply(benchmark::State& bs) {
  const std::vector<State>& states = SampleStates();
  const size_t mask = states.size() - 1;
  size_t i = 0;
  Rng rng(4242);
  for (auto _ : bs) {
    State copy = states[i++ & mask];
    const TurnEvents ev = copy.Apply(RandomAction(rng));
    benchmark::DoNotOptimize(ev.result);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BM_StateCopyApply);

// The console table, plus a summary of the engine against the floor. With
// --benchmark_repetitions the median of the repetitions is used.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Color : OO_None) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const auto it = run.counters.find("items_per_second");
      if (it == run.counters.end()) continue;
      Rates& r = rates_[run.run_name.function_name];
      if (run.run_type == Run::RT_Iteration) r.each.push_back(it->second.value);
      if (run.run_type == Run::RT_Aggregate && run.aggregate_name == "median")
        r.median = it->second.value;
    }
  }

  void PrintSummary() const {
    const double engine = Rate("BM_RandomPlay");
    const double floor = Rate("BM_Floor");
    if (engine <= 0 || floor <= 0) return;
    std::printf(
        "\nsummary (one core): random play %.1f M turns/s, floor %.1f M actions/s, "
        "ratio engine/floor %.3f\n"
        "  a turn costs %.2fx the floor: %.1f ns, of which %.1f ns engine over %.1f ns floor\n",
        engine / 1e6, floor / 1e6, engine / floor, floor / engine, 1e9 / engine,
        1e9 / engine - 1e9 / floor, 1e9 / floor);
  }

 private:
  struct Rates {
    std::vector<double> each;
    double median = 0;
  };
  double Rate(const std::string& name) const {
    const auto it = rates_.find(name);
    if (it == rates_.end()) return 0;
    if (it->second.median > 0) return it->second.median;
    std::vector<double> v = it->second.each;
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  }
  std::map<std::string, Rates> rates_;
};

}  // namespace

int main(int argc, char** argv) {
  // Another output format asked for: leave the output to the library.
  bool console = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--benchmark_format=", 19) == 0 &&
        std::strcmp(argv[i] + 19, "console") != 0)
      console = false;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!console) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.PrintSummary();
  }
  benchmark::Shutdown();
  return 0;
}
