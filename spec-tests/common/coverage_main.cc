// spec_coverage: checks that a spec register and the tests agree, and can
// rewrite the register's "tests" lists and its rendered Markdown from the
// tests' own citations.
//
//   spec_coverage --register clauses.json --doc docs/spec/jc2015.md
//                 [--register ... --doc ...] --binary jc2015_spec_tests [--binary ...]
//                 [--unit-binary report_tests ...] [--write]
//
// Every test binary built on spec_main.cc prints its citations with
// --list-citations. The check fails (exit 1) when a clause has no test, a
// test cites a clause that is not in the register, a test in a --binary
// cites nothing (a --unit-binary's unit tests may cite nothing; its citing
// tests count), a register entry is malformed, the register's "tests" lists differ
// from the citations, or the Markdown is stale. --write fixes the last two.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "report/spec_render.h"

namespace {

using Json = nlohmann::ordered_json;

bool RunCapture(const std::string& command, std::string& out) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  return pclose(pipe) == 0;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// "Suite.\n  Name\n" lines of --gtest_list_tests, as "Suite.Name".
std::vector<std::string> ListTests(const std::string& binary, bool& ok) {
  std::string text;
  ok = RunCapture("'" + binary + "' --gtest_list_tests", text);
  std::vector<std::string> tests;
  std::istringstream in(text);
  std::string line, suite;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] != ' ') {
      suite = line.substr(0, line.find('.'));
      continue;
    }
    std::string name = line.substr(2);
    name = name.substr(0, name.find(' '));  // drop "  # GetParam() = ..."
    name = name.substr(0, name.find('/'));  // parameterised instances
    tests.push_back(suite + "." + name);
  }
  return tests;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> register_paths, doc_paths;
  std::vector<std::string> binaries;
  std::set<std::string> unit_binaries;  // tests citing nothing are allowed
  bool write = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--register" && i + 1 < argc)
      register_paths.push_back(argv[++i]);
    else if (a == "--doc" && i + 1 < argc)
      doc_paths.push_back(argv[++i]);
    else if (a == "--binary" && i + 1 < argc)
      binaries.push_back(argv[++i]);
    else if (a == "--unit-binary" && i + 1 < argc)
      binaries.push_back(*unit_binaries.insert(argv[++i]).first);
    else if (a == "--write")
      write = true;
    else {
      std::cerr << "spec_coverage: unknown argument '" << a << "'\n";
      return 2;
    }
  }
  if (register_paths.empty() || register_paths.size() != doc_paths.size() || binaries.empty()) {
    std::cerr << "usage: spec_coverage (--register FILE --doc FILE)... --binary BIN... [--write]\n";
    return 2;
  }
  std::vector<Json> regs;
  for (const std::string& path : register_paths) {
    try {
      regs.push_back(Json::parse(ReadFile(path)));
    } catch (const std::exception& e) {
      std::cerr << path << ": not valid JSON: " << e.what() << "\n";
      return 2;
    }
  }
  std::vector<std::string> problems;
  std::set<std::string> ids;
  for (const Json& reg : regs) {
    for (const auto& c : reg["clauses"]) {
      const std::string id = c.value("id", "");
      if (id.empty() || !ids.insert(id).second)
        problems.push_back("clause id missing or repeated: '" + id + "'");
      const std::string level = c.value("level", "");
      if (level != "MUST" && level != "SHOULD" && level != "INFO")
        problems.push_back(id + ": level must be MUST, SHOULD or INFO");
      for (const char* key : {"summary", "en", "ja", "section"})
        if (c.value(key, "").empty()) problems.push_back(id + ": '" + key + "' is empty");
      if (c.contains("decision")) {
        for (const char* key : {"question", "choice", "reasoning"})
          if (c["decision"].value(key, "").empty())
            problems.push_back(id + ": decision." + key + " is empty");
      }
    }
  }
  for (const Json& reg : regs) {
    if (!reg.contains("checks")) continue;
    for (const auto& check : reg["checks"]) {
      const std::string severity = check.value("severity", "");
      if (check.value("clause", "") != "*" && !ids.count(check.value("clause", "")))
        problems.push_back("check " + check.value("id", "") + " names unknown clause '" +
                           check.value("clause", "") + "'");
      if (severity != "fail" && severity != "warn" && severity != "info")
        problems.push_back("check " + check.value("id", "") +
                           ": severity must be fail, warn or info");
    }
  }
  // clause -> tests citing it
  std::map<std::string, std::set<std::string>> cited;
  for (const std::string& bin : binaries) {
    std::string text;
    if (!RunCapture("'" + bin + "' --list-citations", text)) {
      std::cerr << "spec_coverage: cannot run '" << bin << " --list-citations'\n";
      return 2;
    }
    const Json citations = Json::parse(text);
    bool ok = false;
    for (const std::string& test : ListTests(bin, ok)) {
      if (!citations.contains(test) && !unit_binaries.count(bin))
        problems.push_back(test + " (in " + bin + ") cites no clause");
    }
    if (!ok) problems.push_back("cannot list the tests of " + bin);
    for (const auto& [test, clauses] : citations.items()) {
      for (const auto& clause : clauses) {
        const std::string id = clause.get<std::string>();
        if (!ids.count(id))
          problems.push_back(test + " cites '" + id + "', which is not in the register");
        cited[id].insert(test);
      }
    }
  }
  bool stale = false, doc_stale = false;
  for (size_t r = 0; r < regs.size(); ++r) {
    Json& reg = regs[r];
    for (auto& c : reg["clauses"]) {
      const std::string id = c["id"].get<std::string>();
      if (cited[id].empty()) problems.push_back(id + ": no test proves this clause");
      Json tests = Json::array();
      for (const auto& t : cited[id]) tests.push_back(t);
      if (c["tests"] != tests) {
        stale = true;
        c["tests"] = tests;
      }
    }
    const std::string rendered =
        arbiter::report::RenderRegisterMarkdown(nlohmann::json::parse(reg.dump()));
    if (write) {
      std::ofstream(register_paths[r], std::ios::binary) << reg.dump(2, ' ', false) << "\n";
      std::ofstream(doc_paths[r], std::ios::binary) << rendered;
      std::cout << "spec_coverage: wrote " << register_paths[r] << " and " << doc_paths[r] << "\n";
    } else if (ReadFile(doc_paths[r]) != rendered) {
      doc_stale = true;
      problems.push_back(doc_paths[r] + " is stale (run scripts/update-register)");
    }
  }
  if (stale && !write)
    problems.push_back(
        "the registers' \"tests\" lists differ from the tests' citations (run "
        "scripts/update-register)");
  (void)doc_stale;
  for (const auto& p : problems) std::cerr << "spec_coverage: " << p << "\n";
  std::cout << "spec_coverage: " << ids.size() << " clauses, " << cited.size() << " cited, "
            << problems.size() << " problems\n";
  return problems.empty() ? 0 : 1;
}
