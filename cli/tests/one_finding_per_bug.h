// arbiter.referee.deviations, as a proof checks it on a referee with several
// planted bugs: each bug is one failure under its clause, the ones the
// catalogue models named by their deviation, the one it does not saying so.
// For runs of the real command (fuzz_referee_run.h) and on fakes
// (fuzz_on_engine_referees.h) alike: any outcome with a status, the run's
// output and its JSON report.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/tests/report_findings.h"

namespace arbiter::testing {

// Every failure is a referee.divergence; each clause of `named` has exactly
// one, naming its deviation ("--rule deviation=NAME replays"), and
// `unexplained` has exactly one, naming none and saying that no rule change
// explains it; there is no other failure.
template <class Outcome>
void ExpectOneFindingPerBug(const Outcome& o, const std::map<std::string, std::string>& named,
                            const std::string& unexplained) {
  EXPECT_EQ(o.status, 1) << o.output;
  ASSERT_TRUE(o.report.is_object()) << o.output;
  std::map<std::string, int> failures, expected = {{unexplained, 1}};
  for (const auto& [clause, deviation] : named) expected[clause] = 1;
  for (const auto& f : o.report["findings"]) {
    if (f["severity"] != "fail") continue;
    EXPECT_EQ(f["check"], "referee.divergence") << ListedFindings(o.report);
    const std::string clause = f["clause"], message = f["message"];
    ++failures[clause];
    if (const auto it = named.find(clause); it != named.end()) {
      EXPECT_NE(message.find("--rule deviation=" + it->second + " replays"), std::string::npos)
          << message;
    } else {
      EXPECT_EQ(message.find("--rule deviation="), std::string::npos) << message;
      EXPECT_NE(message.find("no single rule change arbiter tried"), std::string::npos) << message;
    }
  }
  EXPECT_EQ(failures, expected) << ListedFindings(o.report);
}

}  // namespace arbiter::testing
