// The PNG reader of the browser check (html_browser_png.h). Built without
// zlib (ARBITER_HAVE_ZLIB unset), it reads the header only and says that it
// cannot decode, so that the check fails rather than passes blindly.
#include "report/tests/html_browser_png.h"

#include <cstdlib>
#include <unordered_set>

#ifdef ARBITER_HAVE_ZLIB
#include <zlib.h>
#endif

namespace arbiter::report::testing {
namespace {

uint32_t Be32(const std::string& b, size_t at) {
  return (uint32_t(uint8_t(b[at])) << 24) | (uint32_t(uint8_t(b[at + 1])) << 16) |
         (uint32_t(uint8_t(b[at + 2])) << 8) | uint32_t(uint8_t(b[at + 3]));
}

int Paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

}  // namespace

Png ReadPng(const std::string& bytes) {
  Png png;
  static const std::string kSignature = "\x89PNG\r\n\x1a\n";
  if (bytes.compare(0, 8, kSignature) != 0) return png.error = "no PNG signature", png;
  std::string idat;
  int depth = 0, colour = 0, interlace = 0;
  for (size_t at = 8; at + 8 <= bytes.size();) {
    const uint32_t length = Be32(bytes, at);
    const std::string type = bytes.substr(at + 4, 4);
    if (at + 12 + length > bytes.size()) return png.error = "truncated chunk " + type, png;
    if (type == "IHDR" && length >= 13) {
      png.width = static_cast<int>(Be32(bytes, at + 8));
      png.height = static_cast<int>(Be32(bytes, at + 12));
      depth = uint8_t(bytes[at + 16]);
      colour = uint8_t(bytes[at + 17]);
      interlace = uint8_t(bytes[at + 20]);
    } else if (type == "IDAT") {
      idat += bytes.substr(at + 8, length);
    } else if (type == "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (png.width <= 0 || png.height <= 0) return png.error = "no IHDR", png;
  if (idat.empty()) return png.error = "no IDAT", png;
  if (depth != 8 || (colour != 2 && colour != 6) || interlace != 0)
    return png.error = "unsupported PNG format (depth " + std::to_string(depth) + ", colour type " +
                       std::to_string(colour) + ")", png;
#ifndef ARBITER_HAVE_ZLIB
  return png.error = "built without zlib: cannot decode (scripts/setup installs zlib1g-dev)", png;
#else
  const int bpp = colour == 6 ? 4 : 3;
  const size_t stride = size_t(png.width) * bpp;
  std::vector<uint8_t> raw((stride + 1) * png.height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) != Z_OK ||
      raw_size != raw.size())
    return png.error = "IDAT does not inflate to the image size", png;
  std::vector<uint8_t> prev(stride, 0), row(stride);
  png.pixels.reserve(size_t(png.width) * png.height);
  for (int y = 0; y < png.height; ++y) {
    const uint8_t* line = raw.data() + y * (stride + 1);
    const int filter = line[0];
    for (size_t i = 0; i < stride; ++i) {
      const int a = i >= size_t(bpp) ? row[i - bpp] : 0, b = prev[i], c = i >= size_t(bpp) ? prev[i - bpp] : 0;
      const int x = line[1 + i];
      switch (filter) {
        case 0: row[i] = x; break;
        case 1: row[i] = uint8_t(x + a); break;
        case 2: row[i] = uint8_t(x + b); break;
        case 3: row[i] = uint8_t(x + (a + b) / 2); break;
        case 4: row[i] = uint8_t(x + Paeth(a, b, c)); break;
        default: return png.error = "bad filter " + std::to_string(filter), png;
      }
    }
    for (int px = 0; px < png.width; ++px) {
      const uint8_t* p = row.data() + px * bpp;
      png.pixels.push_back((uint32_t(p[0]) << 16) | (uint32_t(p[1]) << 8) | p[2]);
    }
    prev.swap(row);
  }
  return png;
#endif
}

int CountColour(const Png& png, uint32_t rgb) {
  int n = 0;
  for (uint32_t p : png.pixels) n += p == rgb;
  return n;
}

int DistinctColours(const Png& png) {
  return static_cast<int>(std::unordered_set<uint32_t>(png.pixels.begin(), png.pixels.end()).size());
}

}  // namespace arbiter::report::testing
