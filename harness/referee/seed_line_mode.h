// Whether the runner protocol's start carries "###Seed N"
// (arbiter.referee.runner-protocol): the option's words, apart from the
// probe that resolves kAuto (seed_line.h), so that the driver's config needs
// no process code.
#pragma once

#include <optional>
#include <string_view>

namespace arbiter::harness {

enum class SeedLine {
  kAuto,    // sent once arbiter has seen that the referee reads it (ResolveSeedLine)
  kAlways,  // "###Seed N" then "###Start P" (cg-brutaltester's -r and -s)
  kNever,   // "###Start P" alone (cg-brutaltester's default)
};

// "auto", "always", "never" -> the mode; nullopt for anything else.
inline std::optional<SeedLine> SeedLineFromName(std::string_view name) {
  if (name == "auto") return SeedLine::kAuto;
  if (name == "always") return SeedLine::kAlways;
  if (name == "never") return SeedLine::kNever;
  return std::nullopt;
}

}  // namespace arbiter::harness
