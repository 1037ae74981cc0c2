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
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/tests/run_command.h"

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
inline std::string Listed(const FuzzOutcome& o) {
  std::string out;
  for (const auto& f : o.report["findings"])
    out += f["check"].get<std::string>() + " " + f["clause"].get<std::string>() + ": " +
           f["message"].get<std::string>() + "\n";
  return out;
}

// arbiter.referee.deviations: a referee with one planted bug per clause.
// Every failure is a referee.divergence; each clause of `named` has exactly
// one, naming its deviation ("--rule deviation=NAME replays"), and
// `unexplained` has exactly one, naming none and saying that no rule change
// explains it; there is no other failure.
inline void ExpectOneFindingPerBug(const FuzzOutcome& o,
                                   const std::map<std::string, std::string>& named,
                                   const std::string& unexplained) {
  EXPECT_EQ(o.status, 1) << o.output;
  std::map<std::string, int> failures, expected = {{unexplained, 1}};
  for (const auto& [clause, deviation] : named) expected[clause] = 1;
  for (const auto& f : o.report["findings"]) {
    if (f["severity"] != "fail") continue;
    EXPECT_EQ(f["check"], "referee.divergence") << Listed(o);
    const std::string clause = f["clause"], message = f["message"];
    ++failures[clause];
    if (const auto it = named.find(clause); it != named.end()) {
      EXPECT_NE(message.find("--rule deviation=" + it->second + " replays"), std::string::npos)
          << message;
    } else {
      EXPECT_EQ(message.find("--rule deviation="), std::string::npos) << message;
      EXPECT_NE(message.find("no single rule change arbiter tried"), std::string::npos) << message;
    }
  }
  EXPECT_EQ(failures, expected) << Listed(o);
}

}  // namespace arbiter::testing
