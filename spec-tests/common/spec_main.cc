// The main of every spec test binary: records each test's clauses as a
// GoogleTest property, and with --list-citations prints the citations as JSON
// (used by scripts/update-register to fill the register's "tests" lists).
// When every test of the process passed, it removes what the process left
// in the temporary directory (RemoveOwnTemporaries).
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>

#include "spec-tests/common/spec_test.h"

namespace arbiter::spec {

std::map<std::string, std::vector<std::string>>& Citations() {
  static std::map<std::string, std::vector<std::string>> citations;
  return citations;
}

bool Cite(const char* suite, const char* name, std::initializer_list<const char*> clauses) {
  auto& list = Citations()[std::string(suite) + "." + name];
  for (const char* c : clauses) list.emplace_back(c);
  return true;
}

namespace {

class RecordClauses : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo& info) override {
    // RapidCheck fixture properties register as "<Fixture>_RapidCheck".
    std::string suite = info.test_suite_name();
    const auto it = Citations().find(suite + "." + info.name());
    if (it == Citations().end()) return;
    std::string joined;
    for (const auto& c : it->second) joined += (joined.empty() ? "" : " ") + c;
    ::testing::Test::RecordProperty("clauses", joined);
  }
};

// The tests name what they write in the shared temporary directory after
// their process ("fuzz-cg-4242", "repro-4242", "report-4242.json"): each
// entry named so, the process's own, is removed. A suite run used to leave
// hundreds there, run after run; a failed test's are kept to look at, and
// every test's when ARBITER_KEEP_TEST_FILES is set.
void RemoveOwnTemporaries() {
  namespace fs = std::filesystem;
  const std::string pid = "-" + std::to_string(::getpid());
  std::error_code error;
  for (fs::directory_iterator it(::testing::TempDir(), error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    for (size_t at = name.find(pid); at != std::string::npos; at = name.find(pid, at + 1)) {
      const size_t after = at + pid.size();
      if (after == name.size() || name[after] == '.' || name[after] == '-') {
        std::error_code ignored;  // what cannot be removed is left, as before
        fs::remove_all(it->path(), ignored);
        break;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::spec

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list-citations") == 0) {
      nlohmann::json out = nlohmann::json::object();
      for (const auto& [test, clauses] : arbiter::spec::Citations()) out[test] = clauses;
      std::cout << out.dump(2) << "\n";
      return 0;
    }
  }
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::UnitTest::GetInstance()->listeners().Append(new arbiter::spec::RecordClauses);
  const int failed = RUN_ALL_TESTS();
  if (failed == 0 && !std::getenv("ARBITER_KEEP_TEST_FILES")) arbiter::spec::RemoveOwnTemporaries();
  return failed;
}
