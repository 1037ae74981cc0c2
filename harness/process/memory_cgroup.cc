// Memory cgroups for bots (memory_cgroup.h): where arbiter's own cgroup is
// (/proc/self/cgroup against /proc/self/mountinfo), a child cgroup per bot
// with its limit, its counters, its removal.
#include "process/memory_cgroup.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace arbiter::harness {
namespace {

struct Base {
  std::string dir;  // arbiter's own cgroup, where bots' cgroups are made
  bool v2 = false;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool WriteFile(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

// The folder of arbiter's cgroup in the hierarchy mounted with `fstype`
// (and, for v1, the `memory` controller), or "".
std::string OwnCgroupDir(bool v2) {
  std::string own;  // the cgroup path from /proc/self/cgroup
  std::istringstream cg(ReadFile("/proc/self/cgroup"));
  for (std::string line; std::getline(cg, line);) {
    const size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    bool match = v2 ? line.compare(0, a, "0") == 0 && controllers.empty() : false;
    if (!v2) {
      std::istringstream cs(controllers);
      for (std::string c; std::getline(cs, c, ',');) match |= c == "memory";
    }
    if (match) own = line.substr(b + 1);
  }
  if (own.empty()) return "";
  std::istringstream mi(ReadFile("/proc/self/mountinfo"));
  for (std::string line; std::getline(mi, line);) {
    std::istringstream f(line);
    std::vector<std::string> fields;
    for (std::string w; f >> w;) fields.push_back(w);
    size_t dash = 0;
    while (dash < fields.size() && fields[dash] != "-") ++dash;
    if (dash + 3 >= fields.size() || fields.size() < 5) continue;
    const std::string& type = fields[dash + 1];
    if (type != (v2 ? "cgroup2" : "cgroup")) continue;
    if (!v2 && ("," + fields[dash + 3] + ",").find(",memory,") == std::string::npos) continue;
    const std::string& root = fields[3];
    const std::string& mount = fields[4];
    std::string rel = own;
    if (root != "/" && rel.compare(0, root.size(), root) == 0) rel = rel.substr(root.size());
    if (rel == "/") rel.clear();
    struct stat st {};
    if (::stat((mount + rel).c_str(), &st) == 0) return mount + rel;
  }
  return "";
}

std::atomic<uint64_t> g_serial{0};

// Makes a child cgroup of `base` named for this process, with `limit`.
std::string MakeChild(const Base& base, uint64_t limit, std::string& error) {
  const std::string dir = base.dir + "/arbiter-" + std::to_string(::getpid()) + "-" +
                          std::to_string(g_serial.fetch_add(1));
  if (::mkdir(dir.c_str(), 0755) != 0) {
    error = "cannot create the memory cgroup " + dir + ": " + std::strerror(errno);
    return "";
  }
  const std::string bytes = std::to_string(limit);
  const bool ok = base.v2 ? WriteFile(dir + "/memory.max", bytes)
                          : WriteFile(dir + "/memory.limit_in_bytes", bytes);
  if (!ok) {
    error = "cannot set the memory limit of the cgroup " + dir + ": " + std::strerror(errno);
    ::rmdir(dir.c_str());
    return "";
  }
  // Swap counts too where the kernel can say so; where it cannot, the
  // memory limit alone holds.
  if (base.v2) {
    WriteFile(dir + "/memory.swap.max", "0");
  } else {
    WriteFile(dir + "/memory.memsw.limit_in_bytes", bytes);
  }
  return dir;
}

const Base* FindBase(std::string& why) {
  static const std::pair<Base, std::string> kBase = []() -> std::pair<Base, std::string> {
    std::string error;
    for (const bool v2 : {true, false}) {
      Base b{OwnCgroupDir(v2), v2};
      if (b.dir.empty()) continue;
      if (v2) {  // the memory controller must be delegated to arbiter's children
        const std::string sub = ReadFile(b.dir + "/cgroup.subtree_control");
        if (sub.find("memory") == std::string::npos) continue;
      }
      const std::string dir = MakeChild(b, uint64_t{1} << 30, error);
      if (dir.empty()) continue;
      ::rmdir(dir.c_str());
      return {b, ""};
    }
    return {Base{}, error.empty()
                        ? "no memory cgroup can be made here (no cgroup v1 memory hierarchy, "
                          "and cgroup v2 does not delegate memory to arbiter)"
                        : error};
  }();
  why = kBase.second;
  return kBase.second.empty() ? &kBase.first : nullptr;
}

uint64_t Counter(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string k; in >> k;) {
    uint64_t v = 0;
    if (!(in >> v)) return 0;
    if (k == key) return v;
  }
  return 0;
}

}  // namespace

bool MemoryCgroupAvailable(std::string& why) { return FindBase(why) != nullptr; }

std::string MemoryCgroupKind() {
  std::string why;
  const Base* b = FindBase(why);
  return b == nullptr ? "" : b->v2 ? "cgroup v2" : "cgroup v1";
}

std::unique_ptr<MemoryCgroup> MemoryCgroup::Create(uint64_t limit_bytes, std::string& error) {
  const Base* base = FindBase(error);
  if (base == nullptr) return nullptr;
  const std::string dir = MakeChild(*base, limit_bytes, error);
  if (dir.empty()) return nullptr;
  const int fd = ::open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot open " + dir + "/cgroup.procs: " + std::strerror(errno);
    ::rmdir(dir.c_str());
    return nullptr;
  }
  return std::unique_ptr<MemoryCgroup>(new MemoryCgroup(dir, base->v2, fd));
}

MemoryCgroup::~MemoryCgroup() { Remove(); }

uint64_t MemoryCgroup::oom_kills() const {
  if (dir_.empty()) return 0;
  return v2_ ? Counter(ReadFile(dir_ + "/memory.events"), "oom_kill")
             : Counter(ReadFile(dir_ + "/memory.oom_control"), "oom_kill");
}

uint64_t MemoryCgroup::limit_hits() const {
  if (dir_.empty()) return 0;
  if (v2_) return Counter(ReadFile(dir_ + "/memory.events"), "max");
  return std::strtoull(ReadFile(dir_ + "/memory.failcnt").c_str(), nullptr, 10);
}

uint64_t MemoryCgroup::peak_bytes() const {
  if (dir_.empty()) return 0;
  const std::string text = ReadFile(dir_ + (v2_ ? "/memory.peak" : "/memory.max_usage_in_bytes"));
  return std::strtoull(text.c_str(), nullptr, 10);
}

void MemoryCgroup::Remove() {
  if (procs_fd_ >= 0) ::close(procs_fd_);
  procs_fd_ = -1;
  if (dir_.empty()) return;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  while (::rmdir(dir_.c_str()) != 0 && errno == EBUSY &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  dir_.clear();
}

}  // namespace arbiter::harness
