// Games of a fuzzing run on several threads (fuzz-referee --jobs N). Each
// worker thread has an event loop of its own and plays whole games (a game's
// referee, probes and reference side live on one thread); the results are
// handed over in plan order, on the calling thread, so that everything built
// from them (deduplication, shrinking, the report) is the same for a given
// seed whatever the number of jobs. At most a few results wait to be handed
// over, so memory stays bounded however many games a run has.
#pragma once

#include <cstddef>
#include <functional>

#include "process/bot_process.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

// Plays games 0..count-1 with `play` on `jobs` threads (1: on the calling
// thread, one after another) and calls `consume` with each result in index
// order on the calling thread. Once arbiter is interrupted no game is
// started; the games never played are handed over with `interrupted` set.
void PlayGames(int jobs, size_t count,
               const std::function<RefereeGameResult(EventLoop& loop, size_t index)>& play,
               const std::function<void(size_t index, RefereeGameResult result)>& consume);

}  // namespace arbiter::harness
