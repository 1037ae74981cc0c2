// ProbeSeedLine and ResolveSeedLine (seed_line.h).
#include "referee/seed_line.h"

#include <algorithm>

#include "process/interrupt.h"

namespace arbiter::harness {
namespace {

using std::chrono::milliseconds;

// The referee's first request after `start`: "seat\ninput", or nullopt with
// `why` set when it asked for none.
std::optional<std::string> FirstRequest(Env& env, const RefereeDriverConfig& config, uint64_t seed,
                                        std::string& why) {
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, config, seed);
  RefereeDriver& driver = *driver_made;
  if (!driver.Start()) {
    why = driver.outcome().fault;
    return std::nullopt;
  }
  const std::optional<RefereeRequest> q = driver.Next();
  driver.Finish();  // mid-game: stopped at once, never judged
  if (!q) {
    const RefereeOutcome& o = driver.outcome();
    why = !o.fault.empty() ? o.fault : o.ended ? "it ended its game at once" : "it asked for none";
    return std::nullopt;
  }
  return std::to_string(q->seat) + "\n" + q->input;
}

}  // namespace

SeedLineProbe ProbeSeedLine(Env& env, const RefereeDriverConfig& config, uint64_t seed) {
  RefereeDriverConfig c = config;
  c.seed_line = SeedLine::kAlways;
  c.fuzz.reset();
  c.exit_grace = milliseconds(0);
  c.patience = std::min(c.patience, milliseconds(10000));
  const uint64_t values[3] = {seed, seed, seed + 1};
  std::string first[3];
  SeedLineProbe probe;
  for (int i = 0; i < 3; ++i) {
    c.seed_line_value = values[i];
    std::string why;
    const std::optional<std::string> got = FirstRequest(env, c, seed, why);
    if (Interrupted()) return probe;
    if (!got) {
      probe.evidence = "given '###Seed " + std::to_string(values[i]) +
                       "' before '###Start', it asked for no answer (" + why + ")";
      return probe;
    }
    first[i] = *got;
  }
  const std::string s = std::to_string(seed), s1 = std::to_string(seed + 1);
  if (first[0] != first[1]) {
    probe.unrepeatable = true;
    probe.evidence = "given '###Seed " + s +
                     "' twice with the same command, its first input differed: it draws its "
                     "game from elsewhere (its clock?), so a game may not replay";
  } else if (first[0] == first[2]) {
    probe.evidence = "its first input was the same given '###Seed " + s + "' and '###Seed " + s1 +
                     "': the line changes nothing it shows";
  } else {
    probe.reads = true;
    probe.evidence = "given '###Seed " + s +
                     "' twice its first input was the same, given '###Seed " + s1 +
                     "' another: it reads the line";
  }
  return probe;
}

std::string ResolveSeedLine(Env& env, RefereeDriverConfig& config, uint64_t seed,
                            bool* unrepeatable) {
  if (config.referee.protocol() != RefereeProtocol::kRunner) return "";
  const std::string start = "'###Start " + std::to_string(config.players) + "'";
  if (config.seed_line == SeedLine::kAlways)
    return "referee start: '###Seed N' then " + start + " (--seed-line always)";
  if (config.seed_line == SeedLine::kNever)
    return "referee start: " + start + " alone (--seed-line never)";
  const SeedLineProbe probe = ProbeSeedLine(env, config, seed);
  config.seed_line = probe.reads ? SeedLine::kAlways : SeedLine::kNever;
  if (unrepeatable) *unrepeatable = probe.unrepeatable;
  if (probe.reads)
    return "referee start: '###Seed N' then " + start + ": " + probe.evidence +
           " (three starts, stopped at their first request)";
  return "referee start: " + start + " alone, as cg-brutaltester sends it: " + probe.evidence +
         " (three starts with '###Seed N' first, stopped at their first request; "
         "--seed-line always sends it)";
}

}  // namespace arbiter::harness
