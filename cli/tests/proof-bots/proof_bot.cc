// A proof bot for arbiter check-bot's tests, written the way a contestant
// writes a C++ bot: iostreams with the usual fast-I/O lines
// (sync_with_stdio(false), cin.tie(nullptr)), so std::cout is a buffer that
// only std::flush, std::endl, a full buffer or exit() empties.
//
// It plays all three games (--game jc2015|wondev|island) and misbehaves only
// as its --mode says, on its own turn K (--turn K, 1-based, default 1):
//
//   ok               a correct bot that keeps its own counts and uses them:
//                    its own turns (every game), its units' previous cells
//                    (wondev), its shuffles (island: one on own turns 1, 4,
//                    7, ... while it has used fewer than 20, never after its
//                    20th). It never attacks in jc2015 and never throws the
//                    island opponent far, so that a whole game against
//                    players that never end it lasts to the turn limit.
//                    Flushes every line.
//   crash-at         as ok, but exits with status 3 on its own turn K
//   late-at          as ok, but sleeps 1500 ms (jc2015, wondev) or 3500 ms
//                    (island) before answering its own turn K
//   ready-unflushed  (jc2015) std::cout << "READY\n" and no flush, then as
//                    ok, never flushing
//   never-flush      every answer with std::cout << answer << "\n" and no
//                    flush (jc2015: READY is flushed); exit() flushes the
//                    buffer when the bot ends at the end of its input
//   reads-extra      as ok, but on its own turn K reads one line more before
//                    answering: it blocks, and once its stdin is closed
//                    exits with status 0, having printed nothing more
//   reads-before-ready (jc2015) reads a line before it prints READY
//   debug-stdout     as ok, but on its own turn K prints a debug line to
//                    stdout (flushed) before its answer
//   lower-case       as ok, but its answer of own turn K in lower case
//   fail-league3     (wondev) as ok, but exits with status 3 on its first own
//                    turn from its 3rd on where an enemy unit is hidden by the
//                    fog (-1 -1): only league 3 has a fog. A bot cannot single
//                    out league 0: leagues 0 and 1 send the same
//                    initialisation (size, then unitsPerPlayer 1) and the same
//                    turn input, and differ only in when the game ends
//                    (wondev.league, wondev.league.units, wondev.fog.visibility).
//
// It exits 0 at the end of its input.
#include <cctype>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

constexpr char kUsage[] =
    "usage: proof_bot --game jc2015|wondev|island [--mode MODE] [--turn K]\n"
    "modes: ok crash-at late-at ready-unflushed (jc2015) never-flush fail-league3 (wondev)\n"
    "       reads-extra reads-before-ready (jc2015) debug-stdout lower-case\n";

class Bot {
 public:
  Bot(std::string game, std::string mode, int k)
      : game_(std::move(game)), mode_(std::move(mode)), k_(k) {}

  const std::string& game() const { return game_; }
  const std::string& mode() const { return mode_; }
  int own_turns() const { return own_turns_; }
  bool flushes() const { return mode_ != "ready-unflushed" && mode_ != "never-flush"; }

  void Say(std::string line) const {
    if (own_turns_ == k_ && mode_ == "debug-stdout")
      std::cout << "debug: own turn " << k_ << std::endl;
    if (own_turns_ == k_ && mode_ == "lower-case")
      for (char& c : line) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::cout << line << "\n";
    if (flushes()) std::cout << std::flush;
  }

  // Counts an own turn and plays the mode's misbehaviour on turn K.
  void BeginTurn() {
    if (++own_turns_ != k_) return;
    if (mode_ == "crash-at") {
      std::cerr << "proof_bot: exiting with status 3 on own turn " << k_ << std::endl;
      std::exit(3);
    }
    if (mode_ == "late-at")
      std::this_thread::sleep_for(std::chrono::milliseconds(game_ == "island" ? 3500 : 1500));
    std::string extra;
    if (mode_ == "reads-extra" && !std::getline(std::cin, extra)) std::exit(0);
  }

 private:
  std::string game_, mode_;
  int k_;
  int own_turns_ = 0;
};

// The next line without its end; false at the end of the input.
bool ReadLine(std::string& line) {
  if (!std::getline(std::cin, line)) return false;
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
  return true;
}

