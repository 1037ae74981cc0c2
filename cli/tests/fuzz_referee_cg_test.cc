// Integration tests of `arbiter fuzz-referee --protocol cg-runner` with real
// referees speaking the CodinGame runner protocol: the conformant example
// Wondev Woman referee plays many games with no finding in the points league
// and under the fog of war; every mutant of it is detected, attributed to the
// clause it breaks and shrunk to a reproducer that `arbiter simulate`
// accepts; a crashing, a hanging and a garbage-printing referee are findings
// within the time limit; the protocol's usage errors are exit status 2; and
// nothing is left running.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

#include "cli/tests/fuzz_referee_run.h"
#include "cli/tests/no_leftovers.h"
#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fuzz_on_fakes.h"

namespace {

using Outcome = arbiter::testing::FuzzOutcome;

Outcome Fuzz(const std::string& referee, const std::string& args) {
  return arbiter::testing::RunFuzzReferee("fuzz-cg", referee,
                                          "--game wondev --protocol cg-runner " + args);
}

std::string Referee(const std::string& extra = "") {
  return std::string(WONDEV_REFEREE) + (extra.empty() ? "" : " " + extra);
}

std::set<std::string> Checks(const Outcome& o) {
  std::set<std::string> checks;
  for (const auto& f : o.report["findings"]) checks.insert(f["check"]);
  return checks;
}

class FuzzRefereeCgTest : public arbiter::testing::NoLeftoversTest {};

void ExpectNoFinding(const Outcome& o, int games) {
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["verdict"], "pass") << o.output;
  EXPECT_EQ(o.report["matches"].size(), static_cast<size_t>(games));
  int turns = 0;
  for (const auto& m : o.report["matches"]) {
    EXPECT_TRUE(m["game_over"].get<bool>()) << m["id"];
    turns += m["turns_played"].get<int>();
  }
  EXPECT_GT(turns, 5 * games);
  // A PASS that compared every game (arbiter.referee.compared).
  EXPECT_EQ(o.report["compared"]["games_compared"], games) << o.output;
}

CITES(FuzzRefereeCgTest, TheConformantRunnerRefereeHasNoFindingInTheSeedLeague,
      "arbiter.referee.runner-protocol", "arbiter.referee.completes",
      "wondev.protocol.input.legal");
TEST_F(FuzzRefereeCgTest, TheConformantRunnerRefereeHasNoFindingInTheSeedLeague) {
  ExpectNoFinding(Fuzz(Referee(), "--games 20 --seed 1"), 20);
}

CITES(FuzzRefereeCgTest, TheConformantRunnerRefereeHasNoFindingUnderTheFogOfWar,
      "arbiter.referee.runner-protocol", "wondev.fog.visibility");
TEST_F(FuzzRefereeCgTest, TheConformantRunnerRefereeHasNoFindingUnderTheFogOfWar) {
  ExpectNoFinding(Fuzz(Referee("--league 3"), "--games 20 --seed 1 --rule league=3"), 20);
}

struct MutantCase {
  const char* name;
  const char* clause;
  int league;
  // The non-trivial answers its reproducer may need: push-scores shows only
  // when the game ends on the scores it got wrong, so its reproducer keeps
  // the game up to that end (shrinking never puts ACCEPT-DEFEAT in).
  int max_answers = 12;
};
// Test names and failures show the case, not its bytes.
void PrintTo(const MutantCase& c, std::ostream* os) {
  *os << c.name << " (" << c.clause << ", league " << c.league << ")";
}

class CgMutantTest : public FuzzRefereeCgTest, public ::testing::WithParamInterface<MutantCase> {};

// Each instance proves that a runner referee breaking its mutant's clause is caught.
[[maybe_unused]] static const bool kCgMutantCitations =
    arbiter::spec::Cite("CgMutants/CgMutantTest", "IsDetectedAttributedAndShrunk",
                        {"arbiter.referee.runner-protocol", "wondev.fog.build", "wondev.grid.cells",
                         "wondev.push.build", "wondev.protocol.input.legal", "wondev.move.climb"});

TEST_P(CgMutantTest, IsDetectedAttributedAndShrunk) {
  const MutantCase& c = GetParam();
  const std::string league = std::to_string(c.league);
  const Outcome o = Fuzz(Referee("--league " + league + " --mutant " + c.name),
                         "--games 40 --seed 1 --strict-readings --rule league=" + league);
  ASSERT_EQ(o.status, 1) << o.output;
  const nlohmann::json* attributed = nullptr;
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "referee.divergence" || attributed) continue;
    const std::string message = f["message"];
    if (f["clause"] == c.clause || message.find(c.clause) != std::string::npos) attributed = &f;
  }
  ASSERT_TRUE(attributed) << c.name << " not attributed to " << c.clause << "\n" << o.output;
  // Its reproducer: a scenario that simulate accepts, with only a handful of
  // answers other than ACCEPT-DEFEAT, replayed by a command of this protocol.
  const std::string reproduce = (*attributed)["reproduce"];
  EXPECT_NE(reproduce.find("--protocol cg-runner"), std::string::npos) << reproduce;
  EXPECT_NE(reproduce.find("--rule league=" + league), std::string::npos) << reproduce;
  const size_t at = reproduce.find("--replay ");
  ASSERT_NE(at, std::string::npos) << reproduce;
  const std::string file = reproduce.substr(at + 9, reproduce.find(' ', at + 9) - at - 9);
  std::ifstream in(file);
  const auto doc = nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  // Shrinking puts the first listed action where an answer does not matter
  // (ACCEPT-DEFEAT would end the game): the advice counts the others.
  const std::string advice = (*attributed)["advice"];
  const size_t needs = advice.find("needs ");
  ASSERT_NE(needs, std::string::npos) << advice;
  EXPECT_LE(std::stoi(advice.substr(needs + 6)), c.max_answers) << advice;
  const std::string sim = std::string(ARBITER_BINARY) + " simulate " + file + " >/dev/null 2>&1";
  EXPECT_EQ(WEXITSTATUS(std::system(sim.c_str())), 0) << file;
}

