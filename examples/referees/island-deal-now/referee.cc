// island-deal-now: a Save The Island referee written the way a contest
// organiser writes their own, for `arbiter fuzz-referee --game island` to test
// told nothing but its command line. Its rules are its own code (the rule text
// save-the-island.txt, read with the decisions of arbiter's clause register
// spec-tests/island/clauses.json), not arbiter's engine: C++ standard library
// and POSIX only. It plays one game between two bot commands and prints
// "RESULT <winner> <turns>" on stdout (the winner's player index 0 or 1, -1 for
// a draw; the global turns played), like arbiter's example bots-referee.
//
// Protocol: each bot is a child process in its own process group, its command
// split on blanks (no shell). On each turn only the player to move is sent its
// board "P;TTTTT;IIIIIIIIIIIIIII\n" (island.board.*) and must answer one line
// within 3000 ms of it, the first included (profile botbattle; --time-ms
// changes it). Lines a bot sent beyond its answer are dropped before its next
// board. A late, silent or dead bot is killed and its player disqualified
// (island.timeout); so is an invalid or illegal answer (island.invalid). The
// game ends at once when a player falls off or is disqualified, or as a draw
// after 200 global turns (island.end.limit). At the end every bot's stdin is
// closed, and after 200 ms its whole process group is killed and reaped; a
// signal (INT, TERM, HUP, ABRT) kills the bots' groups too.
//
// Like a real organiser's referee it has its own reading of an open rule and
// its own defects, all on by default; --conformant turns them all off, --no
// NAME one of them, --with NAME one back on (options apply left to right):
//   deal-now       (a reading, not a bug) a used tile is replaced at once, not
//                  when its owner's next board is made: the rule option
//                  deal=immediate of island.tiles.deal (register default:
//                  next-turn). A defender may defend with a tile it has never
//                  been shown; a shuffler holds five new tiles at once.
//   unseeded       the tiles come from the referee's own std::mt19937 seeded by
//                  std::random_device; any seed given (-s) is ignored. Start
//                  positions are the rules' (cells 0 and 14,
//                  island.start.positions); the tiles are uniform 1..4 as
//                  island.tiles.random asks, only not arbiter's draws. Harmless
//                  alone (arbiter learns each tile from the board that shows
//                  it); with deal-now no board shows a defending tile in time,
//                  so arbiter cannot follow the game (arbiter.referee.unknowable).
//   case-split     (a bug, island.syntax.keywords) keywords are VALIDATED in any
//                  letter case (Java's equalsIgnoreCase) but APPLIED by an exact
//                  comparison with the lower-case word, with the move as the
//                  fall-through branch:
//                    if (kw == "retreat") retreat; else if (kw == "attack")
//                    attack; else move;   // "move", and anything else
//                  So "MOVE;2" is played as move;2 (what keyword_case=any
//                  would do), but "RETREAT;3" / "Retreat;3" (validated as a
//                  retreat: tile 3 held, no bound) is played as move;3, toward
//                  the opponent, to or past its cell if the distance is <= 3,
//                  and "ATTACK;33" at distance 3 (validated as an attack) is
//                  played as move;3 using one tile 3: onto the opponent's cell.
//                  A shuffle has its own whole-line branch (it takes no tiles),
//                  so "Shuffle" is played as a shuffle.
//   shuffle-crash  (a bug; island.syntax.keywords, and the referee ends with no
//                  result) the whole-line shuffle branch compares in any case,
//                  but the per-game limit of a command is then looked up by the
//                  text as answered, CommandLimits().at("SHUFFLE"), in a table
//                  keyed "shuffle": std::out_of_range is thrown and not caught,
//                  so the referee aborts ("terminate called after throwing an
//                  instance of 'std::out_of_range'"), status 134 / SIGABRT, no
//                  RESULT line. Any answer spelling shuffle in a case other
//                  than lower ("SHUFFLE", "Shuffle") does it; "shuffle" works.
//                  Without this bug (and without case-split) "SHUFFLE" is an
//                  invalid answer that disqualifies, as the register says.
//
// Testing options (for proving its rule code against arbiter's engine, not in
// --help): --seeded-from N turns `unseeded` off and draws every tile exactly
// as arbiter does from seed N (SplitMix64(N), each tile 1 + Uniform(4), by
// multiply-shift; player 1's five start tiles, then player 2's, then each
// replacement when it is dealt, slots left to right, an attacker's before its
// defender's), so that arbiter recognises the game as its own seeded one.
// With `unseeded` off and no seed, a seed is taken from std::random_device.
//
// usage: island-deal-now [--game island] [-s SEED] [--time-ms MS]
//                        [--conformant] [--no NAME]... [--with NAME]...
//                        (-a BOT -a BOT | BOT BOT)
//   e.g. arbiter fuzz-referee --game island
//          --referee 'island-deal-now -s {seed} -a {bot0} -a {bot1}'
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr char kName[] = "island-deal-now";
constexpr int kPlayers = 2;
constexpr int kIslandSize = 15;         // cells 0..14
constexpr int kHandSize = 5;            // five tiles
constexpr int kMinTile = 1;             // tiles 1..4
constexpr int kMaxTile = 4;             //
constexpr int kKnockback = 3;           // cells per unblocked attack tile
constexpr int kShuffleLimit = 20;       // shuffles per player per game
constexpr int kMaxTurns = 200;          // global turns, then a draw
constexpr int kNoTile = 0;              // a used slot not yet dealt again
constexpr int64_t kAnswerMs = 3000;     // per answer, the first included
constexpr int64_t kGraceMs = 200;       // for the bots to exit at the end
constexpr size_t kMaxLine = 64 * 1024;  // a longer answer is a broken bot

