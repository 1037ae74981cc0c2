// A small PNG reader for the browser check's screenshots (8-bit RGB or RGBA,
// not interlaced: what Chromium writes): the signature, the header and the
// pixels, inflated with zlib and unfiltered, so that the check can say that
// an image is not blank and that given colours are painted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::report::testing {

struct Png {
  int width = 0, height = 0;
  std::vector<uint32_t> pixels;  // 0xRRGGBB, row-major
  std::string error;             // why it could not be read; empty when read
};

Png ReadPng(const std::string& bytes);

// The number of pixels of colour `rgb`, and of distinct colours.
int CountColour(const Png& png, uint32_t rgb);
int DistinctColours(const Png& png);

}  // namespace arbiter::report::testing
