// Each report writer against its approved baseline, for a failing check-bot
// run, a fuzz-referee divergence and a spec report with results, plus the
// properties a baseline alone would not state.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "report/run_report.h"
#include "report/tests/baseline.h"
#include "report/tests/fixtures.h"
#include "spec-tests/common/spec_test.h"

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

// arbiter.report.bounded: thirty identical warnings are one entry, failures
// come first, and a long input is shortened on a terminal.
CITES(ReportBaselines, ThirtyIdenticalWarningsAreOneEntryAfterTheFailureInEveryHumanFormat,
      "arbiter.report.bounded");
TEST(ReportBaselines, ThirtyIdenticalWarningsAreOneEntryAfterTheFailureInEveryHumanFormat) {
  const RunReport r = ThirtyIdenticalWarningsReport();
  const auto text = [](const RunReport& x, std::ostream& o) { WriteTerminal(x, o, false, false); };
  const std::string terminal = Write(r, text), md = Write(r, kMarkdown);
  EXPECT_TRUE(MatchesBaseline("grouped.txt", terminal));
  EXPECT_TRUE(MatchesBaseline("grouped.md", md));
  std::ostringstream html;
  WriteHtml(r, html);
  EXPECT_TRUE(MatchesBaseline("grouped.html", html.str()));
  // What the baselines show, stated: one entry per group, in severity order.
  for (const std::string* doc : {&terminal, &md}) {
    const size_t fail = doc->find("process.crash"), warn = doc->find("action.whitespace"),
                 note = doc->find("process.no-exit-on-eof");
    EXPECT_LT(fail, warn) << *doc;
    EXPECT_LT(warn, note) << *doc;
  }
  EXPECT_NE(terminal.find("the same 29 more time(s), in 29 more match(es): game-2 game-3"),
            std::string::npos);
  EXPECT_NE(md.find("the same 29 more time(s), in 29 more match(es): `game-2` `game-3`"),
            std::string::npos);
  EXPECT_NE(terminal.find("... 41 more line(s), all of them in arbiter-repro/game-1.seat0.turn"),
            std::string::npos)
      << terminal;
  EXPECT_LT(std::count(terminal.begin(), terminal.end(), '\n'), 80) << terminal;
}

// arbiter.report.bounded, arbiter.report.check-ids: findings made in one
// form (Finding::form, set where the finding is made) are one group,
// whatever figures and quoted answers their messages hold; findings of
// two forms are two groups however alike they read, and findings with
// neither a form nor a cause are each a group of their own, even word for
// word alike: the message is never read to group.
CITES(ReportModel, FindingsOfOneFormAreOneGroupAndTheMessageIsNeverReadToGroup,
      "arbiter.report.bounded", "arbiter.report.check-ids");
TEST(ReportModel, FindingsOfOneFormAreOneGroupAndTheMessageIsNeverReadToGroup) {
  RunReport r;
  r.tool = "check-bot";
  const std::pair<const char*, const char*> findings[] = {
      {"read by the server", "the game's real server reads 'MOVE&BUILD 0 E E' on turn 3"},
      {"read by the server", "the game's real server reads 'move&build 1 n sw' (17 of them)"},
      {"refused: the command", "the game's real server reads 'MOVE&BUILD 0 E E' on turn 3"},
      {"", "the bot's answer is not a command"},
      {"", "the bot's answer is not a command"},
  };
  for (int i = 0; i < 5; ++i) {
    harness::MatchResult m;
    m.id = "game-" + std::to_string(i + 1);
    harness::Finding f;
    f.check = "action.server-accepts";
    f.clause = "wondev.protocol.action.grammar";
    f.severity = harness::Severity::kWarn;
    f.match = m.id;
    f.form = findings[i].first;
    f.message = findings[i].second;
    m.findings.push_back(f);
    r.matches.push_back(m);
  }
  const auto groups = r.GroupedFindings();
  ASSERT_EQ(groups.size(), 4u);
  EXPECT_EQ(groups[0].also, std::vector<std::string>{"game-2"});
  for (size_t g = 1; g < groups.size(); ++g) EXPECT_EQ(groups[g].others, 0) << g;
}

CITES(ReportModel, FindingsOfTwoCausesSaidAlikeAreTwoGroupsAndOneCauseSaidTwoWaysIsOne,
      "arbiter.report.bounded", "arbiter.report.check-ids");
TEST(ReportModel, FindingsOfTwoCausesSaidAlikeAreTwoGroupsAndOneCauseSaidTwoWaysIsOne) {
  RunReport r;
  r.tool = "fuzz-referee";
  const std::pair<const char*, const char*> findings[] = {
      {"deviation cancel-below-three", "a cancel stands at distance 2: shown as B[1][2]"},
      {"divergence|jc2015.move.cancel.distance|B",
       "a cancel stands at distance 2: shown as B[3][4]"},
      {"deviation cancel-below-three", "cancel-below-two, named again: every message of the game"},
  };
  for (int i = 0; i < 3; ++i) {
    harness::MatchResult m;
    m.id = "game-" + std::to_string(i + 1);
    harness::Finding f;
    f.check = "referee.divergence";
    f.clause = "jc2015.move.cancel.distance";
    f.match = m.id;
    f.cause = findings[i].first;
    f.message = findings[i].second;
    m.findings.push_back(f);
    r.matches.push_back(m);
  }
  const auto groups = r.GroupedFindings();
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].also, std::vector<std::string>{"game-3"});
  EXPECT_TRUE(groups[1].also.empty());
}

