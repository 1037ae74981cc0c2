// Spec tests of the text protocol: the initialisation and turn inputs
// (wondev.protocol.init, wondev.protocol.input.*) and the answer line
// (wondev.protocol.action.*), including the strict parser that reads other
// referees' output.
#include "spec-tests/common/spec_test.h"
#include "spec-tests/wondev/builders.h"
#include "wondev/game.h"

namespace arbiter::wondev {
namespace {

using namespace testing;

SPEC_TEST(Input, TheInitialisationIsSizeThenUnitsPerPlayerAndThereIsNoHandshake,
          "wondev.protocol.init") {
  const auto game = Wrap(Make2(kFlat5, At(0, 0), At(1, 4), At(4, 4), At(3, 0), League(2)));
  EXPECT_EQ(game->InitText(0), "5\n2\n");
  EXPECT_EQ(game->InitText(1), "5\n2\n");
  EXPECT_FALSE(kGameInfo.ready_line.has_value());
  EXPECT_EQ(kGameInfo.profiles.front().ready_ms, 0);
}

SPEC_TEST(Input, TheTurnInputIsRowsUnitsTheCountAndTheActionsOnePerLine,
          "wondev.protocol.input.format", "wondev.protocol.input.rows",
          "wondev.protocol.input.units") {
  const State s = Make({"0.000", "00100", "00040", "00000", "00003"}, At(0, 0), At(4, 4));
  const std::string text = FormatInput(s, 1);
  const std::string head = "0.000\n00100\n00040\n00000\n00003\n4 4\n0 0\n";
  ASSERT_EQ(text.substr(0, head.size()), head);  // rows, then own units, then the opponent's
  const InputView v = ViewFor(s, 1);
  const std::string count = std::to_string(v.actions.size()) + "\n";
  EXPECT_EQ(text.substr(head.size(), count.size()), count);
  EXPECT_EQ(text.substr(head.size() + count.size(), v.actions.front().size() + 1),
            v.actions.front() + "\n");
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(FormatInput(ParseInput(text).value()), text);
}

SPEC_TEST(Input, TheLegalActionsAreSortedByTextOrInGenerationOrder, "wondev.protocol.input.legal") {
  const State s = Make2(kFlat5, At(2, 2), At(0, 4), At(2, 1), At(4, 4), League(2));
  const std::vector<std::string> listed = ViewFor(s, 0).actions;
  ASSERT_GT(listed.size(), 10u);
  EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end()));
  EXPECT_EQ(listed.back().substr(0, 10), "PUSH&BUILD");
  Rules r = League(2);
  r.action_order = ActionOrder::kGeneration;
  const std::vector<std::string> generated =
      ViewFor(Make2(kFlat5, At(2, 2), At(0, 4), At(2, 1), At(4, 4), r), 0).actions;
  EXPECT_FALSE(std::is_sorted(generated.begin(), generated.end()));
  EXPECT_EQ(generated.front(), "MOVE&BUILD 0 NE N");
  std::vector<std::string> a = listed, b = generated;
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

SPEC_TEST(InputParser, MalformedInputsAreRejectedWithTheLineAndTheReason,
          "wondev.protocol.input.format") {
  const std::string good = FormatInput(Make(kFlat5, At(0, 0), At(4, 4)), 0);
  ASSERT_TRUE(ParseInput(good).ok());
  const std::pair<std::string, int> bad[] = {
      {"0000\n" + good.substr(6), 1},                        // a short row
      {"00000\n0000x\n" + good.substr(12), 2},               // a bad cell
      {good.substr(0, good.size() - 1), 0},                  // no final newline
      {good.substr(0, 30) + "0  0\n" + good.substr(34), 6},  // two spaces
      {good + "MOVE&BUILD 0 N S\n", 0},                      // an extra line
  };
  for (const auto& [text, line] : bad) {
    const auto p = ParseInput(text);
    EXPECT_FALSE(p.ok()) << EscapeBytes(text);
    if (!p.ok() && line > 0) {
      EXPECT_EQ(p.error().line, line) << p.error().ToString();
    }
  }
}

SPEC_TEST(Answer, AnActionIsTypeIndexTwoDirectionsAndAnOptionalMessage,
          "wondev.protocol.action.grammar") {
  const Answer a = ParseAnswer("MOVE&BUILD 0 NW SE", ActionParsing::kExact);
  ASSERT_EQ(a.kind, Answer::kAction);
  EXPECT_EQ(a.action, (Action{ActionType::kMoveBuild, 0, Dir::kNW, Dir::kSE}));
  EXPECT_EQ(ParseAnswer("PUSH&BUILD 1 N NE go team", ActionParsing::kExact).kind, Answer::kAction);
  EXPECT_EQ(ParseAnswer("ACCEPT-DEFEAT", ActionParsing::kExact).kind, Answer::kAcceptDefeat);
  EXPECT_EQ(ParseAnswer("ACCEPT-DEFEAT gg", ActionParsing::kExact).kind, Answer::kAcceptDefeat);
  for (const char* bad : {"MOVE&BUILD 0 N", "MOVE&BUILD 0 N X", "move&build 0 N S", "MOVE 0 N S",
                          "MOVE&BUILD x N S", "MOVE&BUILD 0 N Sfoo", "ACCEPT-DEFEATED", ""})
    EXPECT_EQ(ParseAnswer(bad).kind, Answer::kInvalid) << bad;
}

SPEC_TEST(Answer, SurroundingWhitespaceIsToleratedButWarnedAndRejectedWhenExact,
          "wondev.protocol.action.whitespace") {
  for (const char* line : {" MOVE&BUILD 0 N S", "MOVE&BUILD 0 N S\r", "MOVE&BUILD  0 N S"}) {
    EXPECT_EQ(ParseAnswer(line, ActionParsing::kTrimmed).kind, Answer::kAction) << line;
    EXPECT_EQ(ParseAnswer(line, ActionParsing::kExact).kind, Answer::kInvalid) << line;
  }
  const auto game = Wrap(Make(kFlat5, At(2, 2), At(4, 4)));
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 N S"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 N S\r"), AnswerVerdict::kWhitespace);
  Rules exact;
  exact.action_parsing = ActionParsing::kExact;
  State strict = Make(kFlat5, At(2, 2), At(4, 4), exact);
  const auto strict_game = Wrap(strict);
  EXPECT_FALSE(strict_game->ApplyLine("MOVE&BUILD 0 N S\r").empty());
  EXPECT_TRUE(StateOf(*strict_game)->out(0));
}

