// Spec tests of wondev on the uniform game API: the harness's edge states show
// what their names say, the reports' board view, the referee fuzzer's hooks
// (framing, learning the first state, comparing messages), and `arbiter
// check-bot --game wondev` reporting protocol faults under the game's clauses.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

const State& Edge(const std::vector<EdgeCase>& all, const std::string& name, int* seat = nullptr) {
  for (const EdgeCase& e : all)
    if (e.name == name) {
      if (seat) *seat = e.seat;
      return *StateOf(*e.state);
    }
  ADD_FAILURE() << "no edge case " << name;
  static const State none = Make(kFlat5, At(0, 0), At(4, 4));
  return none;
}

std::vector<EdgeCase> InLeague(int league) {
  return EdgeCases({{"league", std::to_string(league)}});
}

bool Has(const std::vector<EdgeCase>& all, const std::string& name) {
  for (const EdgeCase& e : all)
    if (e.name == name) return true;
  return false;
}

SPEC_TEST(EdgeStates, EachEdgeStateShowsWhatItsNameSays, "wondev.turn.no-legal-action",
          "wondev.fog.build", "wondev.push.destination", "wondev.out.turns", "wondev.grid.cells",
          "wondev.end.rounds") {
  const auto all = InLeague(3);
  EXPECT_EQ(all.size(), 8u);
  int seat = -1;
  EXPECT_TRUE(Edge(all, "no-legal-action", &seat).LegalActions().empty());
  const State& fog = Edge(all, "fog-hidden-adjacent-after-move", &seat);
  EXPECT_EQ(ViewFor(fog, seat).theirs, (std::vector<Pos>{Pos{}, Pos{}}));
  EXPECT_TRUE(Listed(fog, "MOVE&BUILD 0 E E"));
  const State& push = Edge(all, "push-onto-edge");
  int pushes = 0;
  for (const std::string& t : LegalTexts(push)) pushes += t.rfind("PUSH", 0) == 0;
  EXPECT_EQ(pushes, 1);
  EXPECT_TRUE(Listed(push, "PUSH&BUILD 0 NW W"));
  const State& alone = Edge(all, "opponent-out", &seat);
  EXPECT_TRUE(alone.out(1 - seat));
  EXPECT_FALSE(alone.IsTerminal());
  const State& diamond = Edge(all, "diamond-removed-cells", &seat);
  const std::string rows = FormatInput(diamond, seat);
  EXPECT_NE(rows.find('.'), std::string::npos);
  EXPECT_NE(rows.find('4'), std::string::npos);
  const State& last = Edge(all, "last-round", &seat);
  EXPECT_EQ(last.round(), kDefaultMaxRounds - 1);
  for (const EdgeCase& e : all) {
    EXPECT_EQ(e.state->current_player(), e.seat) << e.name;
    EXPECT_TRUE(e.state->CurrentPlayerReceivesInput()) << e.name;
  }
}

SPEC_TEST(EdgeStates, EachLeagueGetsTheEdgeStatesItCanReachWithItsOwnUnits, "wondev.league",
          "wondev.league.units", "wondev.push.target", "wondev.fog.visibility",
          "arbiter.check.edge-states") {
  for (int league = 0; league <= 3; ++league) {
    const auto all = InLeague(league);
    ASSERT_FALSE(all.empty()) << league;
    for (const EdgeCase& e : all) {
      const State& s = *StateOf(*e.state);
      EXPECT_EQ(s.rules().league, league) << e.name;
      // Exactly the league's units: a one-unit league never sees a unit 1.
      const std::string input = FormatInput(s, e.seat);
      EXPECT_EQ(ViewFor(s, e.seat).mine.size(), league >= 2 ? 2u : 1u) << e.name << input;
      for (const std::string& t : LegalTexts(s)) {
        if (league >= 2) continue;
        EXPECT_EQ(t.rfind("PUSH", 0), std::string::npos) << e.name << ": " << t;
        EXPECT_EQ(t.find("&BUILD 1 "), std::string::npos) << e.name << ": " << t;
      }
    }
    EXPECT_EQ(Has(all, "push-onto-edge"), league >= 2) << league;
    EXPECT_EQ(Has(all, "one-unit-walled-in"), league >= 2) << league;
    EXPECT_EQ(Has(all, "fog-hidden-adjacent-after-move"), league == 3) << league;
    for (const char* everywhere : {"no-legal-action", "opponent-adjacent", "last-round"})
      EXPECT_TRUE(Has(all, everywhere)) << league << " " << everywhere;
    EXPECT_TRUE(Edge(all, "no-legal-action").LegalActions().empty()) << league;
  }
}

