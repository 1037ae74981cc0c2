#include "checks/findings.h"

#include <algorithm>

#include "process/bot_process.h"

namespace arbiter::harness {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::kFail:
      return "fail";
    case Severity::kWarn:
      return "warn";
    case Severity::kInfo:
      return "info";
  }
  return "?";
}

Severity SeverityFromName(std::string_view name) {
  return name == "warn" ? Severity::kWarn : name == "info" ? Severity::kInfo : Severity::kFail;
}

const CheckInfo* CheckCatalog::Find(const std::string& id) const {
  const auto it = checks_.find(id);
  return it == checks_.end() ? nullptr : &it->second;
}

const CheckInfo& CheckCatalog::Require(const std::string& id) const {
  if (const CheckInfo* info = Find(id)) return *info;
  throw UnknownCheck("check '" + id + "' is not in the register's check table (" +
                     (FindCheckId(id) ? "a check arbiter knows, reported where this register "
                                        "does not list it"
                                      : "not a check ID arbiter knows") +
                     "): an arbiter bug, please report it");
}

Finding NewFinding(const CheckCatalog& catalog, const std::string& id) {
  const CheckInfo& info = catalog.Require(id);
  Finding f;
  f.check = info.id;
  f.clause = info.clause;
  f.severity = info.severity;
  return f;
}

CheckCatalog CatalogFromRegister(const nlohmann::json& reg, const char* key) {
  CheckCatalog catalog;
  if (!reg.contains(key)) return catalog;
  for (const auto& c : reg[key]) {
    CheckInfo info;
    info.id = c.value("id", "");
    info.clause = c.value("clause", "");
    info.severity = SeverityFromName(c.value("severity", "fail"));
    info.title = c.value("title", "");
    catalog.Add(std::move(info));
  }
  return catalog;
}

std::string StderrSince(const BotProcess& p, uint64_t& seen) {
  const uint64_t total = p.stderr_bytes();
  if (total <= seen) return "";
  const std::string tail = p.stderr_tail();
  const size_t fresh = static_cast<size_t>(std::min<uint64_t>(total - seen, tail.size()));
  seen = total;
  return tail.substr(tail.size() - fresh);
}

std::string LastLines(const std::string& text, int lines) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (int n = 0; n < lines; ++n) {
    const size_t nl = text.rfind('\n', pos == 0 ? 0 : pos - 1);
    if (nl == std::string::npos || pos == 0) return text;
    pos = nl;
  }
  return text.substr(pos + 1);
}

}  // namespace arbiter::harness
