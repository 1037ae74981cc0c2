// fuzz-referee's games on fakes (harness/testing): a runner-protocol referee
// played by arbiter's own engine, with and without a planted deviation,
// through the same RunCgRunnerGame and Shrink that real runs use, on the
// virtual clock. The real-process proofs of the same logic, on a referee
// that is a process of its own, are cli/tests/fuzz_referee_cg_test.cc; these
// run in milliseconds and belong to the fast tier.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <set>
#include <string>

#include "core/game.h"
#include "referee/cg_runner.h"
#include "referee/referee_fuzz.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fuzz_on_fakes.h"

namespace arbiter::harness {
namespace {

using testing::EngineRefereeOptions;
using testing::FakeEnv;
using testing::PlayOnFakes;
using testing::RunnerConfig;

const GameInfo& Game(std::string_view name) {
  const GameInfo* g = FindGame(name);
  EXPECT_NE(g, nullptr) << name;
  return *g;
}

std::string Faults(const RefereeGameResult& r) {
  std::string out;
  for (const RefereeFault& f : r.faults) out += f.check + ": " + f.message + "\n";
  return out;
}

// Every deviation a game's divergences were named by, with the names the
// game could not tell them from.
std::set<std::string> Named(const RefereeGameResult& r) {
  std::set<std::string> out;
  auto add = [&](const Divergence& d) {
    if (d.deviation.empty()) return;
    out.insert(d.deviation);
    if (auto it = r.deviation_alternatives.find(d.deviation); it != r.deviation_alternatives.end())
      out.insert(it->second.begin(), it->second.end());
  };
  if (r.divergence) add(*r.divergence);
  for (const LaterDivergence& l : r.later) add(l.divergence);
  return out;
}

CITES(FuzzGame, ARefereeThatPlaysByTheRulesMatchesEveryMessageOfEveryGameOfEveryGame,
      "arbiter.referee.runner-protocol", "arbiter.referee.compared");
TEST(FuzzGame, ARefereeThatPlaysByTheRulesMatchesEveryMessageOfEveryGameOfEveryGame) {
  for (const GameInfo* game : AllGames()) {
    if (!game->referee_fuzzing) continue;
    const RefereeFuzzConfig config = RunnerConfig(*game, {});
    for (int i = 0; i < 6; ++i) {
      const RefereeGameResult r = PlayOnFakes(config, {}, PlanGame(11, i));
      EXPECT_FALSE(r.divergence) << game->name << " game " << i << ": "
                                 << (r.divergence ? r.divergence->message : "");
      EXPECT_EQ(Faults(r), "") << game->name << " game " << i;
      EXPECT_TRUE(r.game_over) << game->name << " game " << i;
      EXPECT_GT(r.compared, 0) << game->name << " game " << i;
    }
  }
}

// The fake twin of FuzzRefereeCgTest.EachDeviationTheRunToldApartIsFound...:
// the same engine referee with each deviation of Wondev Woman's catalogue
// planted, over the same thirty plans.
CITES(FuzzGame, EachDeviationTheGamesToldApartIsNamedWhenPlantedAndNoOtherShowsAtAll,
      "arbiter.referee.edges", "arbiter.referee.deviations");
TEST(FuzzGame, EachDeviationTheGamesToldApartIsNamedWhenPlantedAndNoOtherShowsAtAll) {
  const GameInfo& game = Game("wondev");
  const RuleList league3 = {{"league", "3"}};
  constexpr int kGames = 30;
  const testing::ToldApart edges = testing::ToldApartOnFakes(game, league3, 1, kGames);
  ASSERT_EQ(edges.diverged, 0);
  EXPECT_EQ(edges.told.size() + edges.untold.size(), game.deviations.size());
  for (const Deviation& deviation : game.deviations) {
    const std::string name(deviation.name);
    const bool was_told = edges.told.count(name) > 0;
    RuleList planted = league3;
    planted.push_back({std::string(kDeviationRule), name});
    const RefereeFuzzConfig config = RunnerConfig(game, league3);
    std::set<std::string> named;
    int diverged = 0;
    for (int i = 0; i < kGames; ++i) {
      const RefereeGameResult r = PlayOnFakes(config, {planted}, PlanGame(1, i));
      diverged += r.divergence.has_value();
      const std::set<std::string> n = Named(r);
      named.insert(n.begin(), n.end());
    }
    if (was_told) {
      EXPECT_GT(diverged, 0) << name << " was told apart but no game showed it planted";
      EXPECT_TRUE(named.count(name)) << name << " was told apart but was not named";
    } else {
      EXPECT_EQ(diverged, 0) << name << " was not told apart but showed planted";
    }
  }
  EXPECT_GE(edges.told.size(), 10u) << "of " << game.deviations.size();
}

CITES(FuzzGame, APlantedDeviationShrinksToAFewAnswersThatStillShowIt, "arbiter.referee.replayable",
      "arbiter.referee.deviations");
TEST(FuzzGame, APlantedDeviationShrinksToAFewAnswersThatStillShowIt) {
  const GameInfo& game = Game("wondev");
  const RuleList league3 = {{"league", "3"}};
  const RuleList planted = {{"league", "3"}, {std::string(kDeviationRule), "climb-two"}};
  const RefereeFuzzConfig config = RunnerConfig(game, league3);
  std::optional<RefereeGamePlan> plan;
  RefereeGameResult failing;
  for (int i = 0; i < 30 && !plan; ++i) {
    failing = PlayOnFakes(config, {planted}, PlanGame(1, i));
    if (failing.divergence) plan = PlanGame(1, i);
  }
  ASSERT_TRUE(plan) << "no game of 30 showed climb-two";
  int runs = 0;
  const GameRunner run = [&](const RefereeGamePlan& p) {
    ++runs;
    return PlayOnFakes(config, {planted}, p);
  };
  const ShrinkResult s = Shrink(run, config, *plan, failing, 150);
  EXPECT_TRUE(s.reproduced);
  ASSERT_TRUE(s.game.divergence);
  EXPECT_EQ(Signature(*s.game.divergence), Signature(*failing.divergence));
  int kept = 0;
  for (size_t i = 0; i < s.script.size(); ++i)
    kept += !IsHarmlessInScript(game, s.script[i]) && !(i < s.neutral.size() && s.neutral[i]);
  EXPECT_LE(s.script.size(), failing.answers.size());
  EXPECT_LE(kept, 3) << "of " << s.script.size() << " answers";
  EXPECT_EQ(s.runs, runs);
  EXPECT_LE(runs, 150);
}

// A referee that stopped a bot, re-run on the same answers by a runner that
// shows the stop again on the re-runs `shows` marks ('1'), and always after
// them: whether Shrink took it for the referee's rule.
ShrinkResult ShrinkStop(const std::string& shows) {
  const RefereeFuzzConfig config = RunnerConfig(Game("wondev"), {{"league", "3"}});
  RefereeGameResult failing;
  failing.inputs = {"the first message"};
  failing.answers = std::vector<std::string>(6, "ACCEPT-DEFEAT");
  failing.divergence = Divergence{.field = "player 1", .kind = "stopped"};
  failing.divergence_turn = 5;
  int run = 0;
  const GameRunner rerun = [&](const RefereeGamePlan&) {
    const size_t index = static_cast<size_t>(run++);
    RefereeGameResult r = failing;
    if (index < shows.size() && shows[index] == '0') r.divergence.reset();
    return r;
  };
  return Shrink(rerun, config, PlanGame(1, 0), failing, 8);
}
bool StopReproduced(const std::string& shows) { return ShrinkStop(shows).reproduced; }

CITES(FuzzGame, AStopIsTheRefereesRuleOnlyWhenEveryReRunOfItsAnswersShowsIt,
      "arbiter.referee.load");
TEST(FuzzGame, AStopIsTheRefereesRuleOnlyWhenEveryReRunOfItsAnswersShowsIt) {
  EXPECT_TRUE(StopReproduced("111"));
  // Stopped again by chance on later re-runs, after one that did not.
  EXPECT_FALSE(StopReproduced("0111"));
  EXPECT_FALSE(StopReproduced("0011"));
  EXPECT_FALSE(StopReproduced("1011"));
  EXPECT_FALSE(StopReproduced("1101"));
  // The re-runs made, and how many showed it: what the finding says.
  const ShrinkResult s = ShrinkStop("101");
  EXPECT_EQ(s.confirm_runs, 2);
  EXPECT_EQ(s.repeats, 1);
}

// The fake twin of FuzzRefereeCgTest.ASlowRefereeTheGameLimitCuts...: a
// referee that takes 400 ms a message, cut by a 3 s game limit while it
// still plays by the rules, on a busy machine.
CITES(FuzzGame, ASlowRefereeTheGameLimitCutsWhilePlayingIsUnfinishedWithTheLoadNeverAHang,
      "arbiter.referee.completes");
TEST(FuzzGame, ASlowRefereeTheGameLimitCutsWhilePlayingIsUnfinishedWithTheLoadNeverAHang) {
  const GameInfo& game = Game("wondev");
  RefereeFuzzConfig config = RunnerConfig(game, {});
  config.game_time_limit = std::chrono::milliseconds(3000);
  FakeEnv env;
  env.cpu_pressure = 87.5;
  EngineRefereeOptions slow;
  slow.message_ms = 400;
  RefereeGamePlan plan = PlanGame(3, 0);
  plan.fuzz_after_script = false;  // harmless answers: a long game
  const RefereeGameResult r = PlayOnFakes(config, slow, plan, &env);
  ASSERT_EQ(r.faults.size(), 1u) << Faults(r);
  EXPECT_EQ(r.faults[0].check, "referee.unfinished") << Faults(r);
  EXPECT_NE(r.faults[0].message.find("the CPU pressure was 88 %"), std::string::npos) << Faults(r);
  EXPECT_NE(r.faults[0].message.find("while the referee was still playing"), std::string::npos)
      << Faults(r);
  EXPECT_FALSE(r.divergence);
  EXPECT_GT(r.compared, 3);
}

CITES(FuzzGame, ARefereeSilentAfterItsStartIsAHangAtTheGameLimit, "arbiter.referee.completes");
TEST(FuzzGame, ARefereeSilentAfterItsStartIsAHangAtTheGameLimit) {
  const GameInfo& game = Game("wondev");
  RefereeFuzzConfig config = RunnerConfig(game, {});
  config.game_time_limit = std::chrono::milliseconds(3000);
  FakeEnv env;
  env.scripts.push_back({});  // reads ###Start, never writes
  const auto t0 = env.Now();
  const RefereeGameResult r = RunCgRunnerGame(env, config, PlanGame(3, 0));
  ASSERT_FALSE(r.faults.empty());
  EXPECT_EQ(r.faults[0].check, "referee.hang") << Faults(r);
  EXPECT_GE(env.Now() - t0, std::chrono::milliseconds(3000));  // waited the whole limit, virtually
}

// arbiter.referee.runner-protocol: a runner never sends a referee a CR at a
// line's end (cg-brutaltester's Scanner.nextLine takes it with the
// newline), so fuzzing does not either: a padded answer that would end in
// one goes padded with a space. (Before, "N\r" reached the referee, and a
// port whose getline keeps the CR read no command: a divergence, a failure
// of a referee no bot could make fail through brutaltester.)
CITES(FuzzGame, ARunnerRefereeIsNeverSentACarriageReturnABotCouldNotSendThroughBrutaltester,
      "arbiter.referee.runner-protocol");
TEST(FuzzGame, ARunnerRefereeIsNeverSentACarriageReturnABotCouldNotSendThroughBrutaltester) {
  for (const char* name : {"jc2015", "wondev"}) {  // pads after, and before too
    const GameInfo& game = Game(name);
    const RefereeFuzzConfig config = RunnerConfig(game, {});
    int padded = 0;
    for (int i = 0; i < 12; ++i) {
      FakeEnv env;
      auto written = std::make_shared<std::string>();
      env.script_for = [&game, written](const std::vector<std::string>& argv) {
        testing::FakeScript s = testing::EngineRunnerReferee(game, {}, argv);
        s.on_input = [written, inner = s.on_input](int index, const std::string& bytes) {
          *written += bytes;
          return inner(index, bytes);
        };
        return s;
      };
      const RefereeGameResult r = RunCgRunnerGame(env, config, PlanGame(1, i));
      EXPECT_FALSE(r.divergence) << name << " game " << i;
      EXPECT_EQ(written->find('\r'), std::string::npos) << name << " game " << i;
      padded += written->find(" \n") != std::string::npos;
    }
    EXPECT_GT(padded, 0) << name << ": no game was given a padded answer";
  }
}

}  // namespace
}  // namespace arbiter::harness
