// Why a command cannot be started, said before a run begins: a bot (or a
// referee) that the system cannot execute is the user's set-up, not a
// finding about the program, so the run stops at once with a hint
// (arbiter.cli.bad-input) instead of failing every match.
//
// Cases: a command given in quotes as one word ("python3 bot.py"), a file
// that does not exist or a name not on $PATH, a directory, a file without
// execute permission, and a script with no "#!" line (the system refuses it
// with "Exec format error"), unless the machine registers other formats
// (binfmt_misc), where only running it can tell.
#pragma once

#include <string>
#include <vector>

namespace arbiter::harness {

// "" when `argv` can be started as far as the files tell; else one
// sentence, with what to do, about its first word. `what` names it in the
// sentence ("the bot", "the referee").
std::string StartProblem(const std::vector<std::string>& argv, const std::string& what);

// The interpreter a script's name suggests ("python3" for bot.py), or "".
std::string InterpreterFor(const std::string& path);

}  // namespace arbiter::harness
