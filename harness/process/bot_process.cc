// The real BotProcess: Boost.Process v2 starts the program with three pipes,
// one asio io_context (EventLoop::Impl) moves the bytes of every bot, and
// process_posix.h does the child set-up, the /proc evidence and the teardown.
//
// Every pending asynchronous operation holds a shared_ptr to the bot's
// Channels, so a bot can be destroyed with reads pending: its asio objects
// are destroyed (which cancels the operations) and the Channels live on until
// the loop has delivered the cancellations. The EventLoop keeps a list of
// live bots and tears them down if it is destroyed first.
#include "bot_process.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

// clang-format off
// Boost 1.81's Boost.Process v2 with BOOST_PROCESS_USE_STD_FS still names
// boost::optional, boost::decay and boost::is_convertible, which only the
// Boost.Filesystem headers would have brought in: they must come first.
#include <boost/optional.hpp>
#include <boost/type_traits/decay.hpp>
#include <boost/type_traits/is_convertible.hpp>
// clang-format on
#include <algorithm>
#include <boost/asio/buffer.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/stdio.hpp>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "event_loop_io.h"
#include "interrupt.h"
#include "proc_probe.h"
#include "process_posix.h"
#include "write_queue.h"

namespace arbiter::harness {
namespace asio = boost::asio;
namespace bp = boost::process::v2;

namespace {

// How long a bot destroyed while running (or outlived by its loop) gets
// between SIGTERM and SIGKILL.
constexpr auto kReleaseGrace = std::chrono::milliseconds(100);
// How long RunUntil keeps running ready handlers once its deadline has passed.
constexpr auto kReadyBudget = std::chrono::milliseconds(2);
// How often a bot's tree is sampled for resident memory and CPU time. A tree
// that allocates a gigabyte a second overshoots the limit by about 25 MB.
constexpr auto kWatchPeriod = std::chrono::milliseconds(25);
constexpr uint64_t kFullScanEvery = 8;  // samples: the tree is looked for every 200 ms

// The child side of the launch, as a Boost.Process initializer.
struct ChildInit {
  const posix::ChildPlan* plan;

  template <typename Launcher>
  boost::system::error_code on_exec_setup(Launcher& launcher, const bp::filesystem::path&,
                                          const char* const*) {
    if (const int err = posix::PrepareChild(*plan); err != 0) {
      return boost::system::error_code(err, boost::system::system_category());
    }
    // Only 0, 1, 2 and the launcher's error pipe may reach the bot: anything
    // else (another bot's pipe, its own stdin's read end) would keep pipes
    // open that must close when their holders die.
    posix::CloseDescriptorsExcept(launcher.fd_whitelist);
    return {};
  }
  // After a failed exec, Boost 1.81 writes errno to its error pipe and calls
  // ::exit(), which would run arbiter's atexit handlers and flush arbiter's
  // stdio buffers into the bot's pipes. It detects this hook with a
  // five-argument call and makes a four-argument one; a variadic template
  // matches both.
  template <typename... Args>
  void on_exec_error(Args&&...) {
    ::_exit(127);
  }
};

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

constexpr size_t kReadChunk = 64 * 1024;  // a default pipe's capacity

// A bot's pipes, buffers and fate: everything the asynchronous handlers touch.
// Handlers hold a shared_ptr to it and do nothing once it is released.
struct Channels : std::enable_shared_from_this<Channels> {
  Channels(asio::io_context& io, const SpawnOptions& o)
      : in(std::in_place, io),
        out(std::in_place, io),
        err(std::in_place, io),
        watch_timer(std::in_place, io),
        framer(o.max_line_bytes, o.max_queued_lines),
        stderr_cap(o.stderr_tail_bytes) {}

  void Start(bp::process p) {
    proc.emplace(std::move(p));
    const int fd = in->native_handle();
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);  // for Write's direct write
    Read(true);
    Read(false);
    proc->async_wait([self = shared_from_this()](const boost::system::error_code& ec, int) {
      const Clock::time_point at = Clock::now();
      if (self->released || ec == asio::error::operation_aborted) return;
      self->exited = true;
      self->exited_at = at;
      const int status = self->proc->native_exit_code();
      if (!ec && WIFEXITED(status)) self->exit_code = WEXITSTATUS(status);
      if (!ec && WIFSIGNALED(status)) self->term_signal = WTERMSIG(status);
      self->proc->detach();  // reaped: the pid may be reused and must not be signalled
    });
  }

