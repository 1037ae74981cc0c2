// A runner-protocol referee in the fake (FakeEnv), played by arbiter's own
// engine: what a referee written from the rules says, as
// examples/referees/wondev_referee.cc does on real processes, but on the
// virtual clock, so that fuzz-referee's games, explanations and shrinking
// are proved in milliseconds (harness/tests/fuzz_game_test.cc).
//
// It reads "###Seed N" (else its seed is its command line's last word, else
// 1) and "###Start P"; then, for each turn of a player who receives input, it
// writes "###Input p", the player's init text on its first turn, its turn
// input and "###Output p 1", and plays the answer line it reads; a turn
// without input is played silent. At the end it writes "###End" with the
// ranking (the winner, then everyone else; a draw: everyone tied) and exits
// with status 0 (EngineRefereeOptions::exit_after_end).
//
// EngineBotsReferee is the same referee as one that launches its bots
// (arbiter.referee.completes), written as examples/referees/bots_referee.cc
// is: "-s SEED" on its command line (else 0), the game's handshake awaited
// from every bot, then each player's init text and turn input written to
// its bot, one line read within its answer limit; a bot late, dead or gone
// is put out (its input closed) and its player does nothing for the rest of
// the game; lines a bot wrote ahead are dropped before its next input unless
// the rules queue them. At the end it closes every bot's input, prints
// "RESULT <winner> <turns>" and exits.
//
// A planted bug is a rule: a deviation of the game's catalogue
// ({"deviation", name}, core/deviations.h) makes a referee with that bug,
// as a real one built on arbiter's engine would have it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "testing/fake_env.h"

namespace arbiter::harness::testing {

struct EngineRefereeOptions {
  RuleList rules;      // the referee's own rules, a planted deviation included
  int message_ms = 1;  // how long it takes to write each message (virtual)
  // The bots protocol: how long it waits for a bot's answer before it puts
  // the bot out (RefereeFuzzConfig::referee_action_ms, by default).
  int answer_ms = 100;
  // Ends its game early: after this many answers it writes "###End" with
  // the ranking of the state then (a referee cutting games short); -1 never.
  int end_after_answers = -1;
  // A bug the catalogue does not model: the answer line the referee plays
  // for the one it read, given how many it had read before it.
  std::function<std::string(std::string line, int answers)> misread = nullptr;
  // The relay of a busy machine (the bots protocol): whether the input of
  // the `asked`-th turn it asks (1: the first), to `seat`, is lost on its
  // way to arbiter. The referee waits its answer limit, then puts the bot
  // out, as for any silent bot; arbiter never saw the message.
  std::function<bool(int asked, int seat)> lost = nullptr;
  // How it ends after "###End": exits with this status (a Java port whose
  // second start reads a closed stdin exits 1), or with std::nullopt never
  // exits, even at the end of its stdin (a JVM kept alive by a non-daemon
  // thread), as long as cg-brutaltester, which stops it there, does not care.
  std::optional<int> exit_after_end = 0;
};

// The script of one referee process started as `argv`.
FakeScript EngineRunnerReferee(const GameInfo& game, EngineRefereeOptions options,
                               const std::vector<std::string>& argv);

// For FakeEnv::script_for: every referee the env starts is a fresh one.
inline std::function<FakeScript(const std::vector<std::string>&)> EngineRunnerReferees(
    const GameInfo& game, EngineRefereeOptions options) {
  return [&game, options](const std::vector<std::string>& argv) {
    return EngineRunnerReferee(game, options, argv);
  };
}

// The script of one bot-launching referee process started as `argv`.
FakeScript EngineBotsReferee(const GameInfo& game, EngineRefereeOptions options,
                             const std::vector<std::string>& argv);

inline std::function<FakeScript(const std::vector<std::string>&)> EngineBotsReferees(
    const GameInfo& game, EngineRefereeOptions options) {
  return [&game, options](const std::vector<std::string>& argv) {
    return EngineBotsReferee(game, options, argv);
  };
}

}  // namespace arbiter::harness::testing
