#include "run_report.h"

#include <algorithm>
#include <cmath>

namespace arbiter::report {

int RunReport::Count(harness::Severity s) const {
  int n = 0;
  for (const auto& m : matches)
    for (const auto& f : m.findings) n += f.severity == s;
  return n;
}

int RunReport::BotTurns() const {
  int n = 0;
  for (const auto& m : matches) n += static_cast<int>(m.latencies_ms.size());
  return n;
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * values.size()));
  return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

}  // namespace arbiter::report
