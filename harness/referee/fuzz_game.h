// What every fuzz game shares, whatever the referee's protocol: a game of
// fuzz-referee runs its referee through the one referee driver
// (referee_driver.h), and each protocol's game (RefereeGame in
// referee_fuzz.cc for a referee that launches its bots, CgRunnerGame in
// cg_runner.cc for the runner protocol) adds only what its protocol needs
// to the settings here.
#pragma once

#include "referee/referee_driver.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

// The driver's settings of `config`'s referee that no protocol changes: its
// template, resource limits, environment and containment, with the game's
// time limit as both the driver's patience and the game's limit (a referee
// may take its time; what a protocol waits for less is its own to say).
inline RefereeDriverConfig FuzzDriverConfig(const RefereeFuzzConfig& config) {
  RefereeDriverConfig d;
  d.referee = config.referee;
  d.limits = config.limits;
  d.env = config.env;
  d.containment = config.containment;
  d.patience = config.game_time_limit;
  d.game_limit = config.game_time_limit;
  return d;
}

}  // namespace arbiter::harness
