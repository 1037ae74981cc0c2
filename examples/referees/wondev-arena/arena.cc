// wondev-arena: a standalone Wondev Woman referee written the way a contest
// organiser or a contestant writes their own arena: its own rule code on the
// C++ standard library only (nothing from arbiter), its own random maps, and a
// few realistic rule bugs planted on purpose. It is the third-party referee
// arbiter's `fuzz-referee --protocol cg-runner` is proven on.
//
// Protocol (CodinGame's runner protocol, on this program's stdin/stdout): it
// reads an optional "###Seed N" and "###Start 2", then for each turn prints
// "###Input P", that player's initialisation lines ("size", "unitsPerPlayer")
// before its first turn, the turn input (rows, own units, opponent units or
// "-1 -1" under the fog, legalActions and the action lines), "###Output P 1",
// and reads one answer line. At the end it prints "###End 0 1", "###End 1 0"
// or "###End 01" (a draw) and exits.
//
// Rules: the default readings of arbiter's clause register
// (spec-tests/wondev/clauses.json): leagues 0..3 (1 unit in 0 and 1, 2 units
// and PUSH&BUILD from 2, fog of war in 3: an enemy is seen within Chebyshev
// distance 1 of an own unit), a full 5x5 square, a 7x7 diamond or a random
// left-right symmetric 8-connected map in a 6x6 box, flat at height 0, units
// on distinct floor cells; legal actions sorted by text; 200 rounds; an
// invalid answer, ACCEPT-DEFEAT, no answer or a turn with no legal action puts
// the player out with its points; the game ends when both are out, when the
// one left leads strictly, or (league 0) when a unit first stands on level 3.
//
// Options:
//   --league N     0..3 (default 3: two units each, PUSH&BUILD, fog of war)
//   --legal-list   send the legal-action list; by default it is not sent
//                  (the count line is 0 and no action lines follow, as many
//                  arenas do), which breaks wondev.protocol.input.legal
//   --seeded       draw the map and units from this program's own generator
//                  seeded with the ###Seed value (still not arbiter's maps);
//                  by default the generator is seeded from std::random_device
//   --parse MODE   how answers are read (wondev.protocol.action.whitespace):
//                  trimmed (or trim; the default and the register's default
//                  reading: bytes <= ' ' dropped at both ends, tokens split on
//                  runs of blanks), exact (the register's alternative: no
//                  surrounding whitespace, one space between tokens), or
//                  trailing (a slip: trailing whitespace and CR are dropped
//                  but an answer with leading whitespace is invalid; breaks
//                  wondev.protocol.action.whitespace)
//   --bugs LIST    comma-separated planted bugs, "none" for a conformant
//                  arena; default friendly-push,push-no-step,removed-as-hole,
//                  unit-index:
//     friendly-push    PUSH&BUILD checks that a unit stands on the target cell
//                      but not whose it is: a player pushes its own other unit
//                      (breaks wondev.push.target)
//     push-no-step     the pushed unit's destination is not checked for the
//                      one-level step: it may be pushed up two or three levels
//                      (breaks wondev.push.destination)
//     removed-as-hole  a cell at height 4 is printed '.' instead of '4'
//                      (breaks wondev.grid.cells)
//     unit-index       the answer's index is checked against the units the
//                      input lists (own, then the opponent's) instead of
//                      unitsPerPlayer: index 2 and 3 move the opponent's units
//                      0 and 1 (breaks wondev.league.units and
//                      wondev.protocol.action.legal: such an answer must put
//                      the player out, wondev.out.invalid)
//
// usage: wondev-arena [--league N] [--legal-list] [--seeded] [--parse MODE]
//                     [--bugs LIST|none]
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int kPlayers = 2;
constexpr int kHole = -1;
constexpr int kTopLevel = 3;  // moving onto it scores
constexpr int kRemoved = 4;   // a cell built to 4 leaves play (still printed 4)
constexpr int kMaxRounds = 200;
constexpr int kDirs = 8;
constexpr std::array<const char*, kDirs> kDirNames = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr std::array<int, kDirs> kDx = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr std::array<int, kDirs> kDy = {-1, -1, 0, 1, 1, 1, 0, -1};
constexpr int kSquareSize = 5;
constexpr int kDiamondSize = 7;
constexpr int kRandomSize = 6;
constexpr int kMinRandomFloors = 12;

