// Tests of `arbiter simulate`: the output format of the issue's example, and a
// clear error naming the field (exit status 2) for every kind of bad scenario.
// Most tests call the library directly; a few run the real binary.
#include "cli/simulate.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli/tests/run_command.h"

namespace arbiter::cli {
namespace {

struct SimRun {
  int status;
  std::string out;
  std::string err;
};

SimRun Simulate(const std::string& json, SimulateOptions options = {}) {
  std::ostringstream out, err;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json);
  } catch (...) {
    ADD_FAILURE() << "test JSON does not parse: " << json;
  }
  const int status = SimulateDocument(doc, options, out, err);
  return {status, out.str(), err.str()};
}

const char* kExample = R"({"game": "jc2015",
 "players": [{"row": 4, "col": 9, "dir": "D"}, {"row": 12, "col": 4, "dir": "R"},
             {"row": 13, "col": 15, "dir": "R"}, {"row": 0, "col": 17, "dir": "U"}],
 "actions": ["U", "A", "N", "L", "x"]})";

TEST(Simulate, PrintsTheInputOfEveryTurnThenTheResultLine) {
  const SimRun r = Simulate(kExample);
  EXPECT_EQ(r.status, 0) << r.err;
  // Five turns of 13 lines each, then RESULT.
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5 * 13 + 1);
  EXPECT_EQ(r.out.substr(0, 4), "0\n0\n");
  EXPECT_NE(r.out.find("EOD\n0\n4\n"), std::string::npos);  // turn 4 belongs to player 0 again
  EXPECT_EQ(r.out.substr(r.out.size() - 12), "RESULT -1 5\n");
  EXPECT_NE(r.err.find("not over"), std::string::npos);  // says why -1
}

TEST(Simulate, AProfileFromTheScenarioOrTheCommandLinePlaysUnderItsServersReadings) {
  // official-2015 prints player lines column first: player 0 at row 4, col 9.
  SimRun r = Simulate(kExample);
  EXPECT_NE(r.out.find("\n4 9 D 0\n"), std::string::npos) << r.out;
  SimulateOptions options;
  options.profile = "official-2015";
  r = Simulate(kExample, options);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n9 4 D 0\n"), std::string::npos) << r.out;
  std::string doc = kExample;
  doc.replace(doc.find("\"game\": \"jc2015\","), 17,
              "\"game\": \"jc2015\", \"profile\": \"official-2015\",");
  r = Simulate(doc);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n9 4 D 0\n"), std::string::npos) << r.out;
  // A scenario's rules override its profile's; a profile the game does not
  // have, or two different ones, is a usage error naming the field.
  std::string own = doc;
  own.replace(own.find("\"actions\""), 0, "\"rules\": {\"position_order\": \"row-col\"}, ");
  r = Simulate(own);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n4 9 D 0\n"), std::string::npos) << r.out;
  options.profile = "ja";
  r = Simulate(doc, options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'official-2015', but --profile is 'ja'"), std::string::npos) << r.err;
  options.profile = "official-2016";
  r = Simulate(kExample, options);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown profile 'official-2016' of jc2015 (known: ja, en, official-2015)"),
            std::string::npos)
      << r.err;
}

