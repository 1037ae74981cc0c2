// The main of every spec test binary: records each test's clauses as a
// GoogleTest property, and with --list-citations prints the citations as JSON
// (used by scripts/update-register to fill the register's "tests" lists).
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>

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
  return RUN_ALL_TESTS();
}
