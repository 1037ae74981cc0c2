// The check every game whose test-only mutants became its production
// catalogue of deviations (arbiter.referee.deviations, core/deviations.h)
// passes: the catalogue is its list of mutants.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace arbiter::testing {

// Entry i of `deviations` is mutant i + 1 of `all`: the same name and
// clause, said in words, and rule "deviation=<name>" selects exactly what
// rule "mutant=<name>" does.
template <typename Mutant, typename Rules>
void ExpectEachMutantIsItsDeviation(
    std::span<const Deviation> deviations, const std::vector<Mutant>& all,
    std::string_view (*name)(Mutant), std::string_view (*clause)(Mutant),
    std::string (*set_rule)(Rules&, std::string_view, std::string_view)) {
  ASSERT_EQ(deviations.size(), all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(all[i]), i + 1);
    EXPECT_EQ(deviations[i].name, name(all[i]));
    EXPECT_EQ(deviations[i].clause, clause(all[i]));
    EXPECT_FALSE(deviations[i].does.empty() || deviations[i].rule.empty() ||
                 deviations[i].derivation.empty())
        << deviations[i].name;
    Rules by_deviation, by_mutant;
    EXPECT_EQ(set_rule(by_deviation, "deviation", deviations[i].name), "");
    EXPECT_EQ(set_rule(by_mutant, "mutant", name(all[i])), "");
    EXPECT_EQ(by_deviation, by_mutant) << deviations[i].name;
  }
}

}  // namespace arbiter::testing
