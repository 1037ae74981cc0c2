// The spec registers compiled into arbiter (spec-tests/<game>/clauses.json),
// so that `arbiter spec` and the reports work from any directory.
#pragma once

#include <string_view>

namespace arbiter::report {

// The register's JSON text, or empty for a game with no register.
std::string_view RegisterJson(std::string_view game);

}  // namespace arbiter::report
