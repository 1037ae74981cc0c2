// The one table of check IDs (check_ids.h) against the registers and the
// product code: each table of the arbiter register lists exactly the checks
// the table marks for it, every game register's check is one the harness
// reports, every check-shaped literal in the product code is in the table,
// and a finding under an ID its catalog does not list is arbiter's own error,
// never a FAIL with no clause (arbiter.report.check-ids).
#include "checks/check_ids.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "checks/findings.h"
#include "core/game.h"
#include "report/registers.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

nlohmann::json Register(const std::string& name) {
  return nlohmann::json::parse(report::RegisterJson(name));
}

std::set<std::string> IdsOf(const nlohmann::json& table) {
  std::set<std::string> ids;
  for (const auto& c : table) ids.insert(c.value("id", ""));
  return ids;
}

std::set<std::string> Marked(unsigned table) {
  std::set<std::string> ids;
  for (const CheckId& c : kCheckIds)
    if (c.tables & table) ids.insert(std::string(c.id));
  return ids;
}

SPEC_TEST(CheckIds, EachTableOfTheArbiterRegisterListsExactlyTheChecksMarkedForIt,
          "arbiter.report.check-ids") {
  const auto reg = Register("arbiter");
  const std::pair<const char*, unsigned> tables[] = {{"checks", kRefereeTable},
                                                     {"referee_run_checks", kRefereeRunTable},
                                                     {"referee_fuzz_checks", kRefereeBareTable}};
  for (const auto& [key, bit] : tables) {
    ASSERT_TRUE(reg.contains(key)) << key;
    EXPECT_EQ(IdsOf(reg[key]), Marked(bit)) << key;
  }
}

SPEC_TEST(CheckIds, EveryGameRegistersCheckIsAGameCheckAndEveryGameCheckIsListedByAGame,
          "arbiter.report.check-ids") {
  std::set<std::string> listed;
  for (const GameInfo* game : AllGames()) {
    const auto reg = Register(std::string(game->name));
    for (const std::string& id : IdsOf(reg["checks"])) {
      EXPECT_TRUE(IsHarnessCheckId(id)) << game->name << " lists " << id;
      listed.insert(id);
    }
  }
  // A game check no game lists is one no finding could be made under.
  for (const std::string& id : Marked(kGameTable)) EXPECT_TRUE(listed.count(id)) << id;
}

// Every "ready.x", "action.x", "referee.x" ... literal in harness/, cli/,
// report/ and engine/ (tests aside): a misspelt ID there would be
// reported under a check no register lists. Event kinds and file names of
// the same shape are named here, one by one.
SPEC_TEST(CheckIds, EveryCheckShapedLiteralInTheProductCodeIsInTheTable,
          "arbiter.report.check-ids") {
  namespace fs = std::filesystem;
  const std::set<std::string> not_checks = {
      "arbiter.error",   // a fault of arbiter itself, never a finding (harness/runs/fuzz_run.cc)
      "referee.stderr",  // a turn's event kinds (referee_match.cc)
      "referee.closed",
      "bot.py",  // a file name
  };
  const std::regex literal(
      "\"((ready|action|process|timing|bot|output|stderr|referee|opponent|arbiter)\\.[a-z][a-z-]*)"
      "\"");
  int files = 0, literals = 0;
  for (const char* dir : {"harness", "cli", "report", "engine"}) {
    const fs::path root = fs::path(ARBITER_SOURCE_DIR) / dir;
    ASSERT_TRUE(fs::is_directory(root)) << root;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      const std::string path = e.path().string();
      if (!e.is_regular_file() || path.find("/tests/") != std::string::npos ||
          path.find("/testing/") != std::string::npos)
        continue;
      if (e.path().extension() != ".cc" && e.path().extension() != ".h") continue;
      ++files;
      std::ifstream in(e.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string s = text.str();
      for (auto it = std::sregex_iterator(s.begin(), s.end(), literal);
           it != std::sregex_iterator(); ++it) {
        const std::string id = (*it)[1];
        ++literals;
        if (!not_checks.count(id)) {
          EXPECT_NE(FindCheckId(id), nullptr) << path << ": " << id;
        }
      }
    }
  }
  EXPECT_GT(files, 100);     // the scan read the code
  EXPECT_GT(literals, 150);  // and found its check IDs
}

SPEC_TEST(CheckCatalog, AFindingUnderAListedCheckTakesTheRegistersClauseAndSeverity,
          "arbiter.report.check-ids") {
  const auto reg = Register("jc2015");
  const CheckCatalog catalog = CatalogFromRegister(reg);
  for (const auto& c : reg["checks"]) {
    const Finding f = NewFinding(catalog, c["id"]);
    EXPECT_EQ(f.check, c["id"]);
    EXPECT_EQ(f.clause, c["clause"]);
    EXPECT_STREQ(SeverityName(f.severity), c.value("severity", "fail").c_str()) << f.check;
    EXPECT_FALSE(f.clause.empty()) << f.check;
  }
}

SPEC_TEST(CheckCatalog, AFindingUnderAnUnlistedCheckIsArbitersErrorNotAFailWithNoClause,
          "arbiter.report.check-ids") {
  const CheckCatalog catalog = CatalogFromRegister(Register("jc2015"));
  // A check arbiter knows that jc2015's register does not list (opt-in).
  try {
    NewFinding(catalog, "action.illegal");
    ADD_FAILURE() << "no error";
  } catch (const UnknownCheck& e) {
    EXPECT_NE(std::string(e.what()).find("'action.illegal'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("an arbiter bug"), std::string::npos) << e.what();
  }
  // A misspelt one.
  try {
    NewFinding(catalog, "action.deadlin");
    ADD_FAILURE() << "no error";
  } catch (const UnknownCheck& e) {
    EXPECT_NE(std::string(e.what()).find("not a check ID arbiter knows"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(NewFinding(CheckCatalog{}, "action.deadline"), UnknownCheck);
}

}  // namespace
}  // namespace arbiter::harness
