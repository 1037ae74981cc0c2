// A referee mutant of the engine's (a "mutant" rule) and the clause it
// breaks, for the parameterised mutant proofs on real referees and on fakes
// (fuzz_referee_test.cc, fuzz_referee_island_test.cc,
// fuzz_referee_mutants_fake_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <string>

namespace arbiter::testing {

struct MutantCase {
  const char* name;
  const char* clause;
};
// Test names and failures show the case, not its bytes.
inline void PrintTo(const MutantCase& c, std::ostream* os) {
  *os << c.name << " (" << c.clause << ")";
}

// A case's test name: "cancel-below-three" as CancelBelowThree.
inline std::string MutantCaseName(const ::testing::TestParamInfo<MutantCase>& info) {
  std::string n;
  bool up = true;
  for (const char ch : std::string(info.param.name)) {
    if (ch == '-') {
      up = true;
      continue;
    }
    n += up ? static_cast<char>(toupper(ch)) : ch;
    up = false;
  }
  return n;
}

}  // namespace arbiter::testing
