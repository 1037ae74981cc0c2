// The real BotProcess (real_bot.h): reads what its Channels received, samples
// its process tree every kWatchPeriod (resident memory against the limit, CPU
// time), gives /proc evidence of what it is doing, and tears its tree down
// (process_posix.h).
#include "process/real_bot.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <thread>
#include <vector>

#include "process/event_loop_io.h"
#include "process/interrupt.h"
#include "process/launcher_watch.h"
#include "process/proc_probe.h"
#include "process/process_posix.h"
#include "process/sandbox.h"

namespace arbiter::harness {

namespace {

constexpr uint64_t kFullScanEvery = 8;  // samples: the tree is looked for every 200 ms

class RealBot final : public BotProcess, public LoopMember {
 public:
  RealBot(EventLoop& loop, std::shared_ptr<Channels> ch, pid_t pid, Clock::time_point started,
          const Limits& limits, std::string home, std::unique_ptr<MemoryCgroup> cgroup,
          std::optional<Contained> contained)
      : loop_(&loop),
        ch_(std::move(ch)),
        pid_(pid),
        started_at_(started),
        memory_kb_(static_cast<uint64_t>(limits.memory_mb) * 1024),
        home_(std::move(home)),
        cgroup_(std::move(cgroup)),
        contained_(std::move(contained)) {
    const auto stat = proc::ReadStat(pid);
    main_start_ = stat ? stat->start_time : 0;
    if (ch_->in) stdin_identity_ = proc::FdIdentity(ch_->in->native_handle());
    loop_->impl().bots.insert(this);
    RegisterGroup(pid_);
    ch_->watch = [this] { Sample(); };
    // Just started, the tree is its main process: the first full scan of
    // /proc (about a millisecond) waits for the watch's next round.
    members_ = {pid_};
    samples_ = 1;
    Sample();
    ch_->Watch();
  }
  ~RealBot() override { Release(kReleaseGrace); }

  // Tears down if needed and gives the asio objects back before the loop goes.
  void Release(Clock::duration grace) override {
    if (loop_ == nullptr) return;
    // The parent-death signal is the forking thread's (process_posix.cc):
    // a bot released elsewhere could have outlived that thread, killed.
    if (std::this_thread::get_id() != spawn_thread_) {
      std::fputs("arbiter: internal error: a bot released by a thread that did not start it\n",
                 stderr);
      std::abort();
    }
    if (!terminated_) Terminate(grace);
    ch_->Release();
    loop_->impl().bots.erase(this);
    posix::ForgetMain(pid_);
    loop_ = nullptr;
    UnregisterGroup(pid_);
    if (cgroup_) cgroup_->Remove();
    if (!home_.empty()) {
      std::error_code ignored;
      std::filesystem::remove_all(home_, ignored);
    }
  }

  std::string ContainmentEvidence() const override {
    if (!contained_) return {};
    // Its clues from its whole stderr first, then its tail; what it wrote
    // in its own HOME (npm's debug log) it sees.
    SandboxView view = contained_->view;
    view.home = home_;
    return harness::ContainmentEvidence(
        view, contained_->undo, ch_->stderr_clues + ch_->stderr_line + "\n" + stderr_tail());
  }

  ResourceUsage usage() const override {
    NoteKernelKill();
    if (cgroup_ && !usage_.at_limit && cgroup_->limit_hits() > 0) {
      usage_.at_limit = true;
      usage_.peak_rss_kb = std::max(usage_.peak_rss_kb, cgroup_->peak_bytes() / 1024);
    }
    return usage_;
  }

  // Over the members the watch knows (its last full scan): cheap enough for
  // every turn.
  // Looked at once more when asked: an exec since the last sample shows.
  std::optional<LauncherRun> launcher() const override {
    if (loop_ != nullptr && !terminated_) LookAtLauncher(launcher_, pid_, Clock::now());
    return launcher_.run();
  }

  SchedSample SchedOfTree() const override {
    AddDescendants();
    SchedSample out;
    for (const pid_t pid : members_) out.valid |= proc::ReadThreadsSched(pid, out.threads, names_);
    for (const ThreadSched& t : out.threads) out.run_ns += t.run_ns, out.wait_ns += t.wait_ns;
    return out;
  }

  pid_t pid() const override { return pid_; }
  Clock::time_point started_at() const override { return started_at_; }

