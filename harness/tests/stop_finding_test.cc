// fuzz-referee's judgement of a bot the referee stopped though arbiter
// answered it (arbiter.referee.load), on plain values: a stop the same
// answers repeat is a rule failure only on a machine that was not busy.
#include <gtest/gtest.h>

#include "referee/fuzz_findings.h"
#include "report/registers.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

// The arbiter register's checks: the severities the findings take.
const harness::CheckCatalog& Arbiter() {
  static const harness::CheckCatalog catalog =
      harness::CatalogFromRegister(nlohmann::json::parse(report::RegisterJson("arbiter")));
  return catalog;
}

harness::RefereeGameResult StoppedGame(double self_wait_ms, double pressure) {
  harness::RefereeGameResult g;
  Divergence d;  // core/game.h
  d.kind = "stopped";
  d.message = "the referee ended the game as if bot 0 had not answered on turn 40";
  g.divergence = d;
  harness::BotStopped stop;
  stop.evidence = {.sched_valid = true, .self_wait_ms = self_wait_ms, .cpu_pressure = pressure};
  g.stopped_by_referee.push_back(stop);
  return g;
}

CITES(StopFinding, AStopRepeatedOnABusyMachineIsUndecidedNeverARuleFailure, "arbiter.referee.load");
TEST(StopFinding, AStopRepeatedOnABusyMachineIsUndecidedNeverARuleFailure) {
  // The field case: the arena's 1 s limit, arbiter waited 232.6 ms for a CPU.
  harness::Finding f;
  f.severity = harness::Severity::kFail;
  const std::string cause = StopFinding(Arbiter(), f, StoppedGame(232.6, 69), true, 3, 3, 1000);
  EXPECT_EQ(cause, "referee.undecided");
  EXPECT_EQ(f.check, "referee.undecided");
  EXPECT_EQ(f.severity, harness::Severity::kWarn);
  EXPECT_NE(f.message.find("arbiter waited 232.6 ms"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("bot 0 had not answered on turn 40"), std::string::npos) << f.message;
}

CITES(StopFinding, AStopRepeatedOnAQuietMachineStaysTheDivergenceItIs, "arbiter.referee.load");
TEST(StopFinding, AStopRepeatedOnAQuietMachineStaysTheDivergenceItIs) {
  harness::Finding f;
  f.check = "referee.divergence";
  f.severity = harness::Severity::kFail;
  EXPECT_EQ(StopFinding(Arbiter(), f, StoppedGame(0.4, 5), true, 3, 3, 1000),
            "stopped|arbiter.referee.load");
  EXPECT_EQ(f.check, "referee.divergence");
  EXPECT_EQ(f.severity, harness::Severity::kFail);
}

CITES(StopFinding, AStopNotRepeatedIsBusyOnABusyMachineAndFlakyOnAQuietOne, "arbiter.referee.load");
TEST(StopFinding, AStopNotRepeatedIsBusyOnABusyMachineAndFlakyOnAQuietOne) {
  harness::Finding busy, quiet;
  EXPECT_EQ(StopFinding(Arbiter(), busy, StoppedGame(232.6, 69), false, 2, 0, 1000),
            "referee.busy");
  EXPECT_EQ(busy.severity, harness::Severity::kInfo);
  EXPECT_EQ(StopFinding(Arbiter(), quiet, StoppedGame(0.4, 5), false, 2, 0, 1000),
            "referee.flaky|stopped");
  EXPECT_EQ(quiet.severity, harness::Severity::kWarn);
  EXPECT_NE(quiet.message.find("re-run 2 time(s), were taken in time"), std::string::npos)
      << quiet.message;
}

// Stopped again on one re-run of two: never said as taken in time.
CITES(StopFinding, AStopSomeReRunsRepeatedSaysHowManyNeverThatAllWereTakenInTime,
      "arbiter.referee.load");
TEST(StopFinding, AStopSomeReRunsRepeatedSaysHowManyNeverThatAllWereTakenInTime) {
  harness::Finding f;
  EXPECT_EQ(StopFinding(Arbiter(), f, StoppedGame(0.4, 5), false, 2, 1, 1000),
            "referee.flaky|stopped");
  EXPECT_NE(f.message.find("re-run 2 time(s), were stopped again only 1 time(s)"),
            std::string::npos)
      << f.message;
  EXPECT_EQ(f.message.find("taken in time"), std::string::npos) << f.message;
}

}  // namespace
}  // namespace arbiter::harness
