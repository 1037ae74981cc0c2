// `arbiter merge-reports A.json B.json ...`: the JSON reports of the shards
// of one run (`--shard I/N` of check-bot or fuzz-referee, one per CI job)
// combined into one report, written in every format a run writes (--json,
// --junit, --markdown, --html) with its terminal summary.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/run_common.h"

namespace CLI {
class App;
}  // namespace CLI

namespace arbiter::cli {

struct MergeOptions {
  std::vector<std::string> inputs;  // JSON reports
  RunOptions output;                // only the report files and -q / -v count
};

// Exit status: that of the merged run (0 pass, 1 a failing finding, 2 an
// error of a shard), or 2 when the inputs are not shards of one run: another
// tool, game, profile or limits, or a match in two of them.
int RunMergeReports(const MergeOptions& options, std::ostream& out, std::ostream& err);

// Registers `merge-reports` and its options (into `options`) with `app`.
CLI::App* AddMergeReportsCommand(CLI::App& app, MergeOptions& options);

}  // namespace arbiter::cli
