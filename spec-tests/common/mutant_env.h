// Mutation testing: in a build against the mutant engine (ARBITER_MUTANTS),
// the environment variable ARBITER_ENGINE_MUTANT names the engine mutant that
// a test or fuzz target runs against (scripts/mutation-bench sets it). In
// every other build this does nothing, so the same sources test the real
// engine.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "jc2015/rules.h"

namespace arbiter::jc2015 {

inline void ApplyMutantFromEnv(Rules& rules) {
#ifdef ARBITER_MUTANTS
  const char* name = std::getenv("ARBITER_ENGINE_MUTANT");
  if (!name || !*name) return;
  const auto mutant = MutantFromName(name);
  if (!mutant) {
    std::fprintf(stderr, "ARBITER_ENGINE_MUTANT: unknown mutant '%s'\n", name);
    std::exit(2);
  }
  rules.mutants = MutantBit(*mutant);
#else
  (void)rules;
#endif
}

}  // namespace arbiter::jc2015
