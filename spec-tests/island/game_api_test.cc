// Spec tests of island on the uniform game API: its registration and timing,
// the clauses its events cite, the harness's edge states, the referee
// fuzzer's hooks, and `arbiter check-bot --game island` reporting a bot's
// faults under the game's clauses.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

#include "island/codec.h"
#include "island/game.h"
#include "island/policies.h"
#include "report/registers.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/island/builders.h"

namespace arbiter::island {
namespace {

using namespace testing;

std::set<std::string> RegisterIds() {
  std::set<std::string> ids;
  const auto reg = nlohmann::json::parse(report::RegisterJson("island"));
  for (const auto& c : reg["clauses"]) ids.insert(c["id"].get<std::string>());
  return ids;
}

SPEC_TEST(Timing, EveryAnswerHasThreeSecondsTheFirstIncluded, "island.protocol.time",
          "island.board.recipient") {
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->title, "Save The Island");
  ASSERT_EQ(game->profiles.size(), 1u);
  EXPECT_EQ(game->profiles[0].name, "botbattle");
  EXPECT_EQ(game->profiles[0].ready_ms, 0);  // no READY
  EXPECT_EQ(game->profiles[0].first_action_ms, 3000);
  EXPECT_EQ(game->profiles[0].action_ms, 3000);
  EXPECT_FALSE(game->ready_line.has_value());
}

SPEC_TEST(GameApi, ClassifyAnswerTellsInvalidFromIllegalFromWhitespace, "island.syntax.grammar",
          "island.invalid", "island.syntax.whitespace") {
  const State s = Make({4, 7}, "33121", "11111");  // distance 3
  const std::pair<const char*, AnswerVerdict> cases[] = {
      {"attack;3", AnswerVerdict::kValid},     {"attack;33", AnswerVerdict::kValid},
      {"attack;333", AnswerVerdict::kIllegal}, {"move;2", AnswerVerdict::kValid},
      {"move;3", AnswerVerdict::kIllegal},     {"move;4", AnswerVerdict::kIllegal},
      {"retreat;1", AnswerVerdict::kValid},    {"shuffle", AnswerVerdict::kValid},
      {"MOVE;1", AnswerVerdict::kInvalid},     {"attack;3\r", AnswerVerdict::kWhitespace},
      {" attack;3", AnswerVerdict::kInvalid},  {"attack;3 ", AnswerVerdict::kInvalid},
      {"attack;", AnswerVerdict::kInvalid},    {"move;7", AnswerVerdict::kInvalid},
  };
  for (const auto& [line, verdict] : cases) EXPECT_EQ(Verdict(s, line), verdict) << line;
}

// A refused answer names the clause it breaks as its rule, a key of its own
// beside the reason, which quotes the tiles and the hand: two answers that
// break one rule are one kind of check-bot finding (Finding::form).
SPEC_TEST(GameApi, ARefusedAnswerNamesTheClauseItBreaksWhateverTilesTheReasonQuotes,
          "island.move.tile", "island.syntax.tiles", "island.syntax.keywords") {
  const State s = Make({4, 7}, "33121", "11111");  // distance 3, no tile 4
  const Refusal four = Wrap(s)->RejectionReason("retreat;4");
  const Refusal no_tile = Wrap(Make({4, 7}, "33222", "11111"))->RejectionReason("retreat;1");
  EXPECT_NE(four.reason, no_tile.reason);
  EXPECT_EQ(four.rule, "island.move.tile");
  EXPECT_EQ(no_tile.rule, "island.move.tile");
  EXPECT_NE(four.reason.find("(island.move.tile)"), std::string::npos) << four.reason;
  const Refusal tile = Wrap(s)->RejectionReason("move;7");
  EXPECT_EQ(tile.rule, "island.syntax.tiles");
  EXPECT_TRUE(tile.names_argument);  // meant as a move: the tile is at fault
  const Refusal word = Wrap(s)->RejectionReason("debug");
  EXPECT_EQ(word.rule, "island.syntax.keywords");
  EXPECT_FALSE(word.names_argument);  // perhaps not meant as an answer at all
  EXPECT_EQ(word.reason,
            "'debug' is not move, retreat, attack or shuffle (island.syntax.keywords)");
}

// Every event of every turn names a clause of the register: random games of
// the built-in players with some unreadable lines and silences mixed in.
SPEC_TEST(GameApi, EveryEventCitesAClauseOfTheRegister, "island.turn.order", "island.end.winner") {
  const std::set<std::string> ids = RegisterIds();
  ASSERT_EQ(ids.size(), 36u);
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    std::string error;
    std::vector<std::pair<std::string, std::string>> rules;
    if (seed % 3 == 1) rules.push_back({"deal", "immediate"});
    if (seed % 4 == 2) rules.push_back({"max_turns", "12"});
    auto g = game->new_game(seed, rules, error);
    ASSERT_TRUE(g) << error;
    Rng rng(seed);
    while (!g->IsTerminal()) {
      const uint32_t r = rng.Uniform(100);
      std::vector<Event> events;
      if (r == 0) {
        events = g->ApplySilence();
      } else if (r == 1) {
        events = g->ApplyLine("Move;1");
      } else {
        const std::string_view policy = game->policies[rng.Uniform(game->policies.size())];
        events = g->ApplyLine(*g->BuiltinAnswer(policy, rng));
      }
      EXPECT_FALSE(events.empty());
      for (const Event& e : events) {
        EXPECT_TRUE(ids.count(e.clause)) << e.kind << " " << e.clause << ": " << e.detail;
        seen.insert(e.clause);
      }
    }
  }
  for (const char* clause : {"island.move.forward", "island.defence.knockback", "island.timeout",
                             "island.syntax.keywords", "island.end.winner"})
    EXPECT_TRUE(seen.count(clause)) << clause;
}

