// Bots as child processes over pipes (bot_pipes.h).
#include "bot_pipes.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

namespace bots_referee {
namespace {

constexpr size_t kMaxLine = 64 * 1024;  // a longer "line" is a misbehaving bot

// Bot process groups, for the signal handler (kill the bots if we are killed).
volatile pid_t g_groups[kMaxBots] = {};

void OnFatalSignal(int sig) {
  for (pid_t g : g_groups)
    if (g > 0) kill(-g, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

void CloseFds(Bot& bot) {
  if (bot.in >= 0) close(bot.in);
  if (bot.out >= 0) close(bot.out);
  if (bot.err >= 0) close(bot.err);
  bot.in = bot.out = bot.err = -1;
}

// Reads what `fd` holds now, without waiting, into `into`; false at its end.
bool ReadAvailable(int fd, std::string& into) {
  char buf[4096];
  while (true) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      into.append(buf, static_cast<size_t>(n));
      if (into.size() > kMaxLine) return true;  // enough: the rest can wait
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return !(n == 0 || errno != EAGAIN);
  }
}

}  // namespace

int64_t NowMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000 + ts.tv_nsec / 1000000;
}

void InstallSignalHandlers() {
  signal(SIGPIPE, SIG_IGN);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, OnFatalSignal);
}

std::vector<std::string> SplitOnSpaces(const std::string& s) {
  std::vector<std::string> out;
  for (size_t start = 0;;) {
    const size_t sp = s.find(' ', start);
    out.push_back(s.substr(start, sp == std::string::npos ? sp : sp - start));
    if (sp == std::string::npos) break;
    start = sp + 1;
  }
  while (!out.empty() && out.back().empty()) out.pop_back();  // as split(" ") does
  return out;
}

bool Spawn(Bot& bot, int seat, bool capture_stderr) {
  const std::vector<std::string> words = SplitOnSpaces(bot.command);
  if (words.empty()) return false;
  std::vector<char*> argv;
  for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
  argv.push_back(nullptr);
  const std::string exec_failed = std::string(kName) + ": cannot execute '" + words[0] + "'\n";
  int to_bot[2], from_bot[2] = {-1, -1}, err_bot[2] = {-1, -1};
  if (pipe2(to_bot, O_CLOEXEC) != 0) return false;
  if (pipe2(from_bot, O_CLOEXEC) != 0 || (capture_stderr && pipe2(err_bot, O_CLOEXEC) != 0)) {
    for (int fd : {to_bot[0], to_bot[1], from_bot[0], from_bot[1]})
      if (fd >= 0) close(fd);
    return false;
  }
  const pid_t pid = fork();
  if (pid == 0) {  // the bot: its own process group, the pipes as stdin and stdout
    setpgid(0, 0);
    dup2(to_bot[0], STDIN_FILENO);  // dup2 clears close-on-exec on the copies
    dup2(from_bot[1], STDOUT_FILENO);
    if (err_bot[1] >= 0) dup2(err_bot[1], STDERR_FILENO);
    signal(SIGPIPE, SIG_DFL);  // an ignored signal stays ignored across exec
    execvp(argv[0], argv.data());
    (void)!write(STDERR_FILENO, exec_failed.data(), exec_failed.size());  // no allocation here
    _exit(127);
  }
  close(to_bot[0]);
  close(from_bot[1]);
  if (err_bot[1] >= 0) close(err_bot[1]);
  if (pid < 0) {
    close(to_bot[1]);
    close(from_bot[0]);
    if (err_bot[0] >= 0) close(err_bot[0]);
    return false;
  }
  setpgid(pid, pid);  // also here, so that the group exists whichever runs first
  g_groups[seat] = pid;
  bot.pid = pid;
  bot.in = to_bot[1];
  bot.out = from_bot[0];
  bot.err = err_bot[0];
  fcntl(bot.in, F_SETFL, O_NONBLOCK);  // a bot that stops reading must not block us
  fcntl(bot.out, F_SETFL, O_NONBLOCK);
  if (bot.err >= 0) fcntl(bot.err, F_SETFL, O_NONBLOCK);
  bot.alive = true;
  return true;
}

