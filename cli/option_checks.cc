// The option checks every command shares (option_checks.h).
#include "cli/option_checks.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/game.h"

namespace arbiter::cli {
namespace {

// " (got '99999999999')", cut short: a typo is quoted, not echoed in full.
std::string Got(const std::string& s) {
  return " (got '" + (s.size() > 24 ? s.substr(0, 24) + "..." : s) + "')";
}

}  // namespace

CLI::Validator IntIn(long long lo, long long hi) {
  const std::string range = "between " + std::to_string(lo) + " and " + std::to_string(hi);
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(s.c_str(), &end, 10);
        if (s.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi)
          return "must be a whole number " + range + Got(s);
        return "";
      },
      "INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

CLI::Validator SecondsIn(double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "between %g and %g (seconds)", lo, hi);
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || *end != '\0' || !std::isfinite(v) || v < lo || v > hi)
          return std::string("must be ") + range + Got(s);
        return "";
      },
      [&] {
        char desc[64];
        std::snprintf(desc, sizeof desc, "FLOAT in [%g - %g]", lo, hi);
        return std::string(desc);
      }());
}

CLI::Validator Seed() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        errno = 0;
        char* end = nullptr;
        const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        if (digits) std::strtoull(s.c_str(), &end, 10);
        if (!digits || errno == ERANGE)
          return "must be a whole number from 0 to 18446744073709551615" + Got(s);
        return "";
      },
      "INT in [0 - 2^64-1]");
}

CLI::Validator FileName() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (s.empty()) return "needs a file name (got an empty one)";
        if (s == "--") return "needs a file name (got '--': the file name is missing)";
        return "";
      },
      "FILE");
}

std::string ProfilesHelp() {
  std::string text;
  for (const arbiter::GameInfo* g : arbiter::AllGames()) {
    text += (text.empty() ? "" : "; ") + std::string(g->name) + ":";
    for (size_t i = 0; i < g->profiles.size(); ++i) {
      const arbiter::Profile& t = g->profiles[i];
      text += (i ? ", " : " ") + std::string(t.name) + " (";
      if (t.ready_ms > 0) text += "READY " + std::to_string(t.ready_ms) + " ms, ";
      text += "answers " + std::to_string(t.action_ms) + " ms" +
              (t.server.empty() ? "" : "; " + std::string(t.server) + "'s readings") +
              (i ? ")" : "; the default)");
    }
  }
  return "Profile: the timing of a rule text, or a real server's timing and readings: " + text;
}

}  // namespace arbiter::cli
