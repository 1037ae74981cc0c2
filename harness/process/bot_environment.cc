// A bot's environment (bot_process.h Environment): by default the contest
// server's (PATH, a fresh HOME and TMPDIR, LANG) with the user's choice of
// runtime (a version manager's), or arbiter's own with --inherit-env, plus
// the user's KEY=VALUE pairs; how it is described to the user, and which
// entries are valid.
#include "process/bot_environment.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "process/path_list.h"

namespace arbiter::harness {

namespace {

constexpr const char* kDefaultPath = "/usr/local/bin:/usr/bin:/bin";

// What a version manager reads to choose the runtime a bot's command starts
// (pyenv's shim reads PYENV_VERSION, which `pyenv shell` sets; asdf reads
// ASDF_<TOOL>_VERSION), or where a runtime is installed (JAVA_HOME,
// DOTNET_ROOT for a .NET program's launcher). None changes how a program
// reads or writes its streams.
constexpr std::string_view kRuntimeChoices[] = {
    "PYENV_VERSION", "PYENV_ROOT",    "RBENV_VERSION", "RBENV_ROOT", "NODENV_VERSION",
    "NODENV_ROOT",   "JENV_VERSION",  "GOENV_VERSION", "GOENV_ROOT", "PLENV_VERSION",
    "ASDF_DIR",      "ASDF_DATA_DIR", "MISE_DATA_DIR", "NVM_DIR",    "SDKMAN_DIR",
    "JAVA_HOME",     "DOTNET_ROOT",   "RUSTUP_HOME",   "CARGO_HOME", "RUSTUP_TOOLCHAIN",
    "PYTHONUSERBASE"};

// Where a runtime finds its install under HOME when no variable names it:
// rustup's proxies (cargo, rustc) read their toolchains from ~/.rustup and
// ~/.cargo; Python reads the packages `pip install --user` put in
// ~/.local/lib/pythonX.Y/site-packages. A bot's fresh HOME would hide them
// ("rustup could not choose a version of cargo to run", "No module named
// 'numpy'"), so the bot is given the variable that names the user's, where
// `folder` holds `inside`.
struct HomeDefault {
  std::string_view variable, folder, inside;
};
constexpr HomeDefault kHomeDefaults[] = {{"RUSTUP_HOME", ".rustup", ""},
                                         {"CARGO_HOME", ".cargo", ""},
                                         {"PYTHONUSERBASE", ".local", "lib"}};

bool ChoosesRuntime(std::string_view name) {
  for (std::string_view c : kRuntimeChoices)
    if (name == c) return true;
  // asdf's and mise's per tool: ASDF_PYTHON_VERSION, MISE_NODE_VERSION.
  for (std::string_view prefix : {"ASDF_", "MISE_"})
    if (name.size() > prefix.size() + 8 && name.starts_with(prefix) && name.ends_with("_VERSION"))
      return true;
  return false;
}

}  // namespace

std::vector<std::string> RuntimeChoices() {
  std::vector<std::string> out;
  for (char** e = ::environ; *e != nullptr; ++e) {
    const std::string_view kv(*e);
    const size_t eq = kv.find('=');
    if (eq != std::string_view::npos && ChoosesRuntime(kv.substr(0, eq))) out.emplace_back(kv);
  }
  for (const std::string& kv : RuntimeHomes()) out.push_back(kv);
  return out;
}

std::vector<std::string> RuntimeHomes() {
  std::vector<std::string> out;
  const char* home = std::getenv("HOME");
  if (home == nullptr || home[0] != '/') return out;
  for (const HomeDefault& d : kHomeDefaults) {
    if (std::getenv(std::string(d.variable).c_str()) != nullptr) continue;
    const std::string folder = std::string(home) + "/" + std::string(d.folder);
    const std::string holds = folder + "/" + std::string(d.inside);
    struct stat st {};
    if (::stat(holds.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      out.push_back(std::string(d.variable) + "=" + folder);
  }
  return out;
}

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
    for (std::string& kv : RuntimeChoices()) out.push_back(std::move(kv));
  }
  for (const std::string& kv : env.extra) {
    const std::string key = kv.substr(0, kv.find('=') + 1);
    std::erase_if(out, [&](const std::string& e) { return e.compare(0, key.size(), key) == 0; });
    out.push_back(kv);
  }
  return out;
}

std::vector<std::string> LibraryPathFolders(const std::vector<std::string>& env) {
  constexpr std::string_view kKey = "LD_LIBRARY_PATH=";
  std::vector<std::string> out;
  for (const std::string& kv : env) {
    if (!kv.starts_with(kKey)) continue;
    out.clear();  // the last one counts
    for (const std::string& dir : SplitPathList(std::string_view(kv).substr(kKey.size()))) {
      struct stat st {};
      if (!dir.empty() && dir[0] == '/' && ::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        out.push_back(dir);
    }
  }
  return out;
}

std::vector<std::string> DescribeEnvironment(const Environment& env) {
  std::vector<std::string> out;
  if (env.inherit) {
    out.push_back("(arbiter's whole environment: --inherit-env)");
  } else {
    const char* path = std::getenv("PATH");
    out = {std::string("PATH=") + (path != nullptr ? path : kDefaultPath),
           "HOME=(a fresh empty folder per bot, removed after it)", "TMPDIR=(HOME)/tmp",
           "LANG=C.UTF-8"};
    const std::vector<std::string> homes = RuntimeHomes();
    for (const std::string& kv : RuntimeChoices())
      out.push_back(kv + (std::find(homes.begin(), homes.end(), kv) != homes.end()
                              ? " (where its runtime finds it under arbiter's HOME: rustup's "
                                "toolchains, pip's --user packages; the bot's fresh HOME would "
                                "hide it)"
                              : " (arbiter's own: it chooses the bot's runtime)"));
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

}  // namespace arbiter::harness