SPEC_TEST(GameApi, TheBuiltInPlayersAreNamedAndUnknownNamesAreRefused, "island.invalid") {
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  ASSERT_FALSE(game->policies.empty());
  std::string error;
  auto g = game->new_game(2, {}, error);
  Rng rng(2);
  for (std::string_view p : game->policies) {
    const auto answer = g->BuiltinAnswer(p, rng);
    ASSERT_TRUE(answer) << p;
    EXPECT_EQ(g->ClassifyAnswer(*answer), AnswerVerdict::kValid) << p << ": " << *answer;
  }
  EXPECT_FALSE(g->BuiltinAnswer("no-such-player", rng));
  EXPECT_EQ(g->ClassifyAnswer(std::string(game->ok_answer)), AnswerVerdict::kValid);
}

SPEC_TEST(EdgeStates, TheEdgeStatesAreTheRareStatesTheIssueAsksFor, "island.move.bound",
          "island.attack.distance", "island.retreat.edge", "arbiter.check.edge-states") {
  const std::set<std::string> ids = RegisterIds();
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  ASSERT_NE(game->edge_cases, nullptr);
  bool distance_one = false, one_value = false, at_edge = false;
  for (const EdgeCase& e : game->edge_cases({})) {
    const State& s = *StateOf(*e.state);
    const int me = e.seat;
    EXPECT_EQ(s.current_player(), me) << e.name;
    EXPECT_FALSE(s.IsTerminal()) << e.name;
    EXPECT_TRUE(ids.count(e.clause)) << e.name << " " << e.clause;
    EXPECT_EQ(State::Validate(s.turn(), {s.pos(0), s.pos(1)}, {s.hand(0), s.hand(1)},
                              {s.shuffles(0), s.shuffles(1)}, s.rules()),
              "")
        << e.name;
    distance_one = distance_one || s.distance() == 1;
    bool same = true;
    for (int i = 1; i < kHandSize; ++i) same = same && s.hand(me)[i] == s.hand(me)[0];
    one_value = one_value || same;
    // The bot has lived none of the state's history: the shuffle count no
    // board shows is the 0 it counts itself (arbiter.check.edge-states).
    EXPECT_EQ(s.shuffles(me), 0) << e.name;
    at_edge = at_edge || s.pos(me) == (me == 0 ? 0 : 14);
    // Some answer is still legal: the bot can always play on.
    bool any = false;
    for (const char* line :
         {"move;1", "move;2", "move;3", "move;4", "retreat;1", "retreat;2", "retreat;3",
          "retreat;4", "shuffle", "attack;1", "attack;2", "attack;3", "attack;4"})
      any = any || e.state->ClassifyAnswer(line) == AnswerVerdict::kValid;
    EXPECT_TRUE(any) << e.name;
  }
  EXPECT_TRUE(distance_one);
  EXPECT_TRUE(one_value);
  EXPECT_TRUE(at_edge);
}

