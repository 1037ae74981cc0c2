// The ProbeHub (probe_hub.h): per seat, a listening unix socket and at most
// one live connection, on the EventLoop's io_context.
//
// As in bot_channels.h, every pending asynchronous operation holds a
// shared_ptr to what its handler touches (the Seat, the Connection), so the
// hub can be destroyed with operations pending: the asio objects are
// destroyed at once (cancelling the operations) and the rest lives on until
// the loop has delivered the cancellations. A handler for a connection that is
// no longer the seat's current one does nothing.
#include "referee/probe_hub.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/buffer.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "process/event_loop_io.h"
#include "process/write_queue.h"

namespace arbiter::harness {

// What a probe's inbox keeps at most: a flood is garbage long before (bots_fuzz_game.cc).
constexpr size_t kInboxCap = size_t{16} << 20;
namespace asio = boost::asio;
using Stream = asio::local::stream_protocol;

namespace {

constexpr size_t kReadChunk = 64 * 1024;
constexpr int kBacklog = 16;
constexpr auto kAcceptRetry = std::chrono::milliseconds(10);
constexpr const char* kLinkName = "arbiter-probe";

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

}  // namespace

std::string_view ProbeHub::process_name() const { return kLinkName; }

namespace {

void SetCloexec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

std::string SocketPath(const std::string& dir, int seat) {
  return dir + "/s" + std::to_string(seat);
}

// One probe's connection. Its socket is destroyed when the connection closes;
// the rest lives as long as a handler holds it.
struct Connection {
  explicit Connection(Stream::socket s) : sock(std::move(s)) {
    ucred peer{};
    socklen_t len = sizeof peer;
    if (::getsockopt(sock->native_handle(), SOL_SOCKET, SO_PEERCRED, &peer, &len) == 0)
      pid = peer.pid;
  }
  std::optional<Stream::socket> sock;
  pid_t pid = 0;  // the probe's (SO_PEERCRED), 0 when unknown
  std::vector<char> buf = std::vector<char>(kReadChunk);
  bool writing = false;
};

}  // namespace

struct ProbeHub::Seat : std::enable_shared_from_this<Seat> {
  explicit Seat(asio::io_context& io) : io(io) {}

  bool Listen(const std::string& socket_path, std::string& error) {
    path = socket_path;
    acceptor.emplace(io);
    boost::system::error_code ec;
    acceptor->open(Stream(), ec);
    if (!ec) SetCloexec(acceptor->native_handle());
    if (!ec) acceptor->bind(Stream::endpoint(path), ec);
    if (!ec) acceptor->listen(kBacklog, ec);
    if (ec) {
      error = "cannot listen on " + Quoted(path) + ": " + ec.message();
      return false;
    }
    Accept();
    return true;
  }

  void Accept() {
    acceptor->async_accept(
        [self = shared_from_this()](const boost::system::error_code& ec, Stream::socket s) {
          if (self->released || ec == asio::error::operation_aborted) return;
          if (ec) {
            // EMFILE and the like: try again a little later rather than spin.
            self->retry.emplace(self->io, kAcceptRetry);
            self->retry->async_wait([self](const boost::system::error_code& e) {
              if (!self->released && !e) self->Accept();
            });
            return;
          }
          SetCloexec(s.native_handle());
          self->Adopt(std::make_shared<Connection>(std::move(s)));
          self->Accept();
        });
  }

  void Adopt(std::shared_ptr<Connection> c) {
    CloseConnection();  // a bot restarted by the referee replaces the old one
    conn = std::move(c);
    ++connections;
    ended = false;
    Read(conn);
    Flush();
  }