// The per-game limits of the commands that have one, by their keyword.
const std::map<std::string, int>& CommandLimits() {
  static const auto* limits = new std::map<std::string, int>{{"shuffle", kShuffleLimit}};
  return *limits;
}

// The referee's own reading and defects (see the top of the file).
struct Quirks {
  bool deal_now = true;
  bool unseeded = true;
  bool case_split = true;
  bool shuffle_crash = true;
};

bool SetQuirk(Quirks& q, std::string_view name, bool on) {
  if (name == "deal-now") {
    q.deal_now = on;
  } else if (name == "unseeded") {
    q.unseeded = on;
  } else if (name == "case-split") {
    q.case_split = on;
  } else if (name == "shuffle-crash") {
    q.shuffle_crash = on;
  } else {
    return false;
  }
  return true;
}

// ---------------------------------------------------------------- tiles

// Where the tiles come from: the referee's own random source, or (for
// testing) SplitMix64 from a seed exactly as arbiter draws them.
class TileSource {
 public:
  TileSource() : seeded_(false), engine_(std::random_device{}()) {}
  explicit TileSource(uint64_t seed) : seeded_(true), state_(seed) {}

  int Draw() {
    if (!seeded_) return std::uniform_int_distribution<int>(kMinTile, kMaxTile)(engine_);
    return kMinTile + static_cast<int>(Uniform(kMaxTile - kMinTile + 1));
  }

 private:
  uint64_t Next() {  // SplitMix64
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t Uniform(uint32_t n) {  // [0, n), the high bits of Next() * n
    const uint64_t x = Next();
    const uint64_t hi = (x >> 32) * n;
    const uint64_t lo = (x & 0xFFFFFFFFull) * n;
    return static_cast<uint32_t>((hi + (lo >> 32)) >> 32);
  }

  bool seeded_;
  std::mt19937 engine_;
  uint64_t state_ = 0;
};

// ---------------------------------------------------------------- answers

enum class Kind { kMove, kRetreat, kShuffle, kAttack };

// An answer that passed validation: the kind it was validated as, the
// keyword as the bot wrote it, the tile value and how many tiles.
struct Command {
  Kind kind = Kind::kShuffle;
  std::string keyword;
  int value = 0;
  int count = 0;
};

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char c = (a[i] >= 'A' && a[i] <= 'Z') ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    const char d = (b[i] >= 'A' && b[i] <= 'Z') ? static_cast<char>(b[i] - 'A' + 'a') : b[i];
    if (c != d) return false;
  }
  return true;
}

