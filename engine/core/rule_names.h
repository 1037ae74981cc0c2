// Reading and naming rule options ("deal=immediate", "max_turns=300"), the
// same way for every game: an enum option is a table of values and names, an
// integer option a range; the test-only mutants are a table too. Each game's rules.cc keeps only
// its tables and its SetRule / DescribeRules; the error messages are the same everywhere.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

template <class E>
struct RuleName {
  E value;
  const char* name;
};

// A deliberate referee bug of the test-only mutant builds (jc2015/rules.h,
// island/rules.h): selected like an option (rule "mutant"), and the clause of
// the game's register it breaks. A table of these works with the functions
// below as a table of RuleName does.
template <class E>
struct MutantEntry {
  E value;
  const char* name;
  const char* clause;
};

// The entry of `value` in a table of RuleName or MutantEntry, or nullptr.
template <class Entry, size_t N, class E>
const Entry* FindRuleEntry(const Entry (&table)[N], E value) {
  for (const Entry& e : table)
    if (e.value == value) return &e;
  return nullptr;
}

// The value named `name` in the table, or nullopt.
template <class Entry, size_t N>
auto RuleValueOf(const Entry (&table)[N], std::string_view name)
    -> std::optional<decltype(table[0].value)> {
  for (const Entry& e : table)
    if (name == e.name) return e.value;
  return std::nullopt;
}

// Sets `out` to the value named `value`; else an error listing the names.
template <class Entry, size_t N, class E>
std::string SetEnumRule(const Entry (&table)[N], std::string_view key, std::string_view value,
                        E& out) {
  if (const auto v = RuleValueOf(table, value)) {
    out = *v;
    return {};
  }
  std::string choices;
  for (const Entry& e : table) {
    choices += choices.empty() ? "" : ", ";
    choices += e.name;
  }
  return "rule " + std::string(key) + ": '" + std::string(value) + "' is not one of " + choices;
}

template <class Entry, size_t N, class E>
const char* RuleNameOf(const Entry (&table)[N], E value) {
  const Entry* e = FindRuleEntry(table, value);
  return e ? e->name : "?";
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

// A set of mutants, one bit each (the first entry, "none", clears the set):
// adds those `value` names, separated by commas; else an error.
template <class E, size_t N>
std::string SetMutantRule(const MutantEntry<E> (&table)[N], std::string_view key,
                          std::string_view value, uint32_t& bits) {
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    if (comma == std::string_view::npos) comma = value.size();
    E m = table[0].value;
    if (std::string e = SetEnumRule(table, key, value.substr(start, comma - start), m); !e.empty())
      return e;
    bits = m == table[0].value ? 0u : bits | 1u << static_cast<int>(m);
    start = comma + 1;
  }
  return {};
}

// " mutant=<name>[,<name>...]" for a set of mutants; empty when none is set.
template <class E, size_t N>
std::string DescribeMutants(const MutantEntry<E> (&table)[N], uint32_t bits) {
  std::string names;
  for (const auto& e : table)
    if (bits >> static_cast<int>(e.value) & 1u && e.value != table[0].value)
      names += (names.empty() ? "" : ",") + std::string(e.name);
  return names.empty() ? names : " mutant=" + names;
}

}  // namespace arbiter
