// The matches or games of a run on several threads (check-bot and
// fuzz-referee --jobs N). Each worker thread has a Worker of its own (an Env,
// an event loop) and plays whole matches with it; the results are handed over
// in the run's order, on the calling thread, so that everything built from
// them (deduplication, shrinking, the report) is the same for a given seed
// whatever the number of jobs. The consumer can stop the run (a failing match
// without --keep-going): no match starts after that, the ones already playing
// finish and are dropped, and the caller lists every match after the stopping
// one as skipped, as a run of one job would. At most 2 x jobs results wait to
// be handed over, so memory stays bounded however long the run.
//
// A bot's parent-death signal (PR_SET_PDEATHSIG, process_posix.cc) fires
// when the thread that forked it ends, not the process. So `play` tears
// down every bot it starts before it returns, on its own thread: a worker
// thread outlives each of its bots (real_bot.cc checks it).
//
// An exception `play` throws on a worker thread (arbiter's own error, such
// as checks/findings.h's UnknownCheck) stops the run: no match starts after
// it, the workers are joined, and it is thrown again on the calling thread,
// as with one job, rather than ending the process from a worker.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::harness {

// Plays matches 0..count-1 with `play` on `jobs` threads (1: on the calling
// thread), each thread with a default-constructed Worker, and calls `consume`
// with each result in index order; `consume` returns false to stop the run.
// Returns the number of results consumed. `play` is called from several
// threads at once when jobs > 1.
template <class Worker, class Result>
size_t PlayInOrder(int jobs, size_t count,
                   const std::function<Result(Worker& worker, size_t index)>& play,
                   const std::function<bool(size_t index, Result result)>& consume) {
  if (jobs <= 1 || count <= 1) {
    Worker w;
    for (size_t i = 0; i < count; ++i)
      if (!consume(i, play(w, i))) return i + 1;
    return count;
  }
  const size_t window = 2 * static_cast<size_t>(jobs);
  std::mutex mu;
  std::condition_variable changed;
  size_t next = 0;      // the next match to start
  size_t consumed = 0;  // results handed over so far
  bool stopped = false;
  std::exception_ptr failure;  // the first exception of a worker
  std::map<size_t, Result> done;
  auto worker = [&] {
    Worker w;
    for (;;) {
      size_t index;
      {
        std::unique_lock lock(mu);
        changed.wait(lock, [&] { return stopped || next >= count || next < consumed + window; });
        if (stopped || next >= count) return;
        index = next++;
      }
      Result r;
      try {
        r = play(w, index);
      } catch (...) {
        {
          std::lock_guard lock(mu);
          if (!failure) failure = std::current_exception();
          stopped = true;
        }
        changed.notify_all();
        return;
      }
      {
        std::lock_guard lock(mu);
        done.emplace(index, std::move(r));
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> threads;
  const size_t n = std::min(static_cast<size_t>(jobs), count);
  threads.reserve(n);
  for (size_t t = 0; t < n; ++t) threads.emplace_back(worker);
  size_t i = 0;
  try {
    for (; i < count; ++i) {
      Result r;
      {
        std::unique_lock lock(mu);
        changed.wait(lock, [&] { return done.count(i) > 0 || failure; });
        if (failure) break;
        r = std::move(done.at(i));
        done.erase(i);
      }
      const bool go_on = consume(i, std::move(r));
      {
        std::lock_guard lock(mu);
        consumed = i + 1;
        stopped = stopped || !go_on;  // never undoes a worker's stop
      }
      changed.notify_all();
      if (!go_on) {
        ++i;
        break;
      }
    }
  } catch (...) {  // from `consume`: the workers stop before it goes on
    {
      std::lock_guard lock(mu);
      if (!failure) failure = std::current_exception();
      stopped = true;
    }
    changed.notify_all();
  }
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return i;
}

}  // namespace arbiter::harness