  void Write(std::string_view bytes) override { ch_->Write(bytes); }
  size_t pending_write_bytes() const override { return ch_->queue.pending(); }
  std::optional<Clock::time_point> write_done_at() const override { return ch_->write_done_at; }
  // The end of its input is the last moment a bot is surely alive: one more
  // look at its tree, so that a bot that lives less than a sampling period
  // still has its memory and CPU time measured.
  void CloseStdin() override {
    Sample(true);
    ch_->CloseStdin();
  }
  bool stdin_broken() const override { return ch_->stdin_broken; }

  bool HasLine() const override { return ch_->framer.HasLine(); }
  TimedLine PopLine() override {
    TimedLine t{ch_->framer.PopLine(), ch_->line_times.front()};
    ch_->line_times.pop_front();
    return t;
  }
  std::string partial() const override { return std::string(ch_->framer.partial()); }
  size_t partial_length() const override { return ch_->framer.partial_length(); }
  uint64_t stdout_bytes() const override { return ch_->framer.total_bytes(); }
  uint64_t dropped_lines() const override { return ch_->framer.dropped_lines(); }
  bool stdout_eof() const override { return ch_->stdout_eof; }

  uint64_t stderr_bytes() const override { return ch_->stderr_bytes; }
  std::string stderr_tail() const override { return ch_->StderrTail(); }

  bool exited() const override { return ch_->exited; }
  std::optional<int> exit_code() const override { return ch_->exit_code; }
  std::optional<int> term_signal() const override { return ch_->term_signal; }
  std::optional<Clock::time_point> exited_at() const override { return ch_->exited_at; }

  ProcProbe Probe() const override {
    ProcProbe probe;
    probe.alive = !ch_->exited;
    for (const proc::ProcStat& s : posix::GroupMembers(Tree())) {
      probe.pids.push_back(s.pid);
      probe.cpu_ticks += s.utime + s.stime;
      if (!probe.waiting_for_stdin) {
        probe.waiting_for_stdin = proc::BlockedReading(s.pid, stdin_identity_);
      }
    }
    return probe;
  }

  std::vector<std::pair<pid_t, std::string>> LiveMembers() const override {
    std::vector<std::pair<pid_t, std::string>> out;
    const posix::BotTree tree = Tree();
    for (const proc::ProcStat& s : posix::Leftovers(tree, posix::BotMembers(tree)))
      out.emplace_back(s.pid, s.comm);
    return out;
  }

  TeardownReport Terminate(Clock::duration grace) override {
    if (terminated_ || loop_ == nullptr) {  // again: only say who is still there
      std::erase_if(report_.survivors, [](pid_t p) {
        const auto s = proc::ReadStat(p);
        return !s || !s->live();
      });
      return report_;
    }
    Sample(true);
    posix::TeardownHooks hooks;
    hooks.main_reaped = [this] { return ch_->exited; };
    hooks.run_until = [this](Clock::time_point t) { loop_->RunUntil(t, [] { return false; }); };
    hooks.run_until_reaped = [this](Clock::time_point t) {
      loop_->RunUntil(t, [this] { return ch_->exited; });
    };
    report_ = posix::TearDownTree(Tree(), hooks, grace);
    terminated_ = true;
    ch_->AbandonStdin();
    return report_;
  }

 private:
  posix::BotTree Tree() const {
    // Other bots of every event loop are known to BotMembers (posix::LiveMains).
    return posix::BotTree{pid_, main_start_, &seen_, contained_.has_value(), &killed_};
  }

  // One look at the tree: resident memory (killing the tree above the
  // limit), and the CPU time of every process seen in it.
  // The whole tree is found (a scan of /proc, about a millisecond on a busy
  // machine) every kFullScanEvery samples; in between only the members
  // already known are read.
  void Sample(bool full = false) {
    if (loop_ == nullptr) return;
    LookAtLauncher(launcher_, pid_, Clock::now());
    const posix::BotTree tree = Tree();
    const bool periodic = samples_++ % kFullScanEvery == 0;
    if (periodic || full) {
      // A look asked for (`full`: the end of its input, its teardown) finds
      // the tree without a scan of /proc where it can.
      std::optional<std::vector<proc::ProcStat>> quick;
      if (!periodic) quick = posix::QuickMembers(tree);
      members_.clear();
      for (const proc::ProcStat& s : quick ? *quick : posix::BotMembers(tree))
        members_.push_back(s.pid);
    }
    uint64_t rss_kb = 0;
    for (const pid_t pid : members_) {
      const std::optional<proc::ProcStat> s = proc::ReadStat(pid);
      if (!s || s->start_time < main_start_) continue;  // gone, or the pid was reused
      if (s->live()) rss_kb += proc::ReadRssKb(pid);
      cpu_ticks_[{s->pid, s->start_time}] = s->utime + s->stime;
    }
    uint64_t ticks = 0;
    for (const auto& [id, t] : cpu_ticks_) ticks += t;
    static const double kTickMs = 1000.0 / static_cast<double>(::sysconf(_SC_CLK_TCK));
    usage_.cpu_ms = static_cast<double>(ticks) * kTickMs;
    usage_.peak_rss_kb = std::max(usage_.peak_rss_kb, rss_kb);
    // With a memory cgroup the kernel enforces the limit on what the tree
    // really holds; the sum of resident sets counts shared pages once per
    // process and is only the report's figure.
    if (!cgroup_ && memory_kb_ > 0 && rss_kb > memory_kb_ && !usage_.memory_exceeded) {
      usage_.memory_exceeded = true;
      usage_.exceeded_rss_kb = rss_kb;
      KillTree(tree);
    }
    // The kernel stopped a process of the tree at the limit: the rest of
    // the tree goes with it, as with the watch.
    if (NoteKernelKill()) KillTree(tree);
  }