SPEC_TEST(EdgeStates, OneUnitWalledInLeavesOnlyTheOtherUnitsActions, "wondev.protocol.input.legal",
          "wondev.move.climb") {
  for (int league : {2, 3}) {
    int seat = -1;
    const auto all = InLeague(league);
    const State& s = Edge(all, "one-unit-walled-in", &seat);
    const auto texts = LegalTexts(s);
    ASSERT_FALSE(texts.empty());
    for (const std::string& t : texts) EXPECT_NE(t.find("&BUILD 1 "), std::string::npos) << t;
  }
}

SPEC_TEST(EdgeStates, TheOpponentAdjacentStateHasAnEnemyNextToTheBotsUnit, "wondev.move.occupied") {
  for (int league = 0; league <= 3; ++league) {
    int seat = -1;
    const auto all = InLeague(league);
    const State& s = Edge(all, "opponent-adjacent", &seat);
    const auto view = ViewFor(s, seat);
    ASSERT_FALSE(view.theirs.empty());
    const Pos me = view.mine[0], them = view.theirs[0];
    EXPECT_LE(std::max(std::abs(me.x - them.x), std::abs(me.y - them.y)), 1) << league;
    EXPECT_FALSE(Listed(s, "MOVE&BUILD 0 E N")) << league;  // the enemy's cell
  }
}

SPEC_TEST(EdgeStates, TheLastRoundFollowsTheRoundLimitChosen, "wondev.end.rounds") {
  int seat = -1;
  const auto all = EdgeCases({{"max_rounds", "30"}});
  const State& last = Edge(all, "last-round", &seat);
  EXPECT_EQ(last.round(), 29);
  auto after = Wrap(last);
  after->ApplyLine(LegalTexts(last).front());
  EXPECT_FALSE(after->IsTerminal());  // the opponent's last turn is still to come
  after->ApplyLine(LegalTexts(*StateOf(*after)).front());
  EXPECT_TRUE(after->IsTerminal());
}

SPEC_TEST(BoardView, TheViewHasOneCellPerGridCellAndTheVisibleUnits, "wondev.protocol.input.rows",
          "wondev.fog.visibility") {
  const State s = Make2({"0.000", "00400", "00000", "00000", "00003"}, At(0, 0), At(4, 4), At(2, 0),
                        At(3, 3), League(3));
  const nlohmann::json v = BoardView(FormatInit(s) + FormatInput(s, 0));
  ASSERT_TRUE(v.is_object());
  EXPECT_EQ(v["rows"], 5);
  EXPECT_EQ(v["cells"].size(), 25u);
  EXPECT_EQ(v["cells"][1]["cls"], "hole");
  EXPECT_EQ(v["cells"][7]["cls"], "removed");
  EXPECT_EQ(v["cells"][24]["cls"], "h3");
  EXPECT_EQ(v["pieces"].size(), 3u);  // (2, 0) is hidden
  EXPECT_EQ(v["pieces"][0]["cls"], "p0 me");
  EXPECT_NE(v["caption"].get<std::string>().find("hidden"), std::string::npos);
  EXPECT_TRUE(BoardView("READY\n").is_null());
}

