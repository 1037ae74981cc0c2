// `arbiter spec` (spec.h): reads the results, builds the report through
// report/spec_report.h and writes it in the chosen format.
#include "cli/spec.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "cli/input_files.h"
#include "cli/option_checks.h"
#include "report/registers.h"
#include "report/spec_report.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;

int Fail(std::ostream& err, const std::string& message) {
  err << "arbiter spec: " << message << "\n";
  return 2;
}

}  // namespace

int RunSpec(const SpecOptions& o, std::ostream& out, std::ostream& err) {
  const std::string_view text = report::RegisterJson(o.game);
  if (text.empty()) {
    std::string known;
    for (const auto name : report::RegisterNames()) known += " " + std::string(name);
    return Fail(err, "no spec register for '" + o.game + "' (known:" + known + ")");
  }
  const auto reg = nlohmann::json::parse(text);
  report::TestResults results;
  for (const std::string& arg : o.results) {
    std::vector<std::string> files;
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      for (const auto& e : fs::directory_iterator(arg, ec)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".json" || ext == ".xml")) files.push_back(e.path());
      }
      std::sort(files.begin(), files.end());
      if (files.empty())
        return Fail(err, "--results: no .json or .xml file in directory '" + arg + "'");
    } else {
      files.push_back(arg);
    }
    for (const std::string& file : files) {
      // Bounded reading: a directory entry, a huge or deeply nested file is
      // a usage error, not a crash (arbiter.cli.bad-input).
      std::string content, error;
      if (!ReadInputFile("file", file, content, error)) return Fail(err, "--results: " + error);
      const size_t first = content.find_first_not_of(" \t\r\n");
      if (first != std::string::npos && content[first] != '<')
        if (const std::string deep = JsonTooDeep("file", file, content); !deep.empty())
          return Fail(err, "--results: " + deep);
      if (!report::LoadResults(file, content, o.game, results, error))
        return Fail(err, "--results: " + error);
    }
  }
  report::RunReport rep = report::BuildSpecReport(reg, results);
  rep.command = o.command_line;
  std::ofstream file;
  if (!o.output.empty()) {
    file.open(o.output, std::ios::binary);
    if (!file) return Fail(err, "cannot write '" + o.output + "': " + std::strerror(errno));
  }
  std::ostream& dest = o.output.empty() ? out : file;
  if (o.format == "json")
    report::WriteJson(rep, dest);
  else if (o.format == "junit")
    report::WriteJunit(rep, dest);
  else if (o.format == "html")
    report::WriteHtml(rep, dest);
  else
    report::WriteMarkdown(rep, dest);
  if (!o.output.empty()) {
    file.close();
    if (!file) return Fail(err, "cannot write '" + o.output + "': " + std::strerror(errno));
  }
  const report::ClauseCounts n = rep.CountClauses();
  err << "arbiter spec: " << o.game << ": " << rep.clauses.size() << " clauses, " << n.fail
      << " failing, " << n.warn << " warning, " << n.uncovered << " uncovered";
  if (!o.results.empty()) err << ", " << n.not_run << " without a result";
  err << " (" << results.tests.size() << " test results, " << results.checks.size()
      << " check results read)\n";
  return n.fail + n.uncovered > 0 ? 1 : 0;
}

// The `spec` subcommand and its options, into `o`.
CLI::App* AddSpecCommand(CLI::App& app, SpecOptions& o) {
  auto* c = app.add_subcommand(
      "spec", "The spec conformance report of a game: every clause and what proves it");
  c->add_option("--game", o.game, "Game (or 'arbiter' for the harness's own policy)")
      ->default_val(DefaultGame());
  c->add_option("--results", o.results,
                "A result file or directory (repeatable): GoogleTest JSON/XML, ctest "
                "--output-junit, check-bot, play or fuzz-referee JSON or JUnit reports")
      ->allow_extra_args(false);
  c->add_option("--format", o.format, "md, json, html or junit")
      ->check(CLI::IsMember({"md", "json", "html", "junit"}))
      ->default_val("md");
  c->add_option("-o,--output", o.output, "Write the report to this file")->check(FileName());
  return c;
}

}  // namespace arbiter::cli
