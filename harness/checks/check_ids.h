// Check IDs: the one table of every check ID arbiter's code reports, and the
// register tables that must list each one. The clause, severity and title of
// a check are its register's (a game's "checks", or the arbiter register's
// "checks", "referee_run_checks" and "referee_fuzz_checks"): a test holds
// this table and the registers to each other (check_ids_test.cc), and a
// source scan fails on a check-shaped literal in the product code that this
// table does not name. At run time a finding is made under an ID its catalog
// lists or not at all (CheckCatalog::Require): an unknown ID is arbiter's own
// bug, said loudly, never a FAIL with an empty clause.
#pragma once

#include <string_view>

namespace arbiter::harness {

// The register tables a check belongs to (bits).
enum CheckTable : unsigned {
  kGameTable = 1,         // a game's "checks" (check-bot, play); opt-in where `opt_in`
  kRefereeTable = 2,      // arbiter's "checks": fuzz-referee against an engine
  kRefereeRunTable = 4,   // arbiter's "referee_run_checks": a game with no engine
  kRefereeBareTable = 8,  // arbiter's "referee_fuzz_checks": fuzz-referee with no engine
};

struct CheckId {
  std::string_view id;
  unsigned tables;  // CheckTable bits
  // A game's finer ID, reported only when its register lists it (else the
  // coarser one in findings.h's list is reported instead).
  bool opt_in = false;
};

inline constexpr CheckId kCheckIds[] = {
    {"ready.missing", kGameTable | kRefereeRunTable},
    {"ready.unflushed", kGameTable | kRefereeRunTable},
    {"ready.late", kGameTable | kRefereeRunTable},
    {"ready.malformed", kGameTable | kRefereeRunTable},
    {"ready.noise", kGameTable | kRefereeRunTable},
    {"action.deadline", kGameTable | kRefereeRunTable},
    {"action.first-deadline", kGameTable | kRefereeRunTable, true},
    {"action.invalid", kGameTable},
    {"action.illegal", kGameTable, true},
    {"action.no-legal-silence", kGameTable, true},
    {"action.no-legal-line", kGameTable},
    {"action.server-accepts", kGameTable},
    {"action.whitespace", kGameTable | kRefereeRunTable},
    {"action.extra-lines", kGameTable | kRefereeRunTable},
    {"action.partial", kGameTable | kRefereeRunTable},
    {"action.unflushed", kGameTable | kRefereeRunTable},
    {"action.line-count", kRefereeRunTable},
    {"action.rejected", kRefereeRunTable},
    {"action.referee-timeout", kRefereeRunTable},
    {"action.dropped", kRefereeRunTable},
    {"opponent.finding", kRefereeRunTable},
    {"process.crash", kGameTable | kRefereeRunTable},
    {"process.exec-failed", kGameTable | kRefereeRunTable},
    {"process.stdout-closed", kGameTable | kRefereeRunTable},
    {"process.no-exit-on-eof", kGameTable | kRefereeRunTable},
    {"process.leftover", kGameTable | kRefereeRunTable},
    {"process.memory", kGameTable | kRefereeRunTable},
    {"process.no-legal-crash", kGameTable},
    {"timing.inconclusive", kGameTable | kRefereeRunTable},
    {"timing.unconfirmed", kGameTable | kRefereeRunTable},
    {"bot.launcher", kGameTable | kRefereeRunTable},
    {"output.flood", kGameTable | kRefereeRunTable},
    {"stderr.flood", kGameTable | kRefereeRunTable},
    {"referee.out-of-step", kRefereeRunTable},
    {"referee.stopped", kRefereeRunTable},
    {"referee.ranking", kRefereeRunTable | kRefereeBareTable},
    {"referee.exit", kRefereeTable | kRefereeRunTable | kRefereeBareTable},
    {"referee.leftover", kRefereeTable | kRefereeRunTable | kRefereeBareTable},
    {"referee.divergence", kRefereeTable},
    {"referee.reading", kRefereeTable},
    {"referee.unknowable", kRefereeTable},
    {"referee.flaky", kRefereeTable},
    {"referee.busy", kRefereeTable},
    {"referee.undecided", kRefereeTable},
    {"referee.nondeterministic", kRefereeTable | kRefereeBareTable},
    {"referee.no-result", kRefereeTable | kRefereeBareTable},
    {"referee.crash", kRefereeTable | kRefereeBareTable},
    {"referee.hang", kRefereeTable | kRefereeBareTable},
    {"referee.unfinished", kRefereeTable},
    {"referee.garbage", kRefereeTable},
    {"referee.exec-failed", kRefereeTable | kRefereeBareTable},
    {"referee.bot-not-started", kRefereeTable},
    {"referee.protocol", kRefereeTable | kRefereeBareTable},
    {"referee.unranked", kRefereeBareTable},
};

// The entry of `id`, or nullptr when arbiter reports no such check.
constexpr const CheckId* FindCheckId(std::string_view id) {
  for (const CheckId& c : kCheckIds)
    if (c.id == id) return &c;
  return nullptr;
}

// Whether a game's register may list `id` (a check of the game table).
constexpr bool IsHarnessCheckId(std::string_view id) {
  const CheckId* c = FindCheckId(id);
  return c && (c->tables & kGameTable);
}

}  // namespace arbiter::harness
