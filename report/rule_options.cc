// RuleOptionsOf (rule_options.h): the decisions of a compiled-in register
// (registers.h) read as rule options.
#include "report/rule_options.h"

#include <nlohmann/json.hpp>

#include "report/registers.h"

namespace arbiter::report {

std::vector<RuleOption> RuleOptionsOf(std::string_view game) {
  std::vector<RuleOption> out;
  const auto reg = nlohmann::json::parse(RegisterJson(game), nullptr, false);
  if (reg.is_discarded() || !reg.contains("clauses")) return out;
  const auto text = [](const nlohmann::json& v) {
    return v.is_string() ? v.get<std::string>() : v.dump();
  };
  for (const auto& c : reg["clauses"]) {
    if (!c.contains("decision") || !c["decision"].is_object()) continue;
    const auto& d = c["decision"];
    if (!d.contains("option") || !d["option"].is_string()) continue;
    const std::string key = d["option"];
    if (key.find(' ') != std::string::npos) continue;  // "profile (harness)"
    const std::string clause = c.value("id", "");
    if (d.contains("default"))
      out.push_back({key, text(d["default"]), clause, d.value("choice", ""), true});
    if (d.contains("alternatives") && d["alternatives"].is_array())
      for (const auto& a : d["alternatives"])
        if (a.is_object() && a.contains("value"))
          out.push_back({key, text(a["value"]), clause, a.value("meaning", ""), false});
  }
  return out;
}

}  // namespace arbiter::report