// arbiter.report.bounded: the same finding of several seats of one match
// (a referee that launches its bots, each seat a copy of the bot) is said
// as more times in that match, never as more matches.
CITES(ReportModel, TheSameFindingOfTwoSeatsOfOneMatchCountsOneMatchNotTwo,
      "arbiter.report.bounded");
TEST(ReportModel, TheSameFindingOfTwoSeatsOfOneMatchCountsOneMatchNotTwo) {
  RunReport r;
  r.tool = "check-bot";
  for (const char* id : {"game-1", "game-2"}) {
    harness::MatchResult m;
    m.id = id;
    for (int seat = 0; seat < (m.id == "game-1" ? 4 : 2); ++seat) {
      harness::Finding f;
      f.check = "output.flush";
      f.clause = "arbiter.protocol.flush";
      f.severity = harness::Severity::kFail;
      f.match = m.id;
      f.seat = seat;
      f.form = "came out at end of input";
      f.message = "no answer flushed on turn 0";
      m.findings.push_back(f);
    }
    r.matches.push_back(m);
  }
  const auto groups = r.GroupedFindings();
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].also, std::vector<std::string>{"game-2"});
  EXPECT_EQ(groups[0].in_first, 3);
  EXPECT_EQ(groups[0].others, 5);
  const std::string terminal = Write(r, kTerminal);
  EXPECT_NE(terminal.find("the same 5 more time(s), in this match and in 1 more match(es): game-2"),
            std::string::npos)
      << terminal;
  EXPECT_EQ(terminal.find("game-1 game-1"), std::string::npos) << terminal;
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

// arbiter.referee.compared: a fuzz-referee run whose games compared no turn
// message (the referee drew what arbiter could not learn) passes nothing.
TEST(ReportModel, ARefereeRunThatComparedNoMessageIsInconclusiveInEveryFormat) {
  RunReport r = RefereeDivergenceReport();
  r.matches[0].findings.clear();
  r.matches[0].messages_compared = 0;
  r.matches[0].unknowable = true;
  EXPECT_EQ(r.Verdict(), "inconclusive");
  const auto doc = nlohmann::json::parse(Write(r, kJson));
  EXPECT_EQ(doc["verdict"], "inconclusive");
  EXPECT_EQ(doc["compared"]["messages"], 0);
  EXPECT_EQ(doc["compared"]["games_unknowable"], 1);
  const std::string md = Write(r, kMarkdown), text = Write(r, kTerminal);
  const std::string junit = Write(r, kJunit);
  EXPECT_NE(md.find("**INCONCLUSIVE**"), std::string::npos) << md;
  EXPECT_NE(text.find("INCONCLUSIVE"), std::string::npos) << text;
  EXPECT_NE(text.find("compared no turn message: arbiter could not learn what the referee drew"),
            std::string::npos)
      << text;
  EXPECT_NE(junit.find("<skipped message=\"compared no turn message"), std::string::npos) << junit;
  // The same run with its messages compared passes, and says how many.
  r.matches[0].messages_compared = 18344;
  r.matches[0].unknowable = false;
  EXPECT_EQ(r.Verdict(), "pass");
  EXPECT_NE(Write(r, kTerminal)
                .find("compared 18,344 turn messages in 1 of 1 games; 0 games "
                      "unknowable"),
            std::string::npos)
      << Write(r, kTerminal);
}

// arbiter.referee.compared: a reproducer's replay that did not show its
// divergence is never a silent PASS.
TEST(ReportModel, AReplayThatDidNotReproduceSaysSoInEveryFormat) {
  RunReport r = RefereeDivergenceReport();
  r.matches[0].findings.clear();
  r.not_reproduced = "the divergence it records (jc2015.fall.timing, turn 23) was not seen";
  EXPECT_EQ(r.Verdict(), "not-reproduced");
  EXPECT_EQ(nlohmann::json::parse(Write(r, kJson))["verdict"], "not-reproduced");
  EXPECT_NE(Write(r, kMarkdown).find("**NOT REPRODUCED**"), std::string::npos);
  EXPECT_NE(Write(r, kTerminal).find("NOT REPRODUCED: the divergence it records"),
            std::string::npos)
      << Write(r, kTerminal);
  EXPECT_NE(
      Write(r, [](const RunReport& x, std::ostream& o) { WriteHtml(x, o); }).find("NOT REPRODUCED"),
      std::string::npos);
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
