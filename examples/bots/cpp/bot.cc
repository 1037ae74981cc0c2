// A sample JavaChallenge2015 (jc2015) bot in C++20, for contestants to start from.
//
// Protocol: it prints READY at once, then answers every 13-line turn input
// (id, T, six rows of block values, four players 'R C D S', EOD) with exactly
// one command line (U R D L A N), flushed; it answers N when stunned or when
// the input is malformed, exits when standard input closes, and never writes
// anything else to standard output. Strategy: look a few own turns ahead on
// the block timers and never pick an action whose square is sure to fall under
// it; among the safe actions attack when an opponent's block lies in the facing
// line and is not yet scheduled, otherwise line up with the nearest opponent's
// block row or column while avoiding scheduled blocks and enemy lines of fire.
// Every answer takes well under a millisecond.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

constexpr int kBlocks = 6;        // the board is kBlocks x kBlocks blocks
constexpr int kBlockSquares = 3;  // of kBlockSquares x kBlockSquares squares
constexpr int kSquares = kBlocks * kBlockSquares;
constexpr int kPlayers = 4;
constexpr int kCancelDistance = 3;  // a move this close to another player is cancelled
constexpr int kRound = 4;           // global turns between two own turns
constexpr int kFallenTurns = 20;    // a fallen block comes back 20 turns later
constexpr int kStunnedRounds = 3;   // after attacking, the next action is 3 own turns later
constexpr int kHorizon = 5;         // own turns of look-ahead
constexpr int kMaxTimer = 1000;     // |B| and S beyond this are malformed input

enum Action { kUp, kRight, kDown, kLeft, kAttack, kNothing };
constexpr char kLetters[] = "URDLAN";
constexpr int kDr[] = {-1, 0, 1, 0};
constexpr int kDc[] = {0, 1, 0, -1};

using Board = std::array<std::array<int, kBlocks>, kBlocks>;

struct Player {
  int row = -1, col = -1, dir = 0, stun = 0;
  bool OnBoard() const { return row >= 0; }
};

struct Turn {
  int id = 0;
  Board board{};
  std::array<Player, kPlayers> players{};
};

// Parses the 12 lines before EOD; false if anything is missing or out of range.
bool ParseTurn(const std::vector<std::string>& lines, Turn& turn) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  std::istringstream in(text);
  int t = 0;
  if (!(in >> turn.id >> t) || turn.id < 0 || turn.id >= kPlayers) return false;
  for (auto& row : turn.board) {
    for (int& b : row) {
      if (!(in >> b) || b < -kMaxTimer || b > kMaxTimer) return false;
    }
  }
  for (Player& p : turn.players) {
    std::string dir;
    if (!(in >> p.row >> p.col >> dir >> p.stun) || dir.size() != 1) return false;
    if (p.stun < 0 || p.stun > kMaxTimer) return false;
    const std::string_view letters = "URDL";
    if (letters.find(dir[0]) == std::string_view::npos) return false;
    p.dir = static_cast<int>(letters.find(dir[0]));
    const bool fallen = p.row == -1 && p.col == -1;
    const bool on_board = p.row >= 0 && p.row < kSquares && p.col >= 0 && p.col < kSquares;
    if (!fallen && !on_board) return false;
  }
  std::string extra;
  return !(in >> extra) && turn.players[turn.id].OnBoard();
}

// Whether a block whose value is `b` now has fallen `dt` global turns from now
// (b > 0: falls in b turns and stays down 20; b < 0: comes back in -b turns).
bool DownAt(int b, int dt) {
  if (b > 0) return dt >= b && dt < b + kFallenTurns;
  if (b < 0) return dt < -b;
  return false;
}

// Whether a player standing on a block of value `b` from global turn `from` to
// `to` (inclusive, relative to now) stays on the board.
bool Holds(int b, int from, int to) {
  for (int dt = from; dt <= to; ++dt) {
    if (DownAt(b, dt)) return false;
  }
  return true;
}

class Planner {
 public:
  explicit Planner(const Turn& turn) : turn_(turn), me_(turn.players[turn.id]) {}

  char Choose() const {
    if (me_.stun > 0) return 'N';  // the answer is ignored anyway
    int best = kNothing;
    long best_score = Score(kNothing);
    for (int a : {kAttack, kUp, kRight, kDown, kLeft}) {
      const long s = Score(a);
      if (s > best_score) best = a, best_score = s;
    }
    return kLetters[best];
  }

 private:
  int BlockOf(int r, int c, const Board& board) const {
    return board[r / kBlockSquares][c / kBlockSquares];
  }

  // The square reached by moving from (r, c) in `dir` at `dt`, or (r, c) when
  // the referee would cancel the move (edge, fallen block, another player).
  std::pair<int, int> Step(int r, int c, int dir, int dt, const Board& board) const {
    const int nr = r + kDr[dir], nc = c + kDc[dir];
    if (nr < 0 || nr >= kSquares || nc < 0 || nc >= kSquares) return {r, c};
    if (DownAt(BlockOf(nr, nc, board), dt)) return {r, c};
    for (int q = 0; q < kPlayers; ++q) {
      const Player& o = turn_.players[q];
      if (q != turn_.id && o.OnBoard() &&
          std::abs(nr - o.row) + std::abs(nc - o.col) <= kCancelDistance) {
        return {r, c};
      }
    }
    return {nr, nc};
  }

