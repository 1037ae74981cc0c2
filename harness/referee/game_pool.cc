// PlayGames (game_pool.h): a counter of the next game to start, a window that
// bounds how far the workers may run ahead of the consumer, and the finished
// results, all under one mutex. The consumer waits for the next result in
// order; a worker waits while the window is full.
#include "game_pool.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "interrupt.h"

namespace arbiter::harness {

void PlayGames(int jobs, size_t count,
               const std::function<RefereeGameResult(EventLoop& loop, size_t index)>& play,
               const std::function<void(size_t index, RefereeGameResult result)>& consume) {
  // Once interrupted, a game is handed over unplayed.
  const auto play_one = [&](EventLoop& loop, size_t index) {
    if (!Interrupted()) return play(loop, index);
    RefereeGameResult r;
    r.interrupted = true;
    return r;
  };
  if (jobs <= 1 || count <= 1) {
    EventLoop loop;
    for (size_t i = 0; i < count; ++i) consume(i, play_one(loop, i));
    return;
  }
  const size_t window = 2 * static_cast<size_t>(jobs);
  std::mutex mu;
  std::condition_variable changed;
  size_t next = 0;      // the next game to start
  size_t consumed = 0;  // games handed over so far
  std::map<size_t, RefereeGameResult> done;
  auto worker = [&] {
    EventLoop loop;
    for (;;) {
      size_t index;
      {
        std::unique_lock lock(mu);
        changed.wait(lock, [&] { return next >= count || next < consumed + window; });
        if (next >= count) return;
        index = next++;
      }
      RefereeGameResult r = play_one(loop, index);
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
  for (size_t i = 0; i < count; ++i) {
    RefereeGameResult r;
    {
      std::unique_lock lock(mu);
      changed.wait(lock, [&] { return done.count(i) > 0; });
      r = std::move(done.at(i));
      done.erase(i);
    }
    consume(i, std::move(r));
    {
      std::lock_guard lock(mu);
      consumed = i + 1;
    }
    changed.notify_all();
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace arbiter::harness