INSTANTIATE_TEST_SUITE_P(CgMutants, CgMutantTest,
                         ::testing::Values(MutantCase{"fog-after-move", "wondev.fog.build", 3},
                                           MutantCase{"removed-as-hole", "wondev.grid.cells", 1},
                                           MutantCase{"push-scores", "wondev.push.build", 2, 40},
                                           MutantCase{"unsorted-legal",
                                                      "wondev.protocol.input.legal", 1},
                                           MutantCase{"climb-two", "wondev.move.climb", 1}),
                         [](const auto& info) {
                           std::string n;
                           bool up = true;
                           for (char ch : std::string(info.param.name)) {
                             if (ch != '-') n += up ? static_cast<char>(toupper(ch)) : ch;
                             up = ch == '-';
                           }
                           return n;
                         });

// arbiter.referee.edges: what a run says it told apart is what it can see.
// The conformant referee's run names, per clause, the deviations its games
// told apart from the rules; then the same run against the referee with each
// deviation planted (its engine under --rule deviation=NAME) fails exactly
// for those, and passes for every one it said no game told apart: the same
// seed plays the same answers until a message differs.
// The real twin of FuzzGame.EachDeviationTheGamesToldApartIsNamedWhenPlanted...
// (harness/tests/fuzz_game_test.cc), which plants every deviation of the
// catalogue in a referee on fakes: the real referee, a process of its own,
// told the same thirty games, tells apart exactly the deviations the fake
// does, and a sample planted in it (one told apart, one not) fails and
// passes the run as the fake proof says.
CITES(FuzzRefereeCgTest, EachDeviationTheRunToldApartIsFoundWhenPlantedAndNoOtherIs,
      "arbiter.referee.edges", "arbiter.referee.deviations");
TEST_F(FuzzRefereeCgTest, EachDeviationTheRunToldApartIsFoundWhenPlantedAndNoOtherIs) {
  const std::string args = "--games 30 --seed 1";
  const Outcome clean = Fuzz(Referee("--league 3"), args);
  ExpectNoFinding(clean, 30);
  std::set<std::string> told, untold;
  for (const auto& edge : clean.report["rule_edges"]) {
    for (const auto& d : edge["told_apart"]) told.insert(d);
    for (const auto& d : edge["not_told_apart"]) untold.insert(d);
    EXPECT_EQ(edge["out_of_play"], "") << edge;  // league 3 has pushes and the fog
  }
  EXPECT_EQ(told.size() + untold.size(), 21u) << clean.output;  // the whole catalogue, once
  for (const auto& d : untold)  // named in the summary, under its clause
    EXPECT_NE(clean.output.find(d), std::string::npos) << d << "\n" << clean.output;
  const arbiter::harness::testing::ToldApart fake = arbiter::harness::testing::ToldApartOnFakes(
      *arbiter::FindGame("wondev"), {{"league", "3"}}, 1, 30);
  EXPECT_EQ(told, fake.told) << "the real referee and the fake one tell apart other deviations";
  EXPECT_EQ(untold, fake.untold);
  ASSERT_FALSE(told.empty());
  ASSERT_FALSE(untold.empty());
  const Outcome planted = Fuzz(Referee("--league 3 --rule deviation=" + *told.begin()), args);
  EXPECT_EQ(planted.report["verdict"], "fail") << *told.begin() << " was told apart\n"
                                               << planted.output;
  const Outcome hidden = Fuzz(Referee("--league 3 --rule deviation=" + *untold.begin()), args);
  EXPECT_EQ(hidden.report["verdict"], "pass") << *untold.begin() << " was not told apart\n"
                                              << hidden.output;
}

// arbiter.referee.deviations: a game names a bug too early when its first
// divergence allows two deviations (a scoring bug shows first as a game
// that does not end when a player is out: leader-alone-missing); its next
// divergence, which only the scoring bug replays, renames it. One finding,
// under the scoring clause, in the scoring bug's words.
CITES(FuzzRefereeCgTest, AGameThatNamedItsBugTooEarlyRenamesItInsteadOfReportingASecond,
      "arbiter.referee.deviations");
