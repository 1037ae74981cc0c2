// Spec tests of the text protocol: the exact turn input, its strict parser,
// the action commands, invalid and padded lines, READY and the time limits.
#include "jc2015/protocol.h"

#include <algorithm>

#include "core/game.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"
#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

SPEC_TEST(Input, TheTurnInputIsIdTSixBlockRowsFourPlayerRowsAndEOD, "jc2015.protocol.input.format",
          "jc2015.protocol.input.eod", "jc2015.protocol.input.id", "jc2015.protocol.input.turn") {
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'L'});
  Play(s, "A");
  EXPECT_EQ(FormatInput(s, 1),
            "1\n"
            "1\n"
            "0 0 0 0 0 0\n"
            "0 0 0 0 0 0\n"
            "0 0 3 7 11 15\n"
            "0 0 0 0 0 0\n"
            "0 0 0 0 0 0\n"
            "0 0 0 0 0 0\n"
            "7 4 R 11\n"
            "7 8 U 0\n"
            "16 16 U 0\n"
            "16 10 L 0\n"
            "EOD\n");
}

SPEC_TEST(Input, TheFirstTurnIsNumberedZero, "jc2015.protocol.input.turn") {
  const State s = Spread();
  EXPECT_EQ(FormatInput(s, 0).substr(0, 4), "0\n0\n");
}

