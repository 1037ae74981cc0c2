// A sample Save The Island (island) bot in C++17, standard library only, for
// contestants to start from.
//
// Protocol: every turn it reads one line "P;TTTTT;IIIIIIIIIIIIIII" (P is 1 or
// 2, five tiles '1'..'4', the 15 cells of the island with one '1' and one '2')
// and answers one line, flushed at once: "move;x", "retreat;x", "shuffle" or
// "attack;x..x". It loops until standard input closes, then exits 0. A line
// it cannot read is skipped with a note on standard error; standard output
// carries nothing but answers.
//
// Player 1 stands left of player 2; forward is +1 for player 1 and -1 for
// player 2; the distance is pos('2') - pos('1').
//
// Strategy, one ply, never an invalid move:
//  1. attack with every tile equal to the distance, when it holds one;
//  2. else move forward with a tile x < distance that lands out of reach
//     (distance > 4) or where it keeps a tile equal to the new distance (to
//     defend and to attack back), the best such landing first;
//  3. else shuffle, at most 20 times a game;
//  4. else retreat with the smallest tile that keeps it on the island;
//  5. else any forward move; else retreat off the island (no legal choice).
#include <algorithm>
#include <array>
#include <iostream>
#include <string>

namespace {

constexpr int kIslandSize = 15;
constexpr int kShuffleLimit = 20;

struct Board {
  int me = 0;                  // 1 or 2
  std::array<int, 5> tiles{};  // 1..4
  int pos[3] = {0, -1, -1};    // pos[1], pos[2]
};

// Strict reading of one board line (a trailing '\r' or blank is dropped).
// Returns an empty string when it is a board, else why not.
std::string Parse(std::string line, Board& b) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
    line.pop_back();
  if (line.size() != 1 + 1 + 5 + 1 + kIslandSize) return "not 23 characters";
  if (line[0] != '1' && line[0] != '2') return "player is not 1 or 2";
  if (line[1] != ';' || line[7] != ';') return "separators are not at 1 and 7";
  b = Board{};
  b.me = line[0] - '0';
  for (int i = 0; i < 5; ++i) {
    const char c = line[2 + i];
    if (c < '1' || c > '4') return "a tile is not 1..4";
    b.tiles[i] = c - '0';
  }
  for (int i = 0; i < kIslandSize; ++i) {
    const char c = line[8 + i];
    if (c == '0') continue;
    if (c != '1' && c != '2') return "an island cell is not 0, 1 or 2";
    if (b.pos[c - '0'] >= 0) return "a player stands twice on the island";
    b.pos[c - '0'] = i;
  }
  if (b.pos[1] < 0 || b.pos[2] < 0) return "a player is missing from the island";
  if (b.pos[1] > b.pos[2]) return "player 1 is right of player 2";
  return "";
}

int Count(const std::array<int, 5>& tiles, int value) {
  return static_cast<int>(std::count(tiles.begin(), tiles.end(), value));
}

std::string Choose(const Board& b, int& shuffles) {
  const int distance = b.pos[2] - b.pos[1];
  const int held = Count(b.tiles, distance);
  if (held > 0) return "attack;" + std::string(held, static_cast<char>('0' + distance));

  // Forward moves: score each landing, keep the best (ties: the longer move).
  int best = 0, best_score = -1;
  for (int x = 4; x >= 1; --x) {
    if (x >= distance || Count(b.tiles, x) == 0) continue;
    const int left = distance - x;
    int score = 0;
    if (left > 4) {
      score = 1;  // out of reach of any attack
    } else {
      const int keep = Count(b.tiles, left) - (left == x ? 1 : 0);
      score = keep > 0 ? 1 + keep : 0;  // 0: it could be hit with no defence
    }
    if (score > best_score) best_score = score, best = x;
  }
  if (best_score > 0) return "move;" + std::to_string(best);

  if (shuffles < kShuffleLimit) {
    ++shuffles;
    return "shuffle";
  }
  // Room behind: the cells between its position and its own edge.
  const int room = b.me == 1 ? b.pos[1] : kIslandSize - 1 - b.pos[2];
  for (int x = 1; x <= 4; ++x)
    if (x <= room && Count(b.tiles, x) > 0) return "retreat;" + std::to_string(x);
  if (best > 0) return "move;" + std::to_string(best);
  return "retreat;" + std::to_string(*std::min_element(b.tiles.begin(), b.tiles.end()));
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  int shuffles = 0;  // used this game (one process plays one game)
  std::string line;
  while (std::getline(std::cin, line)) {
    Board b;
    const std::string why = Parse(line, b);
    if (!why.empty()) {
      std::cerr << "island-bot: skipped a line that is not a board (" << why << ")\n";
      continue;
    }
    std::cout << Choose(b, shuffles) << '\n' << std::flush;
  }
  return 0;
}
