// Internal to the harness: the asio io_context behind an EventLoop, for other
// asynchronous I/O (the ProbeHub's sockets) that EventLoop::RunUntil must
// drive together with the bots' pipes. Objects bound to it must be destroyed
// before the EventLoop.
#pragma once

#include <boost/asio/io_context.hpp>

#include "bot_process.h"

namespace arbiter::harness {

boost::asio::io_context& IoContextOf(EventLoop& loop);

}  // namespace arbiter::harness