  void Read(bool is_stdout) {
    auto& pipe = is_stdout ? out : err;
    std::vector<char>& buf = is_stdout ? out_buf : err_buf;
    pipe->async_read_some(asio::buffer(buf), [self = shared_from_this(), is_stdout](
                                                 const boost::system::error_code& ec, size_t n) {
      const Clock::time_point at = Clock::now();  // TimedLine::at
      if (self->released) return;
      if (n > 0 && is_stdout) {
        const size_t before = self->framer.queued();
        self->framer.Feed(std::string_view(self->out_buf.data(), n));
        for (size_t i = before; i < self->framer.queued(); ++i) self->line_times.push_back(at);
      } else if (n > 0) {
        self->KeepStderr(n);
      }
      if (!ec) return self->Read(is_stdout);
      if (ec == asio::error::operation_aborted) return;
      // End of file: every holder of the write end has closed it.
      boost::system::error_code ignored;
      (is_stdout ? self->out : self->err)->close(ignored);
      if (is_stdout) self->stdout_eof = true;
    });
  }

  void KeepStderr(size_t n) {
    stderr_bytes += n;
    if (stderr_cap == 0) return;
    stderr_kept.append(err_buf.data(), n);
    if (stderr_kept.size() > 2 * stderr_cap) stderr_kept.erase(0, stderr_kept.size() - stderr_cap);
  }
  std::string StderrTail() const {
    const size_t keep = std::min(stderr_cap, stderr_kept.size());
    return stderr_kept.substr(stderr_kept.size() - keep);
  }

  // Writes at once what the pipe takes and queues the rest for the loop.
  void Write(std::string_view bytes) {
    if (bytes.empty() || released || stdin_broken || close_requested || !in->is_open()) return;
    write_done_at.reset();
    if (queue.pending() == 0 && !writing) {
      // The clock is read before the write: writing wakes the bot, which may
      // preempt arbiter and answer before a clock read after the write. The
      // time of an answer is then measured from the write's start, never from
      // a moment after the bot could already have seen its input.
      const Clock::time_point before = Clock::now();
      const ssize_t n = ::write(in->native_handle(), bytes.data(), bytes.size());
      if (n < 0 && errno != EAGAIN && errno != EINTR) return BreakStdin();
      bytes.remove_prefix(n > 0 ? static_cast<size_t>(n) : 0);
      if (bytes.empty()) {
        write_done_at = before;
        return;
      }
    }
    queue.Push(bytes);
    Flush();
  }

  void Flush() {
    if (writing || released || !in->is_open()) return;
    if (queue.pending() == 0) {
      if (close_requested) CloseIn();
      return;
    }
    const std::vector<asio::const_buffer> bufs = queue.Buffers();
    writing = true;
    in->async_write_some(
        bufs, [self = shared_from_this()](const boost::system::error_code& ec, size_t n) {
          const Clock::time_point at = Clock::now();
          self->writing = false;
          if (self->released || ec == asio::error::operation_aborted) return;
          if (ec) return self->BreakStdin();  // EPIPE, ECONNRESET: nobody reads any more
          self->queue.Consume(n);
          if (self->queue.pending() == 0) self->write_done_at = at;
          self->Flush();
        });
  }

  void CloseStdin() {
    close_requested = true;
    if (!writing && queue.pending() == 0) CloseIn();
  }
  void CloseIn() {
    boost::system::error_code ignored;
    if (in && in->is_open()) in->close(ignored);  // cancels a write in flight
  }
  void BreakStdin() {
    stdin_broken = true;
    AbandonStdin();
  }
  void AbandonStdin() {
    close_requested = true;
    CloseIn();
    queue.Clear();
  }

