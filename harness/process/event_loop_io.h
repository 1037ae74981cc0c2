// Internal to the harness: what is behind an EventLoop. Its asio io_context,
// for other asynchronous I/O (the ProbeHub's sockets) that EventLoop::RunUntil
// must drive together with the bots' pipes; objects bound to it must be
// destroyed before the EventLoop. And the bots not yet released, which a loop
// destroyed first releases.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <chrono>
#include <optional>
#include <set>

#include "process/bot_process.h"

namespace arbiter::harness {

// How long a bot destroyed while running (or outlived by its loop) gets
// between SIGTERM and SIGKILL.
inline constexpr auto kReleaseGrace = std::chrono::milliseconds(100);

// A bot of a loop: released (torn down within `grace`, its asio objects
// given back) by the loop when the loop goes first.
class LoopMember {
 public:
  virtual void Release(Clock::duration grace) = 0;

 protected:
  ~LoopMember() = default;
};

struct EventLoop::Impl {
  boost::asio::io_context io{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work =
      boost::asio::make_work_guard(io);
  std::set<LoopMember*> bots;  // not yet released
  // Readable once arbiter is interrupted (interrupt.h): wakes a waiting loop.
  std::optional<boost::asio::posix::stream_descriptor> wake;
  char wake_byte = 0;
};

boost::asio::io_context& IoContextOf(EventLoop& loop);

}  // namespace arbiter::harness
