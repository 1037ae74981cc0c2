// arbiter-probe SOCKET_PATH: the "bot" that `arbiter fuzz-referee` hands to a
// referee under test. It relays bytes, and nothing else, between the referee
// and arbiter's ProbeHub (probe_hub.h):
//
//   its stdin  -> the unix stream socket SOCKET_PATH   (what the referee says)
//   the socket -> its stdout                           (what arbiter answers)
//
// Exit status:
//   0  stdin ended (the referee closed it), then arbiter closed the socket
//   1  arbiter closed the socket while stdin was open: arbiter killed this bot
//   2  bad command line
//   3  cannot connect to SOCKET_PATH within 2 s (message on stderr)
//   4  stdout broken (EPIPE): the referee closed the bot's stdout
//   5  an unexpected system error (message on stderr)
//
// It is started once per bot launch, possibly many times per match, so it is
// plain POSIX with no C++ runtime: no iostreams, no exceptions, no
// allocation; linked statically where the build allows. Writes never block the
// relay: stdout gets its own non-blocking open file description (a pipe is
// re-opened through /proc/self/fd/1, a socket is written with MSG_DONTWAIT),
// so that arbiter closing the socket ends the probe even while the referee is
// not reading the bot's stdout. A direction whose destination is full stops
// reading its source until the destination drains, so memory stays bounded
// and backpressure reaches the writer as it would with a real bot.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

namespace {

constexpr int kExitKilled = 1;
constexpr int kExitUsage = 2;
constexpr int kExitConnect = 3;
constexpr int kExitStdoutBroken = 4;
constexpr int kExitSystem = 5;

constexpr long kConnectPatienceMs = 2000;
constexpr size_t kChunk = 64 * 1024;

char to_socket[kChunk];  // read from stdin, not yet taken by the socket
char to_stdout[kChunk];  // read from the socket, not yet taken by stdout

void Say(const char* a, const char* b = "", const char* c = "") {
  const char* parts[] = {"arbiter-probe: ", a, b, c, "\n"};
  for (const char* p : parts) {
    size_t n = strlen(p);
    while (n > 0) {
      const ssize_t w = write(2, p, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return;
      p += w;
      n -= static_cast<size_t>(w);
    }
  }
}

[[noreturn]] void Fail(int status, const char* what) {
  Say(what, ": ", strerror(errno));
  _exit(status);
}

long NowMs() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

// Connects to the hub, waiting for it to listen for up to kConnectPatienceMs.
int Connect(const char* path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof addr.sun_path) {
    Say("socket path too long: ", path);
    _exit(kExitConnect);
  }
  strcpy(addr.sun_path, path);
  const long give_up = NowMs() + kConnectPatienceMs;
  long pause_ms = 1;
  for (;;) {
    const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) Fail(kExitConnect, "socket");
    if (connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0) return fd;
    const int err = errno;
    close(fd);
    if (err != ENOENT && err != ECONNREFUSED && err != EAGAIN && err != EINTR) {
      errno = err;
      Fail(kExitConnect, "cannot connect to arbiter");
    }
    if (NowMs() >= give_up) {
      Say("cannot connect to arbiter at ", path, ": nobody listens (gave up after 2 s)");
      _exit(kExitConnect);
    }
    const timespec pause{0, pause_ms * 1000000};
    nanosleep(&pause, nullptr);
    if (pause_ms < 20) pause_ms *= 2;
  }
}

// How bytes reach stdout without blocking the relay.
enum class OutKind { kNonBlocking, kSocket, kBlocking };

