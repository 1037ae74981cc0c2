// A small, fully specified pseudo-random generator (SplitMix64) shared by
// every game and every seeded choice arbiter makes.
//
// The standard library's distributions are implementation-defined, so a seed
// would not reproduce the same game across compilers. SplitMix64 and the
// multiply-shift bound below are written out here, which makes "seed N" mean
// the same initial placement and the same action sequence everywhere. Pure: no
// I/O, no clocks, no global state.
#pragma once

#include <cstdint>

namespace arbiter {

class Rng {
 public:
  explicit constexpr Rng(uint64_t seed) : state_(seed) {}

  // SplitMix64 (Steele, Lea, Flood 2014), one 64-bit output per call.
  constexpr uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // A value in [0, n) by multiply-shift (Lemire); n must be > 0. The tiny bias
  // (at most n / 2^64) is irrelevant here and keeps every draw one call.
  // Computed as the high 64 bits of the 96-bit product Next() * n, in two
  // 32-bit halves so that it needs no 128-bit integer type.
  constexpr uint32_t Uniform(uint32_t n) {
    const uint64_t x = Next();
    const uint64_t hi = (x >> 32) * n;
    const uint64_t lo = (x & 0xFFFFFFFFull) * n;
    return static_cast<uint32_t>((hi + (lo >> 32)) >> 32);
  }

  // True with probability num / den.
  constexpr bool Chance(uint32_t num, uint32_t den) { return Uniform(den) < num; }

  constexpr uint64_t state() const { return state_; }

 private:
  uint64_t state_;
};

}  // namespace arbiter