void Kill(Bot& bot, int seat, const std::string& why) {
  if (bot.pid > 0) {
    kill(-bot.pid, SIGKILL);
    kill(bot.pid, SIGKILL);
    waitpid(bot.pid, nullptr, 0);
    g_groups[seat] = -1;
    bot.pid = -1;
  }
  CloseFds(bot);
  std::fprintf(stderr, "%s: player %d (%s): %s; killed, it does nothing from now on\n", kName, seat,
               bot.command.c_str(), why.c_str());
  bot.alive = false;
}

Read ReadLine(Bot& bot, int64_t deadline, std::string& line) {
  while (true) {
    const size_t nl = bot.pending.find('\n');
    if (nl != std::string::npos) {
      line = bot.pending.substr(0, nl);
      bot.pending.erase(0, nl + 1);
      return Read::kLine;
    }
    if (bot.pending.size() > kMaxLine) return Read::kTooLong;
    // Past the deadline, still take what has already arrived (poll with 0 ms):
    // lines sent in time may simply not have been read yet.
    const int64_t left = std::max<int64_t>(0, deadline - NowMs());
    pollfd p = {bot.out, POLLIN, 0};
    const int r = poll(&p, 1, static_cast<int>(left));
    if (r < 0 && errno != EINTR) return Read::kClosed;
    if (r == 0 && left == 0) return Read::kTimeout;
    if (r <= 0) continue;  // EINTR, or woken early: try again
    char buf[4096];
    const ssize_t n = read(bot.out, buf, sizeof buf);
    if (n > 0) {
      bot.pending.append(buf, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      return Read::kClosed;
    }
  }
}

void ForwardStderr(Bot& bot, int seat) {
  if (bot.err < 0) return;
  ReadAvailable(bot.err, bot.err_pending);
  for (size_t nl; (nl = bot.err_pending.find('\n')) != std::string::npos;) {
    std::fprintf(stderr, "%s: player %d: %s\n", kName, seat, bot.err_pending.substr(0, nl).c_str());
    bot.err_pending.erase(0, nl + 1);
  }
}

void WaitForStderrLine(Bot& bot, int seat) {
  while (bot.err >= 0 && bot.err_pending.find('\n') == std::string::npos) {
    pollfd p = {bot.err, POLLIN, 0};
    if (poll(&p, 1, -1) < 0 && errno != EINTR) break;
    if (!ReadAvailable(bot.err, bot.err_pending)) break;  // its end: the line is complete
  }
  ForwardStderr(bot, seat);
}

void DiscardUnread(Bot& bot) {
  if (bot.out >= 0) ReadAvailable(bot.out, bot.pending);
  bot.pending.clear();
}

bool WriteAll(Bot& bot, const std::string& text, int64_t deadline) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(bot.in, text.data() + done, text.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && errno == EAGAIN) {
      const int64_t left = deadline - NowMs();
      if (left <= 0) return false;
      pollfd p = {bot.in, POLLOUT, 0};
      poll(&p, 1, static_cast<int>(left));
    } else if (!(n < 0 && errno == EINTR)) {
      return false;  // EPIPE (SIGPIPE is ignored) or another error
    }
  }
  return true;
}

void Shutdown(std::vector<Bot>& bots, int64_t grace_ms) {
  for (Bot& bot : bots) {
    if (bot.in >= 0) close(bot.in);
    bot.in = -1;
  }
  const int64_t exit_deadline = NowMs() + grace_ms;
  for (Bot& bot : bots) {
    while (bot.pid > 0 && NowMs() < exit_deadline) {
      siginfo_t info = {};
      if (waitid(P_PID, bot.pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0)
        break;
      usleep(5000);
    }
  }
  for (size_t seat = 0; seat < bots.size(); ++seat) {
    Bot& bot = bots[seat];
    if (bot.pid > 0) {
      kill(-bot.pid, SIGKILL);
      waitpid(bot.pid, nullptr, 0);
      g_groups[seat] = -1;
    }
    CloseFds(bot);
  }
}

}  // namespace bots_referee
