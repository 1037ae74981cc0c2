// Headless Chromium as a subprocess (html_browser_run.h): fork, a process
// group of its own, stdout and stderr to files, a polling wait with a time
// limit, and SIGKILL to the whole group afterwards, so that no renderer or
// helper outlives the check.
#include "report/tests/html_browser_run.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

namespace arbiter::report::testing {
namespace {

volatile sig_atomic_t browser_group = 0;

void KillGroup() {
  if (browser_group > 0) kill(-browser_group, SIGKILL);
}

void OnSignal(int sig) {
  KillGroup();
  _exit(128 + sig);
}

}  // namespace

std::string FindChromium(const std::string& configured) {
  if (!configured.empty() && configured.find("NOTFOUND") == std::string::npos &&
      access(configured.c_str(), X_OK) == 0)
    return configured;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    for (const char* name : {"chromium", "chromium-browser"})
      if (const std::string p = dir + "/" + name; access(p.c_str(), X_OK) == 0) return p;
  return {};
}

void KillBrowserOnSignals() {
  signal(SIGTERM, OnSignal);
  signal(SIGINT, OnSignal);
  signal(SIGHUP, OnSignal);
}

bool RunChromium(const std::string& chromium, const std::filesystem::path& dir,
                 const std::vector<std::string>& args, const std::filesystem::path& out, int limit_s) {
  static int run = 0;
  ++run;
  const std::filesystem::path log = dir / ("chromium-" + std::to_string(run) + ".log");
  std::vector<std::string> argv = {
      chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--disable-background-networking", "--disable-extensions", "--no-first-run",
      "--no-default-browser-check", "--hide-scrollbars", "--force-device-scale-factor=1",
      "--user-data-dir=" + (dir / ("profile-" + std::to_string(run))).string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    setpgid(0, 0);
    const int in = open("/dev/null", O_RDONLY);
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) _exit(126);
    dup2(in, 0), dup2(o, 1), dup2(e, 2);
    setenv("HOME", dir.c_str(), 1);  // nothing is written to the real home
    setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    setenv("XDG_CACHE_HOME", (dir / "cache").c_str(), 1);
    std::vector<char*> c;
    for (auto& a : argv) c.push_back(a.data());
    c.push_back(nullptr);
    execv(c[0], c.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so the group exists whoever runs first
  browser_group = pid;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limit_s);
  int status = 0;
  bool exited = false;
  while (!exited && std::chrono::steady_clock::now() < deadline) {
    exited = waitpid(pid, &status, WNOHANG) == pid;
    if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  KillGroup();  // its helpers too, or the whole browser on a timeout
  if (!exited) waitpid(pid, &status, 0);
  browser_group = 0;
  const bool ok = exited && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!ok) {
    std::ifstream l(log);
    std::cout << "  chromium " << (exited ? "failed (wait status " + std::to_string(status) + ")"
                                         : "did not finish within " + std::to_string(limit_s) + " s (killed)")
              << "; its log:\n" << std::string(std::istreambuf_iterator<char>(l), {}) << "\n";
  }
  return ok;
}

}  // namespace arbiter::report::testing
