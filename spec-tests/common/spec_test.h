// Spec tests cite the clauses they prove. A citation is registered statically
// next to the test it belongs to:
//
//   SPEC_TEST(MoveCancel, IsCancelledWithinDistanceThree, "jc2015.move.cancel.distance") {
//     ...
//   }
//   CITES(EngineModel, AgreesWithTheSimpleModel, "jc2015.attack.delay", "jc2015.fall.timing");
//   RC_GTEST_PROP(EngineModel, AgreesWithTheSimpleModel, ()) { ... }
//
// The spec test main records the clauses of each test as a GoogleTest
// property ("clauses"), and the register coverage test fails when a clause of
// the register has no test, when a test cites an unknown clause, or when a
// test in the binary cites nothing.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace arbiter::spec {

// "Suite.Name" -> clause ids.
std::map<std::string, std::vector<std::string>>& Citations();
bool Cite(const char* suite, const char* name, std::initializer_list<const char*> clauses);

}  // namespace arbiter::spec

#define ARBITER_SPEC_CONCAT_(a, b) a##b
#define ARBITER_SPEC_CONCAT(a, b) ARBITER_SPEC_CONCAT_(a, b)

#define CITES(Suite, Name, ...)                                                               \
  [[maybe_unused]] static const bool ARBITER_SPEC_CONCAT(kCites_##Suite##_##Name, __LINE__) = \
      ::arbiter::spec::Cite(#Suite, #Name, {__VA_ARGS__})

#define SPEC_TEST(Suite, Name, ...) \
  CITES(Suite, Name, __VA_ARGS__);  \
  TEST(Suite, Name)
