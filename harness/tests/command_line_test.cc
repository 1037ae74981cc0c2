// Tests of shell-like command splitting and quoting (bot commands of
// `arbiter play`, reproduce commands in reports).
#include "process/command_line.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> argv;
  std::string error;
  EXPECT_TRUE(SplitCommand(s, argv, error)) << s << ": " << error;
  return argv;
}

// The bot command is the program the referee starts (jc2015.protocol.ready: it
// must start and print READY), so its words must reach exec exactly.
SPEC_TEST(CommandLine, WordsQuotesAndEscapesSplitLikeAShell, "jc2015.protocol.ready") {
  EXPECT_EQ(Split("./bot"), std::vector<std::string>({"./bot"}));
  EXPECT_EQ(Split("  python3   bot.py  --level 3 "),
            std::vector<std::string>({"python3", "bot.py", "--level", "3"}));
  EXPECT_EQ(Split("java -cp 'my dir' Bot"),
            std::vector<std::string>({"java", "-cp", "my dir", "Bot"}));
  EXPECT_EQ(Split(R"(a "b \"c\" d" e\ f)"), std::vector<std::string>({"a", "b \"c\" d", "e f"}));
  EXPECT_EQ(Split("x''y \"\""), std::vector<std::string>({"xy", ""}));
}

SPEC_TEST(CommandLine, UnterminatedQuotesAndEmptyCommandsAreErrors, "jc2015.protocol.ready") {
  std::vector<std::string> argv;
  std::string error;
  EXPECT_FALSE(SplitCommand("a 'b", argv, error));
  EXPECT_EQ(error, "unterminated ' quote");
  EXPECT_FALSE(SplitCommand("a \"b", argv, error));
  EXPECT_FALSE(SplitCommand("a\\", argv, error));
  EXPECT_FALSE(SplitCommand("   ", argv, error));
  EXPECT_EQ(error, "the command is empty");
}

CITES(CommandLine, QuotingThenSplittingGivesBackTheArguments, "jc2015.protocol.ready");
RC_GTEST_PROP(CommandLine, QuotingThenSplittingGivesBackTheArguments,
              (const std::vector<std::string>& args)) {
  RC_PRE(!args.empty());
  std::vector<std::string> argv;
  std::string error;
  RC_ASSERT(SplitCommand(QuoteCommand(args), argv, error));
  RC_ASSERT(argv == args);
}

}  // namespace
}  // namespace arbiter::harness
