// Headless Chromium as a subprocess, for the browser check of the HTML
// report (html_browser_check.cc): found on the configured path or PATH, run
// in its own process group with a time limit, and killed as a group when it
// ends, times out, or this program is stopped.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace arbiter::report::testing {

// The configured chromium if executable, else chromium or chromium-browser
// on PATH; empty when there is none.
std::string FindChromium(const std::string& configured);

// Runs `chromium` headless, sandbox-free and offline, with its own profile,
// home and caches in `dir`, and `args` after the common flags; its stdout
// goes to `out`, its stderr to a log in `dir`. At most `limit_s` seconds;
// returns whether it exited with status 0 (printing its log if not).
bool RunChromium(const std::string& chromium, const std::filesystem::path& dir,
                 const std::vector<std::string>& args, const std::filesystem::path& out,
                 int limit_s = 90);

// Kills a running browser's process group when this program gets SIGTERM,
// SIGINT or SIGHUP (as from a ctest timeout), then exits.
void KillBrowserOnSignals();

}  // namespace arbiter::report::testing
