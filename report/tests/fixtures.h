// Report fixtures: three runs built in code from the real jc2015 engine (so
// that turn inputs, events and board views are genuine) with fixed times, so
// every writer can be compared with an approved baseline:
//  - a failing check-bot run (an invalid answer on one turn, a late one on
//    another, a warning), with latencies for the histogram;
//  - a fuzz-referee run with a divergence (the referee's message differs
//    from the reference's in one block timer);
//  - a spec report of the jc2015 register with results for some tests;
//  - a check-bot run of 32 matches: the same warning with a 53-line input in
//    30 of them, then a note, then a failure (grouping, sorting, shortening).
#pragma once

#include "report/run_report.h"

namespace arbiter::report::testing {

RunReport FailingCheckBotReport();
RunReport RefereeDivergenceReport();
RunReport SpecReportWithResults();
RunReport ThirtyIdenticalWarningsReport();
// play with every game passing: two entrants' standings and a passing game
// kept whole for its replay.
RunReport PassingPlayReport();

}  // namespace arbiter::report::testing