std::string Trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

std::vector<std::string> Split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

std::optional<int> ToInt(const std::string& s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9') return std::nullopt;
  return std::stoi(s);
}

// ---------------------------------------------------------------- jc2015 --

constexpr int kBlocks = 6, kBlockSquares = 3, kSquares = 18, kPlayers = 4;
constexpr int kRound = 4;           // global turns between two own turns
constexpr int kFallenTurns = 20;    // a fallen block comes back 20 turns later
constexpr int kCancelDistance = 3;  // a move this close to another player is cancelled
constexpr int kHorizon = 4;         // own turns of look-ahead
constexpr int kMaxTimer = 1000;
constexpr int kOpeningTurns = 10;  // own turns spent walking towards the centre
constexpr char kDirs[] = "URDL";
constexpr int kDr[] = {-1, 0, 1, 0};
constexpr int kDc[] = {0, 1, 0, -1};

struct JcPlayer {
  int row = -1, col = -1, dir = 0, stun = 0;
};

struct JcTurn {
  int me = 0;
  std::array<std::array<int, kBlocks>, kBlocks> blocks{};
  std::array<JcPlayer, kPlayers> players{};
};

std::optional<JcTurn> JcParse(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines) all += line + " ";
  const std::vector<std::string> t = Split(all);
  if (t.size() != 2 + kBlocks * kBlocks + 4 * kPlayers) return std::nullopt;
  JcTurn turn;
  const auto me = ToInt(t[0]);
  if (!me || *me < 0 || *me >= kPlayers || !ToInt(t[1])) return std::nullopt;
  turn.me = *me;
  for (int i = 0; i < kBlocks * kBlocks; ++i) {
    const auto b = ToInt(t[2 + i]);
    if (!b || std::abs(*b) > kMaxTimer) return std::nullopt;
    turn.blocks[i / kBlocks][i % kBlocks] = *b;
  }
  for (int q = 0; q < kPlayers; ++q) {
    const size_t k = 2 + kBlocks * kBlocks + 4 * q;
    const auto r = ToInt(t[k]), c = ToInt(t[k + 1]), s = ToInt(t[k + 3]);
    const std::string& d = t[k + 2];
    if (!r || !c || !s || d.size() != 1 || std::string("URDL").find(d[0]) == std::string::npos)
      return std::nullopt;
    if (*s < 0 || *s > kMaxTimer) return std::nullopt;
    const bool fallen = *r == -1 && *c == -1;
    if (!fallen && (*r < 0 || *r >= kSquares || *c < 0 || *c >= kSquares)) return std::nullopt;
    turn.players[q] = {*r, *c, static_cast<int>(std::string("URDL").find(d[0])), *s};
  }
  return turn;
}

// Whether a block of value b now is down dt global turns from now.
bool DownAt(int b, int dt) {
  if (b > 0) return dt >= b && dt < b + kFallenTurns;
  return dt < -b;
}

bool Holds(int b, int first, int last) {
  for (int dt = first; dt <= last; ++dt)
    if (DownAt(b, dt)) return false;
  return true;
}

int Sign(int x) { return (x > 0) - (x < 0); }

// Never attacks: it stays on blocks that hold for kHorizon own turns and out
// of the opponents' lines of fire, and walks to the centre at first.
class Jc2015Planner {
 public:
  Jc2015Planner(const JcTurn& turn, int own_turns) : t_(turn), own_turns_(own_turns) {
    for (int q = 0; q < kPlayers; ++q)
      if (q != t_.me && t_.players[q].row >= 0) others_.push_back(t_.players[q]);
  }

  char Choose() {
    const JcPlayer& me = t_.players[t_.me];
    if (me.row < 0 || me.stun > 0) return 'N';  // fallen (some servers still ask) or stunned
    char best = 'N';
    std::optional<int> best_score;
    for (int d = -1; d < 4; ++d) {
      const auto [r, c] = d < 0 ? std::pair{me.row, me.col} : Step(me.row, me.col, d, 0);
      const int depth = Holds(Block(r, c), 1, kRound) ? Survival(r, c, 1) : 0;
      const int score = 1000 * depth + PlaceValue(r, c);
      if (!best_score || score > *best_score) best = d < 0 ? 'N' : kDirs[d], best_score = score;
    }
    return best;
  }

