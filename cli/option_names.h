// Words on a command line that name no option: found before the parser
// sees them, so that the error names the word the user typed and the option
// they most likely meant ("--gmae": did you mean --game?), instead of the
// parser's "unexpected argument" about a later word (arbiter.cli.bad-input).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::cli {

// The option a command takes, as the scan needs it.
struct OptionName {
  std::string name;          // "--game"
  bool takes_value = false;  // the next word is its value (unless "--game=x")
};

// The known name nearest to `word` (an edit distance of at most 2, or of a
// third of the word for long ones; a name that starts with the word, as an
// abbreviation, too), or "" when none is near.
std::string NearestName(std::string_view word, const std::vector<std::string>& names);

// The first word of `args` (a command's words, after its name) that looks
// like a long option ("--x", "--x=v") and is none of `options`, up to "--"
// or the first word that is neither an option nor an option's value (a
// command after it may have options of its own). "" when there is none.
std::string FirstUnknownOption(const std::vector<std::string>& args,
                               const std::vector<OptionName>& options);

// "unknown option '--gmae' (did you mean --game?)", or without the
// suggestion when none is near.
std::string UnknownOptionMessage(const std::string& word, const std::vector<OptionName>& options);

}  // namespace arbiter::cli
