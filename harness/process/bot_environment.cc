// A bot's environment (bot_process.h Environment): by default the contest
// server's (PATH, a fresh HOME and TMPDIR, LANG), or arbiter's own with
// --inherit-env, plus the user's KEY=VALUE pairs; how it is described to the
// user, and which entries are valid.
#include "process/bot_environment.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace arbiter::harness {

namespace {

constexpr const char* kDefaultPath = "/usr/local/bin:/usr/bin:/bin";

}  // namespace

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

}  // namespace arbiter::harness