SPEC_TEST(RefereeDiff, TheFirstMessageIsFramedLearntAndComparedFieldByField, "wondev.protocol.init",
          "wondev.protocol.input.legal", "wondev.grid.cells") {
  const State s = NewState(5, Rules{});
  const std::string first = FormatInit(s) + FormatInput(s, 0);
  EXPECT_EQ(FrameMessage(first + "7\n"), first.size());
  EXPECT_EQ(FrameMessage(first.substr(0, first.size() - 3)), 0u);
  Divergence why;
  const auto learnt = StateFromFirstMessage(first, {}, why);
  ASSERT_TRUE(learnt) << why.message;
  EXPECT_EQ(*StateOf(*learnt), s);
  EXPECT_FALSE(CompareMessage(*learnt, {}, first, 0));
  // A referee listing the actions in reverse order.
  const InputView v = ViewFor(s, 0);
  InputView reversed = v;
  std::reverse(reversed.actions.begin(), reversed.actions.end());
  const auto d = CompareMessage(*learnt, {}, FormatInit(s) + FormatInput(reversed), 0);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->clauses.front(), "wondev.protocol.input.legal");
  // A referee printing a removed cell as a hole.
  State removed = Make({"40000", "00000", "00000", "00000", "00000"}, At(2, 2), At(4, 4));
  InputView holed = ViewFor(removed, 0);
  holed.rows[0][0] = '.';
  const auto h = CompareMessage(*Wrap(removed), {}, FormatInit(removed) + FormatInput(holed), 0);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->clauses.front(), "wondev.grid.cells");
  // Two differences at once: the message names the first and lists the other.
  InputView both = holed;
  both.mine[0] = At(1, 1);
  const auto b = CompareMessage(*Wrap(removed), {}, FormatInit(removed) + FormatInput(both), 0);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->field, "rows[0][0]");
  EXPECT_NE(b->message.find("also differing: own unit 0"), std::string::npos) << b->message;
  // An empty legal-action list is said in plain words.
  InputView none = ViewFor(s, 0);
  none.actions.clear();
  const auto n = CompareMessage(*learnt, {}, FormatInit(s) + FormatInput(none), 0);
  ASSERT_TRUE(n);
  EXPECT_NE(n->message.find("sent no legal-action list"), std::string::npos) << n->message;
  // The reproducer scenario replays the same initial state.
  ScenarioError e;
  const auto sc = LoadScenario(nlohmann::json::parse(ScenarioOf(*learnt)), {}, e);
  ASSERT_TRUE(sc) << e.message;
  EXPECT_EQ(*StateOf(*sc->initial), s);
}

// arbiter.referee.variant: a first message with every opponent unit in
// sight, one of them two cells from every unit of the player, shows no fog:
// league 2. With one unit hidden as well it shows no league: a fog hides
// that one, and no fog of the rules shows the other (a referee whose fog
// sees two cells away, fog-two). Read as league 2, such a referee's game was
// played without fog, and its fog-two finding was said as a league.
SPEC_TEST(RefereeDiff, AUnitFarInSightShowsLeagueTwoOnlyWhenNoUnitIsHidden, "wondev.league.units",
          "wondev.fog.visibility") {
  const State s = Make2(kFlat5, At(0, 0), At(0, 1), At(2, 0), At(4, 4), League(2));
  InputView v = ViewFor(s, 0);
  ASSERT_EQ(v.theirs[0], At(2, 0));  // two cells from both units of player 0
  const RuleList league3 = {{"league", "3"}};
  const auto shown = RuleShownBy(FormatInit(s) + FormatInput(v), league3);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->value, "2");
  v.theirs[1] = At(-1, -1);  // hidden, as a fog hides it
  EXPECT_FALSE(RuleShownBy(FormatInit(s) + FormatInput(v), league3));
}

// Runs arbiter check-bot on one match (a game, or an edge state) with `bot`
// (a shell command) in seat 0.
std::string CheckBot(const std::string& bot, const std::string& match = "game-1") {
  const std::string cmd = std::string(ARBITER_BINARY) +
                          " check-bot --game wondev --games 1 --repro-dir " + ::testing::TempDir() +
                          "arbiter-repro --match " + match + " -- sh -c '" + bot + "' 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  return out;
}

SPEC_TEST(CheckBot, ABotPrintingTwoLinesIsReportedUnderTheOneLineClause,
          "wondev.protocol.action.line") {
  const std::string out =
      CheckBot("read s; read u; printf \"ACCEPT-DEFEAT\\nACCEPT-DEFEAT\\n\"; cat >/dev/null");
  EXPECT_NE(out.find("action.extra-lines [wondev.protocol.action.line]"), std::string::npos) << out;
}

// A shell bot that reads the initialisation and its first turn input up to
// the count of legal actions (in $n), then runs `then`.
std::string UpToCount(const std::string& then) {
  return "read s; read u; i=0; while [ $i -lt $((s + 2 * u)) ]; do read l; i=$((i + 1)); done; "
         "read n; " +
         then;
}