SPEC_TEST(EdgeStates, TheLastTurnStateFollowsTheTurnLimitChosen, "island.end.limit") {
  for (int limit : {200, 60}) {
    bool found = false;
    for (const EdgeCase& e :
         FindGame("island")->edge_cases({{"max_turns", std::to_string(limit)}})) {
      if (e.name != "last-turn") continue;
      found = true;
      EXPECT_EQ(e.state->turn(), limit - 1);
      auto after = e.state->Clone();
      after->ApplyLine("shuffle");
      EXPECT_TRUE(after->IsTerminal()) << limit;
    }
    EXPECT_TRUE(found) << limit;
  }
}

SPEC_TEST(RefereeDiff, BoardsAreFramedLearntAndComparedWithTheReference, "island.board.island",
          "island.tiles.replace", "island.tiles.random", "island.board.format") {
  const std::string first = "1;33422;100000000000002\n";
  EXPECT_EQ(FrameMessage(first + "2;"), first.size());
  EXPECT_EQ(FrameMessage(first.substr(0, 10)), 0u);
  Divergence why;
  auto ref = StateFromFirstMessage(first, {}, why);
  ASSERT_TRUE(ref) << why.message;
  EXPECT_EQ(Text(StateOf(*ref)->hand(0)), "33422");
  EXPECT_FALSE(CompareMessage(*ref, {}, first, 0));
  EXPECT_TRUE(CompareMessage(*ref, {}, "1;33422;010000000000002\n", 0));  // moved already
  // Player 1 moves 3; player 2's board shows its five tiles, which the
  // reference learns, and both players where the move put them.
  std::vector<TurnLog> history;
  history.push_back({0, 0, "move;3", false, ref->ApplyLine("move;3")});
  const std::string second = "2;44324;000100000000002\n";
  EXPECT_FALSE(CompareMessage(*ref, history, second, 1));
  // The same board mirrored for player 2 is caught as an orientation fault.
  const auto mirrored = CompareMessage(*ref, history, "2;44324;200000000001000\n", 1);
  ASSERT_TRUE(mirrored);
  EXPECT_EQ(mirrored->clauses.front(), "island.board.island");
  LearnFromMessage(*ref, second, 1);
  EXPECT_EQ(Text(StateOf(*ref)->hand(1)), "44324");
  // Player 2 moves 4 (slot 0); player 1's board must keep its unused slots:
  // slot 0 was dealt (any tile), slots 1..4 are 3 4 2 2.
  history.push_back({1, 1, "move;4", false, ref->ApplyLine("move;4")});
  EXPECT_FALSE(CompareMessage(*ref, history, "1;13422;000100000020000\n", 0));
  const auto changed = CompareMessage(*ref, history, "1;13412;000100000020000\n", 0);
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->field, "tiles[3]");
  EXPECT_EQ(changed->clauses.front(), "island.tiles.replace");
  // The reproducer's scenario gives the same state back.
  ScenarioError e;
  const auto sc = LoadScenario(nlohmann::json::parse(ScenarioOf(*ref)), {}, e);
  ASSERT_TRUE(sc) << e.field << ": " << e.message;
  EXPECT_EQ(sc->initial->InputText(0), ref->InputText(0));
}