// island.syntax.grammar: "move;x", "retreat;x", "shuffle" or "attack;x...x",
// x an ASCII digit 1..4, no blanks; a CR before the newline is part of the
// line end (island.syntax.whitespace). nullopt: not an answer of the grammar.
std::optional<Command> Parse(std::string line, const Quirks& quirks) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.find_first_of(" \t") != std::string::npos) return std::nullopt;
  auto same = [&](std::string_view word, std::string_view keyword) {
    return quirks.case_split ? EqualsIgnoreCase(word, keyword) : word == keyword;
  };
  // The shuffle takes no tiles: a whole-line test of its own.
  const bool shuffle_any_case = quirks.case_split || quirks.shuffle_crash;
  if (line == "shuffle" || (shuffle_any_case && EqualsIgnoreCase(line, "shuffle")))
    return Command{Kind::kShuffle, line, 0, 0};
  const size_t semi = line.find(';');
  if (semi == std::string::npos) return std::nullopt;
  Command c;
  c.keyword = line.substr(0, semi);
  if (same(c.keyword, "move")) {
    c.kind = Kind::kMove;
  } else if (same(c.keyword, "retreat")) {
    c.kind = Kind::kRetreat;
  } else if (same(c.keyword, "attack")) {
    c.kind = Kind::kAttack;
  } else {
    return std::nullopt;  // an unknown word, or shuffle followed by a ';'
  }
  const std::string tiles = line.substr(semi + 1);
  if (tiles.empty()) return std::nullopt;
  for (char t : tiles) {
    if (t < '0' + kMinTile || t > '0' + kMaxTile) return std::nullopt;  // island.syntax.tiles
    if (c.count > 0 && t - '0' != c.value) return std::nullopt;         // attack;x...x
    c.value = t - '0';
    ++c.count;
  }
  if (c.kind != Kind::kAttack && c.count != 1) return std::nullopt;  // island.move.single
  return c;
}

// ---------------------------------------------------------------- the game

class Island {
 public:
  Island(const Quirks& quirks, TileSource tiles) : quirks_(quirks), tiles_(std::move(tiles)) {
    for (auto& hand : hands_)  // island.tiles.random: player 1's five, then player 2's
      for (int& t : hand) t = tiles_.Draw();
  }

  bool over() const { return over_; }
  int winner() const { return winner_; }
  int turn() const { return turn_; }
  int current() const { return turn_ % kPlayers; }
  const std::string& why() const { return why_; }

  // island.board.format: "P;TTTTT;IIIIIIIIIIIIIII\n", the same island for both.
  std::string Board(int p) const {
    std::string board(1, static_cast<char>('1' + p));
    board += ';';
    for (int t : hands_[p]) board += static_cast<char>('0' + t);
    board += ';';
    std::string island(kIslandSize, '0');
    for (int q = 0; q < kPlayers; ++q)
      if (OnIsland(pos_[q])) island[pos_[q]] = static_cast<char>('1' + q);
    return board + island + "\n";
  }

  // The answer of the player to move: validated, then applied.
  void Play(const std::string& line) {
    const int p = current();
    const std::optional<Command> c = Parse(line, quirks_);
    if (!c) return Disqualify("answered '" + Printable(line) + "', not a move of the rules");
    const std::string illegal = Illegal(*c);
    if (!illegal.empty()) return Disqualify("answered '" + Printable(line) + "': " + illegal);
    Apply(*c);
    if (!OnIsland(pos_[p])) End(1 - p, "player " + std::to_string(p + 1) + " left the island");
    Finish();
  }

  // island.timeout: no answer in time, or the bot is gone.
  void Silence(const std::string& why) { Disqualify(why); }

 private:
  static bool OnIsland(int pos) { return pos >= 0 && pos < kIslandSize; }
  static int Forward(int p) { return p == 0 ? 1 : -1; }
  int Distance() const { return pos_[1] - pos_[0]; }
  int Count(int p, int value) const {
    return static_cast<int>(std::count(hands_[p].begin(), hands_[p].end(), value));
  }

  static std::string Printable(const std::string& text) {
    std::string out;
    for (unsigned char ch : text.substr(0, 40))
      out += ch >= 0x20 && ch < 0x7f ? static_cast<char>(ch) : '?';
    return out;
  }