TEST_F(FuzzRefereeCgTest, AGameThatNamedItsBugTooEarlyRenamesItInsteadOfReportingASecond) {
  const Outcome o =
      Fuzz(Referee("--league 3 --rule deviation=score-on-leaving"), "--games 30 --seed 1");
  EXPECT_EQ(o.report["verdict"], "fail") << o.output;
  std::vector<nlohmann::json> failures;
  for (const auto& f : o.report["findings"])
    if (f["severity"] == "fail") failures.push_back(f);
  ASSERT_EQ(failures.size(), 1u) << o.output;
  EXPECT_EQ(failures[0]["clause"], "wondev.score.climb") << o.output;
  const std::string message = failures[0]["message"];
  EXPECT_NE(message.find("the referee scores a move off a level-3 cell instead of onto one"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--rule deviation=score-on-leaving replays every message"),
            std::string::npos)
      << message;
}

// arbiter.referee.edges: a clause the run's rules keep out of play (league
// 1 has no pushes and no fog of war) is said so, not counted as unexercised.
CITES(FuzzRefereeCgTest, ClausesTheLeagueHasNotAreOutOfPlayNotUnexercised, "arbiter.referee.edges");
TEST_F(FuzzRefereeCgTest, ClausesTheLeagueHasNotAreOutOfPlayNotUnexercised) {
  const Outcome o = Fuzz(Referee(), "--games 10 --seed 1");
  ExpectNoFinding(o, 10);
  int pushes = 0, fog = 0;
  for (const auto& edge : o.report["rule_edges"]) {
    const std::string clause = edge["clause"], why = edge["out_of_play"];
    if (clause.starts_with("wondev.push.")) {
      EXPECT_EQ(why, "league 1 has no pushes") << edge;
      EXPECT_TRUE(edge["told_apart"].empty()) << edge;
      ++pushes;
    } else if (clause.starts_with("wondev.fog.")) {
      EXPECT_EQ(why, "league 1 has no fog of war") << edge;
      ++fog;
    } else {
      EXPECT_EQ(why, "") << edge;
    }
  }
  EXPECT_EQ(pushes, 3);
  EXPECT_EQ(fog, 2);
  EXPECT_EQ(o.report["rule_edges_games"], 10) << o.output;  // every game replayed
  EXPECT_NE(o.output.find("not in play (league 1 has no pushes): wondev.push.destination, "
                          "wondev.push.target, wondev.push.build"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("rule edges: "), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("never exercised: wondev.push"), std::string::npos) << o.output;
}

// arbiter.referee.edges: a deviation the user's --rule says the referee has
// is part of the rules the run checks, not an edge it told apart; the other
// deviations are told apart from those rules.
CITES(FuzzRefereeCgTest, ADeviationTheUserSetIsPartOfTheRulesNotAnEdge, "arbiter.referee.edges");
TEST_F(FuzzRefereeCgTest, ADeviationTheUserSetIsPartOfTheRulesNotAnEdge) {
  const Outcome o = Fuzz(Referee("--league 3 --rule deviation=drop-one"),
                         "--games 10 --seed 1 --rule league=3 --rule deviation=drop-one");
  ExpectNoFinding(o, 10);
  int told = 0;
  for (const auto& edge : o.report["rule_edges"]) {
    for (const auto& d : edge["told_apart"]) EXPECT_NE(d, "drop-one") << edge;
    for (const auto& d : edge["not_told_apart"]) EXPECT_NE(d, "drop-one") << edge;
    told += static_cast<int>(edge["told_apart"].size());
  }
  EXPECT_GT(told, 5) << o.output;
}

CITES(FuzzRefereeCgTest, ARefereeWithTwoDefectsShowsEachAsItsOwnFindingInPlainWords,
      "arbiter.referee.resync", "wondev.out.invalid", "wondev.move.climb");
TEST_F(FuzzRefereeCgTest, ARefereeWithTwoDefectsShowsEachAsItsOwnFindingInPlainWords) {
  // Lowercase move&build accepted (push&build not), and a climb of two levels,
  // held to the text's reading (--strict-readings): CodinGame's server reads
  // a lowercase keyword too, so without it the first is a reading of
  // wondev.protocol.action.grammar (keyword_case=any), not a failure.
  const Outcome o =
      Fuzz(Referee("--mutant lowercase-move,climb-two"), "--games 20 --seed 1 --strict-readings");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> clauses;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["check"], "referee.divergence") << o.output;
    EXPECT_TRUE(clauses.insert(f["clause"].get<std::string>()).second) << o.output;
    const std::string message = f["message"];
    if (f["clause"] == "wondev.out.invalid") {
      EXPECT_NE(message.find("the referee accepted the answer 'move&build "), std::string::npos)
          << message;
    }
  }
  EXPECT_EQ(clauses, (std::set<std::string>{"wondev.out.invalid", "wondev.move.climb"}))
      << o.output;
}

using arbiter::testing::Listed;

CITES(FuzzRefereeCgTest, ARunnerRefereeThatEndsTheGameWronglyInTwoWaysShowsEachWayOnItsOwn,
      "arbiter.referee.resync", "arbiter.referee.replayable", "arbiter.referee.deviations",
      "wondev.out.invalid", "wondev.end.leader-alone");
