// `arbiter merge-reports` (merge_reports.h). The shards' matches are put
// together in the order of the whole run (each shard's command says which
// places it played), their findings with them, after checking that they are
// every shard of one run (one command but for the shard and the report
// files, one arbiter version); the per-clause table is computed again from
// the merged findings.
#include "cli/merge_reports.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <tuple>

#include "cli/invocation.h"
#include "cli/option_checks.h"
#include "cli/run_options.h"
#include "core/game.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "report/run_report.h"

namespace arbiter::cli {
namespace {

// What a report's command says of its run: the shard it played (--shard
// I/N or --shard=I/N; a report without one is a whole run, I = N = 1), and
// the run itself, its command without what may differ between the shards of
// one run (the shard, the report files, the reproducer folder, --jobs, -q,
// -v). Only arbiter's own options count: a bot's argv after "--" and a
// --referee template are words of their own.
struct ShardRun {
  int index = 0, count = 1;
  std::string run;
  std::string error;  // the command cannot be read
};

ShardRun ShardRunOf(const std::string& command) {
  ShardRun s;
  std::vector<std::string> argv;
  if (!harness::SplitCommand(command, argv, s.error)) return s;
  static const std::set<std::string> kValued = {"--json", "--junit",     "--markdown",
                                                "--html", "--repro-dir", "--jobs"};
  static const std::set<std::string> kFlags = {"-q", "--quiet", "-v", "--verbose"};
  std::vector<std::string> kept;
  bool options = true;
  // The first word is how arbiter was run (a path differs between machines).
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (options && a == "--") options = false;
    const std::string name = a.substr(0, a.find('='));
    if (!options) {
      kept.push_back(a);
    } else if (name == "--shard") {
      const std::string text = a.size() > name.size() ? a.substr(name.size() + 1)
                                                      : (i + 1 < argv.size() ? argv[++i] : "");
      const auto shard = ParseShard(text, s.error);
      if (!shard) return s;
      std::tie(s.index, s.count) = *shard;
    } else if (kValued.count(name)) {
      if (a.size() == name.size()) ++i;  // its value is the next word
    } else if (!kFlags.count(a)) {
      kept.push_back(a);
    }
  }
  s.run = harness::QuoteCommand(kept);
  return s;
}

// A match's place in the whole run: game-N is the run's N-th game whatever
// its shard; any other match (check-bot's edge states) is placed by its
// order in its shard, which played the run's matches I-1, I-1+N, ...
long long GameNumber(const std::string& id) {
  if (id.rfind("game-", 0) != 0) return -1;
  long long n = 0;
  size_t i = 5;
  for (; i < id.size() && id[i] >= '0' && id[i] <= '9' && n < (1LL << 40); ++i)
    n = n * 10 + (id[i] - '0');
  return i == 5 || (i < id.size() && id.compare(i, 4, "-run") != 0) ? -1 : n;
}

// fuzz-referee reports each root cause once, in the first game that showed
// it, with how often it occurred: two shards' findings of one cause (the
// same check and the `cause` the run gave it) are one, counted. A finding
// with no cause (a report of an earlier arbiter) is kept as it is: its
// message is for people, never a key.
std::string CauseOf(const harness::Finding& f) {
  return f.cause.empty() ? std::string() : f.check + "|" + f.cause;
}

void OneFindingPerCause(report::RunReport& r) {
  std::map<std::string, harness::Finding*> first;
  for (auto& m : r.matches) {
    std::vector<harness::Finding> kept;
    for (auto& f : m.findings) {
      if (const auto it = first.find(CauseOf(f)); it != first.end()) {
        it->second->occurrences += f.occurrences;
        continue;
      }
      kept.push_back(f);
    }
    m.findings = std::move(kept);
    for (auto& f : m.findings)
      if (!CauseOf(f).empty()) first.emplace(CauseOf(f), &f);
  }
  // A shrunk reproducer left without its finding shows nothing.
  std::erase_if(r.matches, [](const harness::MatchResult& m) {
    return m.id.find("-shrunk") != std::string::npos && m.findings.empty();
  });
}

template <class T>
void AddNew(std::vector<T>& to, const std::vector<T>& from) {
  for (const T& x : from)
    if (std::find(to.begin(), to.end(), x) == to.end()) to.push_back(x);
}

// arbiter.referee.edges: a deviation one shard told apart is told apart
// in the run; the clauses are the game's, the same in every shard, and each
// list stays in the order of the game's catalogue, as one run writes it.
void MergeEdges(const std::string& game, std::vector<report::RunReport::RuleEdge>& merged,
                const std::vector<report::RunReport::RuleEdge>& shard) {
  const GameInfo* info = FindGame(game);
  const auto rank = [&](const std::string& name) {
    size_t i = 0;
    if (info)
      while (i < info->deviations.size() && info->deviations[i].name != name) ++i;
    return i;
  };
  for (const report::RunReport::RuleEdge& e : shard)
    for (report::RunReport::RuleEdge& m : merged) {
      if (m.clause != e.clause) continue;
      AddNew(m.told_apart, e.told_apart);
      std::erase_if(m.not_told_apart, [&](const std::string& d) {
        return std::find(m.told_apart.begin(), m.told_apart.end(), d) != m.told_apart.end();
      });
      std::stable_sort(
          m.told_apart.begin(), m.told_apart.end(),
          [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    }
}

// One shard's report read from `path`; nullopt when it cannot be (the error
// said on `err`).
std::optional<report::RunReport> ReadShard(const std::string& path, const std::string& cmd,
                                           std::ostream& err) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Usage(err, cmd, "cannot read '" + path + "'"), std::nullopt;
  const auto j = nlohmann::json::parse(std::string{std::istreambuf_iterator<char>(in), {}}, nullptr,
                                       /*allow_exceptions=*/false);
  std::string error;
  auto r = j.is_discarded() ? std::nullopt : report::ReadJson(j, error);
  if (!r) return Usage(err, cmd, "'" + path + "': " + (error.empty() ? "not JSON" : error)), r;
  if (r->tool != "check-bot" && r->tool != "fuzz-referee") {
    Usage(err, cmd,
          "'" + path + "' is a report of " + r->tool + ", not of check-bot or fuzz-referee");
    return std::nullopt;
  }
  return r;
}

}  // namespace

int RunMergeReports(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  const std::string cmd = "merge-reports";
  // One shard in memory at a time: its matches join the merged report, whose
  // passing rows past the first are folded after each (arbiter.report.bounded).
  report::RunReport merged;
  std::map<std::string, std::string> owner;  // match id -> file
  // Each match's place in the whole run: (position, 0) for a planned
  // match, (its game's position, n) for the n-th shrunk reproducer after it.
  std::map<std::string, std::pair<long long, int>> place;
  std::map<int, std::string> shard_files;  // shard index -> its file
  ShardRun first;
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    const std::string& path = o.inputs[i];
    std::optional<report::RunReport> read = ReadShard(path, cmd, err);
    if (!read) return 2;
    report::RunReport& s = *read;
    if (i == 0) {
      merged = s;
      merged.matches.clear();
      merged.folded = {};
      merged.skipped.clear();
      merged.readings.clear();
      merged.families_tried.clear();
      merged.harness_error.clear();
      merged.command = Self() + " merge-reports";
      first = ShardRunOf(s.command);
    }
    merged.command += " " + path;
    const auto differs = [&](const std::string& what, const std::string& a, const std::string& b) {
      return Usage(err, cmd,
                   "'" + path + "' is not a shard of the same run as '" + o.inputs.front() +
                       "': " + what + " " + a + ", not " + b);
    };
    if (s.tool != merged.tool) return differs("tool", s.tool, merged.tool);
    if (s.game != merged.game) return differs("game", s.game, merged.game);
    if (s.profile != merged.profile) return differs("profile", s.profile, merged.profile);
    if (s.LimitsText() != merged.LimitsText())
      return differs("limits", s.LimitsText(), merged.LimitsText());
    if (s.bot != merged.bot) return differs("bot", s.BotText(), merged.BotText());
    if (s.version != merged.version)
      return differs("written by arbiter", s.version, merged.version);
    // Shards of one run have one command but for the shard and the files.
    const ShardRun shard = ShardRunOf(s.command);
    if (!shard.error.empty())
      return Usage(err, cmd,
                   "'" + path + "': cannot tell its shard from its command: " + shard.error);
    if (shard.run != first.run)
      return differs("command (shard and report files aside)", "'" + shard.run + "'",
                     "'" + first.run + "'");
    if (shard.count != first.count)
      return differs("shard count", std::to_string(shard.count), std::to_string(first.count));
    if (const auto [it, fresh] = shard_files.emplace(shard.index, path); !fresh)
      return Usage(err, cmd,
                   "'" + it->second + "' and '" + path + "' are both shard " +
                       std::to_string(shard.index + 1) + "/" + std::to_string(shard.count));
    long long k = 0, last = -1;
    int extra = 0;
    for (harness::MatchResult& m : s.matches) {
      if (m.id.find("-shrunk") != std::string::npos) {
        place[m.id] = {last, ++extra};
      } else {
        last = shard.index + static_cast<long long>(shard.count) * k++;
        if (const long long n = GameNumber(m.id); n > 0) last = n - 1;
        extra = 0;
        place[m.id] = {last, 0};
      }
      if (const auto [it, fresh] = owner.emplace(m.id, path); !fresh)
        return Usage(err, cmd,
                     "match " + m.id + " is in both '" + it->second + "' and '" + path +
                         "' (shards that overlap?)");
      merged.matches.push_back(std::move(m));
    }
    merged.folded.Merge(s.folded);
    std::stable_sort(merged.matches.begin(), merged.matches.end(),
                     [&](const auto& a, const auto& b) { return place[a.id] < place[b.id]; });
    merged.FoldPassingRows();
    AddNew(merged.skipped, s.skipped);
    AddNew(merged.readings, s.readings);
    AddNew(merged.families_tried, s.families_tried);
    AddNew(merged.families_not_tried, s.families_not_tried);
    if (i > 0) {
      MergeEdges(merged.game, merged.rule_edges, s.rule_edges);
      merged.rule_edge_games += s.rule_edge_games;
    }
    if (!s.harness_error.empty())
      merged.harness_error +=
          (merged.harness_error.empty() ? "" : "; ") + path + ": " + s.harness_error;
    if (s.interrupt_signal) merged.interrupt_signal = s.interrupt_signal;
    if (!merged.calibration) merged.calibration = s.calibration;
  }
  // Every shard of the run, or the merged report would pass for the whole run.
  if (static_cast<int>(shard_files.size()) != first.count) {
    std::string missing;
    for (int i = 0; i < first.count; ++i)
      if (!shard_files.count(i))
        missing += (missing.empty() ? "" : ", ") + std::to_string(i + 1) + "/" +
                   std::to_string(first.count);
    return Usage(err, cmd,
                 "the run's shard(s) " + missing + " are missing: give every shard's report");
  }
  if (merged.version != report::kVersion)
    return Usage(err, cmd,
                 "the reports were written by arbiter " + merged.version +
                     "; merge them with that version (this is " + report::kVersion + ")");
  if (merged.Games() == 0)
    return Usage(err, cmd, "the reports hold no match: there is nothing to merge");
  std::erase_if(merged.families_not_tried, [&](const std::string& f) {
    return std::find(merged.families_tried.begin(), merged.families_tried.end(), f) !=
           merged.families_tried.end();
  });
  if (merged.tool == "fuzz-referee") OneFindingPerCause(merged);
  if (!CheckOutputFiles(OutputFiles(o.output), o.inputs, cmd, err)) return 2;
  return Finish(o.output, merged, out, err);
}

// The `merge-reports` subcommand and its options, into `o`.
CLI::App* AddMergeReportsCommand(CLI::App& app, MergeOptions& o) {
  auto* c = app.add_subcommand(
      "merge-reports",
      "Combine the --json reports of a run's shards (--shard I/N) into one report");
  c->add_option("reports", o.inputs, "The shards' JSON reports")
      ->required()
      ->check(CLI::ExistingFile);
  AddReportFiles(*c, o.output);
  c->add_flag("-q,--quiet", o.output.quiet, "Print only the verdict");
  c->add_flag("-v,--verbose", o.output.verbose, "Also list every match");
  return c;
}

}  // namespace arbiter::cli
