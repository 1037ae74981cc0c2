// Spec tests of the deviation catalogue (engine/wondev/rules.cc,
// docs/deviations.md): each deviation, selected by the rule
// "deviation=<name>", does exactly what its words say on a hand-drawn grid
// where the rules say otherwise, and the rule itself names, combines and
// refuses deviations as an option does. fuzz-referee names a referee's bug
// by these, so a deviation that did not do what it says would name the
// wrong bug (arbiter.referee.deviations).
#include <functional>
#include <set>

#include "core/game.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "wondev/rules.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

Rules With(Rules rules, std::string_view deviations) {
  const std::string error = SetRule(rules, "deviation", deviations);
  EXPECT_EQ(error, "") << deviations;
  return rules;
}

// A situation that the rules and the deviation tell apart: `shows` says
// what is observed (a legal action listed, a score, a height, an end), once
// under the rules and once under the deviation, and the two must differ as
// `rule` and `deviated` say.
struct Case {
  const char* deviation;
  std::function<int(const Rules&)> shows;
  int rule, deviated;
};

int Listing(const std::vector<std::string>& rows, Pos mine, Pos theirs, const char* action,
            const Rules& r) {
  return Listed(Make(rows, mine, theirs, r), action);
}

// League 2: two units each, pushes; the second units far away.
int PushListing(const std::vector<std::string>& rows, Pos mine, Pos theirs, const char* action,
                const Rules& r) {
  Rules league = r;
  league.league = 2;
  return Listed(Make2(rows, mine, At(0, 4), theirs, At(4, 4), league), action);
}

int ScoreAfter(const std::vector<std::string>& rows, Pos mine, Pos theirs, const char* action,
               const Rules& r) {
  State s = Make(rows, mine, theirs, r);
  Play(s, action);
  return s.score(0);
}

// Player 0 moves east (from level 2 onto level 3 where the grid has them: a
// point), then player 1 accepts defeat: whether the game ends there
// (wondev.end.leader-alone: only when the player left leads).
int EndsWhenOneGoesOut(const std::vector<std::string>& rows, const Rules& r) {
  State s = Make(rows, At(0, 0), At(4, 4), r);
  Play(s, "MOVE&BUILD 0 E S");
  Play(s, "ACCEPT-DEFEAT");
  return s.IsTerminal();
}

const std::vector<std::string> kStep2 = {"02000", "00000", "00000", "00000", "00000"};
const std::vector<std::string> kStep3 = {"03000", "00000", "00000", "00000", "00000"};