OutKind PrepareStdout() {
  struct stat st {};
  if (fstat(1, &st) != 0) return OutKind::kBlocking;
  if (S_ISSOCK(st.st_mode)) return OutKind::kSocket;
  if (!S_ISFIFO(st.st_mode)) return OutKind::kBlocking;  // a file or a terminal
  // A new open file description of the same pipe: O_NONBLOCK on it cannot
  // affect whoever else holds the original one (the referee, a shell).
  const int fd = open("/proc/self/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return OutKind::kBlocking;  // e.g. ENXIO: nobody reads; writes will say EPIPE
  if (dup2(fd, 1) < 0) {
    close(fd);
    return OutKind::kBlocking;
  }
  close(fd);
  return OutKind::kNonBlocking;
}

// Writes what `fd` takes now: the count (0 if full), or -1 with errno.
ssize_t WriteNow(int fd, OutKind kind, const char* p, size_t n) {
  for (;;) {
    const ssize_t w =
        kind == OutKind::kSocket ? send(fd, p, n, MSG_DONTWAIT | MSG_NOSIGNAL) : write(fd, p, n);
    if (w >= 0) return w;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    return -1;
  }
}

// A one-way buffer: [begin, end) of its array is waiting for the destination.
struct Pending {
  char* data;
  size_t begin = 0;
  size_t end = 0;
  bool empty() const { return begin == end; }
  // Writes as much as the destination takes now; false on a write error.
  bool Flush(int fd, OutKind kind) {
    while (!empty()) {
      const ssize_t w = WriteNow(fd, kind, data + begin, end - begin);
      if (w < 0) return false;
      if (w == 0) return true;  // full: poll for POLLOUT
      begin += static_cast<size_t>(w);
    }
    begin = end = 0;
    return true;
  }
};

ssize_t ReadSome(int fd, char* buf, size_t n) {
  for (;;) {
    const ssize_t r = read(fd, buf, n);
    if (r >= 0 || errno != EINTR) return r;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || argv[1][0] == '\0') {
    Say("usage: arbiter-probe SOCKET_PATH (run by arbiter fuzz-referee, not by hand)");
    return kExitUsage;
  }
  signal(SIGPIPE, SIG_IGN);
  const int sock = Connect(argv[1]);
  const OutKind out_kind = PrepareStdout();

  Pending up{to_socket};    // stdin -> socket
  Pending down{to_stdout};  // socket -> stdout
  bool stdin_open = true;
  bool shut_down = false;  // shutdown(SHUT_WR) done after stdin ended

  for (;;) {
    pollfd fds[3] = {};
    // stdin: read only when the socket has taken everything read so far.
    fds[0].fd = stdin_open && up.empty() ? 0 : -1;
    fds[0].events = POLLIN;
    // The socket: read only when stdout has taken everything read so far, but
    // always watch for arbiter hanging up while stdin is open.
    fds[1].events = static_cast<short>((down.empty() ? POLLIN : 0) | (up.empty() ? 0 : POLLOUT) |
                                       (stdin_open ? POLLRDHUP : 0));
    // (Not polled at all when nothing is wanted from it: POLLHUP, reported
    // whatever the events, would otherwise spin the loop.)
    fds[1].fd = fds[1].events != 0 ? sock : -1;
    fds[2].fd = down.empty() ? -1 : 1;
    fds[2].events = POLLOUT;
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      Fail(kExitSystem, "poll");
    }

    const short sock_ev = fds[1].revents;
    if (stdin_open && (sock_ev & (POLLRDHUP | POLLHUP | POLLERR))) {
      _exit(kExitKilled);  // arbiter closed the connection: this bot was killed
    }

    if (fds[2].revents != 0 && !down.Flush(1, out_kind)) {
      if (errno == EPIPE) _exit(kExitStdoutBroken);
      Fail(kExitSystem, "write to stdout");
    }

    if (sock_ev & POLLOUT) {
      if (!up.Flush(sock, OutKind::kSocket)) {
        if (stdin_open) _exit(kExitKilled);  // EPIPE, ECONNRESET: arbiter is gone
        up.begin = up.end = 0;               // nobody to tell: the end is near
      }
    }

    if (down.empty() && (sock_ev & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t r = ReadSome(sock, to_stdout, kChunk);
      if (r <= 0) {
        // The socket ended (or broke, ECONNRESET). After stdin's end that is
        // the normal finish; before it, arbiter killed this bot.
        _exit(stdin_open ? kExitKilled : 0);
      }
      down.begin = 0;
      down.end = static_cast<size_t>(r);
      if (!down.Flush(1, out_kind)) {
        if (errno == EPIPE) _exit(kExitStdoutBroken);
        Fail(kExitSystem, "write to stdout");
      }
    }

    if (fds[0].revents != 0) {
      const ssize_t r = ReadSome(0, to_socket, kChunk);
      if (r <= 0) {
        stdin_open = false;  // EOF (or EIO): the referee closed the bot's stdin
      } else {
        up.begin = 0;
        up.end = static_cast<size_t>(r);
        if (!up.Flush(sock, OutKind::kSocket)) _exit(kExitKilled);
      }
    }

    if (!stdin_open && !shut_down && up.empty()) {
      shutdown(sock, SHUT_WR);  // arbiter sees the end of this bot's input
      shut_down = true;
    }
  }
}