 private:
  int Block(int r, int c) const { return t_.blocks[r / kBlockSquares][c / kBlockSquares]; }

  std::pair<int, int> Step(int r, int c, int d, int dt) const {
    const int nr = r + kDr[d], nc = c + kDc[d];
    if (nr < 0 || nr >= kSquares || nc < 0 || nc >= kSquares || DownAt(Block(nr, nc), dt))
      return {r, c};
    for (const JcPlayer& o : others_)
      if (std::abs(nr - o.row) + std::abs(nc - o.col) <= kCancelDistance) return {r, c};
    return {nr, nc};
  }

  // Own turns (up to kHorizon) the best walk from (r, c) on own turn k survives.
  int Survival(int r, int c, int k) {
    if (k >= kHorizon) return kHorizon;
    const auto key = std::array<int, 3>{r, c, k};
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = k;
    for (int d = -1; d < 4 && best < kHorizon; ++d) {
      const auto [nr, nc] = d < 0 ? std::pair{r, c} : Step(r, c, d, k * kRound);
      if (Holds(Block(nr, nc), k * kRound + 1, (k + 1) * kRound))
        best = std::max(best, Survival(nr, nc, k + 1));
    }
    return memo_[key] = best;
  }

  int PlaceValue(int r, int c) const {
    int value = Block(r, c) != 0 ? -20 : 0;  // scheduled: it will have to run again
    const int br = r / kBlockSquares, bc = c / kBlockSquares;
    for (const JcPlayer& o : others_) {
      const int dr = br - o.row / kBlockSquares, dc = bc - o.col / kBlockSquares;
      if ((dr == 0) != (dc == 0)) {
        value -= 10;  // in its block row or column: it can turn to us
        if (Sign(dr) == kDr[o.dir] && Sign(dc) == kDc[o.dir])
          value -= 60 / (std::abs(dr) + std::abs(dc));  // it faces us
      }
    }
    if (own_turns_ <= kOpeningTurns) value -= 2 * (std::abs(2 * r - 17) + std::abs(2 * c - 17));
    return value;
  }

  const JcTurn& t_;
  const int own_turns_;
  std::vector<JcPlayer> others_;
  std::map<std::array<int, 3>, int> memo_;
};

void PlayJc2015(Bot& bot) {
  std::string first;
  if (bot.mode() == "reads-before-ready" && !std::getline(std::cin, first)) return;
  std::cout << "READY\n";
  if (bot.mode() != "ready-unflushed") std::cout << std::flush;  // else: still in the buffer
  std::vector<std::string> lines;
  std::string line;
  while (ReadLine(line)) {
    line = Trim(line);
    if (line != "EOD") {
      if (!line.empty() && lines.size() < 64) lines.push_back(line);
      continue;
    }
    bot.BeginTurn();
    const std::optional<JcTurn> turn = JcParse(lines);
    lines.clear();
    // Its own count, not T, drives the opening: a bot started in the middle
    // of a game has not walked to the centre yet.
    bot.Say(std::string(1, turn ? Jc2015Planner(*turn, bot.own_turns()).Choose() : 'N'));
  }
}

// ---------------------------------------------------------------- wondev --

const std::map<std::string, std::pair<int, int>> kWondevDirs = {
    {"N", {0, -1}}, {"NE", {1, -1}}, {"E", {1, 0}},  {"SE", {1, 1}},
    {"S", {0, 1}},  {"SW", {-1, 1}}, {"W", {-1, 0}}, {"NW", {-1, -1}}};

using Cell = std::pair<int, int>;