enum class ParseMode { kTrimmed, kTrailing, kExact };

struct Bugs {
  bool friendly_push = false;
  bool push_no_step = false;
  bool removed_as_hole = false;
  bool unit_index = false;
};

struct Options {
  int league = 3;
  bool legal_list = false;
  bool seeded = false;
  ParseMode parse = ParseMode::kTrimmed;
  Bugs bugs{true, true, true, true};
};

struct Pos {
  int x = -1;
  int y = -1;
  bool operator==(const Pos&) const = default;
};

Pos Step(Pos p, int dir) { return {p.x + kDx[dir], p.y + kDy[dir]}; }

int Chebyshev(Pos a, Pos b) { return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)); }

struct Unit {
  int owner = 0;
  Pos pos;
};

// One answer line as read.
struct Command {
  enum Kind { kInvalid, kAction, kDefeat } kind = kInvalid;
  bool push = false;
  int index = 0;
  int d1 = 0;
  int d2 = 0;
};

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

int DirIndex(std::string_view name) {
  for (int d = 0; d < kDirs; ++d)
    if (name == kDirNames[d]) return d;
  return -1;
}

// A unit index as written: one digit (no sign, no leading zero).
int IndexOf(std::string_view token) {
  if (token.size() != 1 || token[0] < '0' || token[0] > '9') return -1;
  return token[0] - '0';
}

// Reads an answer: "MOVE&BUILD|PUSH&BUILD index dir1 dir2 [message]" or
// "ACCEPT-DEFEAT [message]"; a message follows a blank.
Command ParseCommand(std::string_view line, ParseMode mode) {
  const bool exact = mode == ParseMode::kExact;
  if (!exact)
    while (!line.empty() && static_cast<unsigned char>(line.back()) <= ' ') line.remove_suffix(1);
  if (mode == ParseMode::kTrimmed)
    while (!line.empty() && static_cast<unsigned char>(line.front()) <= ' ') line.remove_prefix(1);
  std::string_view rest = line;
  // The next token: the first starts right here, the others after one space
  // (exact) or a run of blanks.
  auto take = [&](bool first, std::string_view& token) {
    if (!first) {
      if (rest.empty()) return false;
      if (exact) {
        if (rest.front() != ' ') return false;
        rest.remove_prefix(1);
      } else {
        while (!rest.empty() && IsBlank(rest.front())) rest.remove_prefix(1);
      }
    }
    size_t n = 0;
    while (n < rest.size() && !IsBlank(rest[n])) ++n;
    if (n == 0) return false;
    token = rest.substr(0, n);
    rest.remove_prefix(n);
    return true;  // what remains is empty or starts with a blank: a message
  };
  Command out;
  std::string_view type, index, d1, d2;
  if (!take(true, type)) return out;
  if (type == "ACCEPT-DEFEAT") {
    out.kind = Command::kDefeat;
    return out;
  }
  if (type != "MOVE&BUILD" && type != "PUSH&BUILD") return out;
  if (!take(false, index) || !take(false, d1) || !take(false, d2)) return out;
  out.push = type == "PUSH&BUILD";
  out.index = IndexOf(index);
  out.d1 = DirIndex(d1);
  out.d2 = DirIndex(d2);
  if (out.index >= 0 && out.d1 >= 0 && out.d2 >= 0) out.kind = Command::kAction;
  return out;
}

class Arena {
 public:
  Arena(const Options& options, std::mt19937_64& rng) : options_(options), rng_(rng) {}

  void Setup();
  // Plays the game with the runner; returns the ###End ranking.
  std::string Play();

