// What the session tests ask of a match result: the jc2015 check catalog,
// the first finding of a check, and the list of checks for failure messages.
#pragma once

#include <string>

#include "findings.h"
#include "registers.h"
#include "session.h"

namespace arbiter::harness::testing {

inline const CheckCatalog& Jc2015Catalog() {
  static const CheckCatalog catalog =
      CatalogFromRegister(nlohmann::json::parse(report::RegisterJson("jc2015")));
  return catalog;
}

inline const Finding* Find(const MatchResult& r, const std::string& check) {
  for (const Finding& f : r.findings)
    if (f.check == check) return &f;
  return nullptr;
}

inline std::string Checks(const MatchResult& r) {
  std::string out;
  for (const Finding& f : r.findings) out += f.check + " ";
  return out;
}

}  // namespace arbiter::harness::testing