  // Samples the tree every kWatchPeriod through `watch` (set by the bot)
  // until the channels are released.
  void Watch() {
    if (released || !watch_timer) return;
    watch_timer->expires_after(kWatchPeriod);
    watch_timer->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (self->released || ec) return;
      if (self->watch) self->watch();
      self->Watch();
    });
  }

  // Destroys the asio objects (cancelling what is pending) while the loop lives.
  void Release() {
    released = true;
    watch = nullptr;
    watch_timer.reset();
    if (proc) proc->detach();  // never kill-and-wait in ~basic_process
    proc.reset();
    in.reset();
    out.reset();
    err.reset();
  }

  std::optional<asio::writable_pipe> in;
  std::optional<asio::readable_pipe> out;
  std::optional<asio::readable_pipe> err;
  std::optional<bp::process> proc;
  std::optional<asio::steady_timer> watch_timer;
  std::function<void()> watch;  // the bot's sampling; cleared on release
  bool released = false;

  WriteQueue queue;  // bytes the pipe or socket has not taken yet
  bool writing = false;
  bool close_requested = false;
  bool stdin_broken = false;
  std::optional<Clock::time_point> write_done_at;

  std::vector<char> out_buf = std::vector<char>(kReadChunk);
  LineFramer framer;
  std::deque<Clock::time_point> line_times;  // one per line queued in the framer
  bool stdout_eof = false;

  std::vector<char> err_buf = std::vector<char>(kReadChunk);
  size_t stderr_cap;
  std::string stderr_kept;  // at most 2 * stderr_cap
  uint64_t stderr_bytes = 0;

  bool exited = false;
  std::optional<int> exit_code;
  std::optional<int> term_signal;
  std::optional<Clock::time_point> exited_at;
};

class RealBot;

constexpr const char* kDefaultPath = "/usr/local/bin:/usr/bin:/bin";

// The environment of a bot (bot_process.h Environment); creates its HOME
// (returned in `home`, empty when inheriting) or says why it could not.
std::vector<std::string> BotEnvironment(const Environment& env, std::string& home,
                                        std::string& error) {
  std::vector<std::string> out;
  if (env.inherit) {
    for (char** e = ::environ; *e != nullptr; ++e) out.emplace_back(*e);
  } else {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/arbiter-bot.XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      error = "cannot create its HOME folder '" + pattern + "': " + std::strerror(errno);
      return out;
    }
    home = pattern;
    const std::string tmpdir = home + "/tmp";
    ::mkdir(tmpdir.c_str(), 0700);
    const char* path = std::getenv("PATH");
    out = {std::string("PATH=") + (path != nullptr ? path : kDefaultPath), "HOME=" + home,
           "TMPDIR=" + tmpdir, "LANG=C.UTF-8"};
  }
  for (const std::string& kv : env.extra) {
    const std::string key = kv.substr(0, kv.find('=') + 1);
    std::erase_if(out, [&](const std::string& e) { return e.compare(0, key.size(), key) == 0; });
    out.push_back(kv);
  }
  return out;
}

}  // namespace

std::vector<std::string> DescribeEnvironment(const Environment& env) {
  std::vector<std::string> out;
  if (env.inherit) {
    out.push_back("(arbiter's whole environment: --inherit-env)");
  } else {
    const char* path = std::getenv("PATH");
    out = {std::string("PATH=") + (path != nullptr ? path : kDefaultPath),
           "HOME=(a fresh empty folder per bot, removed after it)", "TMPDIR=(HOME)/tmp",
           "LANG=C.UTF-8"};
  }
  for (const std::string& kv : env.extra) out.push_back(kv);
  return out;
}

bool ValidEnvironmentEntry(const std::string& kv) {
  const size_t eq = kv.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  if (std::isdigit(static_cast<unsigned char>(kv[0]))) return false;
  for (size_t i = 0; i < eq; ++i) {
    const unsigned char c = static_cast<unsigned char>(kv[i]);
    if (!std::isalnum(c) && c != '_') return false;
  }
  return true;
}

struct EventLoop::Impl {
  asio::io_context io{1};
  asio::executor_work_guard<asio::io_context::executor_type> work = asio::make_work_guard(io);
  std::set<RealBot*> bots;  // not yet released
  // Readable once arbiter is interrupted (interrupt.h): wakes a waiting loop.
  std::optional<asio::posix::stream_descriptor> wake;
  char wake_byte = 0;
};

EventLoop::EventLoop() : impl_(std::make_unique<Impl>()) {
  // A bot that closes its stdin makes our next write fail with EPIPE; the
  // signal that comes with it must not kill arbiter.
  std::signal(SIGPIPE, SIG_IGN);
  // Orphaned descendants of bots are re-parented to us, where teardown finds them.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  if (const int fd = NewWakeFd(); fd >= 0) {
    impl_->wake.emplace(impl_->io, fd);
    impl_->wake->async_read_some(asio::buffer(&impl_->wake_byte, 1),
                                 [](const boost::system::error_code&, size_t) {});
  }
}

