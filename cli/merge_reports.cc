// `arbiter merge-reports` (merge_reports.h). The shards' matches are put
// together in the order of the whole run (each shard's command says which
// places it played), their findings with them; the run's seed is the smallest shard's, and the
// per-clause table is computed again from the merged findings.
#include "merge_reports.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/parse.h"
#include "run_report.h"

namespace arbiter::cli {
namespace {

// Where shard `command`'s k-th match stood in the whole run: --shard I/N
// played the run's matches I-1, I-1+N, I-1+2N, ... (a report without
// --shard is a whole run: I = N = 1).
std::pair<int, int> ShardOf(const std::string& command) {
  const size_t at = command.find("--shard ");
  if (at == std::string::npos) return {0, 1};
  std::string error;
  const std::string text = command.substr(at + 8, command.find(' ', at + 8) - at - 8);
  return ParseShard(text, error).value_or(std::pair<int, int>(0, 1));
}

// fuzz-referee reports each root cause once, in the first game that showed
// it, with how often it occurred: two shards' findings of one cause (the
// same check, clause and words before the first ':', numbers aside) are
// one, counted.
std::string CauseOf(const harness::Finding& f) {
  std::string words = f.message.substr(0, f.message.find(':'));
  std::erase_if(words, [](char c) { return c >= '0' && c <= '9'; });  // "player 2", "turn 31"
  return f.check + "|" + f.clause + "|" + words;
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
    for (auto& f : m.findings) first.emplace(CauseOf(f), &f);
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

}  // namespace

int RunMergeReports(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  const std::string cmd = "merge-reports";
  std::vector<report::RunReport> shards;
  for (const std::string& path : o.inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Usage(err, cmd, "cannot read '" + path + "'");
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    const auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    std::string error;
    auto r = j.is_discarded() ? std::nullopt : report::ReadJson(j, error);
    if (!r) return Usage(err, cmd, "'" + path + "': " + (error.empty() ? "not JSON" : error));
    if (r->tool != "check-bot" && r->tool != "fuzz-referee")
      return Usage(
          err, cmd,
          "'" + path + "' is a report of " + r->tool + ", not of check-bot or fuzz-referee");
    shards.push_back(std::move(*r));
  }
  report::RunReport merged = shards.front();
  merged.matches.clear();
  merged.skipped.clear();
  merged.readings.clear();
  merged.families_tried.clear();
  merged.harness_error.clear();
  merged.command = "arbiter merge-reports";
  std::map<std::string, std::string> owner;  // match id -> file
  // Each match's place in the whole run: (position, 0) for a planned
  // match, (its game's position, n) for the n-th shrunk reproducer after it.
  std::map<std::string, std::pair<long long, int>> place;
  for (size_t i = 0; i < shards.size(); ++i) {
    const report::RunReport& s = shards[i];
    const std::string& path = o.inputs[i];
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
    const auto [index, count] = ShardOf(s.command);
    long long k = 0, last = -1;
    int extra = 0;
    for (const harness::MatchResult& m : s.matches) {
      if (m.id.find("-shrunk") != std::string::npos) {
        place[m.id] = {last, ++extra};
      } else {
        last = index + static_cast<long long>(count) * k++;
        extra = 0;
        place[m.id] = {last, 0};
      }
      if (const auto [it, fresh] = owner.emplace(m.id, path); !fresh)
        return Usage(err, cmd,
                     "match " + m.id + " is in both '" + it->second + "' and '" + path +
                         "' (shards that overlap?)");
      merged.matches.push_back(m);
    }
    AddNew(merged.skipped, s.skipped);
    AddNew(merged.readings, s.readings);
    AddNew(merged.families_tried, s.families_tried);
    AddNew(merged.families_not_tried, s.families_not_tried);
    if (s.seed && (!merged.seed || *s.seed < *merged.seed)) merged.seed = s.seed;
    if (!s.harness_error.empty())
      merged.harness_error +=
          (merged.harness_error.empty() ? "" : "; ") + path + ": " + s.harness_error;
    if (s.interrupt_signal) merged.interrupt_signal = s.interrupt_signal;
    if (!merged.calibration) merged.calibration = s.calibration;
  }
  std::erase_if(merged.families_not_tried, [&](const std::string& f) {
    return std::find(merged.families_tried.begin(), merged.families_tried.end(), f) !=
           merged.families_tried.end();
  });
  std::stable_sort(merged.matches.begin(), merged.matches.end(),
                   [&](const auto& a, const auto& b) { return place[a.id] < place[b.id]; });
  if (merged.tool == "fuzz-referee") OneFindingPerCause(merged);
  if (!CheckOutputFiles(OutputFiles(o.output), o.inputs, cmd, err)) return 2;
  return Finish(o.output, merged, out, err);
}

}  // namespace arbiter::cli
