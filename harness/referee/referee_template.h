// A referee's command template, owned in one place (arbiter.referee.template):
// the referee's argv with its placeholders, the protocol it speaks, checked
// once and instantiated for each game by the one referee driver
// (referee_driver.h: check-bot, play, fuzz-referee with an engine and
// without).
//
//   {seed}          the game's seed, in any argument, any number of times;
//   {bot0}..{botN}  a referee that launches its bots: the command it runs
//                   for seat K (arbiter's relay), each exactly once;
//                   none under the runner protocol, where the referee
//                   speaks to arbiter on its own stdin and stdout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {

enum class RefereeProtocol {
  kLaunchesBots,  // the referee starts {bot0}, {bot1}, ...
  kRunner,        // CodinGame's runner protocol (cg-brutaltester): ###Input/###Output/###End
};

// "bots" or "cg-runner", as --protocol says it.
std::string_view ProtocolName(RefereeProtocol p);
std::optional<RefereeProtocol> ProtocolFromName(std::string_view name);

class RefereeTemplate {
 public:
  RefereeTemplate() = default;
  // Checks `argv` for `protocol`: every placeholder known, each {botK} once,
  // {bot0}..{bot<players-1>} all there (players < 0: as many as the
  // template names, contiguous from {bot0}, at least 2) or none under the
  // runner protocol. nullopt and `error` (starting "--referee: ") otherwise.
  static std::optional<RefereeTemplate> Check(std::vector<std::string> argv,
                                              RefereeProtocol protocol, int players,
                                              std::string& error);
  // The same from a command line, split as a shell would (no expansion).
  static std::optional<RefereeTemplate> Parse(const std::string& command, RefereeProtocol protocol,
                                              int players, std::string& error);

  // The argv of one game: {seed} and, per seat, bots[K] for {botK}.
  std::vector<std::string> Instantiate(uint64_t seed, const std::vector<std::string>& bots) const;

  const std::vector<std::string>& argv() const { return argv_; }
  RefereeProtocol protocol() const { return protocol_; }
  // Seats the template launches ({botK}); 0 under the runner protocol.
  int seats() const { return seats_; }
  // Whether {seed} appears: a referee given no seed draws its own (its
  // games cannot be replayed by seed).
  bool takes_seed() const { return takes_seed_; }

 private:
  std::vector<std::string> argv_;
  RefereeProtocol protocol_ = RefereeProtocol::kLaunchesBots;
  int seats_ = 0;
  bool takes_seed_ = false;
};

}  // namespace arbiter::harness