  void Read(const std::shared_ptr<Connection>& c) {
    c->sock->async_read_some(
        asio::buffer(c->buf),
        [self = shared_from_this(), c](const boost::system::error_code& ec, size_t n) {
          const Clock::time_point at = Clock::now();
          if (self->released || c != self->conn) return;
          if (n > 0) {
            // Bounded: a referee that floods a bot is garbage at 64 KiB
            // (bots_fuzz_game.cc); what comes beyond the cap is read and dropped.
            const size_t room = kInboxCap > self->inbox.size() ? kInboxCap - self->inbox.size() : 0;
            self->inbox.append(c->buf.data(), std::min(n, room));
            self->last_arrival = at;
          }
          if (!ec) return self->Read(c);
          if (ec == asio::error::operation_aborted) return;
          self->ended = true;  // EOF or ECONNRESET: the probe closed its side
        });
  }

  // Writes at once what the socket takes and queues the rest for the loop.
  void Send(std::string_view bytes) {
    if (bytes.empty() || released) return;
    if (conn && !conn->writing && queue.pending() == 0) {
      const ssize_t n = ::send(conn->sock->native_handle(), bytes.data(), bytes.size(),
                               MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        return CloseConnection();  // EPIPE, ECONNRESET: the probe is gone
      }
      bytes.remove_prefix(n > 0 ? static_cast<size_t>(n) : 0);
      if (bytes.empty()) return;
    }
    queue.Push(bytes);
    Flush();
  }

  void Flush() {
    if (!conn || conn->writing || queue.pending() == 0 || released) return;
    const std::vector<asio::const_buffer> bufs = queue.Buffers();
    conn->writing = true;
    conn->sock->async_write_some(
        bufs, [self = shared_from_this(), c = conn](const boost::system::error_code& ec, size_t n) {
          c->writing = false;
          if (self->released || c != self->conn || ec == asio::error::operation_aborted) return;
          if (ec) return self->CloseConnection();  // the probe is gone
          self->queue.Consume(n);
          self->Flush();
        });
  }

  // Closes the current connection (the probe sees its socket end) and drops
  // what was queued for it.
  void CloseConnection() {
    if (!conn) return;
    conn->sock.reset();  // closes, cancelling the pending read and write
    conn.reset();
    queue.Clear();
  }

  // Destroys the asio objects (cancelling what is pending) while the loop lives.
  void Release() {
    released = true;
    CloseConnection();
    retry.reset();
    acceptor.reset();
  }

  asio::io_context& io;
  std::string path;
  std::optional<Stream::acceptor> acceptor;
  std::optional<asio::steady_timer> retry;
  bool released = false;

  std::shared_ptr<Connection> conn;  // the live connection, if any
  int connections = 0;
  bool ended = false;
  std::string inbox;
  std::optional<Clock::time_point> last_arrival;

