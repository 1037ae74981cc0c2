// The options of `arbiter fuzz-referee` (fuzz_referee.h) checked once into
// the plan its run plays: on an engine (fuzz_referee_plan.cc, into
// harness/runs/fuzz_run.h's FuzzPlan) or without one (fuzz_referee_bare.cc,
// into harness/runs/bare_run.h's BarePlan). Every problem is a usage error
// (exit 2) before any game (arbiter.cli.bad-input).
#pragma once

#include <iosfwd>
#include <string>

#include "cli/fuzz_referee.h"
#include "cli/run_common.h"
#include "runs/bare_run.h"
#include "runs/fuzz_run.h"

namespace arbiter::cli {

// 0 with `plan` filled, else the exit status of the usage error said on `err`.
int PlanFuzzReferee(const FuzzRefereeOptions& o, harness::FuzzPlan& plan, std::ostream& err);
int PlanBare(const FuzzRefereeOptions& o, harness::BarePlan& plan, std::ostream& err);

// What either run takes from the options (harness/runs/fuzz_settings.h):
// the reproduce commands' words and the transcripts (said on `err` when one
// cannot be written). `o` and `err` outlive the run.
harness::FuzzSettings FuzzSettingsOf(const FuzzRefereeOptions& o, std::ostream& err);

// The command that runs the same referee, without --seed, --games, --match
// or the seed bot; SeedText the seed bot's words (--seed-bot, or the
// recording it replays, --seed-answers).
std::string SameRun(const FuzzRefereeOptions& o);
std::string SeedText(const FuzzRefereeOptions& o);

}  // namespace arbiter::cli
