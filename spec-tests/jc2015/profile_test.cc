// Spec tests of the official-2015 profile: the official 2015 referee's
// readings of the open rules, each a rule option documented on its clause of
// the register, and the property that the profile and the text's readings
// agree on every turn input of a game in which nobody attacks or falls, up to
// the order of a player line's coordinates.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"
#include "jc2015/placement.h"
#include "jc2015/protocol.h"
#include "report/registers.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/jc2015/builders.h"

namespace arbiter::jc2015 {
namespace {

using namespace testing;

Rules Official() {
  Rules r;
  for (const auto& [key, value] : kOfficial2015Rules) {
    const std::string error = SetRule(r, key, value);
    EXPECT_EQ(error, "") << key;
  }
  return r;
}

SPEC_TEST(Profile, EveryReadingOfTheOfficialProfileIsAnAlternativeOnItsClause,
          "jc2015.protocol.action.limit", "jc2015.protocol.input.position",
          "jc2015.protocol.input.stun", "jc2015.fallen.turns", "jc2015.protocol.action.extra-lines",
          "jc2015.restore.delay", "jc2015.protocol.action.whitespace", "jc2015.end.simultaneous",
          "jc2015.protocol.input.fallen-fields") {
  const Profile* official = FindProfile("official-2015");
  ASSERT_NE(official, nullptr);
  EXPECT_EQ(official->ready_ms, 1000);
  EXPECT_EQ(official->action_ms, 100);
  EXPECT_TRUE(official->ready_scan);
  const auto reg = nlohmann::json::parse(report::RegisterJson("jc2015"));
  ASSERT_EQ(official->rules.size(), 8u);
  for (const auto& [key, value] : official->rules) {
    bool documented = false;
    for (const auto& clause : reg["clauses"]) {
      if (!clause.contains("decision") || !clause["decision"]["option"].is_string() ||
          clause["decision"]["option"] != key)
        continue;
      for (const auto& alt : clause["decision"]["alternatives"])
        documented = documented ||
                     (alt["value"] == value &&
                      alt["meaning"].get<std::string>().find("official 2015") != std::string::npos);
    }
    EXPECT_TRUE(documented) << key << "=" << value
                            << " is not the official 2015 referee's reading on its clause";
  }
  // The register names the profile too.
  bool listed = false;
  for (const auto& clause : reg["clauses"])
    if (clause["id"] == "jc2015.protocol.action.limit" && clause.contains("decision"))
      for (const auto& alt : clause["decision"]["alternatives"])
        listed = listed || alt["value"] == "official-2015";
  EXPECT_TRUE(listed);
}

SPEC_TEST(Profile, UnderFirstWordOnlyTheFirstWordOfAnAnswerCountsAndStillCaseSensitively,
          "jc2015.protocol.action.whitespace") {
  const struct {
    const char* line;
    Action action;
  } cases[] = {{"U extra", Action::kUp},  {" D\r", Action::kDown},  {"A N", Action::kAttack},
               {"N", Action::kNothing},   {"UL", Action::kInvalid}, {"u", Action::kInvalid},
               {"D,U", Action::kInvalid}, {"", Action::kInvalid},   {"\tL  R", Action::kLeft}};
  for (const auto& c : cases) {
    EXPECT_EQ(ParseAction(c.line, ActionParsing::kFirstWord), c.action) << EscapeBytes(c.line);
    // The text's reading (trimmed) takes no second word.
    if (std::string(c.line).find(' ', 1) != std::string::npos && c.line[0] != ' ') {
      EXPECT_EQ(ParseAction(c.line, ActionParsing::kTrimmed), Action::kInvalid) << c.line;
    }
  }
  // A bot's "U extra" is a warning under the profile (its server reads U),
  // and no command under the text.
  Rules r = Official();
  auto official = Wrap(State::Initial(DrawPlacement(1), r));
  EXPECT_EQ(official->ClassifyAnswer("U extra"), AnswerVerdict::kServerAccepts);
  EXPECT_EQ(official->ServerReading("U extra"), std::optional<std::string>("U"));
  auto text = Wrap(State::Initial(DrawPlacement(1), Rules{}));
  EXPECT_EQ(text->ClassifyAnswer("U extra"), AnswerVerdict::kInvalid);
}

SPEC_TEST(Profile, WhenTheLastPlayersFallTogetherTheOfficialServerPlaysOnToTheTurnLimitForADraw,
          "jc2015.end.simultaneous", "jc2015.end.turn-limit") {
  // Players 0 and 1 share block (0,0), at opposite corners (the crossfire
  // golden's start).
  for (const ZeroAlive rule : {ZeroAlive::kDraw, ZeroAlive::kTurnLimit}) {
    Rules r;
    r.zero_alive = rule;
    r.turn_limit = 60;
    State s = Make({0, 0, 'R'}, {2, 2, 'U'}, {0, 15, 'L'}, {0, 10, 'U'}, r);
    // Player 0 attacks right on turn 0: (0,3) falls on turn 12 with player 3,
    // (0,5) on turn 20 with player 2; player 2 attacks left on turn 2: only
    // (0,0) is not scheduled yet, and falls on turn 22 with players 0 and 1.
    Play(s, "A N A N");
    int fell_together = -1;
    while (!s.IsTerminal()) {
      const int before = s.players_on_board();
      const TurnEvents ev = s.Apply(Action::kNothing);
      if (before >= 2 && s.players_on_board() == 0) fell_together = ev.turn + 1;
      if (fell_together >= 0) break;
    }
    ASSERT_GE(fell_together, 0) << "the last players never fell together";
    if (rule == ZeroAlive::kDraw) {
      EXPECT_TRUE(s.IsTerminal());
      EXPECT_EQ(s.turn(), fell_together);
    } else {
      EXPECT_FALSE(s.IsTerminal());  // nobody on the board, and the game goes on
      while (!s.IsTerminal()) s.Apply(Action::kNothing);
      EXPECT_EQ(s.turn(), 60);
    }
    EXPECT_EQ(s.Winner(), -1);
  }
}

SPEC_TEST(Profile, UnderFrozenAFallenPlayerKeepsTheStunItFellWith,
          "jc2015.protocol.input.fallen-fields") {
  // Player 1 attacks on turn 1 (stunned until turn 13) and falls with its
  // block on turn 4, when S would show 9 (global turns) or 2 (own turns).
  for (const StunCount count : {StunCount::kGlobalTurns, StunCount::kOwnTurns}) {
    for (const FallenStun rule : {FallenStun::kZero, FallenStun::kFrozen}) {
      Rules r;
      r.stun_count = count;
      r.fallen_stun = rule;
      State s = Make({7, 4, 'R'}, {7, 8, 'L'}, {16, 16, 'U'}, {16, 10, 'U'}, r);
      Play(s, "A A");
      PassUntil(s, 4);
      ASSERT_FALSE(s.player(1).on_board);
      const int when_fell = count == StunCount::kGlobalTurns ? 9 : 2;
      for (int turn : {4, 9, 30}) {
        PassUntil(s, turn);
        if (s.IsTerminal()) break;
        EXPECT_EQ(ViewFor(s, 2).players[1].stun, rule == FallenStun::kFrozen ? when_fell : 0)
            << "turn " << turn;
      }
    }
  }
}

SPEC_TEST(RefereeDiff, AFallenPlayersStunIsComparedOnlyWhenTheRulesPinIt,
          "jc2015.protocol.input.fallen-fields") {
  for (const FallenStun rule : {FallenStun::kZero, FallenStun::kFrozen}) {
    Rules r;
    r.fallen_stun = rule;
    State s = Make({7, 4, 'R'}, {7, 8, 'L'}, {16, 16, 'U'}, {16, 10, 'U'}, r);
    Play(s, "A A");
    PassUntil(s, 6);
    ASSERT_FALSE(s.player(1).on_board);
    InputView v = ViewFor(s, 2);
    v.players[1].stun = v.players[1].stun == 0 ? 5 : 0;
    const auto d = CompareMessage(*Wrap(s), {}, FormatInput(v), 2);
    if (rule == FallenStun::kZero) {
      EXPECT_FALSE(d);  // open: the texts give no S for a fallen player
    } else {
      ASSERT_TRUE(d);
      EXPECT_EQ(d->field, "player 1 S");
      EXPECT_EQ(d->clauses.front(), "jc2015.protocol.input.fallen-fields");
    }
  }
}

// A game nobody attacks in (so nobody falls): answers from every family but
// A, and lines both readings take alike.
CITES(ProfileProperty, TheProfileAndTheTextAgreeOnEveryInputOfAGameWithoutAttacksOrFalls,
      "jc2015.protocol.input.position", "jc2015.protocol.input.format",
      "jc2015.protocol.action.whitespace");
RC_GTEST_PROP(ProfileProperty, TheProfileAndTheTextAgreeOnEveryInputOfAGameWithoutAttacksOrFalls,
              ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  const auto lines = *rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
      "U", "R", "D", "L", "N", " U", "D\r", "\tL", "X", "", "UU", "u", "N N"));
  State text = State::Initial(DrawPlacement(seed), Rules{});
  State official = State::Initial(DrawPlacement(seed), Official());
  auto a = Wrap(text), b = Wrap(official);
  // "N N" is N under both: the first word N, or no command.
  for (const std::string& line : lines) {
    RC_ASSERT(a->IsTerminal() == b->IsTerminal());
    if (a->IsTerminal()) break;
    RC_ASSERT(a->CurrentPlayerReceivesInput() == b->CurrentPlayerReceivesInput());
    for (int id = 0; id < kNumPlayers; ++id) {
      const auto va = ParseInput(a->InputText(id), /*column_first=*/false);
      const auto vb = ParseInput(b->InputText(id), /*column_first=*/true);
      RC_ASSERT(va.ok() && vb.ok());
      InputView shown = vb.value();
      RC_ASSERT(shown.column_first);
      shown.column_first = false;  // the order of the line, the only difference
      RC_ASSERT(va.value() == shown);
    }
    a->ApplyLine(line);
    b->ApplyLine(line);
  }
}

}  // namespace
}  // namespace arbiter::jc2015
