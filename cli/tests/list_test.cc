// Tests of `arbiter list`: it names every game, check, rule option and
// profile the other commands accept, from the same sources, as lines or JSON;
// every rule value it lists is accepted by `arbiter simulate --rule`, and
// every profile by `--profile`.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::RunCommand;

nlohmann::json ListJson(const std::string& args) {
  const auto run = RunCommand(std::string(ARBITER_BINARY) + " list " + args + " --json");
  EXPECT_EQ(run.status, 0) << run.output;
  return nlohmann::json::parse(run.output, nullptr, /*allow_exceptions=*/false);
}

CITES(List, NamesEveryGameAndEachCommandAcceptsWhatItLists, "arbiter.cli.bad-input");
TEST(List, NamesEveryGameAndEachCommandAcceptsWhatItLists) {
  // Every game's folder (engine/<game>/ with its register
  // spec-tests/<game>/clauses.json) is listed, and nothing else.
  const auto games = ListJson("games");
  std::set<std::string> names, folders;
  for (const auto& g : games) names.insert(g["game"].get<std::string>());
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(ARBITER_SOURCE_DIR) + "/engine"))
    if (std::filesystem::exists(std::string(ARBITER_SOURCE_DIR) + "/spec-tests/" +
                                e.path().filename().string() + "/clauses.json"))
      folders.insert(e.path().filename().string());
  EXPECT_EQ(names, folders);
  EXPECT_GE(names.size(), 3u);
  const std::string arbiter = ARBITER_BINARY;
  // Every value of every rule option, on a game of its own.
  int values = 0;
  for (const auto& r : ListJson("rules")) {
    for (const auto& v : r["values"]) {
      // A range ("0..1000000") by its lower bound.
      std::string value = v["value"];
      value = value.substr(0, value.find(".."));
      const std::string rule = r["rule"].get<std::string>() + "=" + value;
      const auto run = RunCommand(arbiter + " simulate --game " + r["game"].get<std::string>() +
                                  " --seed 1 --turns 1 --rule " + rule);
      EXPECT_EQ(run.status, 0) << rule << "\n" << run.output;
      EXPECT_EQ(run.output.find("--rule"), std::string::npos) << rule << "\n" << run.output;
      ++values;
    }
  }
  EXPECT_GT(values, 20);
  // Every profile, by --profile.
  for (const auto& p : ListJson("profiles")) {
    const auto run = RunCommand(arbiter + " simulate --game " + p["game"].get<std::string>() +
                                " --seed 1 --turns 1 --profile " + p["profile"].get<std::string>());
    EXPECT_EQ(run.status, 0) << p << "\n" << run.output;
    EXPECT_EQ(run.output.find("unknown profile"), std::string::npos) << run.output;
  }
}

CITES(List, ListsTheOfficialProfileWithItsReadingsAndEachCheckWithItsClause,
      "jc2015.protocol.action.limit", "arbiter.cli.bad-input");
TEST(List, ListsTheOfficialProfileWithItsReadingsAndEachCheckWithItsClause) {
  const std::string arbiter = ARBITER_BINARY;
  auto run = RunCommand(arbiter + " list profiles --game jc2015");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("jc2015  --profile official-2015  READY 1000 ms, answers 100 ms; "
                            "the official 2015 server: position_order=col-row"),
            std::string::npos)
      << run.output;
  bool server_accepts = false;
  for (const auto& c : ListJson("checks --game jc2015")) {
    const std::string clause = c["clause"];
    EXPECT_TRUE(clause.rfind("jc2015.", 0) == 0 || clause.rfind("arbiter.", 0) == 0) << c;
    server_accepts = server_accepts || c["check"] == "action.server-accepts";
  }
  EXPECT_TRUE(server_accepts);
  run = RunCommand(arbiter + " list rules --game chess");
  EXPECT_EQ(run.status, 2);
  std::string known;  // the games `list games` lists, in its order
  for (const auto& g : ListJson("games"))
    known += (known.empty() ? "" : ", ") + g["game"].get<std::string>();
  EXPECT_NE(run.output.find("unknown game 'chess' (known: " + known + ")"), std::string::npos)
      << run.output;
  run = RunCommand(arbiter + " list mutants");
  EXPECT_EQ(run.status, 2) << run.output;
}

CITES(List, ListsEachDeviationWithItsClauseAndEachIsARuleTheGameAccepts,
      "arbiter.referee.deviations", "arbiter.cli.bad-input");
TEST(List, ListsEachDeviationWithItsClauseAndEachIsARuleTheGameAccepts) {
  const std::string arbiter = ARBITER_BINARY;
  std::set<std::string> games;
  int deviations = 0;
  for (const auto& d : ListJson("deviations")) {
    const std::string game = d["game"], name = d["deviation"], clause = d["clause"];
    games.insert(game);
    EXPECT_EQ(clause.rfind(game + ".", 0), 0u) << d;
    EXPECT_FALSE(d["does"].get<std::string>().empty()) << d;
    EXPECT_FALSE(d["rule"].get<std::string>().empty()) << d;
    EXPECT_FALSE(d["derivation"].get<std::string>().empty()) << d;
    // Selected like a rule option: simulate plays under it.
    const auto run = RunCommand(arbiter + " simulate --game " + game +
                                " --seed 1 --turns 1 --rule deviation=" + name);
    EXPECT_EQ(run.status, 0) << name << "\n" << run.output;
    ++deviations;
  }
  EXPECT_EQ(games, (std::set<std::string>{"jc2015", "wondev", "island"}));
  EXPECT_GE(deviations, 40);
  // In words, one line each.
  auto run = RunCommand(arbiter + " list deviations --game wondev");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("wondev  drop-one  wondev.move.climb  (up and down made symmetric)  "
                            "the referee refuses a move down more than one level; the rules "
                            "allow a move down of any height\n"),
            std::string::npos)
      << run.output;
  // The test-only mutants' older rule name selects the same deviations.
  run = RunCommand(arbiter +
                   " simulate --game jc2015 --seed 1 --turns 1 --rule mutant=move-onto-fallen");
  EXPECT_EQ(run.status, 0) << run.output;
  run =
      RunCommand(arbiter + " simulate --game wondev --seed 1 --turns 1 --rule deviation=drop-two");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("'drop-two' is not a deviation of this game"), std::string::npos)
      << run.output;
}

}  // namespace
