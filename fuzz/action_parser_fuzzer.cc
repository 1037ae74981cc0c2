// Fuzzes the action-line parser (jc2015/codec.h) under both ActionParsing
// modes against a one-line oracle: kExact accepts exactly the six lines "U"
// "R" "D" "L" "A" "N"; kTrimmed accepts exactly those letters with any bytes
// <= ' ' (unsigned) around them, like Java's String.trim(). An accepted
// line's command letter must round-trip through ActionLetter.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "jc2015/codec.h"

namespace {

using namespace arbiter::jc2015;

void Check(std::string_view line, ActionParsing mode) {
  std::string_view core = line;
  if (mode == ActionParsing::kTrimmed) {
    while (!core.empty() && static_cast<unsigned char>(core.front()) <= ' ') core.remove_prefix(1);
    while (!core.empty() && static_cast<unsigned char>(core.back()) <= ' ') core.remove_suffix(1);
  }
  const bool command = core.size() == 1 && core[0] != '\0' && std::strchr("URDLAN", core[0]);
  const Action a = ParseAction(line, mode);
  const char expected = command ? core[0] : '?';  // ActionLetter(kInvalid) is '?'
  if (ActionLetter(a) != expected) {
    std::fprintf(stderr,
                 "action_parser_fuzzer: %s mode read a line of %zu bytes as '%c', expected '%c'\n",
                 mode == ActionParsing::kExact ? "exact" : "trimmed", line.size(), ActionLetter(a),
                 expected);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  Check(line, ActionParsing::kExact);
  Check(line, ActionParsing::kTrimmed);
  return 0;
}