SPEC_TEST(RefereeDiff, ABoardGivesBackTheStateThatPlaysOnAlike, "island.board.format",
          "island.tiles.deal", "arbiter.referee.resync") {
  // A reference that went wrong about where the players stand and what the
  // player to move holds: the state taken from the referee's board plays on
  // exactly as the referee's own state does.
  int learnt = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    State s = State::Initial(seed, Rules{});
    while (!s.IsTerminal()) {
      const int me = s.current_player();
      if (rng.Chance(1, 4)) {
        std::array<Hand, 2> hands = {s.hand(0), s.hand(1)};
        hands[me].fill(static_cast<int8_t>(1 + rng.Uniform(4)));
        const State wrong = State::FromParts(s.rules(), s.turn(), {0, kIslandSize - 1}, hands,
                                             {s.shuffles(0), s.shuffles(1)}, s.rng_state());
        std::string why;
        const auto shown = StateFromMessage(FormatBoard(s, me), me, *Wrap(wrong), {}, why);
        ASSERT_TRUE(shown) << why << "\n" << FormatBoard(s, me);
        State t = *StateOf(*shown), u = s;
        Rng moves(seed * 31 + s.turn());
        for (int k = 0; k < 30 && !u.IsTerminal(); ++k) {
          ASSERT_FALSE(t.IsTerminal());
          ASSERT_EQ(FormatBoard(t, t.current_player()), FormatBoard(u, u.current_player()))
              << "seed " << seed;
          const std::string line = ChooseAnswer(Policy::kRandom, u, moves);
          u.Apply(ParseAnswer(line, u.rules()).move);
          t.Apply(ParseAnswer(line, t.rules()).move);
        }
        EXPECT_EQ(t.IsTerminal(), u.IsTerminal());
        EXPECT_EQ(t.Winner(), u.Winner());
        ++learnt;
      }
      s.Apply(ParseAnswer(ChooseAnswer(Policy::kRandom, s, rng), s.rules()).move);
    }
  }
  EXPECT_GT(learnt, 100);
  // A board for the player not to move, or no board, gives no state.
  const State s = State::Initial(3, Rules{});
  std::string why;
  EXPECT_FALSE(StateFromMessage(FormatBoard(s, 0), 1, *Wrap(s), {}, why));
  EXPECT_FALSE(StateFromMessage("RESULT 0 1\n", 0, *Wrap(s), {}, why));
  EXPECT_FALSE(why.empty());
}

// Runs arbiter check-bot on one game with `bot` (a shell command) in seat 0.
std::string CheckBot(const std::string& bot) {
  const std::string cmd = std::string(ARBITER_BINARY) +
                          " check-bot --game island --games 1 --match game-1 -- sh -c '" + bot +
                          "' 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  return out;
}

bool Reports(const std::string& out, const std::string& check_and_clause) {
  return out.find(check_and_clause) != std::string::npos;
}

SPEC_TEST(CheckBot, ABotThatNeverAnswersBreaksTheThreeSecondLimit, "island.protocol.time") {
  const std::string out = CheckBot("cat >/dev/null");
  EXPECT_TRUE(Reports(out, "action.deadline [island.protocol.time]")) << out;
  EXPECT_NE(out.find("3000 ms"), std::string::npos) << out;
}

SPEC_TEST(CheckBot, AnUpperCaseShuffleIsInvalidAndAnAttackFromAfarIsIllegal,
          "island.syntax.grammar", "island.invalid") {
  const std::string invalid = CheckBot("read b; echo SHUFFLE; cat >/dev/null");
  EXPECT_TRUE(Reports(invalid, "action.invalid [island.syntax.grammar]")) << invalid;
  EXPECT_FALSE(Reports(invalid, "action.illegal")) << invalid;
  // Distance 14 on the first board: no attack is legal.
  const std::string illegal = CheckBot("read b; echo \"attack;4\"; cat >/dev/null");
  EXPECT_TRUE(Reports(illegal, "action.illegal [island.invalid]")) << illegal;
  EXPECT_FALSE(Reports(illegal, "action.invalid")) << illegal;
}

SPEC_TEST(CheckBot, ABotPrintingTwoLinesIsReportedUnderTheOneLineClause, "island.protocol.answer") {
  const std::string out = CheckBot("read b; printf \"shuffle\\nshuffle\\n\"; cat >/dev/null");
  EXPECT_TRUE(Reports(out, "action.extra-lines [island.protocol.answer]")) << out;
}

SPEC_TEST(CheckBot, ACarriageReturnBeforeTheNewlineIsOnlyAWarning, "island.syntax.whitespace") {
  const std::string out = CheckBot("while read b; do printf \"shuffle\\r\\n\"; done");
  EXPECT_TRUE(Reports(out, "action.whitespace [island.syntax.whitespace]")) << out;
  EXPECT_FALSE(Reports(out, "action.invalid")) << out;
}

}  // namespace
}  // namespace arbiter::island