std::vector<Case> Cases() {
  return {
      {"climb-two",
       [](const Rules& r) { return Listing(kStep2, At(0, 0), At(4, 4), "MOVE&BUILD 0 E W", r); }, 0,
       1},
      {"climb-any",
       [](const Rules& r) { return Listing(kStep3, At(0, 0), At(4, 4), "MOVE&BUILD 0 E W", r); }, 0,
       1},
      {"climb-none",
       [](const Rules& r) {
         return Listing({"01000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4),
                        "MOVE&BUILD 0 E W", r);
       },
       1, 0},
      {"drop-one",
       [](const Rules& r) {
         return Listing({"20000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4),
                        "MOVE&BUILD 0 E W", r);
       },
       1, 0},
      {"push-climb-two",
       [](const Rules& r) {
         return PushListing({"00200", "00000", "00000", "00000", "00000"}, At(0, 0), At(1, 0),
                            "PUSH&BUILD 0 E E", r);
       },
       0, 1},
      {"push-climb-any",
       [](const Rules& r) {
         return PushListing({"00300", "00000", "00000", "00000", "00000"}, At(0, 0), At(1, 0),
                            "PUSH&BUILD 0 E E", r);
       },
       0, 1},
      {"push-drop-one",
       [](const Rules& r) {
         return PushListing({"02000", "00000", "00000", "00000", "00000"}, At(0, 0), At(1, 0),
                            "PUSH&BUILD 0 E E", r);
       },
       1, 0},
      {"push-any-direction",
       [](const Rules& r) {
         return PushListing(kFlat5, At(1, 1), At(2, 1), "PUSH&BUILD 0 E S", r);
       },
       0, 1},
      {"push-straight-only",
       [](const Rules& r) {
         return PushListing(kFlat5, At(1, 1), At(2, 1), "PUSH&BUILD 0 E SE", r);
       },
       1, 0},
      {"build-under-unit",
       [](const Rules& r) { return Listing(kFlat5, At(0, 0), At(2, 0), "MOVE&BUILD 0 E E", r); }, 0,
       1},
      {"left-cell-occupied",
       [](const Rules& r) { return Listing(kFlat5, At(1, 1), At(4, 4), "MOVE&BUILD 0 E W", r); }, 1,
       0},
      {"score-climb-only",
       [](const Rules& r) {
         return ScoreAfter({"33000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4),
                           "MOVE&BUILD 0 E S", r);
       },
       1, 0},
      {"score-on-leaving",
       [](const Rules& r) {
         return ScoreAfter({"30000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4),
                           "MOVE&BUILD 0 E S", r);
       },
       0, 1},
      {"push-scores",
       [](const Rules& r) {
         Rules pushing = r;
         pushing.league = 2;
         State s = Make2({"02000", "00000", "00000", "00000", "00000"}, At(0, 0), At(0, 4),
                         At(1, 0), At(4, 4), pushing);
         Play(s, "PUSH&BUILD 0 E E");
         return s.score(0);
       },
       0, 1},
      {"rounds-one-early",
       [](const Rules& r) {
         Rules two = r;
         two.max_rounds = 2;
         State s = Make(kFlat5, At(0, 0), At(4, 4), two);
         int turns = 0;
         while (!s.IsTerminal() && turns < 10) Play(s, LegalTexts(s).front()), ++turns;
         return turns;
       },
       4, 2},
      {"rounds-one-late",
       [](const Rules& r) {
         Rules one = r;
         one.max_rounds = 1;
         State s = Make(kFlat5, At(0, 0), At(4, 4), one);
         int turns = 0;
         while (!s.IsTerminal() && turns < 10) Play(s, LegalTexts(s).front()), ++turns;
         return turns;
       },
       2, 4},
      {"leader-alone-any", [](const Rules& r) { return EndsWhenOneGoesOut(kFlat5, r); }, 0, 1},
      {"leader-alone-missing",
       [](const Rules& r) {
         return EndsWhenOneGoesOut({"23000", "00000", "00000", "00000", "00000"}, r);
       },
       1, 0},
      {"leader-or-tied", [](const Rules& r) { return EndsWhenOneGoesOut(kFlat5, r); }, 0, 1},
      {"fog-two",
       [](const Rules& r) {
         Rules fog = r;
         fog.league = 3;
         return Make2(kFlat5, At(0, 0), At(0, 4), At(2, 0), At(4, 4), fog).Visible(0, 1, 0);
       },
       0, 1},
      {"fog-build-builds",
       [](const Rules& r) {
         Rules fog = r;
         fog.league = 3;
         // The enemy on (2, 0) is two cells from the builder before it moves:
         // unseen, so the build is listed, and the rules cancel it.
         State s = Make2(kFlat5, At(0, 0), At(0, 4), At(2, 0), At(4, 4), fog);
         Play(s, "MOVE&BUILD 0 E E");
         return s.map().at(2, 0);
       },
       0, 1},
  };
}

SPEC_TEST(Deviations, EachDeviationDoesWhatItsWordsSayWhereTheRulesSayOtherwise,
          "arbiter.referee.deviations", "wondev.move.climb", "wondev.push.destination",
          "wondev.push.target", "wondev.build.adjacent", "wondev.score.climb", "wondev.push.build",
          "wondev.end.rounds", "wondev.end.leader-alone", "wondev.fog.visibility",
          "wondev.fog.build") {
  std::set<std::string> tested;
  for (const Case& c : Cases()) {
    tested.insert(c.deviation);
    EXPECT_EQ(c.shows(Rules{}), c.rule) << c.deviation << " under the rules";
    EXPECT_EQ(c.shows(With(Rules{}, c.deviation)), c.deviated) << c.deviation;
  }
  // Every deviation of the catalogue is shown here, and each names a clause
  // of this game's register, a derivation and both sides in words.
  for (const Deviation& d : Deviations()) {
    EXPECT_TRUE(tested.count(std::string(d.name))) << d.name << " has no case here";
    EXPECT_EQ(d.clause.substr(0, 7), "wondev.") << d.name;
    EXPECT_FALSE(d.derivation.empty() || d.does.empty() || d.rule.empty()) << d.name;
  }
  EXPECT_EQ(tested.size(), Deviations().size());
}

SPEC_TEST(Deviations, TheRuleCombinesDeviationsDescribesThemAndRefusesAnUnknownOne,
          "arbiter.referee.deviations") {
  Rules r;
  EXPECT_EQ(DescribeRules(r).find("deviation"), std::string::npos);
  EXPECT_EQ(SetRule(r, "deviation", "drop-one,push-scores"), "");
  EXPECT_NE(DescribeRules(r).find(" deviation=drop-one,push-scores"), std::string::npos)
      << DescribeRules(r);
  EXPECT_TRUE(r.deviates(DeviationId::kDropOne));
  EXPECT_TRUE(r.deviates(DeviationId::kPushScores));
  EXPECT_FALSE(r.deviates(DeviationId::kClimbTwo));
  const Rules before = r;
  const std::string error = SetRule(r, "deviation", "drop-two");
  EXPECT_NE(error.find("'drop-two' is not a deviation of this game"), std::string::npos) << error;
  EXPECT_NE(error.find("drop-one"), std::string::npos) << error;
  EXPECT_EQ(r, before);  // a refused value changes nothing
  EXPECT_EQ(SetRule(r, "deviation", "none"), "");
  EXPECT_EQ(r, Rules{});
}

}  // namespace
}  // namespace arbiter::wondev
