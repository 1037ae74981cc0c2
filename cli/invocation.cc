// The first word of the commands arbiter prints (invocation.h).
#include "cli/invocation.h"

#include "process/command_line.h"

namespace arbiter::cli {
namespace {

std::string& SelfWord() {
  static std::string self = "arbiter";
  return self;
}

}  // namespace

void SetInvokedAs(const std::string& argv0) {
  // A path runs from the same folder; a word without a slash was looked up
  // on PATH, and the same word runs it again.
  SelfWord() = harness::QuoteArg(argv0.empty() ? std::string("arbiter") : argv0);
}

const std::string& Self() { return SelfWord(); }

}  // namespace arbiter::cli
