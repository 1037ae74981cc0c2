// Splitting a command string the way a POSIX shell does (without running a
// shell: no expansion, no globbing), and quoting arguments back into a string
// that a shell would split into the same argv. Used for `--bot 'CMD ARGS'`
// and for the one-line reproduce commands in reports.
#pragma once

#include <string>
#include <vector>

namespace arbiter::harness {

// Words separated by blanks; 'single quotes' are literal; "double quotes"
// allow \" \\ \$ \`; a backslash outside quotes escapes the next character.
// Returns false with a message for an unterminated quote or trailing
// backslash, or when there is no word at all.
bool SplitCommand(const std::string& command, std::vector<std::string>& argv, std::string& error);

// One argument, quoted only when it needs to be.
std::string QuoteArg(const std::string& arg);
std::string QuoteCommand(const std::vector<std::string>& argv);

}  // namespace arbiter::harness
