#include "core/check.h"

#include <cstdio>
#include <cstdlib>

namespace arbiter {
void CheckFailed(const char* file, int line, const char* expr, const char* what) {
  std::fprintf(stderr, "arbiter: internal check failed at %s:%d: %s (%s)\n", file, line, expr,
               what);
  std::fflush(stderr);
  std::abort();
}
}  // namespace arbiter
