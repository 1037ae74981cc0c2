// The bots of the example bot-launching referee (bots_referee.cc) as child
// processes over pipes, the way a typical contest referee runs them: plain
// POSIX (fork/exec, pipes, poll), each bot in its own process group, every
// wait with a deadline. Nothing of arbiter's harness: the referee is a
// program for arbiter to test, not part of arbiter.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace bots_referee {

// At most this many bots (the process groups the signal handler kills are a
// fixed array, as only async-signal-safe code may run there).
inline constexpr int kMaxBots = 16;

struct Bot {
  std::string command;
  pid_t pid = -1;           // also its process group
  int in = -1;              // the bot's stdin, written by us
  int out = -1;             // the bot's stdout, read by us
  int err = -1;             // the bot's stderr, read by us when captured (else ours)
  std::string pending;      // bytes read that do not yet end a line
  std::string err_pending;  // stderr bytes that do not yet end a line
  bool alive = false;       // false once it failed: its player does nothing
};

// The program's name in messages ("bots-referee").
inline constexpr char kName[] = "bots-referee";

int64_t NowMs();

// Installs the handlers that kill every bot's process group when the referee
// is interrupted, and ignores SIGPIPE.
void InstallSignalHandlers();

// A bot command split on single spaces, without a shell: no quoting, and
// "a  b" has an empty argument between a and b (like Java's split(" ")).
std::vector<std::string> SplitOnSpaces(const std::string& s);

// Starts bot `seat` (< kMaxBots) from its command; false when it cannot.
// With `capture_stderr`, its stderr is a pipe the referee reads
// (ForwardStderr); otherwise it is the referee's own.
bool Spawn(Bot& bot, int seat, bool capture_stderr = false);

// What the bot wrote to its captured stderr so far, without waiting: each
// complete line goes to the referee's stderr as "player N: LINE"; a partial
// one stays in err_pending.
void ForwardStderr(Bot& bot, int seat);

// Waits, with no deadline, for the rest of the bot's partial stderr line,
// then forwards it (a deliberate referee bug: see --bug in bots_referee.cc).
void WaitForStderrLine(Bot& bot, int seat);

// Drops every line (and partial line) the bot has sent and the referee has
// not read: nothing printed before a turn's input answers it.
void DiscardUnread(Bot& bot);

// Kills the bot and everything it started, reaps it, says why on stderr, and
// silences its player.
void Kill(Bot& bot, int seat, const std::string& why);

enum class Read { kLine, kTimeout, kClosed, kTooLong };

// One line (without '\n') from the bot, by `deadline`. Past the deadline,
// what has already arrived is still taken.
Read ReadLine(Bot& bot, int64_t deadline, std::string& line);

// Writes all of `text` to the bot by `deadline`; false when it cannot (the
// bot exited, closed its stdin, or stopped reading and the pipe is full).
bool WriteAll(Bot& bot, const std::string& text, int64_t deadline);

// The end of the game: closes every bot's stdin, gives them `grace_ms` to
// exit, then kills what is left (the whole process group, before reaping, so
// that no pid is reused).
void Shutdown(std::vector<Bot>& bots, int64_t grace_ms);

}  // namespace bots_referee
