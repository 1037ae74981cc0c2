// The referee mutants of the engine on fakes: each deliberate referee bug
// of jc2015 and of Save The Island (engine/jc2015/rules.h,
// engine/island/rules.h, a "mutant" rule) played by a referee that launches
// its bots (EngineBotsReferee, written as the bots-referee example is, the
// same engine under the same rule), through the whole fuzz-referee command
// on the virtual clock. The same forty games and the same judgement as the
// real-process proofs, Mutants/MutantTest (fuzz_referee_test.cc) and
// IslandMutants/IslandMutantTest (fuzz_referee_island_test.cc), which keep
// a few of them as smokes; these run in a few hundred milliseconds each.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/tests/fuzz_command_on_fakes.h"
#include "cli/tests/fuzz_on_engine_referees.h"
#include "cli/tests/mutant_case.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::cli {
namespace {

using arbiter::testing::MutantCase;
using arbiter::testing::MutantCaseName;

// `fuzz-referee` of jc2015 against the bot-launching referee, as the real
// proofs run the bots-referee example (its four bots, "-s {seed}").
std::vector<std::string> MutantRun(const std::vector<std::string>& more) {
  std::vector<std::string> args = {"--game", "jc2015", "--referee",
                                   "/bin/true -s {seed} {bot0} {bot1} {bot2} {bot3}"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

class MutantOnFakesTest : public ::testing::TestWithParam<MutantCase> {};

// Each instance proves that a referee breaking its mutant's clause is caught.
[[maybe_unused]] const bool kMutantCitations = arbiter::spec::Cite(
    "MutantsOnFakes/MutantOnFakesTest", "IsDetectedAttributedAndShrunk",
    {"jc2015.move.cancel.distance", "jc2015.move.cancel.fallen", "jc2015.move.cancel.turns",
     "jc2015.attack.no-reschedule", "jc2015.attack.line", "jc2015.fall.timing",
     "jc2015.restore.delay", "jc2015.attack.stun", "jc2015.fallen.turns", "jc2015.end.turn-limit",
     "jc2015.protocol.input.stun", "jc2015.protocol.input.turn", "jc2015.protocol.input.block",
     "arbiter.referee.replayable"});

TEST_P(MutantOnFakesTest, IsDetectedAttributedAndShrunk) {
  const MutantCase& c = GetParam();
  const harness::testing::EngineRefereeOptions mutant{{{"mutant", c.name}}};
  // --strict-readings: extra-last-turn is exactly the reading turn_limit=1001,
  // which would otherwise be a note.
  const FuzzOutcome o = FuzzOnFakes(
      std::string("mutant-") + c.name,
      MutantRun({"--games", "40", "--seed", "1", "--strict-readings", "--jobs", "1"}), mutant);
  ASSERT_EQ(o.status, 1) << o.output;
  ASSERT_TRUE(o.report.is_object()) << o.output;
  bool attributed = false;
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "referee.divergence") continue;
    const std::string message = f["message"];
    if (f["clause"] == c.clause || message.find(c.clause) != std::string::npos) attributed = true;
  }
  EXPECT_TRUE(attributed) << c.name << " not attributed to " << c.clause << "\n" << o.output;
  // The first divergence's reproducer: a scenario with only a handful of
  // answers other than N, which played again on fresh fakes shows the bug.
  const auto& f = o.report["findings"][0];
  const std::string reproduce = f["reproduce"];
  const size_t at = reproduce.find("--replay ");
  ASSERT_NE(at, std::string::npos) << reproduce;
  const std::string file = reproduce.substr(at + 9, reproduce.find(' ', at + 9) - at - 9);
  std::ifstream in(file);
  const auto doc = nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  int nontrivial = 0;
  for (const auto& a : doc["actions"]) nontrivial += a != "N";
  EXPECT_LE(nontrivial, 12) << file;
  const FuzzOutcome again =
      FuzzOnFakes(std::string("mutant-again-") + c.name, ReproduceArgs(reproduce), mutant);
  EXPECT_EQ(again.status, 1) << reproduce << "\n" << again.output;
  EXPECT_TRUE(again.report.is_object() && !again.report["findings"].empty() &&
              again.report["findings"][0]["clause"] == f["clause"])
      << reproduce << "\n"
      << again.output;
}

INSTANTIATE_TEST_SUITE_P(MutantsOnFakes, MutantOnFakesTest,
                         ::testing::ValuesIn(std::vector<MutantCase>{MUTANT_CASES}),
                         MutantCaseName);

class IslandMutantOnFakesTest : public ::testing::TestWithParam<MutantCase> {};

[[maybe_unused]] const bool kIslandMutantCitations = arbiter::spec::Cite(
    "IslandMutantsOnFakes/IslandMutantOnFakesTest", "IsDetectedAndAttributedToItsClause",
    {"island.defence.count", "island.board.island", "island.retreat.edge", "island.tiles.replace",
     "island.shuffle.limit", "island.syntax.keywords"});

TEST_P(IslandMutantOnFakesTest, IsDetectedAndAttributedToItsClause) {
  const MutantCase& c = GetParam();
  // The real proof's referee and run: answers within 300 ms.
  harness::testing::EngineRefereeOptions mutant{{{"mutant", c.name}}};
  mutant.answer_ms = 300;
  // --strict-readings: keywords-any-case is exactly the reading keyword_case=any.
  const FuzzOutcome o = FuzzOnFakes(
      std::string("island-mutant-") + c.name,
      {"--game", "island", "--referee", "/bin/true -s {seed} {bot0} {bot1}", "--action-ms", "300",
       "--games", "40", "--seed", "1", "--strict-readings", "--jobs", "1"},
      mutant);
  ASSERT_EQ(o.status, 1) << o.output;
  ASSERT_TRUE(o.report.is_object()) << o.output;
  bool attributed = false;
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "referee.divergence") continue;
    const std::string message = f.value("message", "");
    if (f.value("clause", "") == c.clause || message.find(c.clause) != std::string::npos)
      attributed = true;
  }
  EXPECT_TRUE(attributed) << c.name << " not attributed to " << c.clause << "\n" << o.output;
}

INSTANTIATE_TEST_SUITE_P(
    IslandMutantsOnFakes, IslandMutantOnFakesTest,
    ::testing::Values(MutantCase{"defence-uncapped", "island.defence.count"},
                      MutantCase{"mirrored-for-player-2", "island.board.island"},
                      MutantCase{"retreat-edge-ignored", "island.retreat.edge"},
                      MutantCase{"tiles-from-right", "island.tiles.replace"},
                      MutantCase{"shuffle-limit-plus-one", "island.shuffle.limit"},
                      MutantCase{"keywords-any-case", "island.syntax.keywords"}),
    MutantCaseName);

}  // namespace
}  // namespace arbiter::cli
