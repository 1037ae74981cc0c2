// The one event model every report is written from: what a run of
// `arbiter check-bot` or `arbiter play` did (its configuration, the command
// that produced it, every match with its turns, every finding) and the table
// of checks with their clauses. One writer per format reads it:
// WriteJson, WriteJunit, WriteTerminal (and, later, Markdown and HTML).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "findings.h"
#include "session.h"

namespace arbiter::report {

inline constexpr const char* kVersion = "0.1.0";
inline constexpr const char* kJsonSchema = "arbiter-report/1";

struct Calibration {
  int samples = 0;
  double median_ms = 0, p99_ms = 0, max_ms = 0;
};

struct RunReport {
  std::string tool;  // "check-bot", "play"
  std::string game;
  std::string profile;
  int ready_ms = 0, first_action_ms = 0, action_ms = 0;
  std::optional<uint64_t> seed;
  std::vector<std::string> bot;            // the bot's argv (check-bot)
  std::string command;                     // the command line that produced the report
  std::vector<harness::CheckInfo> checks;  // the game's check table
  std::vector<harness::MatchResult> matches;
  std::vector<std::string> skipped;  // match ids not run (stopped at the first failure)
  std::optional<Calibration> calibration;
  std::string harness_error;  // set when arbiter itself could not run

  int Count(harness::Severity s) const;
  int BotTurns() const;
  bool Failed() const { return Count(harness::Severity::kFail) > 0; }
};

// Percentile (0..100) of a sample, by nearest rank; 0 for an empty sample.
double Percentile(std::vector<double> values, double p);

void WriteJson(const RunReport& report, std::ostream& out);
void WriteJunit(const RunReport& report, std::ostream& out);
// The terminal summary: the verdict first, then each finding with its
// evidence. `colour` adds ANSI colours (only on a TTY); `verbose` adds passed
// checks and per-match lines.
void WriteTerminal(const RunReport& report, std::ostream& out, bool colour, bool verbose);

}  // namespace arbiter::report