SPEC_TEST(Input, BlockValuesArePositiveWhileScheduledNegativeWhileFallenAndZeroOtherwise,
          "jc2015.protocol.input.block") {
  State s = Make({7, 4, 'R'}, {0, 12, 'U'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A");
  PassUntil(s, 5);
  const InputView v = ViewFor(s, 1);
  EXPECT_EQ(v.blocks[2 * 6 + 1], 0);    // the attacker's own block
  EXPECT_EQ(v.blocks[2 * 6 + 2], -19);  // fell on turn 4, restored in 19 turns (turn 24)
  EXPECT_EQ(v.blocks[2 * 6 + 3], 3);    // falls in 3 turns (turn 8)
}

SPEC_TEST(Input, AFallenPlayerIsShownAtMinusOneMinusOneWithItsLastDirectionAndZeroStun,
          "jc2015.protocol.input.position", "jc2015.protocol.input.fallen-fields") {
  // Player 1 attacks (stunned) then falls with its block: S would be > 0 if kept.
  State s = Make({7, 4, 'R'}, {7, 8, 'L'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A A");
  PassUntil(s, 4);
  ASSERT_FALSE(s.player(1).on_board);
  const InputView v = ViewFor(s, 0);
  EXPECT_EQ(v.players[1].row, -1);
  EXPECT_EQ(v.players[1].col, -1);
  EXPECT_EQ(v.players[1].dir, 'L');
  EXPECT_EQ(v.players[1].stun, 0);
}

SPEC_TEST(Input, DirectionsAreWrittenAsTheLettersURDL, "jc2015.protocol.input.direction") {
  const State s = Make({1, 1, 'U'}, {1, 10, 'R'}, {10, 1, 'D'}, {16, 16, 'L'});
  const std::string text = FormatInput(s, 0);
  EXPECT_NE(text.find("\n1 1 U 0\n1 10 R 0\n10 1 D 0\n16 16 L 0\nEOD\n"), std::string::npos)
      << text;
}

SPEC_TEST(Input, UnderColumnFirstOrderPlayerLinesReadColumnThenRowAndBlocksStayRowByRow,
          "jc2015.protocol.input.position") {
  Rules rules;
  ASSERT_EQ(SetRule(rules, "position_order", "col-row"), "");
  const State s = Make({1, 10, 'U'}, {1, 1, 'R'}, {10, 1, 'D'}, {16, 16, 'L'}, rules);
  const std::string text = FormatInput(s, 1);
  EXPECT_NE(text.find("\n10 1 U 0\n1 1 R 0\n1 10 D 0\n16 16 L 0\nEOD\n"), std::string::npos)
      << text;
  const std::string rows =
      FormatInput(Make({1, 10, 'U'}, {1, 1, 'R'}, {10, 1, 'D'}, {16, 16, 'L'}), 1);
  // The blocks are the same lines in both orders.
  EXPECT_EQ(text.substr(0, text.find("\n10 1 U")), rows.substr(0, rows.find("\n1 10 U")))
      << text << rows;
  // Read back in its own order, the view is the state's; read row first, it is not.
  const auto parsed = ParseInput(text, true);
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_EQ(parsed.value(), ViewFor(s, 1));
  EXPECT_EQ(parsed.value().players[0].row, 1);
  EXPECT_EQ(parsed.value().players[0].col, 10);
  const auto misread = ParseInput(text);
  ASSERT_TRUE(misread.ok());
  EXPECT_EQ(misread.value().players[0].row, 10);
}

SPEC_TEST(RefereeDiff, ADivergenceNamesItsFirstFieldAndListsTheOthers, "jc2015.protocol.input.stun",
          "jc2015.protocol.input.position") {
  const State s = Make({1, 1, 'R'}, {1, 10, 'L'}, {10, 1, 'U'}, {16, 16, 'U'});
  InputView v = ViewFor(s, 0);
  v.players[1].col = 11;  // player 1 elsewhere
  v.players[3].stun = 2;  // and player 3 stunned
  const auto d = CompareMessage(*Wrap(s), {}, FormatInput(v), 0);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->field, "player 1 R C");
  EXPECT_NE(d->message.find("also differing: player 3 S"), std::string::npos) << d->message;
  // One field: nothing else is listed.
  InputView one = ViewFor(s, 0);
  one.players[3].stun = 2;
  const auto o = CompareMessage(*Wrap(s), {}, FormatInput(one), 0);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->message.find("also differing"), std::string::npos) << o->message;
}

SPEC_TEST(RefereeDiff, AFallenPlayersDirectionAndStunAreNoDivergence,
          "jc2015.protocol.input.fallen-fields") {
  State s = Make({7, 4, 'R'}, {7, 8, 'L'}, {16, 16, 'U'}, {16, 10, 'U'});
  Play(s, "A A");
  PassUntil(s, 4);
  ASSERT_FALSE(s.player(1).on_board);
  InputView v = ViewFor(s, 0);
  v.players[1].dir = v.players[1].dir == 'D' ? 'U' : 'D';  // the texts leave both open
  v.players[1].stun = 3;
  EXPECT_FALSE(CompareMessage(*Wrap(s), {}, FormatInput(v), 0));
  // Its position is not open, nor is a living player's direction.
  InputView moved = ViewFor(s, 0);
  moved.players[1].row = 3;
  moved.players[1].col = 3;
  EXPECT_TRUE(CompareMessage(*Wrap(s), {}, FormatInput(moved), 0));
  InputView turned = ViewFor(s, 0);
  turned.players[2].dir = 'D';
  EXPECT_TRUE(CompareMessage(*Wrap(s), {}, FormatInput(turned), 0));
}

// The input a referee sends when it did not advance the block timers on the
// turn that just passed: every scheduled timer one higher, every fallen one
// one lower (a block that just fell shows 1 again), except the blocks in
// `fresh`, whose timers are `fresh_behind` ticks behind.
std::string OneTickBehind(const State& s, int seat, std::vector<int> fresh = {},
                          int fresh_behind = 1) {
  InputView v = ViewFor(s, seat);
  for (int i = 0; i < kNumBlocks; ++i) {
    int& b = v.blocks[i];
    const bool is_fresh = std::find(fresh.begin(), fresh.end(), i) != fresh.end();
    if (is_fresh) b += fresh_behind - 1;
    b = b > 0 ? b + 1 : b == -s.rules().restore_turns ? 1 : b < 0 ? b - 1 : 0;
  }
  return FormatInput(v);
}

SPEC_TEST(RefereeDiff, TimersLeftBehindOnAFallenPlayersTurnAreOneCauseWhicheverBlockShowsIt,
          "jc2015.fallen.turns", "jc2015.fall.timing") {
  // Player 0 attacks right on turn 0 and player 1 falls with its block on
  // turn 4; player 0 steps down on turn 12 and attacks down on turn `at`;
  // the next turn is player 1's, which passes (it is not on the board); then
  // player 2 is sent its input.
  struct Game {
    std::unique_ptr<GameState> g;
    std::vector<TurnLog> history;
    const State& now() const { return *StateOf(*g); }
  };
  const auto attack_on = [](int at) {
    State s = Make({7, 4, 'R'}, {7, 8, 'L'}, {16, 16, 'U'}, {16, 10, 'U'});
    Play(s, "A N");
    PassUntil(s, 12);
    s.Apply(Action::kDown);
    PassUntil(s, at);
    EXPECT_FALSE(s.player(1).on_board);
    Game out{Wrap(s), {}};
    out.history.push_back({at, 0, "A", false, out.g->ApplyLine("A")});
    EXPECT_FALSE(out.g->CurrentPlayerReceivesInput());
    out.history.push_back({at + 1, 1, "", true, out.g->ApplySilence()});
    EXPECT_EQ(out.now().current_player(), 2);
    return out;
  };
  // On turn 18 the line player 0 scheduled on turn 0 is still falling or
  // fallen: every timer, old and new, one tick behind is the missed tick.
  const Game early = attack_on(16);
  const auto d = CompareMessage(*early.g, early.history, OneTickBehind(early.now(), 2), 2);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, "fallen-tick");
  EXPECT_EQ(d->clauses.front(), "jc2015.fallen.turns");
  EXPECT_EQ(d->message.find("every block timer is 1 tick(s) behind"), 0u) << d->message;
  // Two ticks behind after one passed turn is no missed tick.
  std::vector<int> fresh;
  for (int r = 3; r < kBoardBlocks; ++r) fresh.push_back(r * kBoardBlocks + 1);
  const auto two =
      CompareMessage(*early.g, early.history, OneTickBehind(early.now(), 2, fresh, 2), 2);
  ASSERT_TRUE(two);
  EXPECT_NE(two->kind, "fallen-tick");
  // On turn 42 every block of turn 0 is restored: only the blocks just
  // scheduled show a timer, and one higher may as well be a timer of the
  // wrong length, so it is not called a missed tick.
  const Game late = attack_on(40);
  for (int i = 0; i < kNumBlocks; ++i) {
    if (std::find(fresh.begin(), fresh.end(), i) == fresh.end()) {
      ASSERT_EQ(late.now().block_at(i), 0) << i;
    }
  }
  const auto longer = CompareMessage(*late.g, late.history, OneTickBehind(late.now(), 2), 2);
  ASSERT_TRUE(longer);
  EXPECT_NE(longer->kind, "fallen-tick");
}

SPEC_TEST(RefereeDiff, WhenTheRefereeGoesOnPastAnEndTheFieldThatKeptItGoingNamesTheCause,
          "jc2015.end.win", "jc2015.fall.timing") {
  // Player 0 attacks right along block row 2 and wins on turn 20, when block
  // (2,5) drops player 3, the last of the others.
  State s = Make({7, 1, 'R'}, {7, 7, 'U'}, {7, 11, 'U'}, {7, 15, 'U'});
  Play(s, "A");
  while (!s.IsTerminal()) s.Apply(Action::kNothing);
  ASSERT_EQ(s.turn(), 20);
  ASSERT_EQ(s.Winner(), 0);
  // A referee whose block falls a turn late goes on, and its message shows
  // why: the block still falling, player 3 still on it.
  InputView late = ViewFor(s, 0);
  late.blocks[2 * kBoardBlocks + 5] = 1;
  late.players[3] = {7, 15, 'U', 0};
  const auto d = CompareMessage(*Wrap(s), {}, FormatInput(late), 0);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, "block");
  EXPECT_EQ(d->field, "B[2][5]");
  EXPECT_NE(d->message.find("also differing: player 3 R C"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("went on after the reference's end of the game on turn 20"),
            std::string::npos)
      << d->message;
  // With every field the reference's, going on is the cause.
  const auto end = CompareMessage(*Wrap(s), {}, FormatInput(ViewFor(s, 0)), 0);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->kind, "end");
  EXPECT_EQ(end->clauses.front(), "jc2015.end.win");
}