// The same, reading on to the first listed action (in $a).
std::string FirstTurn(const std::string& then) { return UpToCount("read a; " + then); }

bool Reports(const std::string& out, const std::string& check_and_clause) {
  return out.find(check_and_clause) != std::string::npos;
}

SPEC_TEST(CheckBot, ABotThatAnswersNothingBreaksTheFirstTurnLimit,
          "wondev.protocol.time.first-turn") {
  const std::string out = CheckBot("cat >/dev/null");
  EXPECT_TRUE(Reports(out, "action.first-deadline [wondev.protocol.time.first-turn]")) << out;
  EXPECT_NE(out.find("1000 ms"), std::string::npos) << out;
  EXPECT_FALSE(Reports(out, "action.deadline ")) << out;
}

SPEC_TEST(CheckBot, ABotThatAnswersItsFirstTurnAndStallsOnTheSecondBreaksTheTurnLimit,
          "wondev.protocol.time.turn") {
  const std::string out = CheckBot(FirstTurn("echo \"$a\"; sleep 0.5; cat >/dev/null"));
  EXPECT_TRUE(Reports(out, "action.deadline [wondev.protocol.time.turn]")) << out;
  EXPECT_NE(out.find("50 ms"), std::string::npos) << out;
  EXPECT_FALSE(Reports(out, "action.first-deadline")) << out;
}

SPEC_TEST(CheckBot, AWellFormedActionThatIsNotListedIsIllegalAndAMalformedLineIsInvalid,
          "wondev.protocol.action.legal", "wondev.protocol.action.grammar") {
  // There is no unit 7 in league 1; "MOVE 0 N S" is not an action at all.
  const std::string illegal = CheckBot(FirstTurn("echo \"MOVE&BUILD 7 N S\"; cat >/dev/null"));
  EXPECT_TRUE(Reports(illegal, "action.illegal [wondev.protocol.action.legal]")) << illegal;
  EXPECT_FALSE(Reports(illegal, "action.invalid")) << illegal;
  const std::string invalid = CheckBot(FirstTurn("echo \"MOVE 0 N S\"; cat >/dev/null"));
  EXPECT_TRUE(Reports(invalid, "action.invalid [wondev.protocol.action.grammar]")) << invalid;
  EXPECT_FALSE(Reports(invalid, "action.illegal")) << invalid;
}

SPEC_TEST(CheckBot, ABotThatPrintsNothingWhenItHasNoLegalActionIsReported,
          "wondev.turn.no-legal-action") {
  // The edge state walls the bot's units in: legalActions is 0 on its first
  // turn. Waiting for an action that never comes is the failure.
  const std::string silent = CheckBot(UpToCount("cat >/dev/null"), "edge-no-legal-action-league1");
  EXPECT_TRUE(Reports(silent, "action.no-legal-silence [wondev.turn.no-legal-action]")) << silent;
  // Crashing there puts the player out, as any line would: a warning.
  const std::string crash = CheckBot(UpToCount("exit 3"), "edge-no-legal-action-league2");
  EXPECT_TRUE(Reports(crash, "process.no-legal-crash [wondev.turn.no-legal-action]")) << crash;
  EXPECT_FALSE(Reports(crash, "process.crash")) << crash;
  EXPECT_NE(crash.find("PASS"), std::string::npos) << crash;
  // Any line of the grammar is accepted then, even an action that is not listed.
  const std::string line = CheckBot(UpToCount("echo \"MOVE&BUILD 0 N S\"; cat >/dev/null"),
                                    "edge-no-legal-action-league0");
  EXPECT_FALSE(Reports(line, "action.no-legal-silence")) << line;
  EXPECT_FALSE(Reports(line, "action.illegal")) << line;
  EXPECT_FALSE(Reports(line, "action.invalid")) << line;
  // And a line outside the grammar is a note: the player is out whatever it prints.
  const std::string null =
      CheckBot(UpToCount("echo null; cat >/dev/null"), "edge-no-legal-action-league3");
  EXPECT_TRUE(Reports(null, "action.no-legal-line [wondev.turn.no-legal-action]")) << null;
  EXPECT_FALSE(Reports(null, "action.invalid")) << null;
  EXPECT_NE(null.find("PASS"), std::string::npos) << null;
}

}  // namespace
}  // namespace arbiter::wondev
