// Spec tests of the turn sequence, of players going out (wondev.out.*,
// wondev.turn.no-legal-action) and of the end of the game (wondev.end.*).
#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "wondev/game.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

const std::vector<std::string> kWalled = {"02000", "22000", "00000", "00000", "00000"};

SPEC_TEST(Turns, PlayersAlternateStartingWithPlayerZero, "wondev.turn.order") {
  State s = Make(kFlat5, At(0, 0), At(4, 4));
  for (int t = 0; t < 6; ++t) {
    EXPECT_EQ(s.current_player(), t % 2);
    EXPECT_EQ(s.round(), t / 2);
    Play(s, s.current_player() == 0 ? (t % 4 == 0 ? "MOVE&BUILD 0 E W" : "MOVE&BUILD 0 W E")
                                    : (t % 4 == 1 ? "MOVE&BUILD 0 W E" : "MOVE&BUILD 0 E W"));
    EXPECT_FALSE(s.out(0));
    EXPECT_FALSE(s.out(1));
  }
}

SPEC_TEST(Turns, APlayerWithNoLegalActionIsSentZeroActionsAndAnyLinePutsItOut,
          "wondev.turn.no-legal-action") {
  State s = Make(kWalled, At(0, 0), At(4, 4));
  EXPECT_TRUE(s.CurrentPlayerReceivesInput());
  EXPECT_TRUE(ViewFor(s, 0).actions.empty());
  EXPECT_NE(FormatInput(s, 0).find("\n0\n"), std::string::npos);
  EXPECT_EQ(Play(s, "MOVE&BUILD 0 E W").result, Result::kNoLegalOut);
  EXPECT_TRUE(s.out(0));
  const auto game = Wrap(Make(kWalled, At(0, 0), At(4, 4)));
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 S N"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer("ACCEPT-DEFEAT"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer("nothing"), AnswerVerdict::kInvalid);
}

// A referee that puts a player with no legal action out without sending
// it its turn (a reading some ports make) sends the next message to the
// other player: the divergence says it skipped the player, under this
// clause first, not only that the input went to the wrong player.
SPEC_TEST(Turns, ARefereeThatSkipsAPlayerWithNoLegalActionIsToldItStillGetsItsTurn,
          "wondev.turn.no-legal-action") {
  const State s = Make(kWalled, At(0, 0), At(4, 4));
  const auto game = Wrap(s);
  const auto d = CompareMessage(*game, {}, FormatInit(s) + FormatInput(s, 1), 1);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, "recipient");
  EXPECT_EQ(d->clauses.front(), "wondev.turn.no-legal-action");
  EXPECT_NE(d->message.find("skipped player 0, who has no legal action"), std::string::npos)
      << d->message;
  // Its game ended there instead: the end says the same first.
  const auto e = CompareMessage(*game, {}, "", -1);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->clauses.front(), "wondev.turn.no-legal-action");
  EXPECT_NE(e->message.find("player 0, whose turn it was, has no legal action"), std::string::npos)
      << e->message;
  // A player with legal actions skipped is the wrong recipient, as before.
  const State open = Make(kFlat5, At(0, 0), At(4, 4));
  const auto o = CompareMessage(*Wrap(open), {}, FormatInit(open) + FormatInput(open, 1), 1);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->clauses.front(), "wondev.turn.order");
  EXPECT_EQ(o->message, "the referee sent input to the wrong player");
}

SPEC_TEST(Turns, ASilentPlayerWithNoLegalActionIsOutAndTheTurnCitesTheNoLegalActionRule,
          "wondev.turn.no-legal-action", "wondev.out.timeout") {
  // The bot checks report such a silence under the check of this clause
  // (action.no-legal-silence), not as a deadline.
  const auto walled = Wrap(Make(kWalled, At(0, 0), At(4, 4)));
  const std::vector<Event> events = walled->ApplySilence();
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[0].clause, "wondev.out.timeout");
  EXPECT_EQ(events[1].kind, "no-legal-action");
  EXPECT_EQ(events[1].clause, "wondev.turn.no-legal-action");
  EXPECT_TRUE(StateOf(*walled)->out(0));
  // With a legal action a silence is only a timeout.
  const auto open = Wrap(Make(kFlat5, At(2, 2), At(4, 4)));
  for (const Event& e : open->ApplySilence()) EXPECT_NE(e.clause, "wondev.turn.no-legal-action");
}

SPEC_TEST(Turns, WithThePassReadingAPlayerWithNoLegalActionStaysIn, "wondev.turn.no-legal-action") {
  Rules r;
  r.no_legal_action = NoLegalAction::kPass;
  State s = Make(kWalled, At(0, 0), At(4, 4), r);
  EXPECT_EQ(Play(s, "MOVE&BUILD 0 E W").result, Result::kNoLegalPass);
  EXPECT_FALSE(s.out(0));
  Play(s, "MOVE&BUILD 0 N S");
  EXPECT_EQ(Play(s, "ACCEPT-DEFEAT").result, Result::kAcceptedDefeat);
  EXPECT_TRUE(s.out(0));
}

