// Running `arbiter check-bot` from the integration tests: the command with
// a JSON report and a repro folder of the test's own, its exit status, its
// output and the checks its findings name.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli/tests/report_files.h"
#include "cli/tests/run_command.h"

namespace arbiter::testing {

struct Outcome {
  int status = -1;
  std::string output;
  nlohmann::json report;
  std::set<std::string> checks;
};

inline std::string Shell(const std::string& s) { return "'" + s + "'"; }

inline Outcome CheckBot(const std::string& args) {
  const std::string json = ::testing::TempDir() + "/report-" + std::to_string(getpid()) + ".json";
  std::remove(json.c_str());
  const arbiter::testing::CommandRun run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " check-bot --no-calibration --json " + json + " --repro-dir " +
      ::testing::TempDir() + "/repro-" + std::to_string(getpid()) + " " + args);
  Outcome o;
  o.status = run.status;
  o.output = run.output;
  o.report = arbiter::testing::ReadJsonFile(json);
  if (!o.report.is_null()) {
    for (const auto& finding : o.report["findings"])
      o.checks.insert(finding["check"].get<std::string>());
  }
  return o;
}

// Whether bubblewrap is installed, so that bots run contained by default.
inline bool BubblewrapInstalled() { return std::system("bwrap --version >/dev/null 2>&1") == 0; }

inline std::string Testbot(const std::string& mode_args) {
  return "--games 1 --no-edge-cases --no-whole-games -- " + Shell(TESTBOT_BINARY) + " " + mode_args;
}

}  // namespace arbiter::testing
