// referee-replay-bot [SCRIPT]: the bot of the floor of referee_fuzz_bench. It
// plays back, byte for byte, the answers that `arbiter fuzz-referee` gave one
// seat in a game, so that the referee, run directly with four of these, plays
// exactly the game it played under arbiter, without arbiter and its probes.
//
// SCRIPT is a comma-separated list with one item per input message the seat
// receives (a message ends with a line "EOD"):
//   x<hex> write these bytes, then "\n" ("x": an empty line)
//   k      exit with status 1 at once: the bot arbiter killed on that turn
//   l      never answer: the late bot, which the referee kills
// It prints READY at start and exits 0 at end of input. A message beyond the
// script means the referee played another game than the one recorded: exit 3.
//
// Like arbiter-probe (harness/referee/probe/probe.cc), which it stands in for, it is
// plain POSIX with no C++ runtime, linked statically where the build allows,
// so that the two cost the same to start.
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

namespace {

bool WriteAll(const char* p, size_t n) {
  while (n > 0) {
    const ssize_t w = write(1, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

int Hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

char answer[4096];

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    const char usage[] = "usage: referee-replay-bot [SCRIPT]\n";
    (void)!write(2, usage, sizeof usage - 1);
    return 2;
  }
  // The next item, or nullptr after the last. (No SCRIPT: no item; a referee
  // that splits "BOT " on spaces drops the empty word.)
  const char* item = argc == 2 ? argv[1] : nullptr;
  if (!WriteAll("READY\n", 6)) return 4;
  char line[8];  // the start of the current line: only "EOD" matters
  size_t line_len = 0;
  char buf[4096];
  while (true) {
    const ssize_t n = read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;  // end of input: the game is over
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] != '\n') {
        if (line_len < sizeof line) line[line_len] = buf[i];
        ++line_len;
        continue;
      }
      const bool eod = line_len == 3 && memcmp(line, "EOD", 3) == 0;
      line_len = 0;
      if (!eod) continue;
      if (item == nullptr) return 3;
      const char* end = strchr(item, ',');
      const size_t len = end ? static_cast<size_t>(end - item) : strlen(item);
      if (len == 1 && item[0] == 'k') return 1;
      if (len == 1 && item[0] == 'l') {
        // The referee kills a late bot; leave anyway after a while.
        timespec ts = {30, 0};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
        }
        return 0;
      }
      if (len == 0 || item[0] != 'x') return 2;
      size_t out = 0;
      for (size_t k = 1; k + 1 < len && out < sizeof answer - 1; k += 2)
        answer[out++] = static_cast<char>(Hex(item[k]) * 16 + Hex(item[k + 1]));
      answer[out++] = '\n';
      if (!WriteAll(answer, out)) return 4;
      item = end ? end + 1 : nullptr;
    }
  }
}
