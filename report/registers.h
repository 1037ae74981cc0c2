// The spec registers compiled into arbiter (spec-tests/<game>/clauses.json),
// so that `arbiter spec` and the reports work from any directory.
#pragma once

#include <string_view>
#include <vector>

namespace arbiter::report {

// The register's JSON text, or empty for a game with no register.
std::string_view RegisterJson(std::string_view game);
// The names of every compiled-in register (the games' and "arbiter").
std::vector<std::string_view> RegisterNames();

}  // namespace arbiter::report