 private:
  int UnitsPerPlayer() const { return options_.league >= 2 ? 2 : 1; }
  bool Fog() const { return options_.league >= 3; }
  bool OnGrid(Pos p) const { return p.x >= 0 && p.y >= 0 && p.x < size_ && p.y < size_; }
  int& HeightAt(Pos p) { return height_[p.y * size_ + p.x]; }
  int HeightAt(Pos p) const { return height_[p.y * size_ + p.x]; }
  bool Playable(Pos p) const { return OnGrid(p) && HeightAt(p) != kHole && HeightAt(p) < kRemoved; }
  int UnitOn(Pos p) const;
  bool Visible(int viewer, int unit) const;
  bool SeenUnitOn(int viewer, Pos p, int except) const;
  bool Allowed(int player, int mover, bool push, int d1, int d2) const;
  std::vector<std::string> LegalActions(int player) const;
  std::string TurnInput(int player, const std::vector<std::string>& legal) const;
  int Mover(int player, int index) const;
  void Apply(int player, int mover, const Command& c);
  void TakeTurn(int player);
  bool Over() const;
  void DrawMap();
  void DrawUnits();
  int Uniform(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  Options options_;
  std::mt19937_64& rng_;
  int size_ = kSquareSize;
  std::vector<int> height_;
  std::vector<Unit> units_;  // player 0's units, then player 1's
  std::array<int, kPlayers> score_{};
  std::array<bool, kPlayers> out_{};
  std::array<bool, kPlayers> started_{};
  int turn_ = 0;
};

int Arena::UnitOn(Pos p) const {
  for (size_t k = 0; k < units_.size(); ++k)
    if (units_[k].pos == p) return static_cast<int>(k);
  return -1;
}

// Fog of war: an enemy is seen when it is next to (or on a diagonal of) one
// of the viewer's units.
bool Arena::Visible(int viewer, int unit) const {
  if (!Fog() || units_[unit].owner == viewer) return true;
  for (const Unit& own : units_)
    if (own.owner == viewer && Chebyshev(own.pos, units_[unit].pos) <= 1) return true;
  return false;
}

bool Arena::SeenUnitOn(int viewer, Pos p, int except) const {
  for (size_t k = 0; k < units_.size(); ++k)
    if (static_cast<int>(k) != except && units_[k].pos == p && Visible(viewer, k)) return true;
  return false;
}

// Whether `player` may act with units_[mover]. Unseen units do not make an
// action illegal; they cancel (part of) it when it is played.
bool Arena::Allowed(int player, int mover, bool push, int d1, int d2) const {
  const Pos from = units_[mover].pos;
  const Pos t = Step(from, d1);
  if (!Playable(t)) return false;
  if (!push) {
    if (UnitOn(t) >= 0) return false;
    if (HeightAt(t) > HeightAt(from) + 1) return false;  // up one level at most
    const Pos b = Step(t, d2);
    return Playable(b) && !SeenUnitOn(player, b, mover);  // the cell just left is free
  }
  if (options_.league < 2) return false;
  const int target = UnitOn(t);
  if (target < 0) return false;
  // BUG friendly-push: only "a unit is there" is checked, not that it is an enemy.
  if (!options_.bugs.friendly_push && units_[target].owner == units_[mover].owner) return false;
  const int turn = (d2 - d1 + kDirs) % kDirs;
  if (turn != 0 && turn != 1 && turn != kDirs - 1) return false;  // straight or 45 degrees
  const Pos dest = Step(t, d2);
  if (!Playable(dest)) return false;
  // BUG push-no-step: the pushed unit's climb is not checked.
  if (!options_.bugs.push_no_step && HeightAt(dest) > HeightAt(t) + 1) return false;
  return !SeenUnitOn(player, dest, mover);
}

std::vector<std::string> Arena::LegalActions(int player) const {
  std::vector<std::string> legal;
  if (out_[player]) return legal;
  for (bool push : {false, true})
    for (int i = 0; i < UnitsPerPlayer(); ++i)
      for (int d1 = 0; d1 < kDirs; ++d1)
        for (int d2 = 0; d2 < kDirs; ++d2)
          if (Allowed(player, player * UnitsPerPlayer() + i, push, d1, d2))
            legal.push_back(std::string(push ? "PUSH&BUILD " : "MOVE&BUILD ") + std::to_string(i) +
                            ' ' + kDirNames[d1] + ' ' + kDirNames[d2]);
  std::sort(legal.begin(), legal.end());  // sorted by their text
  return legal;
}

std::string Arena::TurnInput(int player, const std::vector<std::string>& legal) const {
  std::ostringstream out;
  for (int y = 0; y < size_; ++y) {
    for (int x = 0; x < size_; ++x) {
      const int h = height_[y * size_ + x];
      // BUG removed-as-hole: a removed cell is out of play, so it is drawn as one.
      const bool hole = h == kHole || (options_.bugs.removed_as_hole && h >= kRemoved);
      out << (hole ? '.' : static_cast<char>('0' + h));
    }
    out << '\n';
  }
  for (int side : {player, 1 - player})
    for (int i = 0; i < UnitsPerPlayer(); ++i) {
      const int k = side * UnitsPerPlayer() + i;
      if (Visible(player, k))
        out << units_[k].pos.x << ' ' << units_[k].pos.y << '\n';
      else
        out << "-1 -1\n";
    }
  if (!options_.legal_list) {
    out << "0\n";
    return out.str();
  }
  out << legal.size() << '\n';
  for (const std::string& action : legal) out << action << '\n';
  return out.str();
}

// The unit an answer's index names, or -1. The input lists the player's
// units, then the opponent's.
int Arena::Mover(int player, int index) const {
  const int per = UnitsPerPlayer();
  // BUG unit-index: bounded by the units listed, not by unitsPerPlayer.
  const int limit = options_.bugs.unit_index ? kPlayers * per : per;
  if (index < 0 || index >= limit) return -1;
  return index < per ? player * per + index : (1 - player) * per + index - per;
}

void Arena::Apply(int player, int mover, const Command& c) {
  const Pos t = Step(units_[mover].pos, c.d1);
  Pos build = t;
  if (!c.push) {
    units_[mover].pos = t;
    if (HeightAt(t) == kTopLevel) ++score_[player];
    build = Step(t, c.d2);
    if (UnitOn(build) >= 0) return;  // an unseen enemy there: the build is cancelled
  } else {
    const Pos dest = Step(t, c.d2);
    if (UnitOn(dest) >= 0) return;  // an unseen unit there: nothing happens
    units_[UnitOn(t)].pos = dest;   // a push never scores
  }
  ++HeightAt(build);
}

void Arena::TakeTurn(int player) {
  const std::vector<std::string> legal = LegalActions(player);
  std::cout << "###Input " << player << '\n';
  if (!started_[player]) std::cout << size_ << '\n' << UnitsPerPlayer() << '\n';
  started_[player] = true;
  std::cout << TurnInput(player, legal) << "###Output " << player << " 1" << std::endl;
  std::string line;
  if (!std::getline(std::cin, line)) {
    out_[player] = true;  // no answer
    return;
  }
  const Command c = ParseCommand(line, options_.parse);
  if (c.kind != Command::kAction || legal.empty()) {
    out_[player] = true;  // ACCEPT-DEFEAT, garbage, or nothing it could play
    return;
  }
  const int mover = Mover(player, c.index);
  if (mover < 0 || !Allowed(player, mover, c.push, c.d1, c.d2)) {
    out_[player] = true;
    return;
  }
  Apply(player, mover, c);
}

bool Arena::Over() const {
  if (out_[0] && out_[1]) return true;
  if ((out_[0] && score_[1] > score_[0]) || (out_[1] && score_[0] > score_[1])) return true;
  if (options_.league == 0 && score_[0] + score_[1] > 0) return true;
  return turn_ >= kPlayers * kMaxRounds;
}

std::string Arena::Play() {
  while (!Over()) {
    const int player = turn_ % kPlayers;
    if (!out_[player]) TakeTurn(player);
    ++turn_;
  }
  if (score_[0] == score_[1]) return "01";
  return score_[0] > score_[1] ? "0 1" : "1 0";
}

// Whether the floors of the grid are one 8-connected group.
bool Connected(const std::vector<int>& height, int size) {
  std::vector<int> stack;
  std::vector<bool> seen(height.size(), false);
  const int floors = static_cast<int>(
      std::count_if(height.begin(), height.end(), [](int h) { return h != kHole; }));
  for (size_t i = 0; i < height.size() && stack.empty(); ++i)
    if (height[i] != kHole) {
      stack.push_back(static_cast<int>(i));
      seen[i] = true;
    }
  int reached = 0;
  while (!stack.empty()) {
    const Pos p{stack.back() % size, stack.back() / size};
    stack.pop_back();
    ++reached;
    for (int d = 0; d < kDirs; ++d) {
      const Pos q = Step(p, d);
      if (q.x < 0 || q.y < 0 || q.x >= size || q.y >= size) continue;
      const int j = q.y * size + q.x;
      if (height[j] == kHole || seen[j]) continue;
      seen[j] = true;
      stack.push_back(j);
    }
  }
  return reached == floors;
}

void Arena::DrawMap() {
  switch (Uniform(3)) {
    case 0:  // the full square
      size_ = kSquareSize;
      height_.assign(size_ * size_, 0);
      return;
    case 1: {  // the diamond: rows of 1, 3, 5, 7, 5, 3, 1 cells
      size_ = kDiamondSize;
      height_.assign(size_ * size_, kHole);
      const int mid = size_ / 2;
      for (int y = 0; y < size_; ++y)
        for (int x = 0; x < size_; ++x)
          if (std::abs(x - mid) + std::abs(y - mid) <= mid) height_[y * size_ + x] = 0;
      return;
    }
    default: {  // a random map, the left half mirrored onto the right
      size_ = kRandomSize;
      std::bernoulli_distribution floor(0.75);
      do {
        height_.assign(size_ * size_, kHole);
        for (int y = 0; y < size_; ++y)
          for (int x = 0; x < size_ / 2; ++x)
            if (floor(rng_)) height_[y * size_ + x] = height_[y * size_ + size_ - 1 - x] = 0;
      } while (std::count(height_.begin(), height_.end(), 0) < kMinRandomFloors ||
               !Connected(height_, size_));
    }
  }
}

// Every unit on its own floor cell at height 0, drawn at random.
void Arena::DrawUnits() {
  std::vector<Pos> free;
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x)
      if (height_[y * size_ + x] == 0) free.push_back({x, y});
  std::shuffle(free.begin(), free.end(), rng_);
  units_.clear();
  for (int player = 0; player < kPlayers; ++player)
    for (int i = 0; i < UnitsPerPlayer(); ++i) units_.push_back({player, free[units_.size()]});
}

