// Reading and naming rule options ("deal=immediate", "max_turns=300"), the
// same way for every game: an enum option is a table of values and names, an
// integer option a range. Each game's rules.cc keeps only its tables and its
// SetRule / DescribeRules; the error messages are the same everywhere.
#pragma once

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

template <class E>
struct RuleName {
  E value;
  const char* name;
};

// Sets `out` to the value named `value`; else an error listing the names.
template <class E, size_t N>
std::string SetEnumRule(const RuleName<E> (&names)[N], std::string_view key, std::string_view value,
                        E& out) {
  std::string choices;
  for (const auto& n : names) {
    if (value == n.name) {
      out = n.value;
      return {};
    }
    choices += choices.empty() ? "" : ", ";
    choices += n.name;
  }
  return "rule " + std::string(key) + ": '" + std::string(value) + "' is not one of " + choices;
}

template <class E, size_t N>
const char* RuleNameOf(const RuleName<E> (&names)[N], E value) {
  for (const auto& n : names)
    if (n.value == value) return n.name;
  return "?";
}

// Sets `out` to the whole number `value` in [lo, hi]; else an error.
inline std::string SetIntRule(std::string_view key, std::string_view value, int lo, int hi,
                              int& out) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || ptr != value.data() + value.size() || v < lo || v > hi)
    return "rule " + std::string(key) + ": '" + std::string(value) +
           "' is not a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  out = v;
  return {};
}

}  // namespace arbiter