  WriteQueue queue;  // bytes the pipe or socket has not taken yet
};

ProbeHub::ProbeHub(EventLoop& loop, const std::string& probe_executable, int seats,
                   std::string& error) {
  error.clear();
  if (seats < 1 || seats > 64) {
    error = "a probe hub needs 1 to 64 seats, not " + std::to_string(seats);
    return;
  }
  char resolved[PATH_MAX];
  if (::realpath(probe_executable.c_str(), resolved) == nullptr || ::access(resolved, X_OK) != 0) {
    error = "cannot use the probe " + Quoted(probe_executable) + ": " + std::strerror(errno);
    return;
  }

  std::string base = "/tmp";
  if (const char* t = std::getenv("TMPDIR"); t != nullptr && *t != '\0') base = t;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  if (base == "/") base.clear();
  std::string dir = base + "/arbiter-probe.XXXXXX";
  if (std::any_of(dir.begin(), dir.end(), [](unsigned char ch) { return std::isspace(ch); })) {
    error = "the temporary directory " + Quoted(base) +
            " contains a space: a probe command must not (set TMPDIR to a path without spaces)";
    return;
  }
  if (SocketPath(dir, seats - 1).size() >= sizeof(sockaddr_un{}.sun_path)) {
    error = "the temporary directory " + Quoted(base) +
            " is too long a path for a unix socket (set TMPDIR to a shorter path)";
    return;
  }
  if (::mkdtemp(dir.data()) == nullptr) {
    error = "cannot create a temporary directory in " + Quoted(base.empty() ? "/" : base) + ": " +
            std::strerror(errno);
    return;
  }
  dir_ = dir;

  const std::string link = dir_ + "/" + kLinkName;
  if (::symlink(resolved, link.c_str()) != 0) {
    error = "cannot create " + Quoted(link) + ": " + std::strerror(errno);
    Cleanup();
    return;
  }
  link_ = link;
  program_ = resolved;

  asio::io_context& io = IoContextOf(loop);
  for (int i = 0; i < seats; ++i) {
    seats_.push_back(std::make_shared<Seat>(io));
    if (!seats_.back()->Listen(SocketPath(dir_, i), error)) {
      Cleanup();
      return;
    }
  }
  ok_ = true;
}

ProbeHub::~ProbeHub() { Cleanup(); }

void ProbeHub::Cleanup() {
  for (const auto& seat : seats_) {
    seat->Release();
    ::unlink(seat->path.c_str());
  }
  seats_.clear();
  if (!link_.empty()) ::unlink(link_.c_str());
  link_.clear();
  if (!dir_.empty()) {
    std::error_code ignored;  // anything else put there goes too
    std::filesystem::remove_all(dir_, ignored);
  }
  dir_.clear();
  ok_ = false;
}

ProbeHub::Seat& ProbeHub::At(int seat) const {
  if (seat < 0 || seat >= static_cast<int>(seats_.size())) {
    throw std::out_of_range("probe hub: no seat " + std::to_string(seat));
  }
  return *seats_[static_cast<size_t>(seat)];
}

std::string ProbeHub::ProbeCommand(int seat) const {
  At(seat);
  return link_ + " " + SocketPath(dir_, seat);
}

std::vector<std::string> ProbeHub::shared_paths() const { return {dir_, program_}; }

bool ProbeHub::connected(int seat) const { return At(seat).conn != nullptr; }
int ProbeHub::connections(int seat) const { return At(seat).connections; }
bool ProbeHub::ended(int seat) const { return At(seat).ended; }
std::string& ProbeHub::inbox(int seat) { return At(seat).inbox; }
std::optional<Clock::time_point> ProbeHub::last_arrival(int seat) const {
  return At(seat).last_arrival;
}
void ProbeHub::Send(int seat, std::string_view bytes) { At(seat).Send(bytes); }
size_t ProbeHub::pending_bytes(int seat) const { return At(seat).queue.pending(); }
void ProbeHub::Kill(int seat) { At(seat).CloseConnection(); }

// The probe relays its stdout only; its stderr is the referee's pipe (or
// file), which the probe's /proc entry opens for us: same user, no ptrace
// attach needed to read a file descriptor link.
bool ProbeHub::WriteStderr(int seat, std::string_view bytes) {
  const Seat& s = At(seat);
  if (!s.conn || s.conn->pid <= 0) return false;
  const std::string path = "/proc/" + std::to_string(s.conn->pid) + "/fd/2";
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return false;
  const ssize_t n = ::write(fd, bytes.data(), bytes.size());
  ::close(fd);
  return n == static_cast<ssize_t>(bytes.size());
}

std::string ProbeBesideSelf(std::string& error) {
  error.clear();
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) {
    error = "cannot find the running executable: " + ec.message();
    return "";
  }
  // Beside arbiter (a build tree), else where an installed arbiter keeps it
  // (<prefix>/bin/arbiter, <prefix>/libexec/arbiter/arbiter-probe).
  const std::string beside = (self.parent_path() / kLinkName).string();
  const std::string installed =
      (self.parent_path().parent_path() / "libexec" / "arbiter" / kLinkName).string();
  for (const std::string& probe : {beside, installed})
    if (::access(probe.c_str(), X_OK) == 0) return probe;
  error = "cannot use the probe " + Quoted(beside) + " or " + Quoted(installed) + ": " +
          std::strerror(errno);
  return "";
}

}  // namespace arbiter::harness