TEST_F(FuzzRefereeCgTest, ARunnerRefereeThatEndsTheGameWronglyInTwoWaysShowsEachWayOnItsOwn) {
  // Lowercase move&build accepted (push&build not); the game ended when
  // player 1 is out whoever leads, and not ended when player 0 is out and
  // player 1 leads: three defects, three findings, each reproduced. Held to
  // the text's reading of the keyword (--strict-readings), as above.
  const Outcome o = Fuzz(Referee("--mutant lowercase-move,end-when-1-out,no-end-when-0-out"),
                         "--games 20 --seed 1 --strict-readings");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> seen;
  for (const auto& f : o.report["findings"]) {
    ASSERT_EQ(f["check"], "referee.divergence") << Listed(o);
    const std::string message = f["message"], clause = f["clause"];
    std::string what = clause;
    if (message.find("the referee accepted the answer 'move&build ") == 0) what = "lowercase";
    // Each end bug by the deviation that replays its games (the leader check
    // left out, the end condition missing), or else by what showed it.
    if (message.find("the referee ended the game when player 1 was out") == 0 ||
        message.find("--rule deviation=leader-alone-any ") != std::string::npos)
      what = "early";
    if (message.find("the referee went on when player 0 was out and player 1 led") == 0 ||
        message.find("--rule deviation=leader-alone-missing ") != std::string::npos)
      what = "late";
    EXPECT_TRUE(seen.insert(what).second) << Listed(o);
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, arbiter::testing::FuzzDir("fuzz-cg")), "")
        << message;
  }
  EXPECT_EQ(seen, (std::set<std::string>{"lowercase", "early", "late"})) << Listed(o);
}

// The number of messages each game of a run compared, by match id (its
// shrunk reproducers' runs left out).
std::map<std::string, int> ComparedByGame(const Outcome& o) {
  std::map<std::string, int> out;
  for (const auto& m : o.report["matches"])
    if (m["shrunk_from"].is_null()) out[m["id"]] = m["messages_compared"];
  return out;
}

CITES(FuzzRefereeCgTest, AFogRefereeWithItsOwnMapIsLearntFromEachPlayersFirstMessageAndFollowed,
      "arbiter.referee.chance", "arbiter.referee.compared", "wondev.fog.visibility");
TEST_F(FuzzRefereeCgTest, AFogRefereeWithItsOwnMapIsLearntFromEachPlayersFirstMessageAndFollowed) {
  // Its own map under the fog: the first message hides the opponent's units,
  // the second player's first message shows them. Every game is followed
  // and compared from its first message; nothing is wrong, nothing is said.
  const Outcome o =
      Fuzz(Referee("--league 3 --mutant own-map"), "--games 20 --seed 1 --rule league=3");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["findings"].size(), 0u) << Listed(o);
  EXPECT_EQ(o.report["verdict"], "pass") << o.output;
  EXPECT_EQ(o.report["compared"]["games"], 20) << o.output;
  EXPECT_EQ(o.report["compared"]["games_compared"], 20) << o.output;
  EXPECT_EQ(o.report["compared"]["messages_alone"], 0) << o.output;
  for (const auto& [id, compared] : ComparedByGame(o)) EXPECT_GE(compared, 1) << id;
  EXPECT_NE(
      o.output.find("compared " + std::to_string(o.report["compared"]["messages"].get<int>()) +
                    " turn messages in 20 of 20 games; 0 games unknowable"),
      std::string::npos)
      << o.output;
}

CITES(FuzzRefereeCgTest, AFogRefereeWithItsOwnMapAndNoLegalActionListShowsTheMissingListOnly,
      "arbiter.referee.chance", "wondev.protocol.input.legal", "arbiter.referee.replayable");
TEST_F(FuzzRefereeCgTest, AFogRefereeWithItsOwnMapAndNoLegalActionListShowsTheMissingListOnly) {
  // No legal-action list in any message: one finding about that field, and
  // never the reason a game stops being compared.
  const Outcome o = Fuzz(Referee("--league 3 --mutant own-map,no-legal-list"),
                         "--games 20 --seed 1 --rule league=3");
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << Listed(o);
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["check"], "referee.divergence") << Listed(o);
  EXPECT_EQ(f["clause"], "wondev.protocol.input.legal") << Listed(o);
  const std::string message = f["message"];
  EXPECT_EQ(message.find("the referee sent no legal-action list"), 0u) << message;
  EXPECT_EQ(arbiter::testing::ReproduceFails(f, arbiter::testing::FuzzDir("fuzz-cg")), "")
      << message;
  EXPECT_EQ(o.report["compared"]["games_compared"], 20) << o.output;
  // Games that went on past their first turns compared their later messages.
  int long_games = 0;
  for (const auto& m : o.report["matches"]) {
    if (!m["shrunk_from"].is_null() || m["turns_played"].get<int>() < 6) continue;
    ++long_games;
    EXPECT_GE(m["messages_compared"].get<int>(), 4) << m["id"];
  }
  EXPECT_GT(long_games, 0) << o.output;
}

// The replay of a finding's reproducer against `referee` instead of the
// one it was found on.
Outcome ReplayAgainst(const nlohmann::json& finding, const std::string& referee) {
  const std::string reproduce = finding["reproduce"];
  const size_t at = reproduce.find("--replay ");
  if (at == std::string::npos) return {};
  const std::string file = reproduce.substr(at + 9, reproduce.find(' ', at + 9) - at - 9);
  return arbiter::testing::RunFuzzReferee(
      "fuzz-cg-replay", referee,
      "--game wondev --protocol cg-runner --rule league=3 --seed " +
          std::to_string(finding["seed"].get<uint64_t>()) + " --replay " + file);
}

