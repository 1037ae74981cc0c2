// What a run of check-bot, play or fuzz-referee resolved from its options
// before its first game: the game (or the real referee that plays it), the
// timing profile, the rules, the session's configuration and the check
// catalog of the registers. The command line (cli/run_common.h, Prepare)
// fills it once; the runs only read it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/findings.h"
#include "checks/session.h"
#include "core/game.h"
#include "referee/referee_driver.h"

namespace arbiter::harness {

struct RunSetup {
  // nullptr for a game arbiter has no engine for, played through its real
  // referee (`referee` then set: cli/referee_run.h).
  const GameInfo* game = nullptr;
  const Profile* profile = nullptr;
  std::vector<std::pair<std::string, std::string>> rules;
  SessionConfig config;
  CheckCatalog catalog;
  std::vector<CheckInfo> checks;  // in register order
  // The register's "check_variants": rule sets check-bot's games cycle through.
  std::vector<std::vector<std::pair<std::string, std::string>>> check_variants;
  // --referee: the real referee every match is played through, with no
  // engine (arbiter.referee-run.framing); and what that leaves unchecked.
  std::optional<RefereeDriverConfig> referee;
  std::string not_checked;
  bool referee_contained = false;  // --sandbox-referee (fuzz-referee's, or through --referee)
  // The runner protocol's start, in words ("referee start: '###Start 2'
  // alone ..."); "" for a referee that launches its bots.
  std::string referee_start;
  // The referee replayed no game for the same seed (its clock): reproduce
  // commands say they may play another game (arbiter.referee.runner-protocol).
  bool referee_unrepeatable = false;
};

}  // namespace arbiter::harness