// Worth of a listed action: climb, do not step back where the unit came from.
int WondevValue(const std::string& action, const std::vector<std::string>& rows,
                const std::vector<Cell>& mine, const std::map<int, Cell>& previous) {
  const std::vector<std::string> parts = Split(action);
  if (parts.size() < 4 || parts[0] != "MOVE&BUILD" || !kWondevDirs.count(parts[2]))
    return 0;  // pushes and anything unexpected: still listed, so legal
  const auto unit = ToInt(parts[1]);
  if (!unit || *unit < 0 || *unit >= static_cast<int>(mine.size())) return 0;
  const auto [dx, dy] = kWondevDirs.at(parts[2]);
  const int tx = mine[*unit].first + dx, ty = mine[*unit].second + dy;
  int height = -1;
  if (ty >= 0 && ty < static_cast<int>(rows.size()) && tx >= 0 &&
      tx < static_cast<int>(rows[ty].size()) && rows[ty][tx] >= '0' && rows[ty][tx] <= '3')
    height = rows[ty][tx] - '0';
  int value = 10 + 10 * height;
  if (const auto it = previous.find(*unit); it != previous.end() && it->second == Cell{tx, ty})
    value -= 15;  // back and forth gets nowhere
  return value;
}

void PlayWondev(Bot& bot) {
  std::string line;
  std::optional<int> size, units;
  if (ReadLine(line)) size = ToInt(Trim(line));
  if (ReadLine(line)) units = ToInt(Trim(line));
  if (!size || !units || *size < 1 || *size > 64 || *units < 1 || *units > 8) {
    std::cerr << "proof_bot: not a wondev initialisation" << std::endl;
    return;
  }
  std::map<int, Cell> previous;  // unit -> the cell it stood on before its last move
  while (true) {
    std::vector<std::string> rows(*size);
    for (std::string& row : rows)
      if (!ReadLine(row)) return;
    std::vector<Cell> cells;
    for (int i = 0; i < 2 * *units; ++i) {
      if (!ReadLine(line)) return;
      const std::vector<std::string> xy = Split(line);
      const auto x = xy.size() == 2 ? ToInt(xy[0]) : std::nullopt;
      const auto y = xy.size() == 2 ? ToInt(xy[1]) : std::nullopt;
      cells.push_back(x && y ? Cell{*x, *y} : Cell{-1, -1});
    }
    if (!ReadLine(line)) return;
    const int count = std::max(0, ToInt(Trim(line)).value_or(0));
    std::vector<std::string> actions(count);
    for (std::string& action : actions) {
      if (!ReadLine(action)) return;
      action = Trim(action);
    }
    const std::vector<Cell> mine(cells.begin(), cells.begin() + *units);
    const std::vector<Cell> theirs(cells.begin() + *units, cells.end());
    bot.BeginTurn();
    if (bot.mode() == "fail-league3" && bot.own_turns() >= 3 &&
        std::count(theirs.begin(), theirs.end(), Cell{-1, -1}) > 0) {
      std::cerr << "proof_bot: an enemy unit at -1 -1 (fog): exiting with status 3" << std::endl;
      std::exit(3);
    }
    if (actions.empty()) {
      bot.Say("ACCEPT-DEFEAT");  // a line is due even with nothing listed
      continue;
    }
    const std::string* best = &actions.front();
    int best_value = WondevValue(*best, rows, mine, previous);
    for (const std::string& a : actions) {
      const int v = WondevValue(a, rows, mine, previous);
      if (v > best_value) best = &a, best_value = v;
    }
    const std::vector<std::string> parts = Split(*best);
    if (parts.size() >= 2 && parts[0] == "MOVE&BUILD") {
      const auto unit = ToInt(parts[1]);
      if (unit && *unit >= 0 && *unit < *units) previous[*unit] = mine[*unit];
    }
    bot.Say(*best);
  }
}

// ---------------------------------------------------------------- island --

constexpr int kIslandSize = 15;
constexpr int kShuffleLimit = 20;
constexpr int kShuffleEvery = 3;  // own turns
constexpr int kReach = 4;         // attacks happen at distance 1..4
constexpr int kHome = 3;          // cells from its own edge where it likes to stand

struct IslandBoard {
  int me = 0;
  std::vector<int> tiles;
  int pos1 = -1, pos2 = -1;
};