CITES(FuzzRefereeCgTest, AReproducerThatNoLongerShowsItsDivergenceIsNotReproducedAndSaysWhy,
      "arbiter.referee.compared", "arbiter.referee.chance", "wondev.grid.cells");
TEST_F(FuzzRefereeCgTest, AReproducerThatNoLongerShowsItsDivergenceIsNotReproducedAndSaysWhy) {
  // Found on a referee drawing its own map under the fog, with removed cells
  // printed as holes; replayed on that referee fixed, and on one that draws
  // another map: never a silent PASS.
  const Outcome o = Fuzz(Referee("--league 3 --mutant own-map,removed-as-hole"),
                         "--games 30 --seed 1 --rule league=3");
  EXPECT_EQ(o.status, 1) << o.output;
  nlohmann::json found;
  for (const auto& f : o.report["findings"])
    if (f["clause"] == "wondev.grid.cells") found = f;
  ASSERT_FALSE(found.is_null()) << Listed(o);
  EXPECT_EQ(arbiter::testing::ReproduceFails(found, arbiter::testing::FuzzDir("fuzz-cg")), "");

  const Outcome fixed = ReplayAgainst(found, Referee("--league 3 --mutant own-map"));
  EXPECT_EQ(fixed.status, 2) << fixed.output;
  EXPECT_EQ(fixed.report["verdict"], "not-reproduced") << fixed.output;
  EXPECT_NE(fixed.output.find("NOT REPRODUCED: the divergence it records (wondev.grid.cells"),
            std::string::npos)
      << fixed.output;

  const Outcome other = ReplayAgainst(found, Referee("--league 3 --mutant removed-as-hole"));
  EXPECT_EQ(other.status, 2) << other.output;
  EXPECT_EQ(other.report["verdict"], "not-reproduced") << other.output;
  EXPECT_NE(other.report["not_reproduced"].get<std::string>().find("the referee drew another '"),
            std::string::npos)
      << other.output;
}

CITES(FuzzRefereeCgTest, TheWondevArenaToldOnlyItsCommandShowsEachPlantedDefectUnderItsClause,
      "arbiter.referee.chance", "arbiter.referee.variant", "arbiter.referee.compared",
      "arbiter.referee.resync", "wondev.protocol.input.legal", "wondev.grid.cells",
      "wondev.push.target", "wondev.push.destination", "wondev.league.units");
TEST_F(FuzzRefereeCgTest, TheWondevArenaToldOnlyItsCommandShowsEachPlantedDefectUnderItsClause) {
  // examples/referees/wondev-arena: a referee with rule code of its own,
  // drawing its maps and spawns from a generator of its own (seeded from
  // ###Seed here, so that the run is the same every time), league 3 under
  // the fog, no legal-action list, and four rule bugs at once. arbiter is
  // told its command and protocol, not its league. 200 games: under seed 1
  // every defect shows by game 13 (1000 games found the same five, in 86 s
  // before shrinking on a quiet machine, 262 s in a CI run).
  const Outcome o = Fuzz(std::string(WONDEV_ARENA) + " --seeded", "--games 200 --seed 1");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> failing, notes;
  for (const auto& f : o.report["findings"]) {
    if (f["severity"] != "fail") {
      notes.insert(f["check"].get<std::string>() + " " + f["clause"].get<std::string>());
      continue;
    }
    EXPECT_EQ(f["check"], "referee.divergence") << Listed(o);
    EXPECT_TRUE(failing.insert(f["clause"].get<std::string>()).second) << Listed(o);
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, arbiter::testing::FuzzDir("fuzz-cg")), "")
        << f["message"];
  }
  EXPECT_EQ(failing, (std::set<std::string>{"wondev.protocol.input.legal", "wondev.grid.cells",
                                            "wondev.push.target", "wondev.push.destination",
                                            "wondev.league.units"}))
      << Listed(o);
  // The league it plays, learnt from its first message, and nothing else.
  EXPECT_EQ(notes, (std::set<std::string>{"referee.reading wondev.league.units"})) << Listed(o);
  EXPECT_EQ(o.report["readings_adopted"], nlohmann::json::array({"league=3"})) << o.output;
  EXPECT_GE(o.report["compared"]["games_compared"].get<int>(), 190) << o.output;
}

// A referee that drops whitespace at the end of an answer only: a trailing
// CR is taken, a leading blank makes the answer invalid. Refused leading
// blanks must not be read as the exact reading (which would make every
// trailing CR a false failure), nor as failures of the rules the refused
// answer would have played; one reading says it all.
CITES(FuzzRefereeCgTest, ARefereeThatTrimsOnlyTrailingWhitespaceIsOneReadingAndNoFailure,
      "arbiter.referee.readings", "wondev.protocol.action.whitespace", "arbiter.referee.compared");
