// Internal to the harness: a bot's pipes, buffers and fate (Channels), which
// every asynchronous handler of the bot touches. Handlers hold a shared_ptr to
// it, so a bot can be destroyed with reads pending: its asio objects are
// destroyed (which cancels the operations) and the Channels live on until the
// loop has delivered the cancellations.
#pragma once

#include <sys/types.h>

// clang-format off
// Boost 1.81's Boost.Process v2 with BOOST_PROCESS_USE_STD_FS still names
// boost::optional, boost::decay and boost::is_convertible, which only the
// Boost.Filesystem headers would have brought in: they must come first.
#include <boost/optional.hpp>
#include <boost/type_traits/decay.hpp>
#include <boost/type_traits/is_convertible.hpp>
// clang-format on
#include <algorithm>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/process/v2/process.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "process/bot_process.h"
#include "process/line_framer.h"
#include "process/write_queue.h"

namespace arbiter::harness {

// How often a bot's tree is sampled for resident memory and CPU time. A tree
// that allocates a gigabyte a second overshoots the limit by about 25 MB.
inline constexpr auto kWatchPeriod = std::chrono::milliseconds(25);
inline constexpr size_t kReadChunk = 64 * 1024;  // a default pipe's capacity

// A bot's pipes, buffers and fate: everything the asynchronous handlers touch.
// Handlers hold a shared_ptr to it and do nothing once it is released.
struct Channels : std::enable_shared_from_this<Channels> {
  Channels(boost::asio::io_context& io, const SpawnOptions& o)
      : in(std::in_place, io),
        out(std::in_place, io),
        err(std::in_place, io),
        watch_timer(std::in_place, io),
        framer(o.max_line_bytes, o.max_queued_lines),
        stderr_cap(o.stderr_tail_bytes) {}

  void Start(boost::process::v2::process p);
  // Run under bubblewrap, which exits 128+N for a bot killed by signal N.
  bool sandboxed = false;
  // The wait for the process's exit on a pidfd of its own: readiness is
  // checked with a waitpid that never blocks (WNOHANG), and a readiness
  // with the process still running waits again. Boost's own wait reaps
  // with a blocking waitpid, which, woken while the process still ran
  // (seen after an interrupt, with many processes started and reaped on
  // two threads), blocked the loop for as long as the process lived.
  void WatchExit();
  void Exited(int status, bool known, Clock::time_point at);

  void Read(bool is_stdout);

  void KeepStderr(size_t n);
  std::string StderrTail() const {
    const size_t keep = std::min(stderr_cap, stderr_kept.size());
    return stderr_kept.substr(stderr_kept.size() - keep);
  }

  // Writes at once what the pipe takes and queues the rest for the loop.
  void Write(std::string_view bytes);

  void Flush();

  void CloseStdin() {
    close_requested = true;
    if (!writing && queue.pending() == 0) CloseIn();
  }
  void CloseIn() {
    boost::system::error_code ignored;
    if (in && in->is_open()) in->close(ignored);  // cancels a write in flight
  }
  void BreakStdin() {
    stdin_broken = true;
    AbandonStdin();
  }
  void AbandonStdin() {
    close_requested = true;
    CloseIn();
    queue.Clear();
  }

  // Samples the tree every kWatchPeriod through `watch` (set by the bot)
  // until the channels are released.
  void Watch();

  // Destroys the asio objects (cancelling what is pending) while the loop lives.
  void Release();

  std::optional<boost::asio::writable_pipe> in;
  std::optional<boost::asio::readable_pipe> out;
  std::optional<boost::asio::readable_pipe> err;
  std::optional<boost::process::v2::process> proc;
  pid_t pid = -1;
  std::optional<boost::asio::posix::stream_descriptor> exit_fd;  // the pidfd of WatchExit
  std::optional<boost::asio::steady_timer> watch_timer;
  std::function<void()> watch;  // the bot's sampling; cleared on release
  bool released = false;

  WriteQueue queue;  // bytes the pipe or socket has not taken yet
  bool writing = false;
  bool close_requested = false;
  bool stdin_broken = false;
  std::optional<Clock::time_point> write_done_at;

  std::vector<char> out_buf = std::vector<char>(kReadChunk);
  LineFramer framer;
  std::deque<Clock::time_point> line_times;  // one per line queued in the framer
  bool stdout_eof = false;

  std::vector<char> err_buf = std::vector<char>(kReadChunk);
  size_t stderr_cap;
  std::string stderr_kept;  // at most 2 * stderr_cap
  // A contained bot's stderr lines that may show what its containment took
  // (ContainmentClue), from its whole stderr as it comes: at most
  // kMaxClueLines lines of kMaxClueLine bytes; the line being read, capped.
  static constexpr size_t kMaxClueLines = 32, kMaxClueLine = 512;
  std::string stderr_clues, stderr_line;
  size_t clue_lines = 0;
  void KeepClues(std::string_view bytes);
  uint64_t stderr_bytes = 0;

  bool exited = false;
  std::optional<int> exit_code;
  std::optional<int> term_signal;
  std::optional<Clock::time_point> exited_at;
};

}  // namespace arbiter::harness