  // island.invalid: why the validated command may not be played here, or "".
  std::string Illegal(const Command& c) const {
    const int p = current();
    switch (c.kind) {
      case Kind::kMove:
        if (Count(p, c.value) == 0) return "no such tile";  // island.move.tile
        if (c.value >= Distance()) return "moves to or past the opponent";
        return "";
      case Kind::kRetreat:
        return Count(p, c.value) == 0 ? "no such tile" : "";
      case Kind::kShuffle: {
        // The command's limit, looked up by its keyword as answered when
        // that branch takes any case (shuffle-crash): .at() throws for
        // "SHUFFLE", and nothing catches it.
        const std::string key = quirks_.shuffle_crash ? c.keyword : "shuffle";
        return shuffles_[p] >= CommandLimits().at(key) ? "no shuffle left" : "";
      }
      case Kind::kAttack:
        if (c.value != Distance()) return "attacks from the wrong distance";
        if (c.count > Count(p, c.value)) return "attacks with tiles it does not hold";
        return "";
    }
    return "unknown command";
  }

  // Applied by its keyword as written, the move the fall-through branch (with
  // case-split, validated upper-case keywords end up there).
  void Apply(const Command& c) {
    const int p = current();
    if (c.kind == Kind::kShuffle) {  // island.shuffle: all five replaced
      ++shuffles_[p];
      Replace(p, (1 << kHandSize) - 1);
    } else if (c.keyword == "retreat") {  // island.retreat
      Replace(p, Take(p, c.value, 1));
      pos_[p] -= Forward(p) * c.value;
    } else if (c.keyword == "attack") {
      Attack(c.count);
    } else {  // island.move.forward
      Replace(p, Take(p, c.value, 1));
      pos_[p] += Forward(p) * c.value;
    }
  }

  // island.attack.*, island.defence.*: the defender uses k = min(a, its tiles
  // equal to the distance); with s = a - k > 0 the attacker steps next to the
  // defender and the defender is knocked back 3 * s cells.
  void Attack(int a) {
    const int p = current(), o = 1 - p, d = Distance();
    const int k = std::min(a, Count(o, d));
    const int hits = a - k;
    const unsigned used = Take(p, d, a), defended = Take(o, d, k);
    Replace(p, used);  // an attacker's tiles are drawn before its defender's
    Replace(o, defended);
    if (hits == 0) return;  // island.defence.full: nobody moves
    pos_[p] = pos_[o] - Forward(p);
    pos_[o] += Forward(p) * kKnockback * hits;
    if (!OnIsland(pos_[o])) End(p, "player " + std::to_string(o + 1) + " was knocked off");
  }

  // island.tiles.replace: the leftmost `count` tiles of `value`; their slots.
  unsigned Take(int p, int value, int count) const {
    unsigned slots = 0;
    for (int i = 0; i < kHandSize && count > 0; ++i)
      if (hands_[p][i] == value) {
        slots |= 1u << i;
        --count;
      }
    return slots;
  }

  // island.tiles.deal: the slots are dealt again now (deal-now), or emptied
  // until the owner's next board.
  void Replace(int p, unsigned slots) {
    for (int i = 0; i < kHandSize; ++i)
      if (slots & (1u << i)) hands_[p][i] = quirks_.deal_now ? tiles_.Draw() : kNoTile;
  }

  void Disqualify(const std::string& why) {
    End(1 - current(), "player " + std::to_string(current() + 1) + " " + why);
    Finish();
  }

  void End(int winner, const std::string& why) {
    if (over_) return;
    over_ = true;
    winner_ = winner;
    why_ = why;
  }

  // The turn is over: the next one, the turn limit, the next player's deal.
  void Finish() {
    ++turn_;
    if (!over_ && turn_ >= kMaxTurns) End(-1, "the turn limit: a draw");
    if (over_) return;
    for (int& t : hands_[current()])
      if (t == kNoTile) t = tiles_.Draw();
  }

  Quirks quirks_;
  TileSource tiles_;
  std::array<int, kPlayers> pos_ = {0, kIslandSize - 1};  // island.start.positions
  std::array<std::array<int, kHandSize>, kPlayers> hands_{};
  std::array<int, kPlayers> shuffles_ = {0, 0};
  int turn_ = 0;
  bool over_ = false;
  int winner_ = -1;
  std::string why_;
};

// ---------------------------------------------------------------- bots

struct Bot {
  std::string command;
  pid_t pid = -1;  // also its process group
  int in = -1;     // its stdin, written here
  int out = -1;    // its stdout, read here
  std::string pending;
};

volatile pid_t g_groups[kPlayers] = {-1, -1};  // for the signal handler

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