TEST_F(FuzzRefereeCgTest, ARefereeThatTrimsOnlyTrailingWhitespaceIsOneReadingAndNoFailure) {
  const Outcome o =
      Fuzz(std::string(WONDEV_ARENA) + " --seeded --parse trailing --bugs none --legal-list",
           "--games 300 --seed 1");
  EXPECT_EQ(o.status, 0) << Listed(o);
  std::set<std::string> notes;
  for (const auto& f : o.report["findings"])
    notes.insert(f["check"].get<std::string>() + " " + f["clause"].get<std::string>());
  EXPECT_EQ(notes, (std::set<std::string>{"referee.reading wondev.league.units",
                                          "referee.reading wondev.protocol.action.whitespace"}))
      << Listed(o);
  EXPECT_EQ(o.report["readings_adopted"],
            nlohmann::json::array({"league=3", "action_parsing=trailing"}))
      << o.output;
  EXPECT_GE(o.report["compared"]["games_compared"].get<int>(), 285) << o.output;
}

CITES(FuzzRefereeCgTest, ALeagueTheUserSetThatTheRefereeDoesNotPlayIsOneFindingNamingTheOneThatFits,
      "arbiter.referee.variant", "wondev.league.units");
TEST_F(FuzzRefereeCgTest,
       ALeagueTheUserSetThatTheRefereeDoesNotPlayIsOneFindingNamingTheOneThatFits) {
  const Outcome o = Fuzz(std::string(WONDEV_ARENA) + " --seeded --bugs none --legal-list",
                         "--games 5 --seed 1 --rule league=1");
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << Listed(o);
  const auto& f = o.report["findings"][0];
  EXPECT_EQ(f["clause"], "wondev.league.units") << Listed(o);
  EXPECT_NE(f["message"].get<std::string>().find("(--rule league=3 fits)"), std::string::npos)
      << f["message"];
  EXPECT_EQ(f["occurrences"], 5) << Listed(o);
}

CITES(FuzzRefereeCgTest, ARunnerRefereeIsFollowedPastADivergenceAndTheBugBehindItShows,
      "arbiter.referee.resync", "wondev.protocol.input.legal", "wondev.grid.cells");
TEST_F(FuzzRefereeCgTest, ARunnerRefereeIsFollowedPastADivergenceAndTheBugBehindItShows) {
  // Its legal actions are unsorted in every message from the first, a
  // failure under --strict-readings; a cell at height 4 printed as a hole
  // can only come later in a game, so it shows only because the reference
  // takes the map and the units each message shows and plays on.
  const Outcome o = Fuzz(Referee("--mutant unsorted-legal,removed-as-hole"),
                         "--games 20 --seed 1 --strict-readings");
  EXPECT_EQ(o.status, 1) << o.output;
  std::set<std::string> clauses;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["check"], "referee.divergence") << Listed(o);
    clauses.insert(f["clause"].get<std::string>());
    EXPECT_EQ(arbiter::testing::ReproduceFails(f, arbiter::testing::FuzzDir("fuzz-cg")), "")
        << f["message"];
  }
  EXPECT_EQ(clauses, (std::set<std::string>{"wondev.protocol.input.legal", "wondev.grid.cells"}))
      << Listed(o);
}

CITES(FuzzRefereeCgTest, ACrashingRunnerRefereeIsAFinding, "arbiter.referee.completes");
TEST_F(FuzzRefereeCgTest, ACrashingRunnerRefereeIsAFinding) {
  const Outcome o = Fuzz("/bin/sh -c \"kill -SEGV \\$\\$\"", "--games 2");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_TRUE(Checks(o).count("referee.crash")) << o.output;
}

CITES(FuzzRefereeCgTest, AHangingRunnerRefereeIsAFindingWithinTheTimeLimit,
      "arbiter.referee.completes");
TEST_F(FuzzRefereeCgTest, AHangingRunnerRefereeIsAFindingWithinTheTimeLimit) {
  const auto start = std::chrono::steady_clock::now();
  const Outcome o = Fuzz("/bin/sh -c \"sleep 60\"", "--games 1 --time-limit 2");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_TRUE(Checks(o).count("referee.hang")) << o.output;
}

CITES(FuzzRefereeCgTest, AGarbagePrintingRunnerRefereeIsAProtocolFinding,
      "arbiter.referee.runner-protocol");
TEST_F(FuzzRefereeCgTest, AGarbagePrintingRunnerRefereeIsAProtocolFinding) {
  const Outcome o = Fuzz("/usr/bin/yes hello", "--games 1 --time-limit 5");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_TRUE(Checks(o).count("referee.protocol")) << o.output;
}

CITES(FuzzRefereeCgTest, ARunnerRefereeAskingForTwoLinesOrEndingWithoutEndIsAFinding,
      "arbiter.referee.runner-protocol");
TEST_F(FuzzRefereeCgTest, ARunnerRefereeAskingForTwoLinesOrEndingWithoutEndIsAFinding) {
  Outcome o =
      Fuzz("/bin/sh -c \"echo \\\"###Input 0\\\"; echo \\\"###Output 0 2\\\"; read a; read b\"",
           "--games 1 --time-limit 5 --no-shrink");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_NE(o.output.find("a turn answer is one line"), std::string::npos) << o.output;
  o = Fuzz("/bin/true", "--games 1 --time-limit 5");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_NE(o.output.find("without ###End"), std::string::npos) << o.output;
}

CITES(FuzzRefereeCgTest, AnUnknownProtocolOrABotPlaceholderIsAUsageError,
      "arbiter.referee.runner-protocol");