std::optional<IslandBoard> IslandParse(const std::string& raw) {
  const std::string line = Trim(raw);
  if (line.size() != 23 || line[1] != ';' || line[7] != ';' || (line[0] != '1' && line[0] != '2'))
    return std::nullopt;
  IslandBoard b;
  b.me = line[0] - '0';
  for (int i = 2; i < 7; ++i) {
    if (line[i] < '1' || line[i] > '4') return std::nullopt;
    b.tiles.push_back(line[i] - '0');
  }
  for (int i = 0; i < kIslandSize; ++i) {
    const char c = line[8 + i];
    if (c == '0') continue;
    if (c != '1' && c != '2') return std::nullopt;
    int& pos = c == '1' ? b.pos1 : b.pos2;
    if (pos >= 0) return std::nullopt;
    pos = i;
  }
  if (b.pos1 < 0 || b.pos2 < 0 || b.pos1 > b.pos2) return std::nullopt;
  return b;
}

// The answer; every branch is legal: a held tile, move x < distance, attack
// at the distance, shuffle only below the limit.
std::string IslandChoose(const IslandBoard& b, int own_turns, int shuffles_used) {
  const int distance = b.pos2 - b.pos1;
  const int room = b.me == 1 ? b.pos1 : kIslandSize - 1 - b.pos2;  // cells behind it
  const std::set<int> held(b.tiles.begin(), b.tiles.end());
  const auto tile = [](const char* kind, int x) { return std::string(kind) + std::to_string(x); };
  if (shuffles_used < kShuffleLimit && own_turns > kShuffleEvery * shuffles_used)
    return "shuffle";  // own turns 1, 4, 7, ..., 58: its 20 shuffles, then never again
  if (distance <= kReach && held.count(distance))
    return tile("attack;", distance);  // one tile: a poke, it never throws the opponent far
  if (distance <= kReach) {
    // In reach without an attack: step out of it, staying on the island.
    for (int x : held)
      if (x <= room && distance + x > kReach) return tile("retreat;", x);
    for (int x : held)
      if (x <= room) return tile("retreat;", x);
  }
  std::optional<int> forward, back, closer;
  for (int x : held) {
    if (!forward && x < distance && distance - x > kReach) forward = x;
    if (!back && x <= room) back = x;
    if (!closer && x < distance) closer = x;
  }
  if (room < kHome && forward) return tile("move;", *forward);
  if (room >= kHome && back) return tile("retreat;", *back);
  if (forward) return tile("move;", *forward);
  if (back) return tile("retreat;", *back);
  if (shuffles_used < kShuffleLimit) return "shuffle";
  if (closer) return tile("move;", *closer);
  return tile("retreat;", *held.begin());  // nothing else is legal: off the island
}

void PlayIsland(Bot& bot) {
  int shuffles_used = 0;  // one process plays one game; no board shows this count
  std::string line;
  while (ReadLine(line)) {
    const std::optional<IslandBoard> board = IslandParse(line);
    if (!board) {
      std::cerr << "proof_bot: skipped a line that is not a board" << std::endl;
      continue;
    }
    bot.BeginTurn();
    const std::string answer = IslandChoose(*board, bot.own_turns(), shuffles_used);
    if (answer == "shuffle") ++shuffles_used;
    bot.Say(answer);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  std::string game, mode = "ok";
  int k = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc || (arg != "--game" && arg != "--mode" && arg != "--turn")) {
      std::cerr << kUsage;
      return 2;
    }
    const std::string value = argv[++i];
    if (arg == "--game") game = value;
    if (arg == "--mode") mode = value;
    if (arg == "--turn") k = ToInt(value).value_or(0);
  }
  const std::set<std::string> modes = {
      "ok",           "crash-at",    "late-at",      "ready-unflushed",    "never-flush",
      "fail-league3", "reads-extra", "debug-stdout", "reads-before-ready", "lower-case"};
  const bool game_ok = game == "jc2015" || game == "wondev" || game == "island";
  if (!game_ok || !modes.count(mode) || k < 1 || (mode == "ready-unflushed" && game != "jc2015") ||
      (mode == "fail-league3" && game != "wondev") ||
      (mode == "reads-before-ready" && game != "jc2015")) {
    std::cerr << kUsage;
    return 2;
  }
  Bot bot(game, mode, k);
  if (game == "jc2015") PlayJc2015(bot);
  if (game == "wondev") PlayWondev(bot);
  if (game == "island") PlayIsland(bot);
  return 0;
}