bool EventLoop::RunUntil(Clock::time_point deadline, const std::function<bool()>& done) {
  if (done()) return true;
  asio::io_context& io = impl_->io;
  if (io.stopped()) io.restart();
  // Interrupted: no more waiting; what has arrived is still collected below.
  while (Clock::now() < deadline && !Interrupted()) {
    io.run_one_until(deadline);  // recomputes the remaining time before every wait
    if (done()) return true;
    if (io.stopped()) io.restart();
  }
  // Past the deadline, what is ready still runs (without waiting), briefly.
  const Clock::time_point stop = Clock::now() + kReadyBudget;
  while (io.poll_one() != 0) {
    if (done()) return true;
    if (Clock::now() >= stop) break;
  }
  return done();
}

asio::io_context& IoContextOf(EventLoop& loop) { return loop.impl().io; }

void EventLoop::Poll() {
  if (impl_->io.stopped()) impl_->io.restart();
  impl_->io.poll();
}

namespace {

class RealBot final : public BotProcess {
 public:
  RealBot(EventLoop& loop, std::shared_ptr<Channels> ch, pid_t pid, Clock::time_point started,
          const Limits& limits, std::string home)
      : loop_(&loop),
        ch_(std::move(ch)),
        pid_(pid),
        started_at_(started),
        memory_kb_(static_cast<uint64_t>(limits.memory_mb) * 1024),
        home_(std::move(home)) {
    const auto stat = proc::ReadStat(pid);
    main_start_ = stat ? stat->start_time : 0;
    if (ch_->in) stdin_identity_ = proc::FdIdentity(ch_->in->native_handle());
    loop_->impl().bots.insert(this);
    RegisterGroup(pid_);
    ch_->watch = [this] { Sample(); };
    Sample();
    ch_->Watch();
  }
  ~RealBot() override { Release(kReleaseGrace); }

  // Tears down if needed and gives the asio objects back before the loop goes.
  void Release(Clock::duration grace) {
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
    if (!home_.empty()) {
      std::error_code ignored;
      std::filesystem::remove_all(home_, ignored);
    }
  }

  ResourceUsage usage() const override { return usage_; }

  // Over the members the watch knows (its last full scan): cheap enough for
  // every turn.
  SchedSample SchedOfTree() const override {
    SchedSample out;
    for (const pid_t pid : members_) out.valid |= proc::ReadSchedStat(pid, out.run_ns, out.wait_ns);
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
    report_ = posix::TearDownTree(Tree(), hooks, grace);
    terminated_ = true;
    ch_->AbandonStdin();
    return report_;
  }

 private:
  posix::BotTree Tree() const {
    // Other bots of every event loop are known to BotMembers (posix::LiveMains).
    return posix::BotTree{pid_, main_start_, &seen_};
  }