TEST_F(FuzzRefereeCgTest, AnUnknownProtocolOrABotPlaceholderIsAUsageError) {
  const std::string arbiter = ARBITER_BINARY;
  auto run = arbiter::testing::RunCommand(arbiter + " fuzz-referee --game wondev --protocol nope " +
                                          "--referee " + Referee());
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("'nope' is not a protocol"), std::string::npos) << run.output;
  const Outcome o = Fuzz(Referee() + " {bot0} {bot1}", "--games 1");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("{bot0} makes no sense"), std::string::npos) << o.output;
}

// examples/referees/wondev-py: a referee of our own in Python, written as an
// organiser writes one (its own maps from its own generator, seeded from
// ###Seed here so that the run is the same every time), league 2, with four
// planted bugs from four clauses: drops of more than one level refused
// (wondev.move.climb), a pushed unit's height step not checked at all
// (wondev.push.destination), a build on the cell just left refused
// (wondev.build.adjacent: its occupancy checked before the move), and a push
// that raises the cell the pushed unit lands on (wondev.push.build), which
// no deviation of the catalogue models. Each bug is one failure under its
// clause: the three modelled ones named by their deviations, no other
// deviation named, and the fourth saying that nothing explains it. On
// fakes: FuzzRefereeOnFakes.AWondevRefereeWithFourBugs...
CITES(FuzzRefereeCgTest, APythonRefereeWithFourBugsShowsEachOnceUnderItsClause,
      "arbiter.referee.deviations", "arbiter.referee.runner-protocol", "wondev.move.climb",
      "wondev.push.destination", "wondev.build.adjacent", "wondev.push.build");
TEST_F(FuzzRefereeCgTest, APythonRefereeWithFourBugsShowsEachOnceUnderItsClause) {
  const Outcome o = Fuzz(std::string("python3 ") + WONDEV_PY_REFEREE +
                             " --seeded --league 2 --bugs "
                             "drop-one,push-no-step,build-on-left-cell,push-builds-where-pushed",
                         "--games 60 --seed 1 --rule league=2");
  EXPECT_EQ(o.status, 1) << o.output;
  int drop_one = 0, push = 0, left_cell = 0, unexplained = 0;
  for (const auto& f : o.report["findings"]) {
    if (f["severity"] != "fail") continue;
    EXPECT_EQ(f["check"], "referee.divergence") << Listed(o);
    const std::string message = f["message"], clause = f["clause"];
    const size_t named = message.find("--rule deviation=");
    if (message.find("--rule deviation=drop-one ") != std::string::npos) {
      EXPECT_EQ(clause, "wondev.move.climb") << message;
      ++drop_one;
    } else if (message.find("--rule deviation=left-cell-occupied ") != std::string::npos) {
      EXPECT_EQ(clause, "wondev.build.adjacent") << message;
      ++left_cell;
    } else if (clause == "wondev.push.destination") {
      // Named, it is the push height check left out, in one amount or another.
      if (named != std::string::npos) {
        EXPECT_EQ(message.find("push-climb-", named), named + 17) << message;
      }
      ++push;
    } else {
      // Never another deviation: the fourth bug is none of them.
      EXPECT_EQ(named, std::string::npos) << message;
      EXPECT_EQ(clause, "wondev.push.build") << message;
      EXPECT_NE(message.find("no single rule change arbiter tried"), std::string::npos) << message;
      ++unexplained;
    }
  }
  EXPECT_EQ(drop_one, 1) << Listed(o);
  EXPECT_EQ(push, 1) << Listed(o);
  EXPECT_EQ(left_cell, 1) << Listed(o);
  EXPECT_EQ(unexplained, 1) << Listed(o);
}

// examples/referees/wondev-node: a Wondev Woman referee in Node.js, written
// from the first-league text as a contestant ports one, with its own maps,
// its own legal-action order, and a defect of its own: it accepts lowercase
// directions. It reads the command keyword in any case, as CodinGame's
// server does: that is a reading of wondev.protocol.action.grammar, adopted
// for the run, and never a failure (before, every such answer was a FAIL
// saying "the game's real server reads it so too"). The lowercase
// directions, which neither the text nor the server accepts, stay one
// failure under wondev.out.invalid. Its draw is seeded from {seed} so that
// the run is the same every time.
CITES(FuzzRefereeCgTest, ANodeRefereeThatReadsTheKeywordAsTheServerDoesIsAReadingNotAFailure,
      "arbiter.referee.readings", "wondev.protocol.action.grammar", "wondev.out.invalid");
TEST_F(FuzzRefereeCgTest, ANodeRefereeThatReadsTheKeywordAsTheServerDoesIsAReadingNotAFailure) {
  const Outcome o = Fuzz(std::string("node ") + WONDEV_NODE_REFEREE + " --seed {seed}",
                         "--games 40 --seed 1 --rule league=1");
  EXPECT_EQ(o.status, 1) << o.output;
  int keyword_reading = 0, lowercase_directions = 0;
  for (const auto& f : o.report["findings"]) {
    const std::string message = f["message"];
    EXPECT_EQ(message.find("real server reads it so too"), std::string::npos) << Listed(o);
    keyword_reading += f.value("cause", "") == "reading keyword_case=any";
    if (f["severity"] != "fail") continue;
    EXPECT_EQ(f["clause"], "wondev.out.invalid") << Listed(o);
    EXPECT_EQ(message.find("the referee accepted the answer '"), 0u) << message;
    ++lowercase_directions;
  }
  EXPECT_EQ(keyword_reading, 1) << Listed(o);
  EXPECT_EQ(lowercase_directions, 1) << Listed(o);
  EXPECT_NE(o.output.find("--rule keyword_case=any"), std::string::npos) << o.output;
}

