// Referees with four planted bugs at once, on fakes: the proofs of
// arbiter.referee.deviations that cli/tests/fuzz_referee_island_test.cc and
// fuzz_referee_cg_test.cc make on real Python referees, made here on engine
// referees in a FakeEnv (fuzz_on_engine_referees.h) under the command's
// default shrinking, in seconds instead of minutes. Each referee has
// three bugs the deviation catalogue models, planted as rules, and one it
// does not model, a misreading of some answers. Each bug must be one failure
// under its clause, the three named by their deviations and the fourth
// saying that no rule change explains it; each failure is shrunk, and its
// printed reproduce command, played again on fresh fakes, shows it again.
// The real referees keep their proofs, as smokes of the same judgement
// through real processes; the island and jc2015 ones with a smaller shrink
// budget (kRealShrinkRuns, cli/tests/fuzz_referee_run.h).
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/tests/fuzz_on_engine_referees.h"
#include "cli/tests/one_finding_per_bug.h"
#include "core/deviations.h"
#include "spec-tests/common/spec_test.h"
#include "testing/engine_referee.h"

namespace arbiter::cli {
namespace {

using harness::testing::EngineRefereeOptions;

// A referee with the rules `rules` and the deviations `deviations`
// (comma-separated), which from its answer number `from` on (counted from 0
// in each game) reads an answer that starts with `was` as if it started with
// `read`: a bug no deviation of the catalogue models.
EngineRefereeOptions Planted(RuleList rules, const std::string& deviations, int from,
                             const std::string& was, const std::string& read) {
  rules.emplace_back(std::string(kDeviationRule), deviations);
  EngineRefereeOptions o{std::move(rules)};
  o.misread = [from, was, read](std::string line, int answers) {
    return answers >= from && line.starts_with(was) ? read + line.substr(was.size()) : line;
  };
  return o;
}

// arbiter.referee.replayable: every failure of `run` was shrunk ("shrunk in
// N referee runs", a match of its own), and its reproduce command, played on
// fresh fakes of the same `referee`, fails under the same clause.
void ExpectEachShrunkAndReplayed(const FuzzOutcome& run, const EngineRefereeOptions& referee,
                                 const std::string& name) {
  int replayed = 0;
  for (const nlohmann::json& f : Failing(run)) {
    const std::string clause = f["clause"], advice = f.value("advice", "");
    EXPECT_NE(f.value("match", "").find("-shrunk"), std::string::npos) << f;
    EXPECT_NE(advice.find(" referee runs)"), std::string::npos) << f;
    const FuzzOutcome again = FuzzOnFakes(name + "-again-" + std::to_string(replayed++),
                                          ReproduceArgs(f.value("reproduce", "")), referee);
    int shown = 0;
    for (const nlohmann::json& g : Failing(again)) shown += g["clause"] == clause;
    EXPECT_GE(shown, 1) << f.value("reproduce", "") << "\n" << again.output;
  }
  EXPECT_EQ(replayed, 4) << testing::ListedFindings(run.report);
}

// One proof: `run` (fuzz-referee's options after the game's) against
// `referee`, whose deviations are the values of `named` (clause to
// deviation) and whose misreading shows under `unexplained`.
struct FourBugs {
  std::string name, game;
  std::vector<std::string> run;
  EngineRefereeOptions referee;
  std::map<std::string, std::string> named;
  std::string unexplained;
};

void ExpectEachOnceShrunk(const FourBugs& p) {
  std::vector<std::string> args = {"--game",    p.game,   "--protocol", "cg-runner", "--referee",
                                   "/bin/true", "--seed", "1",          "--jobs",    "1"};
  args.insert(args.end(), p.run.begin(), p.run.end());
  const FuzzOutcome run = FuzzOnFakes(p.name, args, p.referee);
  arbiter::testing::ExpectOneFindingPerBug(run, p.named, p.unexplained);
  ExpectEachShrunkAndReplayed(run, p.referee, p.name);
}

// island.defence.knockback unexplained: from the first answer on, an attack
// whose tiles start with a one read as if they started with a two.
CITES(FuzzRefereeOnFakes, AnIslandRefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk,
      "arbiter.referee.deviations", "arbiter.referee.replayable", "island.tiles.replace",
      "island.retreat.edge", "island.defence.count", "island.defence.knockback");
TEST(FuzzRefereeOnFakes, AnIslandRefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk) {
  ExpectEachOnceShrunk({"fake-island-bugs",
                        "island",
                        {"--games", "10"},
                        Planted({}, "tiles-from-right,defence-uncapped,retreat-edge-ignored", 0,
                                "attack;1", "attack;2"),
                        {{"island.tiles.replace", "tiles-from-right"},
                         {"island.retreat.edge", "retreat-edge-ignored"},
                         {"island.defence.count", "defence-uncapped"}},
                        "island.defence.knockback"});
}

// jc2015.turn.one-action unexplained: from its 31st answer on, an answer
// that starts with "N" (do nothing) read as if it started with "U".
CITES(FuzzRefereeOnFakes, AJc2015RefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk,
      "arbiter.referee.deviations", "arbiter.referee.replayable", "jc2015.move.cancel.distance",
      "jc2015.attack.no-reschedule", "jc2015.fallen.turns", "jc2015.turn.one-action");
TEST(FuzzRefereeOnFakes, AJc2015RefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk) {
  ExpectEachOnceShrunk(
      {"fake-jc2015-bugs",
       "jc2015",
       {"--games", "10"},
       Planted({}, "cancel-below-three,reschedule-scheduled,no-tick-on-fallen-turns", 30, "N", "U"),
       {{"jc2015.move.cancel.distance", "cancel-below-three"},
        {"jc2015.attack.no-reschedule", "reschedule-scheduled"},
        {"jc2015.fallen.turns", "no-tick-on-fallen-turns"}},
       "jc2015.turn.one-action"});
}

// wondev.build.height unexplained: from its 21st answer on, an answer that
// starts with unit 0's move north and build north read as a build south.
CITES(FuzzRefereeOnFakes, AWondevRefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk,
      "arbiter.referee.deviations", "arbiter.referee.replayable", "wondev.move.climb",
      "wondev.push.destination", "wondev.build.adjacent", "wondev.build.height");
TEST(FuzzRefereeOnFakes, AWondevRefereeWithFourBugsShowsEachOnceUnderItsClauseShrunk) {
  ExpectEachOnceShrunk({"fake-wondev-bugs",
                        "wondev",
                        {"--games", "60", "--rule", "league=2"},
                        Planted({{"league", "2"}}, "drop-one,push-climb-two,left-cell-occupied", 20,
                                "MOVE&BUILD 0 N N", "MOVE&BUILD 0 N S"),
                        {{"wondev.move.climb", "drop-one"},
                         {"wondev.push.destination", "push-climb-two"},
                         {"wondev.build.adjacent", "left-cell-occupied"}},
                        "wondev.build.height"});
}

}  // namespace
}  // namespace arbiter::cli
