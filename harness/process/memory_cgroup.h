// A bot's memory limit enforced by the kernel (arbiter.process.limits): a
// memory cgroup of its own (cgroup v2 where arbiter's cgroup delegates the
// memory controller, else the v1 memory hierarchy), which the bot's first
// process joins before its exec, so that every process it starts is counted
// and none can allocate past the limit between two looks of the /proc watch.
// The kernel kills a process of the tree at the limit; arbiter sees the kill
// in the cgroup's counters and reports it as process.memory.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace arbiter::harness {

// Whether arbiter can make memory cgroups here; `why` says why not. Cached.
bool MemoryCgroupAvailable(std::string& why);
// "cgroup v1" or "cgroup v2" when available.
std::string MemoryCgroupKind();

class MemoryCgroup {
 public:
  // A new cgroup limited to `limit_bytes` (swap included where the kernel
  // counts it); nullptr and `error` on failure.
  static std::unique_ptr<MemoryCgroup> Create(uint64_t limit_bytes, std::string& error);
  ~MemoryCgroup();  // Remove()
  MemoryCgroup(const MemoryCgroup&) = delete;
  MemoryCgroup& operator=(const MemoryCgroup&) = delete;

  // Its cgroup.procs, open for writing: the child writes its pid there.
  int procs_fd() const { return procs_fd_; }
  // Processes the kernel killed for the limit so far.
  uint64_t oom_kills() const;
  // Times the cgroup was refused memory at its limit (cgroup v1's
  // memory.failcnt; v2's memory.events "max").
  uint64_t limit_hits() const;
  // The most memory the cgroup held (bytes), where the kernel keeps it.
  uint64_t peak_bytes() const;
  // Removes the cgroup, waiting up to 200 ms for its last processes to go.
  void Remove();

 private:
  MemoryCgroup(std::string dir, bool v2, int procs_fd)
      : dir_(std::move(dir)), v2_(v2), procs_fd_(procs_fd) {}
  std::string dir_;
  bool v2_;
  int procs_fd_;
};

}  // namespace arbiter::harness
