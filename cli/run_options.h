// The options every run shares (check-bot, play, fuzz-referee; the report
// files also merge-reports), registered the same way for each.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct RunOptions;

// --json, --junit, --markdown and --html, into `o`.
void AddReportFiles(CLI::App& command, RunOptions& o);
// The game, its profile and rules, limits, environment, report files,
// transcripts and logs, quiet and verbose, into `o`.
void AddRunOptions(CLI::App& command, RunOptions& o);

}  // namespace arbiter::cli