// examples/referees/jc2015-py: a JavaChallenge2015 referee of our own in
// Python, in the runner protocol for four players, drawing its start from
// Python's random (seeded from ###Seed with --seeded).
std::string Jc2015PyReferee(const std::string& options) {
  return std::string("python3 ") + JC2015_PY_REFEREE + " --seeded " + options;
}

// arbiter.referee.runner-protocol: a draw ranks the players it is among tied
// first; a referee that ranks the fallen below them ("###End 02 13") is as
// right as one that ties everyone ("###End 0123"). No finding.
CITES(FuzzRefereeCgTest, AJc2015RunnerRefereeThatRanksTheSurvivorsOfADrawFirstHasNoFinding,
      "arbiter.referee.runner-protocol", "jc2015.end.turn-limit", "jc2015.end.simultaneous");
TEST_F(FuzzRefereeCgTest, AJc2015RunnerRefereeThatRanksTheSurvivorsOfADrawFirstHasNoFinding) {
  const Outcome o = arbiter::testing::RunFuzzReferee(
      "fuzz-cg-jc2015-py", Jc2015PyReferee("--bugs none --draw-ranking survivors"),
      "--game jc2015 --protocol cg-runner --games 30 --seed 1 --no-shrink");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.report["findings"].size(), 0u) << Listed(o);
  EXPECT_EQ(o.report["compared"]["games_compared"], 30) << o.output;
}

// Four bugs of four clauses at once: three deviations of the catalogue and
// one (plays-on-alone, the last player left asked on) modelled by none. A
// smoke with a small shrink budget (kRealShrinkRuns); under the default one:
// FuzzRefereeOnFakes.AJc2015RefereeWithFourBugs...
CITES(FuzzRefereeCgTest, APythonJc2015RunnerRefereeWithFourBugsShowsEachOnceUnderItsClause,
      "arbiter.referee.deviations", "arbiter.referee.runner-protocol",
      "jc2015.move.cancel.distance", "jc2015.attack.no-reschedule", "jc2015.fallen.turns",
      "jc2015.end.win");
TEST_F(FuzzRefereeCgTest, APythonJc2015RunnerRefereeWithFourBugsShowsEachOnceUnderItsClause) {
  const Outcome o = arbiter::testing::RunFuzzReferee(
      "fuzz-cg-jc2015-py-bugs",
      Jc2015PyReferee(
          "--bugs cancel-under-three,attack-resets-timers,skip-fallen-turns,plays-on-alone"),
      "--game jc2015 --protocol cg-runner --games 10 --seed 1 " +
          std::string(arbiter::testing::kRealShrinkRuns));
  arbiter::testing::ExpectOneFindingPerBug(o,
                                           {{"jc2015.move.cancel.distance", "cancel-below-three"},
                                            {"jc2015.attack.no-reschedule", "reschedule-scheduled"},
                                            {"jc2015.fallen.turns", "no-tick-on-fallen-turns"}},
                                           "jc2015.end.win");
}

// arbiter.referee.completes: a referee that works 100 ms before each turn
// (a slow one, or one on a busy machine) plays a game longer than a 4 s
// limit: the game's 96 turns take 9.6 s, more than twice the limit however
// fast the machine (at 40 ms a quiet machine played the game out inside
// the limit, and the test failed). Cut while it still sends messages the rules agree with, it was
// playing, not hung: referee.unfinished, a warning naming the turn reached,
// never a referee.hang FAIL. Before issue 48 this was "FAIL referee.hang".
CITES(FuzzRefereeCgTest, ASlowRefereeTheGameLimitCutsWhilePlayingIsUnfinishedNeverAHang,
      "arbiter.referee.completes");
TEST_F(FuzzRefereeCgTest, ASlowRefereeTheGameLimitCutsWhilePlayingIsUnfinishedNeverAHang) {
  const Outcome o = arbiter::testing::RunFuzzReferee(
      "fuzz-cg-jc2015-py-slow", Jc2015PyReferee("--turn-ms 100"),
      "--game jc2015 --protocol cg-runner --games 1 --seed 2 --time-limit 4 --no-shrink");
  EXPECT_EQ(o.status, 0) << o.output;
  const std::set<std::string> checks = Checks(o);
  EXPECT_FALSE(checks.count("referee.hang")) << Listed(o);
  ASSERT_TRUE(checks.count("referee.unfinished")) << Listed(o);
  for (const auto& f : o.report["findings"]) {
    if (f["check"] != "referee.unfinished") continue;
    EXPECT_EQ(f["severity"], "warn");
    const std::string m = f["message"];
    EXPECT_NE(m.find("the per-game time limit of 4 s (--time-limit) cut the game at turn "),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("while the referee was still playing"), std::string::npos) << m;
    EXPECT_NE(m.find("give a larger --time-limit"), std::string::npos) << m;
  }
}

}  // namespace
