// jc2015-referee: an example JavaChallenge2015 referee, written the way a
// typical contest referee is written: plain POSIX (fork/exec, pipes, poll),
// four bot commands on the command line, one game, and "RESULT <winner>
// <turns>" on standard output. It uses arbiter's engine for the rules (through
// the uniform GameState API) and nothing of arbiter's harness: it is a referee
// for arbiter to test, not part of arbiter. Without --mutant it is meant to be
// conformant to the register (spec-tests/jc2015/clauses.json); --mutant NAME
// plays under one of the engine's deliberate referee bugs (engine/jc2015/
// rules.h), so that a referee tester can be checked against a known bug.
//
// The protocol as this referee runs it: every bot must print READY within
// --ready-ms (1000) of the start (jc2015.protocol.ready.limit); other lines
// before it are ignored. Then, on each turn whose player receives input, the
// referee writes that player's input to its bot and reads one line within
// --time-ms (100) of having written it (jc2015.protocol.action.limit). A bot
// that is late, dies, closes its stdout or stops reading is killed (SIGKILL to
// its process group) and its player does nothing for the rest of the game
// (jc2015.protocol.action.timeout). Any line that does arrive goes to the
// engine as is: the engine decides what an invalid line means. Lines a bot
// sent beyond its answer are read as its next answers, as a line-reading
// referee does. Every wait has a deadline, so the referee never hangs.
//
// usage: jc2015-referee -a BOT0 -a BOT1 -a BOT2 -a BOT3 [-s SEED] [-t TURNS]
//                       [--mutant NAME] [--time-ms MS] [--ready-ms MS]
// A bot command is split on single spaces and run without a shell: no quoting,
// and "a  b" has an empty argument between a and b (like Java's split(" ")).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace {

constexpr char kUsage[] =
    "usage: jc2015-referee -a BOT0 -a BOT1 -a BOT2 -a BOT3 [-s SEED] [-t TURNS]\n"
    "                      [--mutant NAME] [--time-ms MS] [--ready-ms MS]\n"
    "Plays one JavaChallenge2015 game between four bot commands (each split on\n"
    "single spaces, no shell) and prints 'RESULT <winner or -1> <turns>'.\n"
    "  -s SEED        initial placement (default 0)\n"
    "  -t TURNS       turn limit (default 1000)\n"
    "  --mutant NAME  play under an engine mutant (a deliberate referee bug)\n"
    "  --time-ms MS   time for each answer (default 100)\n"
    "  --ready-ms MS  time for READY (default 1000)\n";
constexpr size_t kMaxLine = 64 * 1024;  // a longer "line" is a misbehaving bot

struct Bot {
  std::string command;
  pid_t pid = -1;       // also its process group
  int in = -1;          // the bot's stdin, written by us
  int out = -1;         // the bot's stdout, read by us
  std::string pending;  // bytes read that do not yet end a line
  bool alive = false;   // false once it failed: its player does nothing
};

// Bot process groups, for the signal handler (kill the bots if we are killed).
volatile pid_t g_groups[4] = {-1, -1, -1, -1};

