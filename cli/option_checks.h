// The checks of option values every command shares (CLI11 validators), so
// that a bad value reads the same whatever the command: "must be a whole
// number between 1 and 64 (got '0')" (arbiter.cli.bad-input).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace arbiter::cli {

// Whole numbers in [lo, hi], with a readable range whatever the number
// given; CLI::Range prints the limits of a double, 309 digits.
CLI::Validator IntIn(long long lo, long long hi);
// Seconds in [lo, hi]: finite, so not inf or nan.
CLI::Validator SecondsIn(double lo, double hi);
// A seed: 0 to 2^64-1; "-1" would otherwise wrap silently.
CLI::Validator Seed();
// A file name to write: not empty, and not the "--" before a bot's command
// (a forgotten file name, which would otherwise become a file named "--").
CLI::Validator FileName();
// "Profile: ... jc2015: ja, en; wondev: cg; ...": each game's own profiles.
std::string ProfilesHelp();

}  // namespace arbiter::cli
