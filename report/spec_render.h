// Renders a spec register (clauses with their sources, decisions and tests)
// for people. `arbiter spec` prints it; docs/spec/<game>.md is its Markdown
// output, kept in sync by a test.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::report {

std::string RenderRegisterMarkdown(const nlohmann::json& reg);

}  // namespace arbiter::report