std::vector<std::string> SplitOnBlanks(const std::string& text) {
  std::vector<std::string> words;
  size_t at = 0;
  while ((at = text.find_first_not_of(" \t", at)) != std::string::npos) {
    const size_t end = text.find_first_of(" \t", at);
    words.push_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

bool Spawn(Bot& bot, int seat) {
  const std::vector<std::string> words = SplitOnBlanks(bot.command);
  if (words.empty()) return false;
  std::vector<char*> argv;
  for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
  argv.push_back(nullptr);
  const std::string failed = std::string(kName) + ": cannot execute '" + words[0] + "'\n";
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
    dup2(to_bot[0], STDIN_FILENO);
    dup2(from_bot[1], STDOUT_FILENO);
    signal(SIGPIPE, SIG_DFL);
    execvp(argv[0], argv.data());
    (void)!write(STDERR_FILENO, failed.data(), failed.size());
    _exit(127);
  }
  close(to_bot[0]);
  close(from_bot[1]);
  if (pid < 0) {
    close(to_bot[1]);
    close(from_bot[0]);
    return false;
  }
  setpgid(pid, pid);  // here too, whichever runs first
  g_groups[seat] = pid;
  bot.pid = pid;
  bot.in = to_bot[1];
  bot.out = from_bot[0];
  fcntl(bot.in, F_SETFL, O_NONBLOCK);
  fcntl(bot.out, F_SETFL, O_NONBLOCK);
  return true;
}

// Kills the bot's whole process group (before reaping it, so that the group
// id cannot have been reused) and closes its pipes.
void Kill(Bot& bot, int seat) {
  if (bot.pid > 0) {
    kill(-bot.pid, SIGKILL);
    kill(bot.pid, SIGKILL);
    waitpid(bot.pid, nullptr, 0);
    g_groups[seat] = -1;
    bot.pid = -1;
  }
  for (int* fd : {&bot.in, &bot.out}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}

// Drops whatever the bot wrote that was not read as an answer.
void DiscardUnread(Bot& bot) {
  char buf[4096];
  while (bot.out >= 0 && read(bot.out, buf, sizeof buf) > 0) {
  }
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
      return false;  // the bot is gone (EPIPE; SIGPIPE is ignored)
    }
  }
  return true;
}

enum class Read { kLine, kTimeout, kClosed, kTooLong };

// One line (without its '\n') by `deadline`; what arrived by then is taken.
Read ReadLine(Bot& bot, int64_t deadline, std::string& line) {
  while (true) {
    const size_t nl = bot.pending.find('\n');
    if (nl != std::string::npos) {
      line = bot.pending.substr(0, nl);
      bot.pending.erase(0, nl + 1);
      return Read::kLine;
    }
    if (bot.pending.size() > kMaxLine) return Read::kTooLong;
    const int64_t left = std::max<int64_t>(0, deadline - NowMs());
    pollfd p = {bot.out, POLLIN, 0};
    const int r = poll(&p, 1, static_cast<int>(left));
    if (r < 0 && errno != EINTR) return Read::kClosed;
    if (r == 0 && left == 0) return Read::kTimeout;
    if (r <= 0) continue;
    char buf[4096];
    const ssize_t n = read(bot.out, buf, sizeof buf);
    if (n > 0) {
      bot.pending.append(buf, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      return Read::kClosed;
    }
  }
}

// The end: every bot's stdin closed, a moment to exit, then its group killed.
void Shutdown(std::array<Bot, kPlayers>& bots) {
  for (Bot& bot : bots) {
    if (bot.in >= 0) close(bot.in);
    bot.in = -1;
  }
  const int64_t deadline = NowMs() + kGraceMs;
  for (Bot& bot : bots) {
    while (bot.pid > 0 && NowMs() < deadline) {
      siginfo_t info = {};
      if (waitid(P_PID, bot.pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0)
        break;
      usleep(5000);
    }
  }
  for (int seat = 0; seat < kPlayers; ++seat) Kill(bots[seat], seat);
}

// One turn of the player to move: its board out, its answer in.
void PlayTurn(Island& game, Bot& bot, int64_t answer_ms) {
  const int seat = game.current();
  const std::string turn = " on turn " + std::to_string(game.turn());
  if (bot.pid < 0) return game.Silence("has no bot running" + turn);
  DiscardUnread(bot);
  if (!WriteAll(bot, game.Board(seat), NowMs() + answer_ms)) {
    Kill(bot, seat);
    return game.Silence("could not be sent its board" + turn);
  }
  std::string line;
  const Read r = ReadLine(bot, NowMs() + answer_ms, line);
  if (r == Read::kLine) return game.Play(line);
  Kill(bot, seat);
  game.Silence(r == Read::kTimeout
                   ? "gave no answer within " + std::to_string(answer_ms) + " ms" + turn
               : r == Read::kTooLong ? "sent a line longer than 64 KiB" + turn
                                     : "exited or closed its stdout" + turn);
}

// ---------------------------------------------------------------- main

constexpr char kUsage[] =
    "usage: island-deal-now [--game island] [-s SEED] [--time-ms MS]\n"
    "                       [--conformant] [--no NAME]... [--with NAME]...\n"
    "                       (-a BOT -a BOT | BOT BOT)\n"
    "Plays one game of Save The Island between two bot commands (each split on\n"
    "blanks, no shell) and prints 'RESULT <winner or -1> <turns>'.\n"
    "  -s SEED        the seed of the tiles (ignored while 'unseeded' is on)\n"
    "  --time-ms MS   time for each answer (default 3000)\n"
    "  --conformant   turn every reading and defect below off\n"
    "  --no NAME      turn one off; --with NAME turns one on\n"
    "                 (deal-now, unseeded, case-split, shuffle-crash)\n";

int Usage(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n%s", kName, message.c_str(), kUsage);
  return 2;
}

bool ParseNumber(const std::string& text, uint64_t max, uint64_t& out) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || v > max) return false;
  out = v;
  return true;
}

