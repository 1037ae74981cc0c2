#include "process/line_framer.h"

namespace arbiter::harness {

LineFramer::LineFramer(size_t max_line_bytes, size_t max_queued_lines)
    : max_line_bytes_(max_line_bytes), max_queued_lines_(max_queued_lines) {}

void LineFramer::Feed(std::string_view bytes) {
  total_bytes_ += bytes.size();
  while (!bytes.empty()) {
    const size_t nl = bytes.find('\n');
    const std::string_view chunk = bytes.substr(0, nl);
    const size_t room = max_line_bytes_ - partial_.text.size();
    partial_.text.append(chunk.substr(0, room));
    partial_.length += chunk.size();
    partial_.truncated = partial_.length > max_line_bytes_;
    if (nl == std::string_view::npos) return;
    ++total_lines_;
    if (lines_.size() < max_queued_lines_) {
      lines_.push_back(std::move(partial_));
    } else {
      ++dropped_lines_;
    }
    partial_ = Line{};
    bytes.remove_prefix(nl + 1);
  }
}

Line LineFramer::PopLine() {
  Line line = std::move(lines_.front());
  lines_.pop_front();
  return line;
}

}  // namespace arbiter::harness
