// The event model's derived facts: counts, the verdict, the per-clause table
// of a run from its checks, and percentiles for the latency summaries.
#include "report/run_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "report/spec_render.h"

namespace arbiter::report {
int RunReport::Count(harness::Severity s) const {
  int n = 0;
  for (const auto& m : matches)
    for (const auto& f : m.findings) n += f.severity == s;
  return n;
}

int RunReport::Entries(harness::Severity s) const {
  int n = 0;
  for (const FindingGroup& g : GroupedFindings())
    n += matches[g.first.match].findings[g.first.index].severity == s;
  return n;
}

long long RunReport::Occurrences(harness::Severity s) const {
  long long n = 0;
  for (const auto& m : matches)
    for (const auto& f : m.findings)
      if (f.severity == s) n += std::max(1, f.occurrences);
  return n;
}

std::string RunReport::CountText(harness::Severity s) const {
  const int entries = Entries(s);
  const long long seen = Occurrences(s);
  const char* noun = s == harness::Severity::kFail   ? " failing finding(s)"
                     : s == harness::Severity::kWarn ? " warning(s)"
                                                     : " note(s)";
  return std::to_string(entries) + noun +
         (seen != entries ? " (" + std::to_string(seen) + " occurrences)" : std::string());
}

std::vector<RunReport::FindingRef> RunReport::SortedFindings() const {
  std::vector<FindingRef> refs;
  int number = 0;
  for (size_t mi = 0; mi < matches.size(); ++mi)
    for (size_t fi = 0; fi < matches[mi].findings.size(); ++fi) refs.push_back({mi, fi, number++});
  // Severity enumerators run kFail, kWarn, kInfo: the order a reader wants.
  std::stable_sort(refs.begin(), refs.end(), [&](const FindingRef& a, const FindingRef& b) {
    return matches[a.match].findings[a.index].severity <
           matches[b.match].findings[b.index].severity;
  });
  return refs;
}

namespace {

// Findings that say the same thing: one severity, check and clause, and the
// cause the run recorded (fuzz-referee: two causes said alike stay two) or
// the form the finding was made in (check-bot: "turn 31" and "turn 7" of
// one statement alike). Both are fields set where the finding was made;
// the message is never read. A finding with neither (a report of an
// earlier arbiter) is a group of its own: nothing says it is the same.
std::string GroupKey(const harness::Finding& f, size_t index) {
  const std::string head =
      std::string(harness::SeverityName(f.severity)) + "|" + f.check + "|" + f.clause + "|";
  if (!f.cause.empty()) return head + "cause|" + f.cause;
  if (!f.form.empty()) return head + "form|" + f.form;
  return head + "alone|" + std::to_string(index);
}

}  // namespace

std::vector<RunReport::FindingGroup> RunReport::GroupedFindings() const {
  std::vector<FindingGroup> groups;
  std::map<std::string, size_t> group_of;
  for (const FindingRef& ref : SortedFindings()) {
    const harness::Finding& f = matches[ref.match].findings[ref.index];
    const auto [it, fresh] = group_of.emplace(GroupKey(f, ref.number), groups.size());
    if (fresh) {
      groups.push_back({ref, {}});
      continue;
    }
    FindingGroup& g = groups[it->second];
    ++g.others;
    if (f.match == matches[g.first.match].findings[g.first.index].match) {
      ++g.in_first;
    } else if (std::find(g.also.begin(), g.also.end(), f.match) == g.also.end()) {
      g.also.push_back(f.match);
    }
  }
  return groups;
}

std::string RunReport::SameText(const FindingGroup& g,
                                const std::function<std::string(const std::string&)>& code) {
  if (g.others == 0) return "";
  std::string text = "the same " + std::to_string(g.others) + " more time(s),";
  if (g.in_first > 0) text += " in this match" + std::string(g.also.empty() ? "" : " and");
  if (!g.also.empty()) {
    text += " in " + std::to_string(g.also.size()) + " more match(es):";
    for (size_t i = 0; i < g.also.size() && i < 6; ++i) text += " " + code(g.also[i]);
    if (g.also.size() > 6) text += " ...";
  }
  return text;
}

// A folded match passed: each of its turns was answered, so its answers
// are its turns.
long long RunReport::BotTurns() const {
  long long n = folded.bot_answers;
  for (const auto& m : matches) {
    if (m.seat_plays.empty()) n += static_cast<long long>(m.latencies_ms.size());
    for (const harness::SeatPlay& p : m.seat_plays) n += p.own_turns;
  }
  return n;
}

long long RunReport::BotAnswers() const {
  long long n = folded.bot_answers;
  for (const auto& m : matches) n += static_cast<long long>(m.latencies_ms.size());
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

ClauseRow ClauseRowOf(const nlohmann::json& c) {
  ClauseRow row;
  row.id = JsonString(c, "id");
  row.level = JsonString(c, "level");
  row.section = JsonString(c, "section");
  row.summary = JsonString(c, "summary");
  row.en = JsonString(c, "en");
  row.ja = JsonString(c, "ja");
  if (c.contains("decision")) row.decision = JsonString(c["decision"], "choice");
  return row;
}

ClauseCounts RunReport::CountClauses() const {
  ClauseCounts n;
  for (const ClauseRow& c : clauses) {
    n.pass += c.status == "pass";
    n.fail += c.status == "fail";
    n.warn += c.status == "warn";
    n.uncovered += c.status == "uncovered";
    n.not_run += c.status == "not-run";
  }
  return n;
}

std::string RunReport::VerdictSummary() const {
  if (!harness_error.empty()) return "arbiter could not run: " + harness_error;
  const ClauseCounts n = CountClauses();
  if (tool == "spec") {
    return std::to_string(clauses.size()) + " clauses: " + std::to_string(n.pass) + " pass, " +
           std::to_string(n.fail) + " fail, " + std::to_string(n.warn) + " warn, " +
           std::to_string(n.uncovered) + " uncovered, " + std::to_string(n.not_run) +
           " without results";
  }
  return CountText(harness::Severity::kFail) + ", " + CountText(harness::Severity::kWarn) + ", " +
         CountText(harness::Severity::kInfo) + "; " + std::to_string(n.fail) + " of " +
         std::to_string(clauses.size()) + " clauses checked fail";
}

std::string RunReport::LimitsText() const {
  return (ready_ms > 0 ? "READY " + std::to_string(ready_ms) + " ms" : "no READY handshake") +
         ", first answer " + std::to_string(first_action_ms) + " ms, answers " +
         std::to_string(action_ms) + " ms";
}

std::string RunReport::SeedsText() const {
  // Runs of consecutive seeds are one range ("7-1006"); a long list stops at
  // eight ranges (arbiter.report.bounded).
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  for (const auto& m : matches) {
    if (!m.seed) continue;
    if (!ranges.empty() && ranges.back().second + 1 == *m.seed) {
      ranges.back().second = *m.seed;
    } else if (ranges.empty() || ranges.back().second != *m.seed) {
      ranges.emplace_back(*m.seed, *m.seed);
    }
  }
  std::string games;
  for (size_t i = 0; i < ranges.size() && i < 8; ++i) {
    const auto [a, b] = ranges[i];
    games += (i ? ", " : "") + std::to_string(a) + (a == b ? "" : "-" + std::to_string(b));
  }
  if (ranges.size() > 8) games += ", ... (" + std::to_string(ranges.size() - 8) + " more)";
  if (folded.matches > 0)
    games +=
        (games.empty() ? "" : "; ") + std::to_string(folded.matches) + " passing games summed up";
  return (seed ? std::to_string(*seed) : "none") + (games.empty() ? "" : " (games: " + games + ")");
}

std::string RunReport::BotText() const {
  std::string text;
  for (const auto& a : bot) text += (text.empty() ? "" : " ") + a;
  return text;
}

std::string RunReport::UsageText() const {
  uint64_t peak_kb = folded.peak_rss_kb;
  double cpu_ms = folded.cpu_ms;
  bool any = folded.any_usage;
  for (const auto& m : matches)
    for (const auto& u : m.usage) {
      any = true;
      peak_kb = std::max(peak_kb, u.peak_rss_kb);
      cpu_ms += u.cpu_ms;
    }
  if (!any) return "";
  char buf[96];
  std::snprintf(buf, sizeof buf, "peak resident memory %.1f MB, CPU time %.2f s",
                static_cast<double>(peak_kb) / 1024.0, cpu_ms / 1000.0);
  return buf;
}

std::string RunReport::InterruptName() const {
  if (interrupt_signal == 0) return "";
  const char* name = sigabbrev_np(interrupt_signal);
  return name != nullptr ? std::string("SIG") + name : "signal " + std::to_string(interrupt_signal);
}

bool RunReport::EveryGameStoppedByReferee() const {
  if (tool != "check-bot" || matches.empty() || folded.matches > 0) return false;
  for (const auto& m : matches) {
    bool stopped = false;
    for (const auto& f : m.findings) stopped = stopped || f.check == "referee.stopped";
    if (!stopped) return false;
  }
  return true;
}

std::string RunReport::Verdict() const {
  if (interrupt_signal != 0) return "interrupted";
  if (!harness_error.empty()) return "error";
  if (Failed()) return "fail";
  if (tool == "fuzz-referee" && !not_reproduced.empty()) return "not-reproduced";
  // arbiter out of step with a referee: those games judged no bot, so a
  // run with nothing else failing decided nothing (arbiter.referee-run.framing).
  for (const auto& m : matches)
    for (const auto& f : m.findings)
      if (f.check == "referee.out-of-step") return "inconclusive";
  if (EveryGameStoppedByReferee()) return "inconclusive";
  // Without an engine nothing is compared: a run whose games did not give
  // the referee every broken answer it planned tested less than it claims
  // (arbiter.referee-fuzz.answers).
  if (Engineless())
    return families_tried.empty() || !families_not_tried.empty() ? "inconclusive" : "pass";
  if (tool == "fuzz-referee" && Games() > 0 && ComparisonOf().messages == 0) return "inconclusive";
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
      for (const auto& c : reg["clauses"]) texts[JsonString(c, "id")] = &c;
  r.clauses.clear();
  std::map<std::string, size_t> row_of;
  for (const harness::CheckInfo& check : r.checks) {
    auto [it, added] = row_of.emplace(check.clause, r.clauses.size());
    if (added) {
      const auto t = texts.find(check.clause);
      ClauseRow row = t != texts.end() ? ClauseRowOf(*t->second) : ClauseRow{};
      row.id = check.clause;
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

const char* SeverityLabel(harness::Severity s) {
  switch (s) {
    case harness::Severity::kFail:
      return "FAIL";
    case harness::Severity::kWarn:
      return "WARN";
    case harness::Severity::kInfo:
      return "NOTE";
  }
  return "?";
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * values.size()));
  return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

std::string WinRateText(int wins, int games) {
  if (games == 0) return "-";
  const double n = games, p = wins / n, z = 1.96, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f%% (%.0f%%-%.0f%%)", 100 * p,
                100 * std::max(0.0, centre - half), 100 * std::min(1.0, centre + half));
  return buf;
}

}  // namespace arbiter::report
