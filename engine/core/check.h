// Loud invariant checks. A failed check is a bug in arbiter itself (never a
// bot's or a referee's misbehaviour, which are findings, reported as data): it
// prints where it failed and aborts, so that tests fail and fuzzers record a
// crash. This message is the only output the engine ever produces.
#pragma once

namespace arbiter {
[[noreturn]] void CheckFailed(const char* file, int line, const char* expr, const char* what);
}  // namespace arbiter

#define ARBITER_CHECK(cond, what)                                         \
  do {                                                                    \
    if (!(cond)) ::arbiter::CheckFailed(__FILE__, __LINE__, #cond, what); \
  } while (0)
