// Unknown options named with the nearest known one (cli/option_names.h),
// tested on plain words (arbiter.cli.bad-input).
#include "cli/option_names.h"

#include <gtest/gtest.h>

namespace arbiter::cli {
namespace {

const std::vector<OptionName> kOptions = {
    {"--game", true}, {"--seed", true}, {"--json", true}, {"--games", true}, {"--quiet", false}};

TEST(OptionNames, ATransposedOptionIsNamedWithTheOneMeant) {
  EXPECT_EQ(UnknownOptionMessage("--gmae", kOptions),
            "unknown option '--gmae' (did you mean --game?)");
  EXPECT_EQ(UnknownOptionMessage("--jsn", kOptions),
            "unknown option '--jsn' (did you mean --json?)");
  EXPECT_EQ(UnknownOptionMessage("--sed", kOptions),
            "unknown option '--sed' (did you mean --seed?)");
}

TEST(OptionNames, AWordFarFromEveryOptionIsNamedWithoutAGuess) {
  EXPECT_EQ(UnknownOptionMessage("--frobnicate", kOptions), "unknown option '--frobnicate'");
}

TEST(OptionNames, TheScanStopsAtTheBotsCommandAndSkipsOptionValues) {
  EXPECT_EQ(FirstUnknownOption({"--gmae", "wondev", "--", "./bot"}, kOptions), "--gmae");
  // A value that looks like an option is the option's value.
  EXPECT_EQ(FirstUnknownOption({"--json", "--x.json", "--quiet"}, kOptions), "");
  EXPECT_EQ(FirstUnknownOption({"--game=wondev", "--sed=3"}, kOptions), "--sed");
  // After "--", or a positional word, the words are a command's own.
  EXPECT_EQ(FirstUnknownOption({"--quiet", "--", "./bot", "--fast"}, kOptions), "");
  EXPECT_EQ(FirstUnknownOption({"scenario.json", "--fast"}, kOptions), "");
  EXPECT_EQ(FirstUnknownOption({"--games", "3", "--quiet", "--bogus"}, kOptions), "--bogus");
}

}  // namespace
}  // namespace arbiter::cli