void OnFatalSignal(int sig) {
  for (pid_t g : g_groups)
    if (g > 0) kill(-g, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

int64_t NowMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000 + ts.tv_nsec / 1000000;
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

bool Spawn(Bot& bot, int seat) {
  const std::vector<std::string> words = SplitOnSpaces(bot.command);
  if (words.empty()) return false;
  std::vector<char*> argv;
  for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
  argv.push_back(nullptr);
  const std::string exec_failed = "jc2015-referee: cannot execute '" + words[0] + "'\n";
  int to_bot[2], from_bot[2];
  if (pipe2(to_bot, O_CLOEXEC) != 0) return false;
  if (pipe2(from_bot, O_CLOEXEC) != 0) {
    close(to_bot[0]);
    close(to_bot[1]);
    return false;
  }
  const pid_t pid = fork();
  if (pid == 0) {  // the bot: its own process group, the pipes as stdin and stdout
    setpgid(0, 0);
    dup2(to_bot[0], STDIN_FILENO);  // dup2 clears close-on-exec on the copies
    dup2(from_bot[1], STDOUT_FILENO);
    signal(SIGPIPE, SIG_DFL);  // an ignored signal stays ignored across exec
    execvp(argv[0], argv.data());
    (void)!write(STDERR_FILENO, exec_failed.data(), exec_failed.size());  // no allocation here
    _exit(127);
  }
  close(to_bot[0]);
  close(from_bot[1]);
  if (pid < 0) {
    close(to_bot[1]);
    close(from_bot[0]);
    return false;
  }
  setpgid(pid, pid);  // also here, so that the group exists whichever runs first
  g_groups[seat] = pid;
  bot.pid = pid;
  bot.in = to_bot[1];
  bot.out = from_bot[0];
  fcntl(bot.in, F_SETFL, O_NONBLOCK);  // a bot that stops reading must not block us
  fcntl(bot.out, F_SETFL, O_NONBLOCK);
  bot.alive = true;
  return true;
}

void CloseFds(Bot& bot) {
  if (bot.in >= 0) close(bot.in);
  if (bot.out >= 0) close(bot.out);
  bot.in = bot.out = -1;
}

// Kills the bot and everything it started, reaps it, and silences its player.
void Kill(Bot& bot, int seat, const std::string& why) {
  if (bot.pid > 0) {
    kill(-bot.pid, SIGKILL);
    kill(bot.pid, SIGKILL);
    waitpid(bot.pid, nullptr, 0);
    g_groups[seat] = -1;
    bot.pid = -1;
  }
  CloseFds(bot);
  std::fprintf(stderr, "jc2015-referee: player %d (%s): %s; killed, it does nothing from now on\n",
               seat, bot.command.c_str(), why.c_str());
  bot.alive = false;
}

enum class Read { kLine, kTimeout, kClosed, kTooLong };

// One line (without '\n') from the bot, by `deadline`.
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

// Writes all of `text` to the bot by `deadline`; false when it cannot (the bot
// exited, closed its stdin, or stopped reading and the pipe is full).
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

bool ParseNumber(const char* text, uint64_t max, uint64_t& out) {
  if (!text || !*text || *text == '-') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || *end != '\0' || v > max) return false;
  out = v;
  return true;
}

int Usage(const std::string& message) {
  std::fprintf(stderr, "jc2015-referee: %s\n%s", message.c_str(), kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> commands;
  uint64_t seed = 0, time_ms = 100, ready_ms = 1000;
  std::vector<std::pair<std::string, std::string>> rules;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!value) return Usage("option " + arg + " needs a value");
    ++i;
    uint64_t n = 0;
    if (arg == "-a") {
      commands.push_back(value);
    } else if (arg == "-s") {
      if (!ParseNumber(value, UINT64_MAX, seed))
        return Usage("-s: not a seed: " + std::string(value));
    } else if (arg == "-t") {
      if (!ParseNumber(value, 1000000, n) || n == 0)
        return Usage("-t: not a turn limit in [1, 1000000]: " + std::string(value));
      rules.emplace_back("turn_limit", value);
    } else if (arg == "--mutant") {
      rules.emplace_back("mutant", value);
    } else if (arg == "--time-ms" || arg == "--ready-ms") {
      if (!ParseNumber(value, 600000, n) || n == 0)
        return Usage(arg + ": not a number of milliseconds: " + std::string(value));
      (arg == "--time-ms" ? time_ms : ready_ms) = n;
    } else {
      return Usage("unknown option " + arg);
    }
  }
  if (commands.size() != 4) return Usage("give exactly four bots (-a), one per player");
  std::string error;
  std::unique_ptr<arbiter::GameState> game =
      arbiter::FindGame("jc2015")->new_game(seed, rules, error);
  if (!game) return Usage(error);  // an unknown mutant, for example

  signal(SIGPIPE, SIG_IGN);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, OnFatalSignal);

  // Start the four bots, then wait for their READY, all against one deadline.
  std::vector<Bot> bots(4);
  const int64_t ready_deadline = NowMs() + static_cast<int64_t>(ready_ms);
  for (int seat = 0; seat < 4; ++seat) {
    bots[seat].command = commands[seat];
    if (!Spawn(bots[seat], seat)) Kill(bots[seat], seat, "could not be started");
  }
  for (int seat = 0; seat < 4; ++seat) {
    Bot& bot = bots[seat];
    std::string line;
    while (bot.alive) {
      const Read r = ReadLine(bot, ready_deadline, line);
      if (r == Read::kLine && line == "READY") break;
      if (r == Read::kLine) continue;  // anything else before READY is ignored
      Kill(bot, seat,
           r == Read::kTimeout   ? "no READY within " + std::to_string(ready_ms) + " ms"
           : r == Read::kTooLong ? "a line longer than 64 KiB before READY"
                                 : "exited or closed its stdout before READY");
    }
  }

  // The game: one global turn per iteration, until the engine says it is over.
  while (!game->IsTerminal()) {
    const int seat = game->current_player();
    Bot& bot = bots[seat];
    if (!game->CurrentPlayerReceivesInput() || !bot.alive) {
      game->ApplySilence();  // a fallen player, or a bot that was killed
      continue;
    }
    const int64_t limit = static_cast<int64_t>(time_ms);
    if (!WriteAll(bot, game->InputText(seat), NowMs() + limit)) {
      Kill(bot, seat, "could not be sent its input on turn " + std::to_string(game->turn()));
      game->ApplySilence();
      continue;
    }
    std::string line;
    const Read r = ReadLine(bot, NowMs() + limit, line);
    if (r != Read::kLine) {
      const char* what = r == Read::kTimeout   ? "no answer within the time limit"
                         : r == Read::kTooLong ? "a line longer than 64 KiB"
                                               : "exited or closed its stdout";
      Kill(bot, seat, std::string(what) + " on turn " + std::to_string(game->turn()));
      game->ApplySilence();
      continue;
    }
    game->ApplyLine(line);
  }

  // The end: close their stdin, give them a moment to exit, then kill what is
  // left (the whole process group, before reaping, so no pid is reused).
  for (Bot& bot : bots) {
    if (bot.in >= 0) close(bot.in);
    bot.in = -1;
  }
  const int64_t exit_deadline = NowMs() + 200;
  for (Bot& bot : bots) {
    while (bot.pid > 0 && NowMs() < exit_deadline) {
      siginfo_t info = {};
      if (waitid(P_PID, bot.pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0)
        break;
      usleep(5000);
    }
  }
  for (int seat = 0; seat < 4; ++seat) {
    Bot& bot = bots[seat];
    if (bot.pid > 0) {
      kill(-bot.pid, SIGKILL);
      waitpid(bot.pid, nullptr, 0);
      g_groups[seat] = -1;
    }
    CloseFds(bot);
  }
  std::printf("RESULT %d %d\n", game->Winner(), game->turn());
  return 0;
}
