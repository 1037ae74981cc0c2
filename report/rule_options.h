// The rule options a game's register decides: every decision whose "option"
// is a --rule key, with its default and its alternatives. One reader for
// `arbiter list rules`, fuzz-referee's readings, the game conformance suite
// and the walk fuzzer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

struct RuleOption {
  std::string key, value;   // "stun_count", "own-turns"
  std::string clause;       // the clause whose decision the option is
  std::string meaning;      // the value's meaning, for people
  bool is_default = false;  // the value arbiter plays when the option is not set
};

// Every value of every rule option of the compiled-in register of `game` (a
// decision's "option", a --rule key; the harness's, "profile (harness)", is
// not one), in register order: each option's default first, with its
// decision's choice as its meaning, then its alternatives. Empty when the
// game has no register.
std::vector<RuleOption> RuleOptionsOf(std::string_view game);

}  // namespace arbiter::report