SPEC_TEST(Answer, OnlyListedActionsAreValidAnswers, "wondev.protocol.action.legal") {
  const auto game = Wrap(Make(kFlat5, At(0, 0), At(4, 4)));
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 E W"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 N S"), AnswerVerdict::kIllegal);  // off the grid
  EXPECT_EQ(game->ClassifyAnswer("ACCEPT-DEFEAT"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD 0 E W extra words"), AnswerVerdict::kValid);
}

SPEC_TEST(Answer, AWellFormedActionThatIsNotListedIsIllegalAndAMalformedLineIsInvalid,
          "wondev.protocol.action.grammar", "wondev.protocol.action.legal",
          "wondev.protocol.action.whitespace") {
  const auto game = Wrap(Make(kFlat5, At(0, 0), At(4, 4)));
  // In the grammar, not in the legal list: no unit 1 in league 1, a push
  // before league 2, a move off the grid (also with a message or blanks).
  for (const char* line : {"MOVE&BUILD 1 E W", "PUSH&BUILD 0 E E", "MOVE&BUILD 0 W E",
                           "MOVE&BUILD 0 N S go", " MOVE&BUILD 0 N S\r"})
    EXPECT_EQ(game->ClassifyAnswer(line), AnswerVerdict::kIllegal) << line;
  // Not in the grammar at all.
  for (const char* line : {"MOVE&BUILD 0 E", "MOVE 0 E W", "MOVE&BUILD 0 E X", "MOVE&BUILD 10 E W",
                           "move&build 0 e w", "MOVE&BUILD 0 e W", ""})
    EXPECT_EQ(game->ClassifyAnswer(line), AnswerVerdict::kInvalid) << line;
  // Legal once whitespace is ignored: a warning, not a failure.
  EXPECT_EQ(game->ClassifyAnswer("MOVE&BUILD  0 E W"), AnswerVerdict::kWhitespace);
}

// A refused answer's reason quotes the answer (its directions, its words);
// the rule it names is a key of its own, the same for two answers that
// break one rule, so that check-bot counts them as one kind of finding
// without reading the reason (Finding::form).
SPEC_TEST(Answer, ARefusedAnswerNamesTheRuleItBreaksTheSameWhateverWordsTheReasonQuotes,
          "wondev.protocol.action.grammar", "wondev.move.removed") {
  const auto game = Wrap(Make(kFlat5, At(0, 0), At(4, 4)));
  const Refusal north = game->RejectionReason("MOVE&BUILD 0 N S");  // off the grid, two ways
  const Refusal west = game->RejectionReason("MOVE&BUILD 0 W E");
  EXPECT_NE(north.reason, west.reason);
  EXPECT_EQ(north.rule, west.rule);
  EXPECT_NE(north.reason.find("(wondev.move.removed)"), std::string::npos) << north.reason;
  const Refusal move = game->RejectionReason("MOVE&BUILD 0 E");  // a word short, two ways
  const Refusal push = game->RejectionReason("PUSH&BUILD 0 E");
  EXPECT_NE(move.reason, push.reason);
  EXPECT_EQ(move.rule, push.rule);
  EXPECT_NE(move.reason.find("(wondev.protocol.action.grammar)"), std::string::npos);
  EXPECT_NE(move.rule, north.rule);
  EXPECT_NE(move.rule, game->RejectionReason("MOVE&BUILD 0 E X").rule);
  EXPECT_NE(move.rule, game->RejectionReason("MOVE 0 E W").rule);
  // A direction or an index at fault says the answer was meant as a command.
  EXPECT_TRUE(game->RejectionReason("MOVE&BUILD 0 E X").names_argument);
  EXPECT_TRUE(game->RejectionReason("MOVE&BUILD 0 e W").names_argument);
  EXPECT_TRUE(game->RejectionReason("MOVE&BUILD x E W").names_argument);
  EXPECT_FALSE(game->RejectionReason("MOVE 0 E W").names_argument);
  EXPECT_FALSE(game->RejectionReason("thinking...").names_argument);
}

SPEC_TEST(Answer, ALowercaseKeywordIsWhatCodinGamesRefereeAcceptsNotWhatTheTextAllows,
          "wondev.protocol.action.grammar") {
  const auto game = Wrap(Make(kFlat5, At(0, 0), At(4, 4)));
  // The real server matches the keyword without regard to case.
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 E W"), AnswerVerdict::kServerAccepts);
  EXPECT_EQ(game->ServerReading("move&build 0 E W"), "MOVE&BUILD 0 E W");
  EXPECT_EQ(game->ClassifyAnswer("Accept-Defeat"), AnswerVerdict::kServerAccepts);
  // What the server reads is judged like any answer: not listed is illegal.
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 N S"), AnswerVerdict::kIllegal);
  // The text's own answers have no other reading; nor do lowercase directions.
  EXPECT_EQ(game->ServerReading("MOVE&BUILD 0 E W"), std::nullopt);
  EXPECT_EQ(game->ServerReading("MOVE&BUILD 0 e w"), std::nullopt);
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 e w"), AnswerVerdict::kInvalid);
  // The engine itself keeps the text's reading: the lowercase line puts the player out.
  auto played = game->Clone();
  played->ApplyLine("move&build 0 E W");
  EXPECT_TRUE(StateOf(*played)->out(0));
}

SPEC_TEST(Answer, UnderTheServersReadingALowercaseKeywordIsAValidAnswerAndDirectionsStayUpperCase,
          "wondev.protocol.action.grammar") {
  Rules server;
  ASSERT_EQ(SetRule(server, "keyword_case", "any"), "");
  const auto game = Wrap(Make(kFlat5, At(0, 0), At(4, 4), server));
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 E W"), AnswerVerdict::kValid);
  EXPECT_EQ(game->ClassifyAnswer(" Move&Build 0 E W "), AnswerVerdict::kWhitespace);
  EXPECT_EQ(game->ServerReading("move&build 0 E W"), std::nullopt) << "the rules read it so";
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 e w"), AnswerVerdict::kInvalid);
  EXPECT_EQ(game->ClassifyAnswer("move&build 0 N S"), AnswerVerdict::kIllegal);
  auto played = game->Clone();
  played->ApplyLine("move&build 0 E W");
  EXPECT_FALSE(StateOf(*played)->out(0));
  EXPECT_EQ(StateOf(*played)->turn(), 1);
  auto defeat = game->Clone();
  defeat->ApplyLine("accept-defeat");
  EXPECT_TRUE(StateOf(*defeat)->out(0));
  // Said when it is not the default, so states written before the option read the same.
  EXPECT_NE(DescribeRules(server).find(" keyword_case=any"), std::string::npos);
  EXPECT_EQ(DescribeRules(Rules{}).find("keyword_case"), std::string::npos);
}

SPEC_TEST(Timing, TheFirstTurnHasOneSecondAndEveryLaterTurnFiftyMilliseconds,
          "wondev.protocol.time.first-turn", "wondev.protocol.time.turn") {
  ASSERT_EQ(kGameInfo.profiles.size(), 1u);
  EXPECT_EQ(kGameInfo.profiles.front().first_action_ms, 1000);
  EXPECT_EQ(kGameInfo.profiles.front().action_ms, 50);
}

}  // namespace
}  // namespace arbiter::wondev
