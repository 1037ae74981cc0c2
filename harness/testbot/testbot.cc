// arbiter_testbot: one purpose-built, deliberately misbehaving jc2015 bot.
//
// The harness tests run it to prove that every diagnosis is produced for the
// matching behaviour and for no other: `--mode` picks one misbehaviour, `--turn
// K` the K-th own turn (1-based) on which it happens, `--ms`, `--code` and
// `--signal` its parameters. Outside the chosen misbehaviour it is a
// conformant, fast bot (mode `ok`). It does its stdin/stdout I/O with read(2)
// and write(2), so no library buffering hides where it blocks, except in mode
// `no-flush`, whose whole point is a fully buffered stdout.
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr char kUsage[] =
    "usage: arbiter_testbot [--mode MODE] [--turn K] [--ms M] [--code C] [--signal S]\n"
    "A jc2015 bot that misbehaves on purpose, on its K-th own turn (default 1).\n"
    "modes:\n"
    "  ok               conformant: READY, then N or a safe move each turn (default)\n"
    "  echo             READY, then N the moment it reads EOD (harness overhead)\n"
    "  never-ready      reads stdin, never prints READY; exits at EOF\n"
    "  late-ready       sleeps M ms before READY\n"
    "  banner           prints 'hello from bot' before READY\n"
    "  ready-lowercase  prints 'ready' instead of READY\n"
    "  ready-padded     prints 'READY \\r' (a line that trims to READY)\n"
    "  no-flush         answers into a fully buffered stdout, flushed only at exit\n"
    "  ready-no-flush   like no-flush, READY included: nothing comes out before exit\n"
    "  partial          on turn K writes 'N' without newline, then only reads stdin\n"
    "  lowercase        answers 'n' from turn K on\n"
    "  crlf             answers 'N\\r\\n' from turn K on\n"
    "  trailing-space   answers 'N \\n' from turn K on\n"
    "  two-lines        answers 'N\\nN\\n' in one write from turn K on\n"
    "  invalid          answers 'X' from turn K on\n"
    "  second-word      answers 'N x' (a first-word server reads N) from turn K on\n"
    "  slow-turn        sleeps M ms before answering turn K\n"
    "  slow-first       sleeps M ms before answering its first turn\n"
    "  exit             exits with code C (default 3) on turn K without answering\n"
    "  signal           raises signal S (default SIGSEGV) on turn K\n"
    "  crash-on-stun    plays A on its first turn, aborts on the first turn it has S > 0\n"
    "  close-stdout     closes stdout on turn K, then reads stdin until EOF\n"
    "  stderr-flood     writes 20 MB to stderr on turn K, then answers\n"
    "  chatty           writes 'thinking on turn T' to stderr before every answer\n"
    "  memory           on turn K allocates and touches M MB (page by page), then answers\n"
    "  stdout-flood     writes 100 MB without a newline to stdout on turn K, then reads stdin\n"
    "  no-read          prints READY, then never reads stdin again (sleeps)\n"
    "  ignore-sigterm   ignores SIGTERM; plays normally; does not exit at EOF\n"
    "  no-exit-on-eof   plays normally; does not exit at EOF (SIGTERM kills it)\n"
    "  grandchild       first forks a setsid() child that sleeps 600 s holding stdout\n"
    "                   (its pid goes to stderr), then plays normally and exits at EOF\n"
    "M defaults to 1500; S is a number or a name (SEGV, SIGABRT, ...).\n";

const std::set<std::string, std::less<>> kModes = {"ok",
                                                   "echo",
                                                   "never-ready",
                                                   "late-ready",
                                                   "banner",
                                                   "ready-lowercase",
                                                   "no-flush",
                                                   "ready-no-flush",
                                                   "partial",
                                                   "lowercase",
                                                   "crlf",
                                                   "trailing-space",
                                                   "two-lines",
                                                   "invalid",
                                                   "slow-turn",
                                                   "slow-first",
                                                   "exit",
                                                   "signal",
                                                   "crash-on-stun",
                                                   "close-stdout",
                                                   "stderr-flood",
                                                   "chatty",
                                                   "stdout-flood",
                                                   "memory",
                                                   "no-read",
                                                   "ignore-sigterm",
                                                   "no-exit-on-eof",
                                                   "grandchild",
                                                   "ready-padded",
                                                   "second-word"};

struct Options {
  std::string mode = "ok";
  int turn = 1;
  int ms = 1500;
  int code = 3;
  int signal = SIGSEGV;
};

pid_t g_parent = 0;  // the parent at start; SleepForever ends when it is gone

bool ParseInt(const char* text, int lo, int hi, int& out) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) return false;
  out = static_cast<int>(v);
  return true;
}

bool ParseSignal(std::string_view text, int& out) {
  static const struct {
    const char* name;
    int number;
  } kSignals[] = {{"SEGV", SIGSEGV}, {"ABRT", SIGABRT}, {"KILL", SIGKILL}, {"TERM", SIGTERM},
                  {"INT", SIGINT},   {"BUS", SIGBUS},   {"FPE", SIGFPE},   {"ILL", SIGILL},
                  {"HUP", SIGHUP},   {"PIPE", SIGPIPE}, {"QUIT", SIGQUIT}, {"USR1", SIGUSR1}};
  if (text.starts_with("SIG")) text.remove_prefix(3);
  for (const auto& s : kSignals) {
    if (text == s.name) {
      out = s.number;
      return true;
    }
  }
  return ParseInt(std::string(text).c_str(), 1, 64, out);
}

