// A sample Wondev Woman (wondev) bot in C++20, for contestants to start from.
//
// Protocol: it reads the initialisation input once (size, unitsPerPlayer),
// then for every turn the grid rows, its units, the opponent's units (-1 -1
// when hidden by the fog), legalActions and the legal actions; it answers one
// of the listed actions, flushed, or ACCEPT-DEFEAT when the list is empty (a
// line is due even then). It never writes anything else to standard output
// and exits when standard input closes.
//
// Strategy, one ply: climb onto level 3 to score when possible, otherwise go
// as high as possible; build a step it can climb next, never a level 3 an
// enemy next to it could reach, and avoid removing cells; push enemies down
// when a push is offered. Every answer takes well under a millisecond.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char* const kDirNames[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr int kDx[] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[] = {-1, -1, 0, 1, 1, 1, 0, -1};

struct Pos {
  int x = -1, y = -1;
};

struct Turn {
  std::vector<std::string> rows;
  std::vector<Pos> mine, theirs;
  std::vector<std::string> actions;

  // The height of (x, y): -1 for a hole or off the grid, 4 for a removed cell.
  int Height(int x, int y) const {
    if (y < 0 || y >= static_cast<int>(rows.size()) || x < 0 ||
        x >= static_cast<int>(rows[y].size()) || rows[y][x] == '.')
      return -1;
    return rows[y][x] - '0';
  }
};

int DirIndex(const std::string& name) {
  for (int d = 0; d < 8; ++d)
    if (name == kDirNames[d]) return d;
  return 0;
}

// Whether a visible enemy next to (x, y) could climb onto height h there.
bool EnemyCanReach(const Turn& t, int x, int y, int h) {
  for (const Pos& e : t.theirs) {
    if (e.x < 0) continue;
    const int dx = e.x - x, dy = e.y - y;
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx || dy) && h <= t.Height(e.x, e.y) + 1)
      return true;
  }
  return false;
}

int Value(const Turn& t, const std::string& action) {
  std::istringstream in(action);
  std::string type, d1, d2;
  int unit = 0;
  in >> type >> unit >> d1 >> d2;
  const Pos me = t.mine[unit];
  const int a = DirIndex(d1), b = DirIndex(d2);
  const int tx = me.x + kDx[a], ty = me.y + kDy[a];
  if (type == "PUSH&BUILD") {
    const int px = tx + kDx[b], py = ty + kDy[b];
    return 15 + 10 * (t.Height(tx, ty) - t.Height(px, py));
  }
  const int h = t.Height(tx, ty);
  int v = 10 * h + (h == 3 ? 100 : 0);
  const int bx = tx + kDx[b], by = ty + kDy[b];
  const int built = t.Height(bx, by) + 1;
  if (built == 4)
    v -= 5;
  else if (built <= h + 1)
    v += built;
  if (built == 3 && EnemyCanReach(t, bx, by, built)) v -= 30;
  return v;
}

bool ReadTurn(std::istream& in, int size, int units, Turn& t) {
  t = Turn{};
  std::string line;
  for (int y = 0; y < size; ++y) {
    if (!(in >> line)) return false;
    t.rows.push_back(line);
  }
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < units; ++i) {
      Pos p;
      if (!(in >> p.x >> p.y)) return false;
      (side == 0 ? t.mine : t.theirs).push_back(p);
    }
  int count = 0;
  if (!(in >> count)) return false;
  std::getline(in, line);  // the end of the count's line
  for (int i = 0; i < count; ++i) {
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    t.actions.push_back(line);
  }
  return true;
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  int size = 0, units = 0;
  if (!(std::cin >> size >> units)) return 0;
  Turn t;
  while (ReadTurn(std::cin, size, units, t)) {
    std::string best = "ACCEPT-DEFEAT";
    int best_value = -1 << 30;
    for (const std::string& a : t.actions) {
      const int v = Value(t, a);
      if (v > best_value) best_value = v, best = a;
    }
    std::cout << best << std::endl;  // std::endl flushes
  }
  return 0;
}
