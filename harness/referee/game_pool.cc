// PlayGames (game_pool.h): PlayInOrder with an event loop per worker, and
// games not started once arbiter is interrupted.
#include "referee/game_pool.h"

#include "process/interrupt.h"
#include "process/play_in_order.h"

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
  PlayInOrder<EventLoop, RefereeGameResult>(jobs, count, play_one,
                                            [&](size_t index, RefereeGameResult result) {
                                              consume(index, std::move(result));
                                              return true;
                                            });
}

}  // namespace arbiter::harness
