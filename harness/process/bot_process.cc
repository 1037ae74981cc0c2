// SpawnBot (bot_process.h): starts a bot's program with Boost.Process v2 on
// three pipes of its loop's io_context, in a session and group of its own,
// under its limits and in its environment (process_posix.h does the child
// side between fork and exec); a program that cannot start is an error that
// says why, and nothing of it is left behind. The started bot is a RealBot
// (real_bot.h).
#include "process/bot_process.h"

#include <fcntl.h>
#include <unistd.h>

// clang-format off
// Boost 1.81's Boost.Process v2 with BOOST_PROCESS_USE_STD_FS still names
// boost::optional, boost::decay and boost::is_convertible, which only the
// Boost.Filesystem headers would have brought in: they must come first.
#include <boost/optional.hpp>
#include <boost/type_traits/decay.hpp>
#include <boost/type_traits/is_convertible.hpp>
// clang-format on
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/stdio.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "process/bot_channels.h"
#include "process/bot_environment.h"
#include "process/event_loop_io.h"
#include "process/memory_cgroup.h"
#include "process/process_posix.h"
#include "process/real_bot.h"
#include "process/sandbox.h"

namespace arbiter::harness {
namespace asio = boost::asio;
namespace bp = boost::process::v2;

namespace {

// The child side of the launch, as a Boost.Process initializer.
struct ChildInit {
  const posix::ChildPlan* plan;
  bool sandboxed = false;  // the pipes go to kSandboxStdin/kSandboxStdout (sandbox.h)

  template <typename Launcher>
  boost::system::error_code on_exec_setup(Launcher& launcher, const bp::filesystem::path&,
                                          const char* const*) {
    if (const int err = posix::PrepareChild(*plan); err != 0) {
      return boost::system::error_code(err, boost::system::system_category());
    }
    if (sandboxed) {
      const int null = ::open("/dev/null", O_RDWR);  // the stdio Boost set are the bot's
      if (null < 0 || ::dup2(0, kSandboxStdin) < 0 || ::dup2(1, kSandboxStdout) < 0 ||
          ::dup2(null, 0) < 0 || ::dup2(null, 1) < 0)
        return boost::system::error_code(errno, boost::system::system_category());
      if (null > kSandboxStdout) ::close(null);
    }
    // Only 0, 1, 2 (and the bot's pipes for a sandbox) and the launcher's
    // error pipe may reach the bot: anything else (another bot's pipe, its
    // own stdin's read end) would keep pipes open that must close when
    // their holders die.
    static constexpr int kSandboxPipes[] = {kSandboxStdin, kSandboxStdout};
    posix::CloseDescriptorsExcept(launcher.fd_whitelist, sandboxed
                                                             ? std::span<const int>(kSandboxPipes)
                                                             : std::span<const int>());
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

}  // namespace

std::unique_ptr<BotProcess> SpawnBot(EventLoop& loop, const SpawnOptions& options,
                                     std::string& error) {
  error.clear();
  if (options.argv.empty()) {
    error = "cannot execute an empty command line";
    return nullptr;
  }
  const std::string& name = options.argv[0];
  int err = 0;
  std::string path = posix::ResolveExecutable(name, err);
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
  std::vector<std::string> command = options.argv;
  const Containment& contain = options.containment;
  std::optional<Contained> contained;
  if (contain.sandbox) {
    std::vector<std::string> shared = contain.shared;  // and what LD_LIBRARY_PATH names
    for (std::string& dir : LibraryPathFolders(env_strings)) shared.push_back(std::move(dir));
    contained = Contained{PlanSandbox(options.argv, path, shared, error), contain.undo};
    if (error.empty()) command = SandboxArgv(contained->view, options.argv, path, home);
    if (error.empty()) path = command[0];  // bwrap, as SandboxAvailable found it
    if (path.empty()) error = "bubblewrap (bwrap) is not found";
    // The child moves the bot's pipes to descriptors 3 and 4: they must not
    // be free in arbiter, or a pipe of the launch could land there.
    static const bool kReserved = [] {
      for (const int fd : {kSandboxStdin, kSandboxStdout})
        if (::fcntl(fd, F_GETFD) == -1) ::open("/dev/null", O_RDONLY | O_CLOEXEC);
      return true;
    }();
    (void)kReserved;
  }
  std::unique_ptr<MemoryCgroup> cgroup;
  if (error.empty() && contain.memory_cgroup && options.limits.memory_mb > 0)
    cgroup = MemoryCgroup::Create(uint64_t(options.limits.memory_mb) << 20, error);
  if (!error.empty()) {
    error = "cannot start " + Quoted(name) + " contained: " + error;
    std::error_code ignored;
    if (!home.empty()) std::filesystem::remove_all(home, ignored);
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
  ch->sandboxed = contain.sandbox;
  int report[2];
  if (::pipe2(report, O_CLOEXEC | O_NONBLOCK) != 0) {
    error = "cannot start " + Quoted(name) + ": pipe: " + std::strerror(errno);
    remove_home();
    return nullptr;
  }
  const posix::ChildPlan plan{options.limits, ::getpid(), report[1], envp.data(),
                              cgroup ? cgroup->procs_fd() : -1};
  std::vector<const char*> argv;
  for (const std::string& a : command) argv.push_back(a.c_str());
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
                            ChildInit{&plan, contain.sandbox}));
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
  return MakeRealBot(loop, std::move(ch), pid, started, options.limits, std::move(home),
                     std::move(cgroup), std::move(contained));
}

}  // namespace arbiter::harness
