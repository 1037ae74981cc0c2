// Whether a runner-protocol referee reads "###Seed N" before "###Start P"
// (arbiter.referee.runner-protocol). cg-brutaltester, the protocol's
// reference, writes "###Start P" alone unless asked (its -s and -r), and
// community ports of CodinGame referees read exactly one line, whatever it
// says, as their start: given "###Seed N" first, they take "###Start P" for
// player 0's first answer and every answer after it lands one line off.
// Other referees seed their game from "###Seed N" and replay a game only
// when given it. arbiter sends it only once it has seen that the referee
// reads it:
//
//   three starts of the referee, each stopped at its first request: twice
//   with "###Seed S", once with "###Seed S+1" (the command's {seed} the same
//   in all three). The referee reads the line when its first input is the
//   same for the same S and another for S+1. A referee that takes the line
//   for its start, one that ignores it, and one that draws its game from its
//   clock all fail that test and are sent "###Start P" alone, which each of
//   them reads as cg-brutaltester's start.
//
// The probe's games are never judged: they are stopped at their first
// request. Game-agnostic; on Env, so its logic is tested on the fake.
#pragma once

#include <cstdint>
#include <string>

#include "referee/referee_driver.h"

namespace arbiter::harness {

struct SeedLineProbe {
  bool reads = false;  // same first input for the same seed line, another for another
  // The referee drew its game from elsewhere than the seed line: its first
  // input differed for the same "###Seed S" and the same command.
  bool unrepeatable = false;
  std::string evidence;  // in words, for the report
};

// Starts config's runner-protocol referee three times (see above).
SeedLineProbe ProbeSeedLine(Env& env, const RefereeDriverConfig& config, uint64_t seed);

// config.seed_line kAuto -> kAlways or kNever, by ProbeSeedLine for a
// runner-protocol referee; the line the report's environment says of the
// referee's start ("" for a referee that launches its bots). `unrepeatable`,
// when given, is set when the probe saw the referee replay no game.
std::string ResolveSeedLine(Env& env, RefereeDriverConfig& config, uint64_t seed,
                            bool* unrepeatable = nullptr);

}  // namespace arbiter::harness
