// Running `arbiter fuzz-referee` from an integration test: its exit status,
// its terminal output, and the JSON report it wrote, with the report and the
// reproducers in the test's temporary directory under a name of the test's
// choosing (one per test binary and process, so parallel runs never share).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "run_command.h"

namespace arbiter::testing {

struct FuzzOutcome {
  int status = -1;
  std::string output;
  nlohmann::json report;  // null when no report was written
};

// The reproducer directory of runs named `name` (the report is DIR.json).
inline std::string FuzzDir(const std::string& name) {
  return ::testing::TempDir() + "/" + name + "-" + std::to_string(getpid());
}

// `arbiter fuzz-referee --json DIR.json --repro-dir DIR ARGS`, with
// `referee` as the quoted --referee template.
inline FuzzOutcome RunFuzzReferee(const std::string& name, const std::string& referee,
                                  const std::string& args) {
  const std::string dir = FuzzDir(name), json = dir + ".json";
  std::remove(json.c_str());
  const CommandRun run = RunCommand(std::string(ARBITER_BINARY) + " fuzz-referee --json " + json +
                                    " --repro-dir " + dir + " --referee '" + referee + "' " + args);
  return {run.status, run.output, ReadJsonFile(json)};
}

}  // namespace arbiter::testing
