// Approved-baseline comparison for the report writers (Catch2 reporters'
// style): a writer's output, with volatile fields replaced by placeholders
// (Scrub), must equal the approved file report/tests/baselines/<name>. With
// ARBITER_UPDATE_BASELINES=1 the file is rewritten instead and the test
// fails, so that an update is always a reviewed diff, never silent.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace arbiter::report::testing {

// Replaces what changes between runs or machines: the arbiter version, and
// (for real runs) times, pids and absolute paths, by fixed placeholders.
std::string Scrub(std::string text);

// Compares `actual` (scrubbed) with the approved baseline `name`.
::testing::AssertionResult MatchesBaseline(const std::string& name, const std::string& actual);

}  // namespace arbiter::report::testing
