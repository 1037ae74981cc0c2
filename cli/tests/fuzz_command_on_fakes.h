// fuzz-referee as a whole command in-process, for the proofs on fakes
// (fuzz_referee_fake_test.cc, fuzz_referee_bare_fake_test.cc): its options
// parsed by the command's own option parser, as a command line gives them,
// with its report and reproducers in a directory of the run's own; a
// printed reproduce command split as a user's shell splits it; and a run's
// exit status, terminal output and JSON report.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/fuzz_referee.h"
#include "process/command_line.h"

namespace arbiter::cli {

// The options of `fuzz-referee --quiet --json DIR/report.json --repro-dir
// DIR/repro ARGS`, DIR a fresh directory named after `name`.
inline FuzzRefereeOptions FuzzOptions(const std::string& name,
                                      const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / (name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::string> words = {
      "arbiter",     "fuzz-referee",          "--quiet", "--json", (dir / "report.json").string(),
      "--repro-dir", (dir / "repro").string()};
  words.insert(words.end(), args.begin(), args.end());
  FuzzRefereeOptions o;
  CLI::App app;
  AddFuzzRefereeCommand(app, o);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  app.parse(static_cast<int>(argv.size()), argv.data());
  return o;
}

// The words of a printed reproduce command after "fuzz-referee", as a
// user's shell splits them (its trailing "   # " comment cut), without the
// report options the run gave it.
inline std::vector<std::string> ReproduceArgs(const std::string& command) {
  std::vector<std::string> words;
  std::string error;
  EXPECT_TRUE(harness::SplitCommand(command.substr(0, command.find("   # ")), words, error))
      << error << ": " << command;
  EXPECT_EQ(words.size() >= 2 ? words[1] : "", "fuzz-referee") << command;
  std::vector<std::string> args;
  for (size_t i = 2; i < words.size(); ++i) {
    if (words[i] == "--json" || words[i] == "--repro-dir") {
      ++i;
      continue;
    }
    args.push_back(words[i]);
  }
  return args;
}

struct FuzzOutcome {
  int status = -1;
  std::string output;
  nlohmann::json report;  // discarded when none was written
};

// `run` on `o` (RunFuzzReferee or RunBareFuzzReferee with its fakes), and
// the report it wrote.
inline FuzzOutcome RunFuzzCommand(
    const FuzzRefereeOptions& o,
    const std::function<int(const FuzzRefereeOptions&, std::ostream&, std::ostream&)>& run) {
  std::remove(o.json_path.c_str());
  std::ostringstream out, err;
  FuzzOutcome r;
  r.status = run(o, out, err);
  r.output = out.str() + err.str();
  std::ifstream in(o.json_path);
  if (in) r.report = nlohmann::json::parse(in, nullptr, false);
  return r;
}

}  // namespace arbiter::cli
