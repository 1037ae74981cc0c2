// The spec conformance report (`arbiter spec`): every clause of a register
// with the tests and checks that prove it, and their results read from
// result files: GoogleTest JSON (--gtest_output=json), JUnit XML (GoogleTest's
// --gtest_output=xml or `ctest --output-junit`), or the JSON or JUnit report
// of an `arbiter check-bot` / `play` / `fuzz-referee` run (a JUnit test case
// per check, read like the JSON report's checks). The report is a RunReport (tool
// "spec"), so every writer renders it.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "report/run_report.h"

namespace arbiter::report {

struct TestResult {
  std::string status;   // "pass", "fail", "warn", "skipped", "not-run"
  std::string message;  // the failure or skip message, when any
};

struct TestResults {
  // By GoogleTest name "Suite.Name", or "Prefix/Suite.Name" for a
  // parameterised test (parameter suffixes dropped: a failing instance makes
  // the test fail), as the registers cite them.
  std::map<std::string, TestResult> tests;
  // By check id, from arbiter run reports (a clause id for fuzz-referee's
  // per-clause checks).
  std::map<std::string, TestResult> checks;
  std::vector<std::string> files;  // the files read, in order
};

// Reads one result file (its name and contents) into `results`, merging with
// what is there (fail wins over pass, pass over skipped). `game` is the
// register's game: an arbiter report for another game is an error, except
// for the "arbiter" register. False with `error` for a file in none of the
// formats.
bool LoadResults(const std::string& name, std::string_view text, const std::string& game,
                 TestResults& results, std::string& error);

// The "Suite.Name" a register cites for a reported test name.
std::string NormaliseTestName(std::string_view suite, std::string_view name);

// The report of register `reg` with `results` (possibly empty: every proof
// is then "not-run").
RunReport BuildSpecReport(const nlohmann::json& reg, const TestResults& results);

}  // namespace arbiter::report