TEST(Simulate, TheExampleShowsPlayerZerosMoveAndPlayerOnesAttack) {
  const SimRun r = Simulate(kExample);
  // Turn 1: player 0 moved up to (3,9). Turn 2: player 1's attack from (12,4) facing R
  // scheduled (4,2) (4,3) (4,4) (4,5), shown after one tick as 3 7 11 15; S = 11.
  EXPECT_NE(r.out.find("1\n1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n"
                       "0 0 0 0 0 0\n3 9 U 0\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2\n2\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 3 7 11 15\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("12 4 R 11\n"), std::string::npos);
}

struct BadCase {
  const char* json;
  const char* expect;  // substring of the error
};

TEST(Simulate, EveryBadScenarioGetsAnErrorNamingTheFieldAndExitStatusTwo) {
  const BadCase cases[] = {
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"U"}]})",
       "field 'players': has 1 entries"},
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"U"},{"row":9,"col":9,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":18,"col":17,"dir":"U"}]})",
       "field 'players[3].row': 18 is off the board"},
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"U"},{"row":1,"col":2,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})",
       "field 'players[1]': Manhattan distance 3"},
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"X"},{"row":9,"col":9,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})",
       "field 'players[0].dir': must be one of"},
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"u"},{"row":9,"col":9,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})",
       "field 'players[0].dir'"},
      {R"({"game":"jc2015","players":[{"row":0,"col":"0","dir":"U"},{"row":9,"col":9,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})",
       "field 'players[0].col': must be an integer"},
      {R"({"game":"jc2015","players":[{"row":0,"col":0,"dir":"U","hp":3},{"row":9,"col":9,"dir":"U"},
          {"row":17,"col":0,"dir":"U"},{"row":17,"col":17,"dir":"U"}]})",
       "field 'players[0].hp': unknown field"},
      {R"({"game":"jc2015","seed":1,"actions":["U",3]})", "field 'actions[1]': must be a string"},
      {R"({"game":"jc2015","seed":1,"action":["U"]})", "field 'action': unknown field"},
      {R"({"game":"jc2015","seed":-1})", "field 'seed': must be a non-negative integer"},
      {R"({"game":"jc2015"})", "field 'players': missing"},
      {R"({"game":"jc2015","seed":1,"players":[]})", "field 'players': a scenario gives either"},
      {R"({"game":"chess","seed":1})", "unknown game 'chess'"},
      {R"({"seed":1})", "field 'game': missing"},
      {R"({"game":"jc2015","seed":1,"rules":{"turn_limit":0}})", "field 'rules.turn_limit'"},
      {R"({"game":"jc2015","seed":1,"rules":{"stun_count":"local"}})",
       "is not one of global-turns, own-turns"},
      {R"({"game":"jc2015","seed":1,"rules":{"gravity":"on"}})", "unknown rule 'gravity'"},
      {R"([1,2,3])", "a scenario is a JSON object"},
  };
  for (const BadCase& c : cases) {
    const SimRun r = Simulate(c.json);
    EXPECT_EQ(r.status, 2) << c.json;
    EXPECT_EQ(r.out, "") << c.json;
    EXPECT_NE(r.err.find(c.expect), std::string::npos)
        << "error was: " << r.err << "expected: " << c.expect;
  }
}

TEST(Simulate, ASeedGivenBothInTheScenarioAndOnTheCommandLineIsAnError) {
  SimulateOptions o;
  o.seed = 2;
  const SimRun r = Simulate(R"({"game":"jc2015","seed":1})", o);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("given both"), std::string::npos) << r.err;
}

TEST(Simulate, AutoplayPlaysAWholeGameToItsEnd) {
  SimulateOptions o;
  o.autoplay = {"hunter"};
  const SimRun r = Simulate(R"({"game":"jc2015","seed":3})", o);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("RESULT ", r.out.size() - 1) != std::string::npos, true);
}

TEST(Simulate, AnUnknownAutoplayPolicyIsAnError) {
  SimulateOptions o;
  o.autoplay = {"genius"};
  const SimRun r = Simulate(R"({"game":"jc2015","seed":3})", o);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown policy 'genius'"), std::string::npos);
}

int RunBinary(const std::string& args, std::string& out) {
  const testing::CommandRun run = testing::RunCommand(std::string(ARBITER_BINARY) + " " + args);
  out += run.output;
  return run.status;
}

TEST(SimulateBinary, MalformedJsonExitsTwoWithTheFileAndPosition) {
  const std::string path = ::testing::TempDir() + "/malformed.json";
  std::ofstream(path) << "{\"game\": \"jc2015\",\n \"seed\": 1,,}";
  std::string out;
  EXPECT_EQ(RunBinary("simulate " + path, out), 2);
  EXPECT_NE(out.find("is not valid JSON"), std::string::npos) << out;
  EXPECT_NE(out.find("line 2"), std::string::npos) << out;
}

TEST(SimulateBinary, AMissingFileExitsTwo) {
  std::string out;
  EXPECT_EQ(RunBinary("simulate /nonexistent/scenario.json", out), 2);
  EXPECT_NE(out.find("cannot read scenario file"), std::string::npos) << out;
}

TEST(SimulateBinary, AnUnknownFlagExitsTwo) {
  std::string out;
  EXPECT_EQ(RunBinary("simulate --sed 3", out), 2);
}

TEST(SimulateBinary, ASeededAutoplayedGameEndsWithAResultLine) {
  std::string out;
  EXPECT_EQ(RunBinary("simulate --seed 7 --autoplay hunter,random,hunter,idle", out), 0);
  EXPECT_NE(out.find("RESULT "), std::string::npos);
}

}  // namespace
}  // namespace arbiter::cli
