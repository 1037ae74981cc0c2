// How the user ran arbiter, for the commands arbiter prints for them to run
// (arbiter.check.reproduce): a reproduce command, or the command a report
// records, starts with the path that was typed ("build/dev/cli/arbiter"), so
// that it runs as printed from the same folder; when arbiter was found on
// PATH, with its bare name.
#pragma once

#include <string>

namespace arbiter::cli {

// Records argv[0]; main calls it once, before any command runs.
void SetInvokedAs(const std::string& argv0);
// The first word of a printed command, quoted for a POSIX shell: "arbiter"
// until SetInvokedAs is called (in-process tests), or when found on PATH.
const std::string& Self();

}  // namespace arbiter::cli
