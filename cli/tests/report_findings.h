// What the tests of a run ask of its JSON report's findings: how many of
// each check at a severity, the first finding of a check, and all of them
// listed for a failure message. Shared by the
// real-process proofs and their twins on fakes.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::testing {

// The findings of a report at `severity`: check -> how many (none for a
// report that was not written).
inline std::map<std::string, int> Checks(const nlohmann::json& report,
                                         const std::string& severity) {
  std::map<std::string, int> out;
  if (!report.is_object() || !report.contains("findings")) return out;
  for (const auto& f : report["findings"])
    if (f["severity"] == severity) ++out[f["check"].get<std::string>()];
  return out;
}

// Every finding of a report, one "check clause: message" line each, for a
// failure message.
inline std::string ListedFindings(const nlohmann::json& report) {
  if (!report.is_object() || !report.contains("findings")) return "(no findings in the report)\n";
  std::string out;
  for (const auto& f : report["findings"])
    out += f["check"].get<std::string>() + " " + f["clause"].get<std::string>() + ": " +
           f["message"].get<std::string>() + "\n";
  return out;
}

// The first finding of `check`; nullptr when there is none.
inline const nlohmann::json* FindingOf(const nlohmann::json& report, const std::string& check) {
  if (!report.is_object() || !report.contains("findings")) return nullptr;
  for (const auto& f : report["findings"])
    if (f["check"] == check) return &f;
  return nullptr;
}

}  // namespace arbiter::testing