  // One look at the tree: resident memory (killing the tree above the
  // limit), and the CPU time of every process seen in it.
  // The whole tree is found (a scan of /proc, about a millisecond on a busy
  // machine) every kFullScanEvery samples; in between only the members
  // already known are read.
  void Sample(bool full = false) {
    if (loop_ == nullptr) return;
    const posix::BotTree tree = Tree();
    if (samples_++ % kFullScanEvery == 0 || full) {
      members_.clear();
      for (const proc::ProcStat& s : posix::BotMembers(tree)) members_.push_back(s.pid);
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
    if (memory_kb_ > 0 && rss_kb > memory_kb_ && !usage_.memory_exceeded) {
      usage_.memory_exceeded = true;
      usage_.exceeded_rss_kb = rss_kb;
      posix::SignalTree(tree, SIGKILL);
    }
  }

  EventLoop* loop_;  // null once released
  std::shared_ptr<Channels> ch_;
  pid_t pid_;
  Clock::time_point started_at_;
  uint64_t main_start_ = 0;
  std::string stdin_identity_;  // "pipe:[INODE]"
  mutable posix::ProcessIds seen_;
  bool terminated_ = false;
  TeardownReport report_;
  uint64_t memory_kb_;
  std::string home_;  // the bot's HOME and TMPDIR, removed on release
  std::thread::id spawn_thread_ = std::this_thread::get_id();
  std::map<std::pair<pid_t, uint64_t>, uint64_t> cpu_ticks_;  // last utime + stime of each
  std::vector<pid_t> members_;                                // the tree at the last full scan
  uint64_t samples_ = 0;
  ResourceUsage usage_;
};

}  // namespace

EventLoop::~EventLoop() {
  const std::set<RealBot*> bots = impl_->bots;
  for (RealBot* bot : bots) bot->Release(kReleaseGrace);
  if (impl_->wake) {
    boost::system::error_code ignored;
    impl_->wake->cancel(ignored);
    ReleaseWakeFd(impl_->wake->release());
    impl_->wake.reset();
  }
  impl_->work.reset();
  Poll();  // delivers the cancellations, releasing the Channels they hold
}

std::unique_ptr<BotProcess> SpawnBot(EventLoop& loop, const SpawnOptions& options,
                                     std::string& error) {
  error.clear();
  if (options.argv.empty()) {
    error = "cannot execute an empty command line";
    return nullptr;
  }
  const std::string& name = options.argv[0];
  int err = 0;
  const std::string path = posix::ResolveExecutable(name, err);
  if (path.empty()) {
    error = "cannot execute " + Quoted(name) + ": " + std::strerror(err);
    return nullptr;
  }
  asio::io_context& io = loop.impl().io;
  std::string home;
  std::vector<std::string> env_strings = BotEnvironment(options.env, home, error);
  if (!error.empty()) {
    error = "cannot start " + Quoted(name) + ": " + error;
    return nullptr;
  }
  std::vector<const char*> envp;
  for (const std::string& kv : env_strings) envp.push_back(kv.c_str());
  envp.push_back(nullptr);
  auto remove_home = [&home] {
    std::error_code ignored;
    if (!home.empty()) std::filesystem::remove_all(home, ignored);
  };
  auto ch = std::make_shared<Channels>(io, options);
  int report[2];
  if (::pipe2(report, O_CLOEXEC | O_NONBLOCK) != 0) {
    error = "cannot start " + Quoted(name) + ": pipe: " + std::strerror(errno);
    remove_home();
    return nullptr;
  }
  const posix::ChildPlan plan{options.limits, ::getpid(), report[1], envp.data()};
  std::vector<const char*> argv;
  for (const std::string& a : options.argv) argv.push_back(a.c_str());
  argv.push_back(nullptr);

  bp::posix::default_launcher launcher;
  launcher.env = envp.data();
  boost::system::error_code ec;
  std::optional<bp::process> proc;
  // From before the fork until the main pid is known: no other thread's
  // scan takes the new child for an orphan of its bot.
  posix::SpawnRegistration registering;
  const Clock::time_point started = Clock::now();
  {
    // Holds the child's ends of the pipes until the launch is over.
    bp::process_stdio stdio{*ch->in, *ch->out, *ch->err};
    for (const auto* e : {&stdio.in.ec, &stdio.out.ec, &stdio.err.ec}) {
      if (*e) error = "cannot start " + Quoted(name) + ": pipe: " + e->message();
    }
    if (error.empty()) {
      proc.emplace(launcher(asio::any_io_executor(io.get_executor()), ec, path, argv.data(), stdio,
                            ChildInit{&plan}));
      if (!ec && proc) registering.Register(proc->id());
    }
  }
  ::close(report[1]);
  posix::ChildFailure failure;
  const bool setup_failed = ::read(report[0], &failure, sizeof failure) == sizeof failure;
  ::close(report[0]);
  if (!error.empty() || ec) remove_home();
  if (!error.empty()) return nullptr;
  if (ec) {
    if (launcher.pid > 0)
      posix::ReapWithin(launcher.pid, std::chrono::seconds(1));  // exits at once
    if (launcher.pid <= 0) {
      error = "cannot start " + Quoted(name) + ": fork: " + std::strerror(ec.value());
    } else if (setup_failed) {
      error = "cannot start " + Quoted(name) + ": " +
              std::string(posix::ChildStepName(failure.step)) + ": " + std::strerror(failure.error);
    } else {
      error = "cannot execute " + Quoted(name) + ": " + std::strerror(ec.value());
      if (ec.value() == ENOENT) error += " (its #! interpreter or loader is missing)";
    }
    return nullptr;
  }
  const pid_t pid = proc->id();
  ch->Start(std::move(*proc));
  return std::make_unique<RealBot>(loop, std::move(ch), pid, started, options.limits,
                                   std::move(home));
}

}  // namespace arbiter::harness
