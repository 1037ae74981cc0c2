// SetDeviationRule and DescribeDeviations (core/deviations.h).
#include "core/deviations.h"

#include "core/parse.h"

namespace arbiter {

const Deviation* FindDeviation(std::span<const Deviation> catalogue, std::string_view name) {
  for (const Deviation& d : catalogue)
    if (d.name == name) return &d;
  return nullptr;
}

std::string SetDeviationRule(std::span<const Deviation> catalogue, std::string_view value,
                             uint32_t& bits) {
  uint32_t out = bits;
  for (std::string_view name : SplitOn(value, ',')) {
    if (name == "none") {
      out = 0;
      continue;
    }
    const Deviation* found = FindDeviation(catalogue, name);
    const size_t i = found ? static_cast<size_t>(found - catalogue.data()) : catalogue.size();
    if (i == catalogue.size() || i + 1 >= 32) {
      std::string names;
      for (const Deviation& d : catalogue)
        names += (names.empty() ? "" : ", ") + std::string(d.name);
      return "rule " + std::string(kDeviationRule) + ": '" + std::string(name) +
             "' is not a deviation of this game" +
             (names.empty() ? std::string(" (it has none)") : " (known: none, " + names + ")");
    }
    out |= DeviationBit(i);
  }
  bits = out;
  return {};
}

uint32_t DeviationBitsOf(std::span<const Deviation> catalogue, const RuleList& rules) {
  uint32_t bits = 0;
  for (const auto& [key, value] : rules)
    if (key == kDeviationRule) SetDeviationRule(catalogue, value, bits);
  return bits;
}

std::string DeviationRuleValue(std::span<const Deviation> catalogue, uint32_t bits) {
  std::string names;
  for (size_t i = 0; i < catalogue.size() && i + 1 < 32; ++i)
    if (HasDeviation(bits, i)) names += (names.empty() ? "" : ",") + std::string(catalogue[i].name);
  return names;
}

std::string DescribeDeviations(std::span<const Deviation> catalogue, uint32_t bits) {
  const std::string names = DeviationRuleValue(catalogue, bits);
  return names.empty() ? names : " " + std::string(kDeviationRule) + "=" + names;
}

}  // namespace arbiter