  // SIGKILL to the whole tree, remembered (killed_): what is still dying of
  // it at the teardown did not outlive the bot.
  void KillTree(const posix::BotTree& tree) const {
    for (const proc::ProcStat& s : posix::SignalTree(tree, SIGKILL))
      killed_.insert({s.pid, s.start_time});
  }

  // The members the watch knows and their descendants now: a wrapper's
  // child (a shell's bot, bubblewrap's) counts from the first turn, not from
  // the next full scan, so that its start-up is never taken for a turn's
  // computing. Orphans that left the tree wait for the full scan.
  void AddDescendants() const {
    for (size_t i = 0; i < members_.size(); ++i) {
      for (const pid_t child : proc::Children(members_[i])) {
        if (std::find(members_.begin(), members_.end(), child) != members_.end()) continue;
        const std::optional<proc::ProcStat> s = proc::ReadStat(child);
        if (!s || s->start_time < main_start_) continue;
        seen_.insert({s->pid, s->start_time});
        members_.push_back(child);
      }
    }
  }

  // Whether the kernel has just been seen killing a process of the tree at
  // the memory limit (its cgroup's count), noted in usage_.
  bool NoteKernelKill() const {
    if (!cgroup_ || usage_.memory_exceeded || cgroup_->oom_kills() == 0) return false;
    usage_.memory_exceeded = true;
    usage_.by_kernel = true;
    usage_.exceeded_rss_kb = std::max(cgroup_->peak_bytes() / 1024, memory_kb_);
    usage_.peak_rss_kb = std::max(usage_.peak_rss_kb, usage_.exceeded_rss_kb);
    return true;
  }

  EventLoop* loop_;  // null once released
  std::shared_ptr<Channels> ch_;
  pid_t pid_;
  Clock::time_point started_at_;
  uint64_t main_start_ = 0;
  std::string stdin_identity_;  // "pipe:[INODE]"
  mutable posix::ProcessIds seen_;
  mutable posix::ProcessIds killed_;   // sent SIGKILL by arbiter (KillTree)
  mutable std::map<int, bool> names_;  // per thread id: a runtime's own thread (SchedOfTree)
  bool terminated_ = false;
  TeardownReport report_;
  uint64_t memory_kb_;
  std::string home_;                      // the bot's HOME and TMPDIR, removed on release
  std::unique_ptr<MemoryCgroup> cgroup_;  // the kernel's memory limit, or null
  std::optional<Contained> contained_;    // what it saw, when sandboxed
  std::thread::id spawn_thread_ = std::this_thread::get_id();
  std::map<std::pair<pid_t, uint64_t>, uint64_t> cpu_ticks_;  // last utime + stime of each
  mutable std::vector<pid_t> members_;  // the tree at the last full scan, and descendants found
  uint64_t samples_ = 0;
  mutable ResourceUsage usage_;
  mutable LauncherWatch launcher_;
};

}  // namespace

std::unique_ptr<BotProcess> MakeRealBot(EventLoop& loop, std::shared_ptr<Channels> ch, pid_t pid,
                                        Clock::time_point started, const Limits& limits,
                                        std::string home, std::unique_ptr<MemoryCgroup> cgroup,
                                        std::optional<Contained> contained) {
  return std::make_unique<RealBot>(loop, std::move(ch), pid, started, limits, std::move(home),
                                   std::move(cgroup), std::move(contained));
}

}  // namespace arbiter::harness
