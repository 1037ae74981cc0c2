// The referee contained when the organiser asks (--sandbox-referee,
// arbiter.process.contained): it reaches arbiter's relays through their
// sockets as they are, its bugs are found as uncontained and reproduced
// contained, what it writes outside its folder never lands, and a referee
// that fails for what its containment hides is told so with the option.
// Real processes: the example jc2015 referee behind a shell wrapper of its
// own folder, and check-bot through the Python cycles referee.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/fuzz_referee_run.h"
#include "cli/tests/no_leftovers.h"
#include "spec-tests/common/spec_test.h"

namespace {

namespace fs = std::filesystem;
using arbiter::testing::FuzzOutcome;

class RefereeContainmentTest : public arbiter::testing::NoLeftoversTest {
 protected:
  void SetUp() override {
    if (!arbiter::testing::BubblewrapInstalled())
      GTEST_SKIP() << "bubblewrap is not installed: scripts/setup installs it";
    root_ = fs::path(::testing::TempDir()) / ("referee-jail-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "referee");
    fs::create_directories(root_ / "outside");
    std::ofstream(root_ / "outside" / "secret.txt") << "the organiser's private notes\n";
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  // A wrapper in the referee's own folder, beside a copy of the example
  // referee (a folder as an organiser ships it): `body`, then the referee
  // with `mutants` and the four bot seats.
  std::string Wrapper(const std::string& body, const std::string& mutants) const {
    const fs::path dir = root_ / "referee";
    fs::copy_file(EXAMPLE_REFEREE, dir / "referee", fs::copy_options::overwrite_existing);
    const fs::path path = dir / "referee.sh";
    std::ofstream(path) << "#!/bin/sh\n"
                        << body << "\nexec " << (dir / "referee").string()
                        << (mutants.empty() ? "" : " --mutant " + mutants) << " \"$@\"\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string() + " -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}";
  }

  static std::set<std::string> Failures(const FuzzOutcome& o) {
    std::set<std::string> out;
    for (const auto& f : o.report["findings"])
      if (f["severity"] == "fail")
        out.insert(f["check"].get<std::string>() + " " + f["clause"].get<std::string>());
    return out;
  }

  fs::path root_;
};

CITES(RefereeContainmentTest, AContainedRefereesBugsAreFoundAsUncontainedAndItsWritesNeverLand,
      "arbiter.process.contained", "arbiter.referee.compared");
TEST_F(RefereeContainmentTest, AContainedRefereesBugsAreFoundAsUncontainedAndItsWritesNeverLand) {
  // Each run, the wrapper notes the run outside its folder, as a referee
  // that logs to a fixed path does.
  const fs::path mark = root_ / "outside" / "runs.log";
  const std::string referee =
      Wrapper("echo ran >> " + mark.string(), "fall-one-turn-late,move-onto-fallen");
  const std::string args = "--games 20 --seed 1";
  const FuzzOutcome contained =
      arbiter::testing::RunFuzzReferee("jail", referee, args + " --sandbox-referee");
  EXPECT_EQ(contained.status, 1) << contained.output;
  EXPECT_FALSE(fs::exists(mark)) << "a contained referee wrote outside its folder";
  const std::set<std::string> want = {"referee.divergence jc2015.fall.timing",
                                      "referee.divergence jc2015.move.cancel.fallen"};
  EXPECT_EQ(Failures(contained), want) << contained.output;
  // Compared with the engine as any run on it (not taken for a run without one).
  EXPECT_NE(contained.output.find("turn messages in 20 of 20 games"), std::string::npos)
      << contained.output;
  EXPECT_EQ(contained.report["engineless"], false) << contained.output;
  // The report says how the referee ran, and what that leaves unchecked.
  EXPECT_NE(contained.report["environment"].dump().find("referee containment: bubblewrap"),
            std::string::npos)
      << contained.report["environment"].dump();
  EXPECT_NE(contained.report.value("not_checked", "").find("whether the referee leaves processes"),
            std::string::npos)
      << contained.report.dump().substr(0, 2000);
  // Each reproduces contained, as the run played it. A note of the load (a
  // bot the referee stopped on a busy machine) replays contained too, but
  // is not a failure to reproduce: only the bugs are replayed.
  for (const auto& f : contained.report["findings"]) {
    EXPECT_NE(f["reproduce"].get<std::string>().find(" --sandbox-referee"), std::string::npos)
        << f["reproduce"];
    if (f["severity"] != "fail") continue;
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, arbiter::testing::FuzzDir("jail")), "")
        << f["clause"];
  }
  EXPECT_FALSE(fs::exists(mark));
  // Uncontained, the same referee: the same bugs, and the log lands.
  const FuzzOutcome bare = arbiter::testing::RunFuzzReferee("jail-bare", referee, args);
  EXPECT_EQ(Failures(bare), want) << bare.output;
  EXPECT_TRUE(fs::exists(mark));
  EXPECT_EQ(bare.report["environment"].dump().find("referee containment"), std::string::npos);
}

