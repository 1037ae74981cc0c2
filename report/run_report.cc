// The event model's derived facts: counts, the verdict, the per-clause table
// of a run from its checks, and percentiles for the latency summaries.
#include "run_report.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace arbiter::report {
namespace {

std::string Str(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

}  // namespace

int RunReport::Count(harness::Severity s) const {
  int n = 0;
  for (const auto& m : matches)
    for (const auto& f : m.findings) n += f.severity == s;
  return n;
}

int RunReport::BotTurns() const {
  int n = 0;
  for (const auto& m : matches) n += static_cast<int>(m.latencies_ms.size());
  return n;
}

std::string RowStatus(const std::vector<Proof>& proofs) {
  if (proofs.empty()) return "uncovered";
  bool warn = false, pass = false;
  for (const Proof& p : proofs) {
    if (p.status == "fail") return "fail";
    warn = warn || p.status == "warn";
    pass = pass || p.status == "pass";
  }
  return warn ? "warn" : pass ? "pass" : "not-run";
}

std::string RunReport::Verdict() const {
  if (!harness_error.empty()) return "error";
  if (Failed()) return "fail";
  if (tool != "spec") return "pass";
  bool not_run = false;
  for (const ClauseRow& c : clauses) {
    if (c.status == "fail" || c.status == "uncovered") return "fail";
    not_run = not_run || c.status == "not-run";
  }
  return not_run ? "not-run" : "pass";
}

void FillClausesFromChecks(RunReport& r, const std::vector<nlohmann::json>& registers) {
  std::map<std::string, const nlohmann::json*> texts;
  for (const auto& reg : registers)
    if (reg.contains("clauses"))
      for (const auto& c : reg["clauses"]) texts[Str(c, "id")] = &c;
  r.clauses.clear();
  std::map<std::string, size_t> row_of;
  for (const harness::CheckInfo& check : r.checks) {
    auto [it, added] = row_of.emplace(check.clause, r.clauses.size());
    if (added) {
      ClauseRow row;
      row.id = check.clause;
      if (const auto t = texts.find(check.clause); t != texts.end()) {
        const nlohmann::json& c = *t->second;
        row.level = Str(c, "level");
        row.section = Str(c, "section");
        row.summary = Str(c, "summary");
        row.en = Str(c, "en");
        row.ja = Str(c, "ja");
        if (c.contains("decision")) row.decision = Str(c["decision"], "choice");
      }
      r.clauses.push_back(std::move(row));
    }
    Proof proof{check.id, "check", "pass", ""};
    int fails = 0, warns = 0;
    for (const auto& m : r.matches)
      for (const auto& f : m.findings) {
        if (!harness::Belongs(f, check)) continue;
        if (proof.message.empty()) proof.message = f.message;
        fails += f.severity == harness::Severity::kFail;
        warns += f.severity == harness::Severity::kWarn;
      }
    proof.status = fails ? "fail" : warns ? "warn" : "pass";
    r.clauses[it->second].proofs.push_back(std::move(proof));
  }
  for (ClauseRow& row : r.clauses) row.status = RowStatus(row.proofs);
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * values.size()));
  return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

}  // namespace arbiter::report
