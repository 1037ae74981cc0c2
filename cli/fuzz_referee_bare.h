// `arbiter fuzz-referee` for a game arbiter has no engine for
// (arbiter.referee-fuzz.answers): the referee is played through the one
// referee driver (harness/referee/referee_driver.h), its answers from a
// real bot (--seed-bot) with a few mutated on their way to it
// (answer_fuzz.h), and judged only on what needs no rules: it must not
// crash, hang or leave its protocol, it must end and rank every game, and
// play the same game again for the same seed and answers. Each bug is one
// finding under arbiter's clause, shrunk to the fewest mutated answers that
// still show it, with the command that plays them again.
#pragma once

#include <iosfwd>

#include "cli/fuzz_referee.h"

namespace arbiter::cli {

// Whether `o` is a run without an engine: a game arbiter has none for.
bool WithoutEngine(const FuzzRefereeOptions& o);

// Exit status as RunFuzzReferee's. `make_env`: where the referee and the
// seed bot run (the Env seam, check_bot.h): RunFuzzReferee's real world, or
// the fakes of harness/testing in a test. The run uses one Env for its games.
int RunBareFuzzReferee(const FuzzRefereeOptions& o, std::ostream& out, std::ostream& err,
                       const EnvFactory& make_env);

}  // namespace arbiter::cli
