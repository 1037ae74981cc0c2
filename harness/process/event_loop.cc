// The EventLoop (bot_process.h): one asio io_context that moves the bytes of
// every bot of a thread, waited on only up to an absolute deadline, woken by
// an interrupt (interrupt.h), and which releases the bots still alive when it
// goes first.
#include <sys/prctl.h>

#include <boost/asio/buffer.hpp>
#include <csignal>

#include "process/event_loop_io.h"
#include "process/interrupt.h"

namespace arbiter::harness {
namespace asio = boost::asio;

namespace {

// How long RunUntil keeps running ready handlers once its deadline has passed.
constexpr auto kReadyBudget = std::chrono::milliseconds(2);

}  // namespace

EventLoop::EventLoop() : impl_(std::make_unique<Impl>()) {
  // A bot that closes its stdin makes our next write fail with EPIPE; the
  // signal that comes with it must not kill arbiter.
  std::signal(SIGPIPE, SIG_IGN);
  // Orphaned descendants of bots are re-parented to us, where teardown finds them.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  if (const int fd = NewWakeFd(); fd >= 0) {
    impl_->wake.emplace(impl_->io, fd);
    impl_->wake->async_read_some(asio::buffer(&impl_->wake_byte, 1),
                                 [](const boost::system::error_code&, size_t) {});
  }
}

bool EventLoop::RunUntil(Clock::time_point deadline, const std::function<bool()>& done) {
  if (done()) return true;
  asio::io_context& io = impl_->io;
  if (io.stopped()) io.restart();
  // Interrupted: no more waiting; what has arrived is still collected below.
  while (Clock::now() < deadline && !Interrupted()) {
    io.run_one_until(deadline);  // recomputes the remaining time before every wait
    if (done()) return true;
    if (io.stopped()) io.restart();
  }
  // Past the deadline, what is ready still runs (without waiting), briefly.
  const Clock::time_point stop = Clock::now() + kReadyBudget;
  while (io.poll_one() != 0) {
    if (done()) return true;
    if (Clock::now() >= stop) break;
  }
  return done();
}

asio::io_context& IoContextOf(EventLoop& loop) { return loop.impl().io; }

void EventLoop::Poll() {
  if (impl_->io.stopped()) impl_->io.restart();
  impl_->io.poll();
}

EventLoop::~EventLoop() {
  const std::set<LoopMember*> bots = impl_->bots;
  for (LoopMember* bot : bots) bot->Release(kReleaseGrace);
  if (impl_->wake) {
    boost::system::error_code ignored;
    impl_->wake->cancel(ignored);
    ReleaseWakeFd(impl_->wake->release());
    impl_->wake.reset();
  }
  impl_->work.reset();
  Poll();  // delivers the cancellations, releasing the Channels they hold
}

}  // namespace arbiter::harness