SPEC_TEST(RefereeDiff, EveryTurnInputGivesBackAStateThatPlaysOnAlike,
          "jc2015.protocol.input.format", "jc2015.protocol.input.stun", "arbiter.referee.resync") {
  // A message shows the whole state: the state learnt from it sends every
  // later input the original does, under either stun reading.
  for (const char* stun : {"global-turns", "own-turns"}) {
    const RuleList rules = {{"stun_count", stun}};
    Rules r;
    std::string error;
    ASSERT_TRUE(RulesFrom(rules, r, error)) << error;
    int learnt = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      Rng rng(seed);
      State s = State::Initial(DrawPlacement(seed), r);
      while (!s.IsTerminal()) {
        const int me = s.current_player();
        if (s.player(me).on_board && rng.Chance(1, 5)) {
          std::string why;
          const auto shown = StateFromMessage(FormatInput(s, me), me, rules, why);
          ASSERT_TRUE(shown) << why << "\n" << FormatInput(s, me);
          State t = *StateOf(*shown);
          State u = s;
          Rng actions(seed * 77 + s.turn());
          for (int k = 0; k < 40 && !u.IsTerminal(); ++k) {
            ASSERT_FALSE(t.IsTerminal());
            for (int id = 0; id < kNumPlayers; ++id)
              ASSERT_EQ(FormatInput(t, id), FormatInput(u, id)) << "seed " << seed;
            const Action a = RandomAction(actions);
            u.Apply(a);
            t.Apply(a);
          }
          ++learnt;
        }
        s.Apply(RandomAction(rng));
      }
    }
    EXPECT_GT(learnt, 100) << stun;
  }
  // A message that is not its recipient's turn, or not a turn input, is not.
  const State s = Spread();
  std::string why;
  EXPECT_FALSE(StateFromMessage(FormatInput(s, 0), 1, {}, why));
  EXPECT_NE(why.find("not a turn of player 1"), std::string::npos) << why;
  EXPECT_FALSE(StateFromMessage("0\n0\nEOD\n", 0, {}, why));
}

