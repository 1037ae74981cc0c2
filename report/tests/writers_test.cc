// Each report writer against its approved baseline, for a failing check-bot
// run, a fuzz-referee divergence and a spec report with results, plus the
// properties a baseline alone would not state.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "baseline.h"
#include "fixtures.h"
#include "run_report.h"

namespace arbiter::report::testing {
namespace {

template <typename Writer>
std::string Write(const RunReport& r, Writer w) {
  std::ostringstream out;
  w(r, out);
  return out.str();
}

const auto kJson = [](const RunReport& r, std::ostream& o) { WriteJson(r, o); };
const auto kJunit = [](const RunReport& r, std::ostream& o) { WriteJunit(r, o); };
const auto kMarkdown = [](const RunReport& r, std::ostream& o) { WriteMarkdown(r, o); };
const auto kTerminal = [](const RunReport& r, std::ostream& o) {
  WriteTerminal(r, o, false, true);
};

TEST(ReportBaselines, TheFailingCheckBotRunMatchesItsApprovedJsonJunitMarkdownAndTerminalReports) {
  const RunReport r = FailingCheckBotReport();
  EXPECT_TRUE(MatchesBaseline("check-bot.json", Write(r, kJson)));
  EXPECT_TRUE(MatchesBaseline("check-bot.junit.xml", Write(r, kJunit)));
  EXPECT_TRUE(MatchesBaseline("check-bot.md", Write(r, kMarkdown)));
  EXPECT_TRUE(MatchesBaseline("check-bot.txt", Write(r, kTerminal)));
}

TEST(ReportBaselines, TheRefereeDivergenceMatchesItsApprovedJsonJunitAndMarkdownReports) {
  const RunReport r = RefereeDivergenceReport();
  EXPECT_TRUE(MatchesBaseline("fuzz-referee.json", Write(r, kJson)));
  EXPECT_TRUE(MatchesBaseline("fuzz-referee.junit.xml", Write(r, kJunit)));
  EXPECT_TRUE(MatchesBaseline("fuzz-referee.md", Write(r, kMarkdown)));
}

TEST(ReportBaselines, TheSpecReportMatchesItsApprovedJsonJunitAndMarkdownReports) {
  const RunReport r = SpecReportWithResults();
  EXPECT_TRUE(MatchesBaseline("spec.json", Write(r, kJson)));
  EXPECT_TRUE(MatchesBaseline("spec.junit.xml", Write(r, kJunit)));
  EXPECT_TRUE(MatchesBaseline("spec.md", Write(r, kMarkdown)));
}

TEST(ReportModel, AClauseIsFailingWhenOneOfItsChecksHasAFailingFinding) {
  const RunReport r = FailingCheckBotReport();
  int failing = 0;
  for (const auto& c : r.clauses) {
    bool has_failing_proof = false;
    for (const auto& p : c.proofs) has_failing_proof = has_failing_proof || p.status == "fail";
    EXPECT_EQ(c.status == "fail", has_failing_proof) << c.id;
    failing += c.status == "fail";
  }
  EXPECT_EQ(failing, 2);  // action.invalid and action.deadline cite two clauses
  EXPECT_EQ(r.Verdict(), "fail");
}

TEST(ReportModel, TheJsonReportStatesVersionGameProfileSeedAndCommand) {
  const auto j = nlohmann::json::parse(Write(FailingCheckBotReport(), kJson));
  EXPECT_EQ(j["version"], kVersion);
  EXPECT_EQ(j["game"], "jc2015");
  EXPECT_EQ(j["profile"], "ja");
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(j["command"], "arbiter check-bot --seed 7 -- ./my-bot --fast");
  EXPECT_EQ(j["verdict"], "fail");
}

TEST(ReportModel, AnInterruptedRunSaysSoInEveryFormatWhateverItFound) {
  RunReport r = FailingCheckBotReport();
  r.interrupt_signal = 2;  // SIGINT
  EXPECT_EQ(r.Verdict(), "interrupted");
  std::ostringstream json, md, text, junit;
  WriteJson(r, json);
  WriteMarkdown(r, md);
  WriteTerminal(r, text, false, false);
  WriteJunit(r, junit);
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["verdict"], "interrupted");
  EXPECT_EQ(doc["interrupted_by"], "SIGINT");
  EXPECT_EQ(doc["counts"]["fail"], 2);  // the findings so far are kept
  EXPECT_NE(md.str().find("**INTERRUPTED**"), std::string::npos) << md.str();
  EXPECT_NE(text.str().find("INTERRUPTED by SIGINT"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("action.deadline"), std::string::npos) << text.str();
}

TEST(ReportModel, ReportsStateTheBotsPeakMemoryCpuTimeAndEnvironment) {
  const RunReport r = FailingCheckBotReport();
  std::ostringstream json, text;
  WriteJson(r, json);
  WriteTerminal(r, text, false, true);
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["matches"][0]["usage"][0]["cpu_ms"], 2140.0);
  EXPECT_EQ(doc["environment"][3], "LANG=C.UTF-8");
  EXPECT_NE(text.str().find("peak resident memory 41.3 MB, CPU time 2.14 s"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("LANG=C.UTF-8"), std::string::npos) << text.str();
}

TEST(ReportModel, AnUncoveredClauseMakesTheSpecVerdictFail) {
  RunReport r = SpecReportWithResults();
  for (auto& c : r.clauses) c.proofs.clear(), c.status = RowStatus(c.proofs);
  EXPECT_EQ(r.clauses.front().status, "uncovered");
  EXPECT_EQ(r.Verdict(), "fail");
  const std::string md = Write(r, kMarkdown);
  EXPECT_NE(md.find("No test or check cites this clause."), std::string::npos);
}

TEST(ReportModel, ASpecReportWithoutResultsIsNotRunRatherThanPass) {
  RunReport r = SpecReportWithResults();
  for (auto& c : r.clauses) {
    for (auto& p : c.proofs) p.status = "not-run";
    c.status = RowStatus(c.proofs);
  }
  EXPECT_EQ(r.Verdict(), "not-run");
}

TEST(ReportModel, TheSpecSummaryCountsWarningClauses) {
  RunReport r = SpecReportWithResults();
  ASSERT_GE(r.clauses.size(), 2u);
  for (auto& c : r.clauses) c.status = "pass";
  r.clauses[0].status = "warn";
  r.clauses[1].status = "warn";
  const std::string summary = r.VerdictSummary();
  EXPECT_NE(summary.find("2 warn"), std::string::npos) << summary;
  EXPECT_NE(summary.find(std::to_string(r.clauses.size() - 2) + " pass"), std::string::npos)
      << summary;
}

}  // namespace
}  // namespace arbiter::report::testing