  // How many own turns (up to kHorizon) the best sequence of moves from (r, c)
  // on own turn k survives; the other players are assumed to stay put.
  int Survival(int r, int c, int k, const Board& board) const {
    if (k >= kHorizon) return kHorizon;
    int best = k;
    for (int a : {kNothing, kUp, kRight, kDown, kLeft}) {
      const auto [nr, nc] = a == kNothing ? std::pair{r, c} : Step(r, c, a, k * kRound, board);
      if (!Holds(BlockOf(nr, nc, board), k * kRound + 1, (k + 1) * kRound)) continue;
      best = std::max(best, Survival(nr, nc, k + 1, board));
      if (best == kHorizon) break;
    }
    return best;
  }

  // The board after our attack facing `dir`: the line of blocks from the
  // neighbour of ours (n = 1) to the edge gets 4n unless scheduled or down.
  Board Attacked(int dir) const {
    Board board = turn_.board;
    int br = me_.row / kBlockSquares + kDr[dir], bc = me_.col / kBlockSquares + kDc[dir];
    for (int n = 1; br >= 0 && br < kBlocks && bc >= 0 && bc < kBlocks; ++n) {
      if (board[br][bc] == 0) board[br][bc] = kRound * n;
      br += kDr[dir], bc += kDc[dir];
    }
    return board;
  }

  // Worth of attacking now: positive when an opponent stands on a stable
  // block of the facing line, more when it is near or stunned.
  long AttackValue() const {
    const int mbr = me_.row / kBlockSquares, mbc = me_.col / kBlockSquares;
    long value = -200;  // attacking nobody wastes three turns
    for (int q = 0; q < kPlayers; ++q) {
      const Player& o = turn_.players[q];
      if (q == turn_.id || !o.OnBoard()) continue;
      const int dr = o.row / kBlockSquares - mbr, dc = o.col / kBlockSquares - mbc;
      const int n = std::abs(dr) + std::abs(dc);
      const bool ahead = (dr == 0 || dc == 0) && n > 0 && (dr > 0) - (dr < 0) == kDr[me_.dir] &&
                         (dc > 0) - (dc < 0) == kDc[me_.dir];
      if (!ahead || BlockOf(o.row, o.col, turn_.board) != 0) continue;
      long v = 500 - 10 * n + (o.stun >= kRound * n ? 100 : 0);
      value = std::max(value, v);
    }
    return value;
  }

  // Worth of standing on (r, c) facing `dir`, for the tie-break between moves.
  long PlaceValue(int r, int c, int dir) const {
    long value = 0;
    if (BlockOf(r, c, turn_.board) != 0) value -= 60;  // scheduled: may have to run again
    const int br = r / kBlockSquares, bc = c / kBlockSquares;
    int target = -1, nearest = 1 << 30;
    for (int q = 0; q < kPlayers; ++q) {
      const Player& o = turn_.players[q];
      if (q == turn_.id || !o.OnBoard()) continue;
      const int obr = o.row / kBlockSquares, obc = o.col / kBlockSquares;
      // An opponent in our block row or column, facing us, can drop us.
      const int dr = br - obr, dc = bc - obc;
      if ((dr == 0) != (dc == 0) && (dr > 0) - (dr < 0) == kDr[o.dir] &&
          (dc > 0) - (dc < 0) == kDc[o.dir]) {
        value -= o.stun > 0 ? 5 : 25;
      }
      const int d = std::abs(me_.row - o.row) + std::abs(me_.col - o.col);
      if (d < nearest) nearest = d, target = q;
    }
    if (target < 0) return value;
    const Player& t = turn_.players[target];
    const int dr = t.row / kBlockSquares - br, dc = t.col / kBlockSquares - bc;
    const int misalignment = dr == 0 && dc == 0 ? 1 : std::min(std::abs(dr), std::abs(dc));
    value -= 40 * misalignment;
    const bool facing = (dr == 0) != (dc == 0) && (dr > 0) - (dr < 0) == kDr[dir] &&
                        (dc > 0) - (dc < 0) == kDc[dir];
    if (facing && BlockOf(t.row, t.col, turn_.board) == 0) value += 30;
    return value;
  }

  long Score(int action) const {
    if (action == kAttack) {
      const Board board = Attacked(me_.dir);
      const int depth = Holds(BlockOf(me_.row, me_.col, board), 1, kStunnedRounds * kRound)
                            ? Survival(me_.row, me_.col, kStunnedRounds, board)
                            : 0;
      return 1000L * depth + AttackValue();
    }
    const auto [r, c] = action == kNothing ? std::pair{me_.row, me_.col}
                                           : Step(me_.row, me_.col, action, 0, turn_.board);
    const int dir = action == kNothing ? me_.dir : action;
    const int depth =
        Holds(BlockOf(r, c, turn_.board), 1, kRound) ? Survival(r, c, 1, turn_.board) : 0;
    return 1000L * depth + PlaceValue(r, c, dir);
  }

  const Turn& turn_;
  const Player& me_;
};

}  // namespace

int main() {
  std::cout << "READY" << std::endl;  // std::endl flushes
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(std::cin, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line != "EOD") {
      if (!line.empty() && lines.size() < 64) lines.push_back(line);
      continue;
    }
    Turn turn;
    const char answer = ParseTurn(lines, turn) ? Planner(turn).Choose() : 'N';
    lines.clear();
    std::cout << answer << std::endl;
  }
  return 0;  // standard input closed: the game is over
}