struct Options {
  Quirks quirks;
  std::optional<uint64_t> seed;
  int64_t answer_ms = kAnswerMs;
  std::vector<std::string> bots;
};

// The command line; an error message, or "" (`help` set for --help).
std::string ParseArgs(int argc, char** argv, Options& o, bool& help) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      help = true;
      return "";
    }
    if (arg == "--conformant") {
      o.quirks = Quirks{false, false, false, false};
      continue;
    }
    if (arg.empty() || arg[0] != '-') {
      o.bots.push_back(arg);
      continue;
    }
    if (i + 1 >= argc) return "option " + arg + " needs a value";
    const std::string value = argv[++i];
    uint64_t n = 0;
    if (arg == "-a") {
      o.bots.push_back(value);
    } else if (arg == "--game") {
      if (value != "island") return "--game: only island is played here";
    } else if (arg == "-s" || arg == "--seeded-from") {
      if (!ParseNumber(value, UINT64_MAX, n)) return arg + ": not a seed: " + value;
      o.seed = n;
      if (arg == "--seeded-from") o.quirks.unseeded = false;
    } else if (arg == "--time-ms") {
      if (!ParseNumber(value, 600000, n) || n == 0) return "--time-ms: not a time: " + value;
      o.answer_ms = static_cast<int64_t>(n);
    } else if (arg == "--no" || arg == "--with") {
      if (!SetQuirk(o.quirks, value, arg == "--with")) return arg + ": unknown name " + value;
    } else {
      return "unknown option " + arg;
    }
  }
  if (o.bots.size() != kPlayers) return "give exactly two bots";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  bool help = false;
  if (const std::string error = ParseArgs(argc, argv, options, help); !error.empty())
    return Usage(error);
  if (help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const Quirks& q = options.quirks;
  TileSource tiles;  // std::random_device: `unseeded`, which ignores -s
  if (!q.unseeded) {
    const uint64_t seed = options.seed
                              ? *options.seed
                              : (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
    tiles = TileSource(seed);
  }
  signal(SIGPIPE, SIG_IGN);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGABRT}) signal(sig, OnFatalSignal);

  Island game(q, std::move(tiles));
  std::array<Bot, kPlayers> bots;
  for (int seat = 0; seat < kPlayers; ++seat) {
    bots[seat].command = options.bots[seat];
    if (!Spawn(bots[seat], seat))
      std::fprintf(stderr, "%s: player %d: cannot start '%s'\n", kName, seat + 1,
                   bots[seat].command.c_str());
  }
  while (!game.over()) PlayTurn(game, bots[game.current()], options.answer_ms);
  Shutdown(bots);
  std::fprintf(stderr, "%s: %s\n", kName, game.why().c_str());
  std::printf("RESULT %d %d\n", game.winner(), game.turn());
  return 0;
}