SPEC_TEST(InputParser, ParsingWhatIsFormattedGivesTheSameView, "jc2015.protocol.input.format") {
  State s = Make({7, 4, 'R'}, {7, 8, 'U'}, {16, 16, 'U'}, {16, 10, 'L'});
  Play(s, "A N N N N");
  for (int id = 0; id < 4; ++id) {
    const auto parsed = ParseInput(FormatInput(s, id));
    ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
    EXPECT_EQ(parsed.value(), ViewFor(s, id));
  }
}

SPEC_TEST(InputParser, MalformedInputsAreRejectedWithTheLineAndTheReason,
          "jc2015.protocol.input.format", "jc2015.protocol.input.eod") {
  const std::string good = FormatInput(Spread(), 0);
  const struct {
    std::string text;
    std::string expect;  // a substring of the error
  } cases[] = {
      {good.substr(0, good.size() - 4), "line 13"},  // no EOD line
      {good.substr(0, good.size() - 1), "does not end with a newline"},
      {good + "0\n", "unexpected text after EOD"},
      {"4\n" + good.substr(2), "id: 4 is out of range"},
      {"00\n" + good.substr(2), "not an integer in canonical form"},
      {good.substr(0, 4) + "0 0 0 0 0\n" + good.substr(16), "block row 0: expected 6 integers"},
      {good.substr(0, 4) + "0  0 0 0 0 0\n" + good.substr(16), "block row 0"},
      {good.substr(0, good.size() - 4) + "END\n", "expected 'EOD'"},
  };
  for (const auto& c : cases) {
    const auto parsed = ParseInput(c.text);
    ASSERT_FALSE(parsed.ok()) << EscapeBytes(c.text);
    EXPECT_NE(parsed.error().ToString().find(c.expect), std::string::npos)
        << parsed.error().ToString() << " / expected: " << c.expect;
  }
}

