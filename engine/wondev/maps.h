// Wondev Woman maps and unit placement (wondev.map.*, wondev.setup.units):
// drawn reproducibly from a seed with core/rng.h, so that "seed N" is the same
// game on every compiler, or given explicitly (scenarios) and validated with
// an error that names the offending field.
#pragma once

#include <cstdint>
#include <string>

#include "core/rng.h"
#include "wondev/state.h"

namespace arbiter::wondev {

Map SquareMap();   // wondev.map.kinds: 5x5, every cell at height 0
Map DiamondMap();  // wondev.map.kinds: 7x7, row widths 1,3,5,7,5,3,1, the rest holes
// wondev.map.random: each cell of the left half of the 6x6 box (columns 0..2)
// is a floor with probability 3/4 (Rng::Chance(3, 4), row-major), mirrored to
// column 5 - x; the map is redrawn until its floors are 8-connected and at
// least kMinRandomCells.
Map RandomMap(Rng& rng);

// wondev.map.kinds with MapKind::kAny: Uniform(3) picks square, diamond,
// random; then the map is drawn from the same generator.
Map DrawMap(MapKind kind, Rng& rng);

// wondev.setup.units: units in the order player 0 unit 0, player 0 unit 1,
// player 1 unit 0, ...; each takes Uniform(n) of the n free height-0 floor
// cells, listed row-major.
Units DrawUnits(const Map& map, int units_per_player, Rng& rng);

// A seeded initial state: Rng(seed) draws the map, then the units.
State NewState(uint64_t seed, const Rules& rules);

// Empty when valid; otherwise one message naming the field, e.g.
// "units[1][0]: (3, 4) is a hole". Checks sizes, heights, connectivity is not
// required (wondev.map.random holds for drawn maps only).
std::string ValidateMap(const Map& map);
std::string ValidateUnits(const Map& map, const Units& units, int units_per_player);

// Whether the floor cells of `map` are 8-connected and mirror-symmetric.
bool IsConnected(const Map& map);
bool IsMirrorSymmetric(const Map& map);

}  // namespace arbiter::wondev
