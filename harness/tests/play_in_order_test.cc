// PlayInOrder (process/play_in_order.h) when arbiter itself fails: an
// exception on a worker thread, or in the consumer on the calling thread,
// stops the run and reaches the caller, as with one job, instead of ending
// the process (arbiter.run.split: --jobs N does what --jobs 1 does;
// arbiter.report.check-ids: an unlisted check is arbiter's error, said).
#include "process/play_in_order.h"

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <stdexcept>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

struct NoWorker {};

// Plays `count` matches on `jobs` threads; match `bad` throws. Returns how
// many were started.
int PlayWithAnError(int jobs, size_t count, size_t bad) {
  std::atomic<int> started = 0;
  EXPECT_THROW((PlayInOrder<NoWorker, std::optional<size_t>>(
                   jobs, count,
                   [&](NoWorker&, size_t i) -> std::optional<size_t> {
                     ++started;
                     if (i == bad) throw std::logic_error("arbiter's own error");
                     return i;
                   },
                   [&](size_t, std::optional<size_t>) { return true; })),
               std::logic_error);
  return started.load();
}

CITES(PlayInOrder, AnErrorOnAWorkerStopsTheRunAndReachesTheCallerAsWithOneJob, "arbiter.run.split",
      "arbiter.report.check-ids");
TEST(PlayInOrder, AnErrorOnAWorkerStopsTheRunAndReachesTheCallerAsWithOneJob) {
  EXPECT_EQ(PlayWithAnError(1, 200, 5), 6);
  // Two jobs: the matches already waiting (at most 2 x jobs ahead) may have
  // started; none long after.
  const int started = PlayWithAnError(2, 200, 5);
  EXPECT_GE(started, 6);
  EXPECT_LT(started, 20);
}

CITES(PlayInOrder, AnErrorOfTheConsumerStopsTheWorkersAndReachesTheCaller, "arbiter.run.split",
      "arbiter.report.check-ids");
TEST(PlayInOrder, AnErrorOfTheConsumerStopsTheWorkersAndReachesTheCaller) {
  std::atomic<int> started = 0;
  EXPECT_THROW((PlayInOrder<NoWorker, int>(
                   2, 200,
                   [&](NoWorker&, size_t i) {
                     ++started;
                     return static_cast<int>(i);
                   },
                   [&](size_t i, int) -> bool {
                     if (i == 3) throw std::logic_error("arbiter's own error");
                     return true;
                   })),
               std::logic_error);
  EXPECT_LT(started.load(), 20);
}

}  // namespace
}  // namespace arbiter::harness