SPEC_TEST(InputParser, APlayerRowMustPairMinusOneWithMinusOne, "jc2015.protocol.input.position") {
  std::string text = FormatInput(Spread(), 0);
  const size_t at = text.find("1 10 L 0");
  text.replace(at, 8, "-1 10 L 0");
  const auto parsed = ParseInput(text);
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.error().ToString().find("both be -1"), std::string::npos)
      << parsed.error().ToString();
}

SPEC_TEST(Actions, TheSixUppercaseLettersAreTheOnlyCommands, "jc2015.protocol.action.commands") {
  EXPECT_EQ(ParseAction("U"), Action::kUp);
  EXPECT_EQ(ParseAction("R"), Action::kRight);
  EXPECT_EQ(ParseAction("D"), Action::kDown);
  EXPECT_EQ(ParseAction("L"), Action::kLeft);
  EXPECT_EQ(ParseAction("A"), Action::kAttack);
  EXPECT_EQ(ParseAction("N"), Action::kNothing);
  for (const char* bad : {"u", "r", "a", "n", "", "UU", "X", "UP", "0", "N N", "\xef\xbc\xb5"})
    EXPECT_EQ(ParseAction(bad), Action::kInvalid) << EscapeBytes(bad);
}

SPEC_TEST(Actions, AnInvalidOrEmptyLineIsTreatedAsDoingNothing, "jc2015.protocol.action.invalid") {
  for (const char* bad : {"", "u", "MOVE"}) {
    auto game = Wrap(Spread());
    const std::string before = game->InputText(1);
    const auto events = game->ApplyLine(bad);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].clause, "jc2015.protocol.action.invalid");
    // Player 1 sees exactly what it would have seen after "N" (only T differs).
    auto reference = Wrap(Spread());
    reference->ApplyLine("N");
    EXPECT_EQ(game->InputText(1), reference->InputText(1)) << bad;
    EXPECT_NE(game->InputText(1), before);
  }
}

SPEC_TEST(Actions, WithTheRemovePlayerReadingAnInvalidLineRemovesThePlayer,
          "jc2015.protocol.action.invalid") {
  Rules r;
  r.invalid_action = InvalidAction::kRemovePlayer;
  State s = Spread(r);
  const TurnEvents ev = s.Apply(ParseAction("x", r.action_parsing));
  EXPECT_EQ(ev.result, ActionResult::kInvalidRemoved);
  EXPECT_FALSE(s.player(0).on_board);
}

SPEC_TEST(Actions, SurroundingWhitespaceAndCRAreIgnoredByDefaultButNotWhenExact,
          "jc2015.protocol.action.whitespace") {
  for (const char* padded : {"U\r", " U", "U ", "\tU\t", " U \r"}) {
    EXPECT_EQ(ParseAction(padded, ActionParsing::kTrimmed), Action::kUp) << EscapeBytes(padded);
    EXPECT_EQ(ParseAction(padded, ActionParsing::kExact), Action::kInvalid) << EscapeBytes(padded);
  }
  EXPECT_EQ(ParseAction("U", ActionParsing::kExact), Action::kUp);
}