SPEC_TEST(Out, AnIllegalOrUnreadableAnswerPutsThePlayerOutWithItsPointsAndUnits,
          "wondev.out.invalid", "wondev.protocol.action.legal") {
  for (const char* line :
       {"MOVE&BUILD 0 N N", "MOVE&BUILD 1 E W", "move&build 0 E W", "", "WAIT"}) {
    State s = Make({"30000", "20000", "00000", "00000", "00000"}, At(0, 1), At(4, 4));
    Play(s, "MOVE&BUILD 0 N E");  // onto level 3: one point
    ASSERT_EQ(s.score(0), 1);
    Play(s, "MOVE&BUILD 0 N S");
    const TurnEvents ev = Play(s, line);
    EXPECT_EQ(ev.result, Result::kIllegal) << line;
    EXPECT_TRUE(s.out(0));
    EXPECT_EQ(s.score(0), 1);
    EXPECT_EQ(s.unit(0, 0), At(0, 0));
    EXPECT_EQ(s.OwnerAt(At(0, 0)), 0);
    EXPECT_FALSE(s.IsTerminal());  // out while ahead: the opponent still plays
  }
}

SPEC_TEST(Out, NoAnswerPutsThePlayerOut, "wondev.out.timeout") {
  State s = Make(kFlat5, At(0, 0), At(4, 4));
  EXPECT_EQ(s.ApplySilence().result, Result::kTimeout);
  EXPECT_TRUE(s.out(0));
  EXPECT_FALSE(s.IsTerminal());  // 0-0: the other plays on
}

SPEC_TEST(Out, AcceptDefeatPutsThePlayerOut, "wondev.out.accept-defeat") {
  State s = Make(kFlat5, At(0, 0), At(4, 4));
  EXPECT_EQ(Play(s, "ACCEPT-DEFEAT").result, Result::kAcceptedDefeat);
  EXPECT_TRUE(s.out(0));
  EXPECT_FALSE(s.out(1));
}

SPEC_TEST(Out, AnOutPlayerGetsNoInputItsTurnsPassAndItsUnitStaysPushable, "wondev.out.turns") {
  State s = Make2(kFlat5, At(2, 2), At(0, 4), At(2, 1), At(4, 4), League(2));
  Play(s, "MOVE&BUILD 1 E W");
  Play(s, "ACCEPT-DEFEAT");
  EXPECT_TRUE(s.out(1));
  EXPECT_TRUE(Listed(s, "PUSH&BUILD 0 N N"));
  Play(s, "PUSH&BUILD 0 N N");
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_FALSE(s.CurrentPlayerReceivesInput());
  EXPECT_EQ(s.Apply(Line("MOVE&BUILD 0 S N")).result, Result::kNotInGame);
  EXPECT_EQ(s.unit(1, 0), At(2, 0));
  EXPECT_EQ(s.current_player(), 0);
}

SPEC_TEST(End, TheGameEndsWhenBothPlayersAreOut, "wondev.end.both-out") {
  State s = Make(kFlat5, At(0, 0), At(4, 4));
  Play(s, "ACCEPT-DEFEAT");
  EXPECT_FALSE(s.IsTerminal());
  s.ApplySilence();
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.Winner(), -1);
}

SPEC_TEST(End, TheGameEndsOnceTheOnlyPlayerLeftLeadsStrictly, "wondev.end.leader-alone") {
  State s = Make({"00000", "00000", "00000", "00023", "00000"}, At(0, 0), At(3, 3));
  Play(s, "ACCEPT-DEFEAT");
  EXPECT_FALSE(s.IsTerminal());  // 0-0
  s.Apply(Line("MOVE&BUILD 0 E W"));
  EXPECT_TRUE(s.IsTerminal());  // 0-1
  EXPECT_EQ(s.Winner(), 1);
}

SPEC_TEST(End, TheGameLastsTwoHundredRoundsOrTheSelectedNumber, "wondev.end.rounds") {
  const Units units = Make(kFlat5, At(0, 0), At(4, 4)).units();
  State last = State::FromParts(MapOf(kFlat5), units, Rules{}, 399, {0, 0}, {false, false});
  EXPECT_EQ(last.round(), 199);
  EXPECT_FALSE(last.IsTerminal());
  Play(last, "MOVE&BUILD 0 N S");
  EXPECT_TRUE(last.IsTerminal());  // 200 rounds: turns 0..399
  Rules r;
  r.max_rounds = 100;
  State short_game = State::FromParts(MapOf(kFlat5), units, r, 199, {0, 0}, {false, false});
  EXPECT_FALSE(short_game.IsTerminal());
  Play(short_game, "MOVE&BUILD 0 N S");
  EXPECT_TRUE(short_game.IsTerminal());
}

SPEC_TEST(End, MorePointsWinAndEqualPointsDraw, "wondev.end.winner", "wondev.goal.points") {
  Rules r;
  r.max_rounds = 1;
  State s = Make({"23000", "00000", "00000", "00000", "00000"}, At(0, 0), At(4, 4), r);
  Play(s, "MOVE&BUILD 0 E S");
  Play(s, "MOVE&BUILD 0 N S");
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.Winner(), 0);
  State d = Make(kFlat5, At(0, 0), At(4, 4), r);
  Play(d, "MOVE&BUILD 0 E S");
  Play(d, "MOVE&BUILD 0 N S");
  EXPECT_TRUE(d.IsTerminal());
  EXPECT_EQ(d.Winner(), -1);
}

}  // namespace
}  // namespace arbiter::wondev
