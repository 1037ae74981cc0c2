// Map generation and unit placement (maps.h). Every draw goes through Rng in a
// fixed order, which the register's decisions spell out.
#include "wondev/maps.h"

#include <vector>

namespace arbiter::wondev {

Map SquareMap() {
  Map m;
  m.size = kSquareSize;
  m.height.fill(kHole);
  for (int i = 0; i < kSquareSize * kSquareSize; ++i) m.height[i] = 0;
  return m;
}

Map DiamondMap() {
  Map m;
  m.size = kDiamondSize;
  m.height.fill(kHole);
  const int mid = kDiamondSize / 2;
  for (int y = 0; y < kDiamondSize; ++y)
    for (int x = 0; x < kDiamondSize; ++x)
      if ((x > mid ? x - mid : mid - x) + (y > mid ? y - mid : mid - y) <= mid)
        m.height[y * kDiamondSize + x] = 0;
  return m;
}

bool IsConnected(const Map& map) {
  const int n = map.size;
  std::vector<int> stack;
  std::vector<bool> seen(n * n, false);
  int floors = 0;
  for (int i = 0; i < n * n; ++i) {
    if (map.height[i] == kHole) continue;
    ++floors;
    if (stack.empty() && !seen[i] && floors == 1) {
      stack.push_back(i);
      seen[i] = true;
    }
  }
  int reached = 0;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    ++reached;
    for (int d = 0; d < kDirs; ++d) {
      const int x = i % n + kDx[d], y = i / n + kDy[d];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      const int j = y * n + x;
      if (map.height[j] != kHole && !seen[j]) {
        seen[j] = true;
        stack.push_back(j);
      }
    }
  }
  return reached == floors;
}

bool IsMirrorSymmetric(const Map& map) {
  for (int y = 0; y < map.size; ++y)
    for (int x = 0; x < map.size; ++x)
      if (map.at(x, y) != map.at(map.size - 1 - x, y)) return false;
  return true;
}

Map RandomMap(Rng& rng) {
  while (true) {
    Map m;
    m.size = kRandomBox;
    m.height.fill(kHole);
    int floors = 0;
    for (int y = 0; y < kRandomBox; ++y)
      for (int x = 0; x < kRandomBox / 2; ++x) {
        if (!rng.Chance(3, 4)) continue;
        m.height[y * kRandomBox + x] = 0;
        m.height[y * kRandomBox + kRandomBox - 1 - x] = 0;
        floors += 2;
      }
    if (floors >= kMinRandomCells && IsConnected(m)) return m;
  }
}

Map DrawMap(MapKind kind, Rng& rng) {
  if (kind == MapKind::kAny) {
    constexpr MapKind kKinds[] = {MapKind::kSquare, MapKind::kDiamond, MapKind::kRandom};
    kind = kKinds[rng.Uniform(3)];
  }
  switch (kind) {
    case MapKind::kSquare:
      return SquareMap();
    case MapKind::kDiamond:
      return DiamondMap();
    default:
      return RandomMap(rng);
  }
}

Units DrawUnits(const Map& map, int units_per_player, Rng& rng) {
  std::vector<Pos> free;
  for (int y = 0; y < map.size; ++y)
    for (int x = 0; x < map.size; ++x)
      if (map.at(x, y) == 0) free.push_back({static_cast<int8_t>(x), static_cast<int8_t>(y)});
  Units units{};
  for (int q = 0; q < kNumPlayers; ++q)
    for (int i = 0; i < units_per_player; ++i) {
      const uint32_t k = rng.Uniform(static_cast<uint32_t>(free.size()));
      units[q][i] = free[k];
      free.erase(free.begin() + k);
    }
  return units;
}

State NewState(uint64_t seed, const Rules& rules) {
  Rng rng(seed);
  const Map map = DrawMap(rules.map, rng);
  const Units units = DrawUnits(map, rules.units_per_player(), rng);
  return State::Initial(map, units, rules);
}

std::string ValidateMap(const Map& map) {
  if (map.size < kMinSize || map.size > kMaxSize)
    return "size: " + std::to_string(map.size) + " is not in 5..7 (wondev.grid.square)";
  for (int y = 0; y < map.size; ++y)
    for (int x = 0; x < map.size; ++x) {
      const int h = map.at(x, y);
      if (h < kHole || h > kRemovedHeight)
        return "rows[" + std::to_string(y) + "][" + std::to_string(x) + "]: height " +
               std::to_string(h) + " is not a hole or 0..4 (wondev.grid.cells)";
    }
  return {};
}

std::string ValidateUnits(const Map& map, const Units& units, int units_per_player) {
  for (int q = 0; q < kNumPlayers; ++q)
    for (int i = 0; i < units_per_player; ++i) {
      const Pos p = units[q][i];
      const std::string field = "units[" + std::to_string(q) + "][" + std::to_string(i) + "]";
      const std::string at = "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
      if (p.x < 0 || p.y < 0 || p.x >= map.size || p.y >= map.size)
        return field + ": " + at + " is off the grid";
      const int h = map.at(p.x, p.y);
      if (h == kHole) return field + ": " + at + " is a hole";
      if (h >= kRemovedHeight) return field + ": " + at + " is removed from play (height 4)";
      for (int r = 0; r < kNumPlayers; ++r)
        for (int j = 0; j < units_per_player; ++j)
          if ((r < q || (r == q && j < i)) && units[r][j] == p)
            return field + ": " + at + " is taken by units[" + std::to_string(r) + "][" +
                   std::to_string(j) + "] (units never share a cell)";
    }
  return {};
}

}  // namespace arbiter::wondev