SPEC_TEST(Actions, AStunnedPlayerIsStillSentItsInputAndItsAnswerIsIgnored,
          "jc2015.protocol.stunned-answer") {
  auto game = Wrap(Make({7, 4, 'R'}, {0, 12, 'U'}, {16, 16, 'U'}, {16, 10, 'U'}));
  for (const char* line : {"A", "N", "N", "N"}) game->ApplyLine(line);
  ASSERT_EQ(game->current_player(), 0);
  EXPECT_TRUE(game->CurrentPlayerReceivesInput());
  const auto view = ParseInput(game->InputText(0));
  ASSERT_TRUE(view.ok());
  EXPECT_EQ(view.value().players[0].stun, 8);
  const auto events = game->ApplyLine("D");
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].kind, "stunned");
  EXPECT_EQ(ParseInput(game->InputText(0)).value().players[0].row, 7);
}

SPEC_TEST(Ready, TheHandshakeIsExactlyTheLineREADY, "jc2015.protocol.ready") {
  EXPECT_TRUE(IsReadyLine("READY"));
  for (const char* bad : {"ready", "READY ", "READY\r", " READY", "Ready", "READY!", ""})
    EXPECT_FALSE(IsReadyLine(bad)) << EscapeBytes(bad);
}

SPEC_TEST(Timing, TheJapaneseProfileGivesOneSecondForReadyAndATenthPerAction,
          "jc2015.protocol.ready.limit", "jc2015.protocol.action.limit") {
  const Profile* ja = FindProfile("ja");
  ASSERT_NE(ja, nullptr);
  EXPECT_EQ(ja->ready_ms, 1000);
  EXPECT_EQ(ja->action_ms, 100);
  EXPECT_EQ(kDefaultProfile, "ja");
}

SPEC_TEST(Timing, TheEnglishProfileGivesOneSecondForReadyAndPerAction,
          "jc2015.protocol.ready.limit", "jc2015.protocol.action.limit") {
  const Profile* en = FindProfile("en");
  ASSERT_NE(en, nullptr);
  EXPECT_EQ(en->ready_ms, 1000);
  EXPECT_EQ(en->action_ms, 1000);
  EXPECT_EQ(FindProfile("fr"), nullptr);
}

SPEC_TEST(Timing, ASilentBotsPlayerStaysOnTheBoardEvenWhereInvalidLinesRemovePlayers,
          "jc2015.protocol.action.timeout") {
  Rules r;
  r.invalid_action = InvalidAction::kRemovePlayer;
  auto game = Wrap(Spread(r));
  const auto events = game->ApplySilence();
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].clause, "jc2015.protocol.action.timeout");
  const auto view = ParseInput(game->InputText(1));
  ASSERT_TRUE(view.ok());
  EXPECT_EQ(view.value().players[0].row, 1);  // still on the board, unmoved
  EXPECT_EQ(view.value().players[0].col, 1);
  auto invalid = Wrap(Spread(r));
  invalid->ApplyLine("");
  EXPECT_EQ(ParseInput(invalid->InputText(1)).value().players[0].row, -1);
}

SPEC_TEST(Actions, ASecondLineOfOneAnswerIsNotQueuedUnlessTheRulesSaySo,
          "jc2015.protocol.action.extra-lines") {
  // The engine plays one line per turn; whether the referee queues extra
  // lines is the rule option the harness reads (GameState::QueuesExtraLines),
  // and a state under the queue reading says so in its serialisation.
  const GameInfo* game = FindGame("jc2015");
  ASSERT_NE(game, nullptr);
  std::string error;
  const auto plain = game->new_game(1, {}, error);
  ASSERT_NE(plain, nullptr) << error;
  EXPECT_FALSE(plain->QueuesExtraLines());
  EXPECT_EQ(plain->Serialize().find("extra_lines"), std::string::npos);
  const auto queued = game->new_game(1, {{"extra_lines", "queue"}}, error);
  ASSERT_NE(queued, nullptr) << error;
  EXPECT_TRUE(queued->QueuesExtraLines());
  EXPECT_NE(queued->Serialize().find("extra_lines=queue"), std::string::npos);
  EXPECT_EQ(game->new_game(1, {{"extra_lines", "fifo"}}, error), nullptr);
  EXPECT_NE(error.find("extra_lines"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter::jc2015
