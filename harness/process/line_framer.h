// Frames a child process's output into lines the way a line-per-turn referee
// reads it, with bounded memory whatever the child writes.
//
// A line is complete when its '\n' arrives; the bytes after the last '\n' are
// the partial line, kept (up to the cap) so that a report can show them. A
// line longer than the cap is truncated but its full length is counted and it
// is flagged, so that "100 MB without a newline" is evidence, not an outage.
// Feeding the same bytes in any chunks gives the same lines and the same
// partial line. Pure: no I/O, no clocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

namespace arbiter::harness {

struct Line {
  std::string text;   // without the '\n'; at most max_line_bytes of it
  size_t length = 0;  // the full length, however long
  bool truncated = false;
  friend bool operator==(const Line&, const Line&) = default;
};

class LineFramer {
 public:
  explicit LineFramer(size_t max_line_bytes = 64 * 1024, size_t max_queued_lines = 4096);

  void Feed(std::string_view bytes);

  bool HasLine() const { return !lines_.empty(); }
  Line PopLine();  // requires HasLine()
  size_t queued() const { return lines_.size(); }
  size_t max_line_bytes() const { return max_line_bytes_; }
  size_t max_queued_lines() const { return max_queued_lines_; }

  std::string_view partial() const { return partial_.text; }  // capped
  size_t partial_length() const { return partial_.length; }   // full
  uint64_t total_bytes() const { return total_bytes_; }
  uint64_t total_lines() const { return total_lines_; }
  // Complete lines dropped because more than max_queued_lines were waiting.
  uint64_t dropped_lines() const { return dropped_lines_; }

 private:
  size_t max_line_bytes_;
  size_t max_queued_lines_;
  std::deque<Line> lines_;
  Line partial_;
  uint64_t total_bytes_ = 0;
  uint64_t total_lines_ = 0;
  uint64_t dropped_lines_ = 0;
};

}  // namespace arbiter::harness
