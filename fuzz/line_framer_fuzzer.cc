// Fuzzes harness/process/line_framer.h: the same bytes fed whole and fed in chunks
// of fuzzer-chosen sizes (cycled; a size may be 0) must give the same lines
// (text, full length, truncated flag), the same partial line and the same
// counters. The caps are small (line 0..32 bytes, queue 1..16 lines) so that
// truncation and dropped lines happen; lines are popped only at the end.
//
// Format: <payload...> <header, last byte consumed first>: max_line_bytes,
// max_queued_lines, a count k (0..32) and k chunk sizes (0..64).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "process/line_framer.h"

namespace {

using arbiter::harness::Line;
using arbiter::harness::LineFramer;

[[noreturn]] void Differ(const char* what) {
  std::fprintf(stderr, "line_framer_fuzzer: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const size_t max_line = in.ConsumeIntegralInRange<size_t>(0, 32);
  const size_t max_queued = in.ConsumeIntegralInRange<size_t>(1, 16);
  std::vector<size_t> chunks(in.ConsumeIntegralInRange<size_t>(0, 32));
  size_t sum = 0;
  for (size_t& c : chunks) sum += c = in.ConsumeIntegralInRange<size_t>(0, 64);
  if (sum == 0) chunks = {1};
  const std::string payload = in.ConsumeRemainingBytesAsString();

  LineFramer whole(max_line, max_queued);
  whole.Feed(payload);
  LineFramer pieces(max_line, max_queued);
  std::string_view rest = payload;
  for (size_t i = 0; !rest.empty(); i = (i + 1) % chunks.size()) {
    const size_t n = std::min(chunks[i], rest.size());
    pieces.Feed(rest.substr(0, n));
    rest.remove_prefix(n);
  }

  if (whole.total_bytes() != payload.size()) Differ("total_bytes is not the payload size");
  if (pieces.total_bytes() != whole.total_bytes())
    Differ("fed in chunks, total_bytes differs from fed whole");
  if (pieces.total_lines() != whole.total_lines())
    Differ("fed in chunks, total_lines differs from fed whole");
  if (pieces.dropped_lines() != whole.dropped_lines())
    Differ("fed in chunks, dropped_lines differs from fed whole");
  if (pieces.queued() != whole.queued()) Differ("fed in chunks, queued differs from fed whole");
  if (pieces.partial() != whole.partial())
    Differ("fed in chunks, the partial line differs from fed whole");
  if (pieces.partial_length() != whole.partial_length())
    Differ("fed in chunks, partial_length differs from fed whole");
  if (whole.partial().size() > max_line) Differ("the partial line breaks its cap");
  while (whole.HasLine()) {
    if (!pieces.HasLine()) Differ("fed in chunks, the number of lines differs from fed whole");
    const Line a = whole.PopLine();
    const Line b = pieces.PopLine();
    if (!(a == b)) Differ("fed in chunks, a line differs from fed whole");
    if (a.text.size() > max_line || a.truncated != (a.length > max_line))
      Differ("a line breaks its cap");
  }
  if (pieces.HasLine()) Differ("fed in chunks, the number of lines differs from fed whole");
  return 0;
}
