// Bytes that a pipe or socket did not take at once: kept in order, handed
// out as scatter-gather buffers for one asynchronous write, and consumed as
// partial writes complete. Shared by the bots' stdin (bot_channels.cc) and the
// probes' sockets (probe_hub.cc).
#pragma once

#include <boost/asio/buffer.hpp>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {

class WriteQueue {
 public:
  static constexpr size_t kMaxGather = 64;  // chunks per gathered write

  void Push(std::string_view bytes) {
    chunks_.emplace_back(bytes);
    pending_ += bytes.size();
  }
  size_t pending() const { return pending_; }

  // The first kMaxGather chunks still to write.
  std::vector<boost::asio::const_buffer> Buffers() const {
    std::vector<boost::asio::const_buffer> bufs;
    for (size_t i = 0; i < chunks_.size() && bufs.size() < kMaxGather; ++i) {
      const size_t skip = i == 0 ? offset_ : 0;
      bufs.emplace_back(chunks_[i].data() + skip, chunks_[i].size() - skip);
    }
    return bufs;
  }

  // `n` bytes were written.
  void Consume(size_t n) {
    pending_ -= n;
    while (n > 0) {
      const size_t left = chunks_.front().size() - offset_;
      if (n < left) {
        offset_ += n;
        return;
      }
      n -= left;
      chunks_.pop_front();
      offset_ = 0;
    }
  }

  void Clear() {
    chunks_.clear();
    offset_ = 0;
    pending_ = 0;
  }

 private:
  std::deque<std::string> chunks_;
  size_t offset_ = 0;  // into the front chunk
  size_t pending_ = 0;
};

}  // namespace arbiter::harness