bool ParseArgs(int argc, char** argv, Options& opt) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) return false;  // every option takes a value
    const char* value = argv[++i];
    bool ok = true;
    if (arg == "--mode") {
      opt.mode = value;
      ok = kModes.contains(opt.mode);
    } else if (arg == "--turn") {
      ok = ParseInt(value, 1, 1 << 20, opt.turn);
    } else if (arg == "--ms") {
      ok = ParseInt(value, 0, 1 << 30, opt.ms);
    } else if (arg == "--code") {
      ok = ParseInt(value, 0, 255, opt.code);
    } else if (arg == "--signal") {
      ok = ParseSignal(value, opt.signal);
    } else {
      ok = false;
    }
    if (!ok) return false;
  }
  return true;
}

// Writes all of `data` to `fd`, across short writes and EINTR.
bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

void Say(std::string_view text) { WriteAll(STDOUT_FILENO, text); }

void SleepMs(int ms) {
  timespec ts{ms / 1000, static_cast<long>(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// Sleeps until killed; gives up only when orphaned, so that a crashed test
// does not leave it behind.
[[noreturn]] void SleepForever() {
  while (true) {
    SleepMs(200);
    if (getppid() != g_parent) _exit(0);
  }
}

// Writes `total` bytes to `fd` in 1 MiB writes; `newlines` ends every 64th
// byte with '\n', otherwise there is none.
void Flood(int fd, size_t total, bool newlines) {
  std::string chunk(1 << 20, 'x');
  if (newlines) {
    for (size_t i = 63; i < chunk.size(); i += 64) chunk[i] = '\n';
  }
  for (size_t done = 0; done < total; done += chunk.size()) {
    if (!WriteAll(fd, std::string_view(chunk).substr(0, total - done))) return;
  }
}

// Reads stdin one line at a time with read(2) (no look-ahead beyond what
// read returns); strips the '\n'.
class LineReader {
 public:
  bool Next(std::string& line) {
    while (true) {
      const size_t nl = buf_.find('\n', pos_);
      if (nl != std::string::npos) {
        line.assign(buf_, pos_, nl - pos_);
        pos_ = nl + 1;
        return true;
      }
      buf_.erase(0, pos_);
      pos_ = 0;
      char chunk[65536];
      const ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;  // EOF (a last line without '\n' is dropped)
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }

  // Reads and discards everything up to EOF.
  void Drain() {
    std::string line;
    while (Next(line)) {
    }
  }

 private:
  std::string buf_;
  size_t pos_ = 0;
};

// The parts of one turn input the bot uses.
struct TurnInput {
  bool ok = false;
  int id = -1;
  int block[6][6] = {};
  int row[4] = {}, col[4] = {}, stun[4] = {};
};

TurnInput Parse(const std::vector<std::string>& lines) {
  TurnInput t;
  if (lines.size() != 12) return t;
  std::istringstream in;
  auto scan = [&](const std::string& line) -> std::istringstream& {
    in.clear();
    in.str(line);
    return in;
  };
  int turn = 0;
  if (!(scan(lines[0]) >> t.id) || !(scan(lines[1]) >> turn) || t.id < 0 || t.id > 3) return t;
  for (int r = 0; r < 6; ++r) {
    scan(lines[2 + r]);
    for (int c = 0; c < 6; ++c) {
      if (!(in >> t.block[r][c])) return t;
    }
  }
  for (int q = 0; q < 4; ++q) {
    std::string dir;
    if (!(scan(lines[8 + q]) >> t.row[q] >> t.col[q] >> dir >> t.stun[q])) return t;
    if (t.row[q] < -1 || t.row[q] > 17 || t.col[q] < -1 || t.col[q] > 17) return t;
  }
  t.ok = true;
  return t;
}

// N, or, when its own block is scheduled to fall, a step onto a stable block
// that no other player is near (the move is then never cancelled).
char SafeAction(const TurnInput& t) {
  if (!t.ok) return 'N';
  const int r = t.row[t.id], c = t.col[t.id];
  if (r < 0 || t.stun[t.id] > 0 || t.block[r / 3][c / 3] == 0) return 'N';
  static constexpr char kDirs[] = "URDL";
  static constexpr int kDr[] = {-1, 0, 1, 0}, kDc[] = {0, 1, 0, -1};
  for (int d = 0; d < 4; ++d) {
    const int nr = r + kDr[d], nc = c + kDc[d];
    if (nr < 0 || nr > 17 || nc < 0 || nc > 17 || t.block[nr / 3][nc / 3] != 0) continue;
    bool crowded = false;
    for (int q = 0; q < 4; ++q) {
      if (q != t.id && t.row[q] >= 0 && std::abs(nr - t.row[q]) + std::abs(nc - t.col[q]) <= 3) {
        crowded = true;
      }
    }
    if (!crowded) return kDirs[d];
  }
  return 'N';
}

// Mode echo: answers N to every line EOD, with no parsing at all.
int Echo() {
  Say("READY\n");
  int state = 1;  // 0 inside a line, 1 at a line start, 2..4 after "E", "EO", "EOD"
  char buf[65536];
  while (true) {
    const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    for (ssize_t i = 0; i < n; ++i) {
      const char ch = buf[i];
      if (ch == '\n') {
        if (state == 4) Say("N\n");
        state = 1;
      } else if ((state == 1 && ch == 'E') || (state == 2 && ch == 'O') ||
                 (state == 3 && ch == 'D')) {
        ++state;
      } else if (!(state == 4 && ch == '\r')) {
        state = 0;
      }
    }
  }
}

void SpawnGrandchild() {
  const pid_t pid = fork();
  if (pid == 0) {
    setsid();
    close(STDIN_FILENO);
    SleepMs(600 * 1000);  // holds stdout (and stderr) open all along
    _exit(0);
  }
  if (pid > 0) std::fprintf(stderr, "testbot: grandchild pid %d\n", static_cast<int>(pid));
}

[[noreturn]] void RaiseSignal(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
  std::fprintf(stderr, "testbot: signal %d did not terminate the process\n", sig);
  _exit(125);
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!ParseArgs(argc, argv, opt)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  g_parent = getppid();
  const std::string& mode = opt.mode;
  // Crashing on purpose must not litter the working directory with cores.
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);

  if (mode == "echo") return Echo();
  if (mode == "ignore-sigterm") signal(SIGTERM, SIG_IGN);
  if (mode == "grandchild") SpawnGrandchild();

  LineReader in;
  if (mode == "never-ready") {
    in.Drain();
    return 0;
  }
  if (mode == "late-ready") SleepMs(opt.ms);
  if (mode == "banner") Say("hello from bot\n");
  static char buffer[1 << 20];
  if (mode == "ready-no-flush") {
    std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);  // full buffering even on a pipe
    std::fputs("READY\n", stdout);                        // stays in the buffer until exit
  } else {
    Say(mode == "ready-lowercase" ? "ready\n" : mode == "ready-padded" ? "READY \r\n" : "READY\n");
  }
  if (mode == "no-read") SleepForever();
  if (mode == "no-flush") std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);

  std::vector<std::string> lines;
  std::string line;
  int turn = 0;  // own turns seen so far
  while (in.Next(line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line != "EOD") {
      if (lines.size() < 64) lines.push_back(line);
      continue;
    }
    ++turn;
    const TurnInput input = Parse(lines);
    lines.clear();
    const bool now = turn == opt.turn, from_now = turn >= opt.turn;
    std::string answer = std::string(1, SafeAction(input)) + "\n";

    if (mode == "chatty") std::fprintf(stderr, "thinking on turn %d\n", turn);
    if (mode == "no-flush" || mode == "ready-no-flush") {
      std::fputs(answer.c_str(), stdout);  // stays in the buffer until exit
      continue;
    } else if (mode == "partial" && now) {
      Say("N");
      in.Drain();
      return 0;
    } else if (mode == "lowercase" && from_now) {
      answer = "n\n";
    } else if (mode == "crlf" && from_now) {
      answer = "N\r\n";
    } else if (mode == "trailing-space" && from_now) {
      answer = "N \n";
    } else if (mode == "two-lines" && from_now) {
      answer = "N\nN\n";
    } else if (mode == "invalid" && from_now) {
      answer = "X\n";
    } else if (mode == "second-word" && from_now) {
      answer = "N x\n";
    } else if ((mode == "slow-turn" && now) || (mode == "slow-first" && turn == 1)) {
      SleepMs(opt.ms);
    } else if (mode == "exit" && now) {
      std::exit(opt.code);
    } else if (mode == "signal" && now) {
      RaiseSignal(opt.signal);
    } else if (mode == "crash-on-stun") {
      if (input.ok && input.stun[input.id] > 0) std::abort();
      answer = turn == 1 ? "A\n" : "N\n";
    } else if (mode == "close-stdout" && now) {
      close(STDOUT_FILENO);
      in.Drain();
      return 0;
    } else if (mode == "stderr-flood" && now) {
      Flood(STDERR_FILENO, 20u << 20, true);
    } else if (mode == "memory" && now) {
      const size_t bytes = static_cast<size_t>(opt.ms) << 20;
      char* block = static_cast<char*>(std::malloc(bytes));
      if (block == nullptr) std::abort();
      for (size_t i = 0; i < bytes; i += 4096) block[i] = 1;
      volatile char sink = block[bytes - 1];
      (void)sink;
    } else if (mode == "stdout-flood" && now) {
      Flood(STDOUT_FILENO, 100u << 20, false);
      in.Drain();
      return 0;
    }
    Say(answer);
  }
  // Standard input is closed.
  if (mode == "ignore-sigterm" || mode == "no-exit-on-eof") SleepForever();
  return 0;  // in mode no-flush, exit() writes out the buffered answers now
}
