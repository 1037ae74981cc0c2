// Where a long run is while it runs (arbiter.cli.progress), on stderr. On a
// terminal, one live line redrawn at most ten times a second: "game 36/300 ·
// 1.9 games/s · 2 findings · ETA 2m10s · game-37, turn 12". In a log (not a
// terminal), from 10 s into the run, a plain line at each tenth of the run
// and whenever 10 s have passed since the last: "fuzz-referee: 120/300
// games, 2 findings, 1m03s, about 1m40s to go"; a shorter run prints only its
// summary, which is then its first line.
// --quiet turns both off. Safe to call from several threads (--jobs).
#pragma once

#include <functional>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace arbiter::harness {

class RunProgress {
 public:
  using Clock = std::function<long long()>;  // milliseconds on a steady clock
  // `command` names the log lines; `total` is what the run plans, `unit`
  // what they are ("games", "matches"). `tty` and `clock` default to stderr
  // being a terminal and the steady clock (tests give their own).
  RunProgress(bool quiet, std::ostream& err, std::string command, long long total,
              std::string unit = "games", std::optional<bool> tty = {}, Clock clock = {});
  // The match and turn being played, for the live line (nothing in a log);
  // a harness::Progress.
  std::function<void(const std::string& match, int turn)> Callback();
  // One more game or match is over; `findings` is the run's count so far.
  void Finished(int findings);
  // The run plans `more` games beyond its total (fuzz-referee's deliveries).
  void Plan(long long more);
  // Erases the live line before the summary is printed.
  void Clear();

 private:
  std::string Counts(long long now) const;  // "36/300 games ... " for either form
  void Draw(long long now);

  std::mutex mu_;
  bool on_, tty_;
  std::ostream& err_;
  std::string command_, unit_;
  long long total_;
  Clock clock_;
  long long start_ms_, last_draw_ms_ = -1000, last_line_ms_;
  long long done_ = 0;
  int findings_ = 0;
  int last_tenth_ = 0;
  std::string current_;  // "game-37, turn 12"
  bool drawn_ = false;
};

}  // namespace arbiter::harness