CITES(RefereeContainmentTest, ARefereeThatFailsForWhatItsContainmentHidesIsToldWithTheOption,
      "arbiter.process.contained", "arbiter.referee.completes");
TEST_F(RefereeContainmentTest, ARefereeThatFailsForWhatItsContainmentHidesIsToldWithTheOption) {
  // It reads its notes from outside its folder and gives up without them.
  const std::string secret = (root_ / "outside" / "secret.txt").string();
  const std::string referee = Wrapper("cat " + secret + " > /dev/null || exit 3", "");
  const FuzzOutcome o =
      arbiter::testing::RunFuzzReferee("jail-hidden", referee, "--games 2 --sandbox-referee");
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_FALSE(o.report["findings"].empty()) << o.output;
  bool crash = false;
  for (const auto& f : o.report["findings"]) {
    crash = crash || f["check"] == "referee.crash";
    const std::string advice = f.value("advice", "");
    EXPECT_NE(advice.find("contained"), std::string::npos) << advice;
    EXPECT_NE(advice.find("'" + secret + "'"), std::string::npos) << advice;
    EXPECT_NE(advice.find("without --sandbox-referee"), std::string::npos) << advice;
    EXPECT_EQ(advice.find("--no-sandbox"), std::string::npos) << advice;
  }
  EXPECT_TRUE(crash) << o.output;
  // Uncontained it reads them and plays.
  const FuzzOutcome bare =
      arbiter::testing::RunFuzzReferee("jail-hidden-bare", referee, "--games 2");
  EXPECT_EQ(bare.status, 0) << bare.output;
}

// An uncontained referee is the organiser's own program: it runs with
// their HOME, as they run it (a referee reading $HOME/... crashed under
// fuzz-referee with a temporary HOME of arbiter's).
CITES(RefereeContainmentTest, AnUncontainedRefereeKeepsTheUsersHome, "arbiter.process.contained");
TEST_F(RefereeContainmentTest, AnUncontainedRefereeKeepsTheUsersHome) {
  const char* home = std::getenv("HOME");
  ASSERT_NE(home, nullptr);
  const fs::path notes = fs::path(home) / (".arbiter-referee-notes-" + std::to_string(::getpid()));
  std::ofstream(notes) << "the organiser's settings\n";
  const std::string referee =
      Wrapper("cat \"$HOME/" + notes.filename().string() + "\" > /dev/null || exit 3", "");
  const FuzzOutcome o = arbiter::testing::RunFuzzReferee("referee-home", referee, "--games 2");
  fs::remove(notes);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(Failures(o).empty()) << o.output;
}

CITES(RefereeContainmentTest, ABotCheckedThroughAContainedRefereePassesAndTheOptionNeedsAReferee,
      "arbiter.process.contained", "arbiter.referee-run.framing", "arbiter.cli.bad-input");
TEST_F(RefereeContainmentTest, ABotCheckedThroughAContainedRefereePassesAndTheOptionNeedsAReferee) {
  const std::string referee = "--game cycles --referee " +
                              arbiter::testing::Shell(std::string("python3 ") + CYCLES_PY_REFEREE +
                                                      " --seed {seed} {bot0} {bot1}");
  const auto o = arbiter::testing::CheckBot(referee + " --sandbox-referee --games 2 -- " +
                                            arbiter::testing::Shell(CYCLES_CPP_BOT));
  EXPECT_EQ(o.status, 0) << o.output;
  ASSERT_EQ(o.report["matches"].size(), 2u) << o.output;
  for (const auto& m : o.report["matches"]) EXPECT_TRUE(m["game_over"].get<bool>()) << m.dump();
  EXPECT_NE(o.report["environment"].dump().find("referee containment: bubblewrap"),
            std::string::npos)
      << o.report["environment"].dump();
  // Without a referee there is nothing to contain: said, not dropped.
  const auto alone = arbiter::testing::CheckBot("--sandbox-referee --games 1 -- " +
                                                arbiter::testing::Shell(CYCLES_CPP_BOT));
  EXPECT_EQ(alone.status, 2) << alone.output;
  EXPECT_NE(alone.output.find("--sandbox-referee is for a game played through its referee"),
            std::string::npos)
      << alone.output;
}

}  // namespace
