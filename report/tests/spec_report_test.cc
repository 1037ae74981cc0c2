// The spec report's result readers and its table: each accepted format is
// read into the same results, names are matched the way registers cite them,
// and a file in no known format is an error, never an empty pass.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "report/tests/fixtures.h"
#include "report/registers.h"
#include "report/spec_report.h"

namespace arbiter::report {
namespace {

TestResults Load(const std::string& text, const std::string& game = "jc2015") {
  TestResults r;
  std::string error;
  EXPECT_TRUE(LoadResults("results", text, game, r, error)) << error;
  return r;
}

TEST(SpecResults, GoogleTestJsonOutputIsReadWithFailuresAndSkips) {
  const TestResults r = Load(R"({"testsuites": [{"name": "Move", "testsuite": [
      {"name": "A", "status": "RUN", "result": "COMPLETED"},
      {"name": "B", "status": "RUN", "result": "COMPLETED", "failures": [{"failure": "x.cc:3\nboom", "type": ""}]},
      {"name": "C", "status": "RUN", "result": "SKIPPED"}]}]})");
  EXPECT_EQ(r.tests.at("Move.A").status, "pass");
  EXPECT_EQ(r.tests.at("Move.B").status, "fail");
  EXPECT_NE(r.tests.at("Move.B").message.find("boom"), std::string::npos);
  EXPECT_EQ(r.tests.at("Move.C").status, "skipped");
}

TEST(SpecResults, GoogleTestXmlOutputIsReadWithItsFailureMessages) {
  const TestResults r = Load(R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="2"><testsuite name="Attack" tests="2">
  <testcase name="Ok" status="run" result="completed" classname="Attack" />
  <testcase name="Bad" status="run" result="completed" classname="Attack">
    <failure message="a.cc:9&#x0A;Expected &lt;3&gt;" type=""><![CDATA[a.cc:9
Expected <3>]]></failure>
  </testcase>
</testsuite></testsuites>)");
  EXPECT_EQ(r.tests.at("Attack.Ok").status, "pass");
  EXPECT_EQ(r.tests.at("Attack.Bad").status, "fail");
  EXPECT_EQ(r.tests.at("Attack.Bad").message, "a.cc:9\nExpected <3>");
}

TEST(SpecResults, CtestJunitOutputIsReadWithTheOutputOfAFailedTest) {
  const TestResults r = Load(R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="host" tests="3" failures="1" disabled="0" skipped="1">
	<testcase name="Move.Steps" classname="Move.Steps" time="0.01" status="run">
		<system-out>[ OK ]</system-out>
	</testcase>
	<testcase name="Mutants/MutantTest.IsCaught/StunShort" classname="Mutants/MutantTest.IsCaught/StunShort" time="1" status="fail">
		<failure message="Failed"/>
		<system-out>fuzz.cc:12: Failure
not caught</system-out>
	</testcase>
	<testcase name="Turn.Slow" classname="Turn.Slow" time="0" status="notrun">
		<skipped message="Disabled"/>
	</testcase>
</testsuite>)");
  EXPECT_EQ(r.tests.at("Move.Steps").status, "pass");
  // A parameterised instance counts for the test the register cites.
  EXPECT_EQ(r.tests.at("Mutants/MutantTest.IsCaught").status, "fail");
  EXPECT_NE(r.tests.at("Mutants/MutantTest.IsCaught").message.find("not caught"),
            std::string::npos);
  EXPECT_EQ(r.tests.at("Turn.Slow").status, "skipped");
}

TEST(SpecResults, OneFailingInstanceFailsTheTestWhateverTheOrder) {
  TestResults r;
  std::string error;
  const std::string fail = R"(<testcase name="S.T/1" classname="S.T/1" status="fail"><failure message="x"/></testcase>)";
  const std::string pass = R"(<testcase name="S.T/0" classname="S.T/0" status="run"/>)";
  ASSERT_TRUE(LoadResults("a", fail, "jc2015", r, error)) << error;
  ASSERT_TRUE(LoadResults("b", pass, "jc2015", r, error)) << error;
  EXPECT_EQ(r.tests.at("S.T").status, "fail");
  EXPECT_EQ(r.files, (std::vector<std::string>{"a", "b"}));
}

TEST(SpecResults, ACheckBotReportProvesTheClausesOfItsChecks) {
  std::ostringstream json;
  WriteJson(testing::FailingCheckBotReport(), json);
  const TestResults r = Load(json.str());
  EXPECT_EQ(r.checks.at("action.invalid").status, "fail");
  EXPECT_EQ(r.checks.at("ready.missing").status, "pass");
  const RunReport spec = BuildSpecReport(nlohmann::json::parse(RegisterJson("jc2015")), r);
  bool found = false;
  for (const auto& c : spec.clauses) {
    if (c.id != "jc2015.protocol.action.commands") continue;
    found = true;
    EXPECT_EQ(c.status, "fail");
  }
  EXPECT_TRUE(found);
}

TEST(SpecResults, AReportOfAnotherGameIsRefused) {
  std::ostringstream json;
  WriteJson(testing::FailingCheckBotReport(), json);
  TestResults r;
  std::string error;
  EXPECT_FALSE(LoadResults("other.json", json.str(), "wondev", r, error));
  EXPECT_NE(error.find("not 'wondev'"), std::string::npos) << error;
}

TEST(SpecResults, FilesInNoKnownFormatAreErrorsNotEmptyPasses) {
  for (const char* text : {"", "   \n", "{\"a\": 1}", "[1, 2]", "<html><body/></html>", "{not json"}) {
    TestResults r;
    std::string error;
    EXPECT_FALSE(LoadResults("bad", text, "jc2015", r, error)) << text;
    EXPECT_EQ(error.rfind("bad: ", 0), 0u) << error;
    EXPECT_TRUE(r.files.empty());
  }
}

TEST(SpecReport, EveryClauseOfTheRegisterIsARowAndATestWithoutAResultIsNotRun) {
  const auto reg = nlohmann::json::parse(RegisterJson("jc2015"));
  TestResults results;
  const std::string first_test = reg["clauses"][0]["tests"][0];
  results.tests[first_test] = {"pass", ""};
  const RunReport r = BuildSpecReport(reg, results);
  ASSERT_EQ(r.clauses.size(), reg["clauses"].size());
  EXPECT_EQ(r.clauses[0].status, "pass");
  for (const auto& p : r.clauses[1].proofs) {
    if (p.kind == "test") {
      EXPECT_EQ(p.status, "not-run") << p.name;
    }
  }
  EXPECT_EQ(r.Verdict(), "not-run");
}

}  // namespace
}  // namespace arbiter::report
