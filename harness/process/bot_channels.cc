// A bot's Channels (bot_channels.h): reading its stdout into the framer and
// its stderr into a capped tail, writing its stdin without ever blocking the
// loop, noticing its exit, and the watch timer that samples its tree.
#include "process/bot_channels.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "process/sandbox.h"

namespace arbiter::harness {
namespace asio = boost::asio;

void Channels::Start(boost::process::v2::process p) {
  pid = p.id();
  proc.emplace(std::move(p));
  const int fd = in->native_handle();
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);  // for Write's direct write
  Read(true);
  Read(false);
#ifdef SYS_pidfd_open
  // The child is ours and not reaped yet: the pidfd is its (close-on-exec).
  if (const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)); pidfd >= 0) {
    exit_fd.emplace(in->get_executor(), pidfd);
    WatchExit();
    return;
  }
#endif
  // No pidfd (an older kernel): Boost's wait, on its signal-based handle.
  proc->async_wait([self = shared_from_this()](const boost::system::error_code& ec, int) {
    const Clock::time_point at = Clock::now();
    if (self->released || ec == asio::error::operation_aborted) return;
    self->Exited(self->proc->native_exit_code(), !ec, at);
  });
}

void Channels::WatchExit() {
  exit_fd->async_wait(asio::posix::descriptor_base::wait_read,
                      [self = shared_from_this()](const boost::system::error_code& ec) {
                        const Clock::time_point at = Clock::now();
                        if (self->released || ec == asio::error::operation_aborted) return;
                        int status = 0;
                        const pid_t r = ::waitpid(self->pid, &status, WNOHANG);
                        if (r == 0 && !ec) return self->WatchExit();  // still running
                        self->Exited(status, r == self->pid, at);
                      });
}

void Channels::Exited(int status, bool known, Clock::time_point at) {
  exited = true;
  exited_at = at;
  if (known && WIFEXITED(status)) exit_code = WEXITSTATUS(status);
  if (known && WIFSIGNALED(status)) term_signal = WTERMSIG(status);
  // bubblewrap passes a signal on as the exit status 128+N (its own, and a
  // shell's, convention): read back as the signal.
  if (sandboxed && exit_code && *exit_code > 128 && *exit_code < 128 + 32) {
    term_signal = *exit_code - 128;
    exit_code.reset();
  }
  proc->detach();  // reaped: the pid may be reused and must not be signalled
  if (exit_fd) {
    boost::system::error_code ignored;
    exit_fd->close(ignored);
  }
}

void Channels::Read(bool is_stdout) {
  auto& pipe = is_stdout ? out : err;
  std::vector<char>& buf = is_stdout ? out_buf : err_buf;
  pipe->async_read_some(asio::buffer(buf), [self = shared_from_this(), is_stdout](
                                               const boost::system::error_code& ec, size_t n) {
    const Clock::time_point at = Clock::now();  // TimedLine::at
    if (self->released) return;
    if (n > 0 && is_stdout) {
      const size_t before = self->framer.queued();
      self->framer.Feed(std::string_view(self->out_buf.data(), n));
      for (size_t i = before; i < self->framer.queued(); ++i) self->line_times.push_back(at);
    } else if (n > 0) {
      self->KeepStderr(n);
    }
    if (!ec) return self->Read(is_stdout);
    if (ec == asio::error::operation_aborted) return;
    // End of file: every holder of the write end has closed it.
    boost::system::error_code ignored;
    (is_stdout ? self->out : self->err)->close(ignored);
    if (is_stdout) self->stdout_eof = true;
  });
}

void Channels::KeepStderr(size_t n) {
  stderr_bytes += n;
  if (sandboxed) KeepClues(std::string_view(err_buf.data(), n));
  if (stderr_cap == 0) return;
  stderr_kept.append(err_buf.data(), n);
  if (stderr_kept.size() > 2 * stderr_cap) stderr_kept.erase(0, stderr_kept.size() - stderr_cap);
}

void Channels::KeepClues(std::string_view bytes) {
  for (const char c : bytes) {
    if (c != '\n') {
      if (stderr_line.size() < kMaxClueLine) stderr_line += c;
      continue;
    }
    if (clue_lines < kMaxClueLines && ContainmentClue(stderr_line)) {
      stderr_clues += stderr_line + "\n";
      ++clue_lines;
    }
    stderr_line.clear();
  }
}

void Channels::Write(std::string_view bytes) {
  if (bytes.empty() || released || stdin_broken || close_requested || !in->is_open()) return;
  write_done_at.reset();
  if (queue.pending() == 0 && !writing) {
    // The clock is read before the write: writing wakes the bot, which may
    // preempt arbiter and answer before a clock read after the write. The
    // time of an answer is then measured from the write's start, never from
    // a moment after the bot could already have seen its input.
    const Clock::time_point before = Clock::now();
    const ssize_t n = ::write(in->native_handle(), bytes.data(), bytes.size());
    if (n < 0 && errno != EAGAIN && errno != EINTR) return BreakStdin();
    bytes.remove_prefix(n > 0 ? static_cast<size_t>(n) : 0);
    if (bytes.empty()) {
      write_done_at = before;
      return;
    }
  }
  queue.Push(bytes);
  Flush();
}

void Channels::Flush() {
  if (writing || released || !in->is_open()) return;
  if (queue.pending() == 0) {
    if (close_requested) CloseIn();
    return;
  }
  const std::vector<asio::const_buffer> bufs = queue.Buffers();
  writing = true;
  in->async_write_some(bufs,
                       [self = shared_from_this()](const boost::system::error_code& ec, size_t n) {
                         const Clock::time_point at = Clock::now();
                         self->writing = false;
                         if (self->released || ec == asio::error::operation_aborted) return;
                         if (ec)
                           return self->BreakStdin();  // EPIPE, ECONNRESET: nobody reads any more
                         self->queue.Consume(n);
                         if (self->queue.pending() == 0) self->write_done_at = at;
                         self->Flush();
                       });
}

void Channels::Watch() {
  if (released || !watch_timer) return;
  watch_timer->expires_after(kWatchPeriod);
  watch_timer->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (self->released || ec) return;
    if (self->watch) self->watch();
    self->Watch();
  });
}

void Channels::Release() {
  released = true;
  watch = nullptr;
  watch_timer.reset();
  if (proc) proc->detach();  // never kill-and-wait in ~basic_process
  proc.reset();
  exit_fd.reset();
  in.reset();
  out.reset();
  err.reset();
}

}  // namespace arbiter::harness
