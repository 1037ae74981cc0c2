// What `check-bot` and `play` share: resolving the game, profile and limits,
// the check catalog from the spec register, the harness's self-calibration,
// the progress line, and writing the reports with the exit status.
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "check_bot.h"
#include "core/game.h"
#include "env.h"
#include "findings.h"
#include "run_report.h"
#include "session.h"

namespace arbiter::cli {

struct Prepared {
  const GameInfo* game = nullptr;
  const TimingProfile* profile = nullptr;
  std::vector<std::pair<std::string, std::string>> rules;
  harness::SessionConfig config;
  harness::CheckCatalog catalog;
  std::vector<harness::CheckInfo> checks;  // in register order
  // The register's "check_variants": rule sets check-bot's games cycle through.
  std::vector<std::vector<std::pair<std::string, std::string>>> check_variants;
};

int Usage(std::ostream& err, const std::string& command, const std::string& message);
bool Prepare(const RunOptions& o, const std::string& command, Prepared& p, std::ostream& err);
// "resident memory limit 2048 MB per bot (--memory-mb), CPU time 120 s".
std::string MemoryLimitsText(const harness::Limits& limits);
report::RunReport NewReport(const RunOptions& o, const Prepared& p, const std::string& tool);

// Round trips through the built-in echo bot (this executable, `echo-bot`).
report::Calibration Calibrate(harness::Env& env, const harness::SessionConfig& config,
                              int samples = 200);

// A progress line on a terminal (stderr), redrawn at most ten times a second.
class Progress {
 public:
  Progress(bool quiet, std::ostream& err);
  harness::Progress Callback();
  void Clear();

 private:
  bool on_;
  std::ostream& err_;
  long long last_ms_ = 0;
  bool drawn_ = false;
};

// Writes --json / --junit and the terminal summary; returns the exit status.
int Finish(const RunOptions& o, const report::RunReport& rep, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
