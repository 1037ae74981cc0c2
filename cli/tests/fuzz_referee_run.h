// Running `arbiter fuzz-referee` from an integration test: its exit status,
// its terminal output, and the JSON report it wrote, with the report and the
// reproducers in the test's temporary directory under a name of the test's
// choosing (one per test binary and process, so parallel runs never share).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/tests/one_finding_per_bug.h"
#include "cli/tests/run_command.h"

namespace arbiter::testing {

// The shrink budget of the real-process proofs of Python referees with
// several bugs at once, which start again for every shrink run: they are
// smokes of the judgement through real processes; the same judgement under
// the default budget (150 runs per finding) is proved on fakes
// (cli/tests/fuzz_referee_fake_bugs_test.cc), in seconds. Alone on the
// machine the island referee's proof took 42.9 s by default and 10.4 s with
// 30 runs, the jc2015 one 33.3 s and 23.6 s, with the same four failures.
inline constexpr const char* kRealShrinkRuns = "--shrink-runs 30";

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

// Whether a finding's reproduce command, run (its reproducers under
// `dir`-again), shows a finding of the same check, clause and kind of
// message, and leaves its replay file as it was. Empty when so, else why not.
inline std::string ReproduceFails(const nlohmann::json& f, const std::string& dir) {
  std::string cmd = f["reproduce"];
  cmd = cmd.substr(0, cmd.find("   # "));  // the referee command as run, a comment
  // It runs as printed: it starts with the arbiter that ran (arbiter.check.reproduce).
  if (cmd.rfind(std::string(ARBITER_BINARY) + " ", 0) != 0)
    return "not a command of the arbiter that ran (" + std::string(ARBITER_BINARY) + "): " + cmd;
  std::string file, before;
  if (const size_t at = cmd.find("--replay "); at != std::string::npos) {
    file = cmd.substr(at + 9, cmd.find(' ', at + 9) - at - 9);
    std::ifstream in(file);
    before.assign(std::istreambuf_iterator<char>(in), {});
    if (before.empty()) return "no replay file " + file;
  }
  const std::string json = dir + "-again.json";
  std::remove(json.c_str());
  const CommandRun run = RunCommand(cmd + " --json " + json + " --repro-dir " + dir + "-again");
  const nlohmann::json again = ReadJsonFile(json);
  if (again.is_null()) return cmd + " wrote no report:\n" + run.output;
  // Two findings of one clause (a game ended early, another that went on)
  // are told apart by their message's first words.
  const std::string said = f["message"].get<std::string>().substr(0, 40);
  bool same = false;
  for (const auto& g : again["findings"])
    same = same || (g["check"] == f["check"] && g["clause"] == f["clause"] &&
                    g["message"].get<std::string>().find(said) != std::string::npos);
  if (!same)
    return f["clause"].get<std::string>() + " not reproduced by\n" + cmd + "\n" + run.output;
  if (!file.empty()) {
    std::ifstream in(file);
    if (std::string(std::istreambuf_iterator<char>(in), {}) != before) return file + " overwritten";
  }
  return "";
}

// Every finding of a run: (check, clause, message) for a failure message.
inline std::string Listed(const FuzzOutcome& o) { return ListedFindings(o.report); }

}  // namespace arbiter::testing
