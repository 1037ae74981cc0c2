// A time verdict confirmed before it is said (arbiter.timing.confirm): a
// bot late on one run of a match fails for time only when a second run of
// the same match (same seed: a deterministic bot gets the same inputs up to
// that turn) finds it late again. These functions decide from the two
// runs' results; check-bot plays the runs. Plain values in, so every
// combination is tested without a process.
#pragma once

#include "checks/session.h"

namespace arbiter::harness {

// The check of a late answer or handshake that a second run must confirm
// (Finding::confirm on a FAIL); nullptr when there is none.
const Finding* TimeVerdictToConfirm(const MatchResult& run);

// The result of a match whose `first` run had a time verdict to confirm,
// given its `second` run: late again (by any time FAIL, on any turn)
// keeps `first`, its finding carrying both measurements; otherwise
// the second run stands, and the first run's verdict joins it as a
// timing.unconfirmed warning with both measurements. Either way a bot
// whose answers before that turn differ between the runs is said not to
// be deterministic. The warning's clause and severity are `catalog`'s
// (the register's timing.unconfirmed; an unlisted one throws UnknownCheck).
MatchResult ConfirmTimeVerdict(const CheckCatalog& catalog, MatchResult first, MatchResult second);

}  // namespace arbiter::harness
