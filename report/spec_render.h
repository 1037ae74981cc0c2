// Renders a spec register (clauses with their sources, decisions and tests)
// for people. `arbiter spec` prints it; docs/spec/<game>.md is its Markdown
// output, kept in sync by a test.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::report {

std::string RenderRegisterMarkdown(const nlohmann::json& reg);

// The string field `key` of a register object, or "" when it is missing or
// not a string.
inline std::string JsonString(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

}  // namespace arbiter::report