void Arena::Setup() {
  DrawMap();
  DrawUnits();
}

bool SetBugs(const std::string& list, Bugs& bugs) {
  bugs = Bugs{};
  if (list == "none") return true;
  std::istringstream names(list);
  for (std::string name; std::getline(names, name, ',');) {
    if (name == "friendly-push") {
      bugs.friendly_push = true;
    } else if (name == "push-no-step") {
      bugs.push_no_step = true;
    } else if (name == "removed-as-hole") {
      bugs.removed_as_hole = true;
    } else if (name == "unit-index") {
      bugs.unit_index = true;
    } else {
      std::cerr << "wondev-arena: unknown bug '" << name << "'\n";
      return false;
    }
  }
  return true;
}

bool ParseOptions(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--legal-list") {
      options.legal_list = true;
    } else if (arg == "--seeded") {
      options.seeded = true;
    } else if (arg == "--league" && has_value) {
      const std::string value = argv[++i];
      if (value.size() != 1 || value[0] < '0' || value[0] > '3') {
        std::cerr << "wondev-arena: --league takes 0, 1, 2 or 3\n";
        return false;
      }
      options.league = value[0] - '0';
    } else if (arg == "--parse" && has_value) {
      const std::string value = argv[++i];
      if (value == "trim" || value == "trimmed") {
        options.parse = ParseMode::kTrimmed;
      } else if (value == "trailing") {
        options.parse = ParseMode::kTrailing;
      } else if (value == "exact") {
        options.parse = ParseMode::kExact;
      } else {
        std::cerr << "wondev-arena: --parse takes trimmed, trailing or exact\n";
        return false;
      }
    } else if (arg == "--bugs" && has_value) {
      if (!SetBugs(argv[++i], options.bugs)) return false;
    } else {
      std::cerr << "wondev-arena: unknown argument '" << arg << "'\n"
                << "usage: wondev-arena [--league N] [--legal-list] [--seeded] "
                   "[--parse trimmed|trailing|exact] [--bugs LIST|none]\n";
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!ParseOptions(argc, argv, options)) return 2;
  uint64_t seed = 0;
  std::string line;
  while (std::getline(std::cin, line) && line.rfind("###Start", 0) != 0)
    if (line.rfind("###Seed ", 0) == 0) seed = std::strtoull(line.c_str() + 8, nullptr, 10);
  // Its own maps: seeded from ###Seed only with --seeded.
  std::random_device device;
  std::mt19937_64 rng(options.seeded ? seed : (uint64_t{device()} << 32) ^ device());
  Arena arena(options, rng);
  arena.Setup();
  const std::string ranking = arena.Play();
  std::cout << "###End " << ranking << std::endl;
  return 0;
}
