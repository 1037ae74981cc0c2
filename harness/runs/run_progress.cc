// Progress lines of a long run (run_progress.h).
#include "runs/run_progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ostream>

namespace arbiter::harness {
namespace {

long long SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// 130 s -> "2m10s"; 45 s -> "45s"; 3700 s -> "1h01m".
std::string Duration(long long s) {
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, s / 60 % 60);
  } else if (s >= 60) {
    std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%llds", s);
  }
  return buf;
}

}  // namespace

RunProgress::RunProgress(bool quiet, std::ostream& err, std::string command, long long total,
                         std::string unit, std::optional<bool> tty, Clock clock)
    : on_(!quiet),
      tty_(tty.value_or(isatty(2) == 1)),
      err_(err),
      command_(std::move(command)),
      unit_(std::move(unit)),
      total_(total),
      clock_(clock ? std::move(clock) : Clock(SteadyMs)) {
  start_ms_ = last_line_ms_ = clock_();
}

std::function<void(const std::string&, int)> RunProgress::Callback() {
  if (!on_ || !tty_) return {};
  return [this](const std::string& match, int turn) {
    std::lock_guard lock(mu_);
    current_ = match + ", turn " + std::to_string(turn);
    const long long now = clock_();
    if (now - last_draw_ms_ >= 100) Draw(now);
  };
}

std::string RunProgress::Counts(long long now) const {
  const double seconds = static_cast<double>(now - start_ms_) / 1000.0;
  char rate[48] = "";
  if (done_ > 0 && seconds > 0)
    std::snprintf(rate, sizeof rate, "%.1f %s/s", static_cast<double>(done_) / seconds,
                  unit_.c_str());
  std::string eta;
  if (done_ > 0 && done_ < total_)
    eta = Duration(static_cast<long long>(
        seconds * static_cast<double>(total_ - done_) / static_cast<double>(done_) + 0.5));
  const std::string found = std::to_string(findings_) + (findings_ == 1 ? " finding" : " findings");
  if (!tty_)
    return command_ + ": " + std::to_string(done_) + "/" + std::to_string(total_) + " " + unit_ +
           ", " + found + ", " + Duration(static_cast<long long>(seconds)) +
           (eta.empty() ? "" : ", about " + eta + " to go");
  std::string line = std::to_string(done_) + "/" + std::to_string(total_) + " " + unit_;
  if (*rate) line += " · " + std::string(rate);
  line += " · " + found;
  if (!eta.empty()) line += " · ETA " + eta;
  if (!current_.empty()) line += " · " + current_;
  return line;
}

void RunProgress::Draw(long long now) {
  last_draw_ms_ = now;
  err_ << "\r\033[K  " << Counts(now) << std::flush;
  drawn_ = true;
}

void RunProgress::Finished(int findings) {
  if (!on_) return;
  std::lock_guard lock(mu_);
  ++done_;
  findings_ = findings;
  const long long now = clock_();
  if (tty_) {
    if (now - last_draw_ms_ >= 100 || done_ == total_) Draw(now);
    return;
  }
  // A run shorter than 10 s prints no progress in a log: its summary is all.
  if (now - start_ms_ < 10000) return;
  const int tenth = total_ > 0 ? static_cast<int>(done_ * 10 / total_) : 0;
  if (tenth > last_tenth_ || now - last_line_ms_ >= 10000) {
    last_tenth_ = tenth;
    last_line_ms_ = now;
    err_ << Counts(now) << "\n" << std::flush;
  }
}

void RunProgress::Plan(long long more) {
  std::lock_guard<std::mutex> lock(mu_);
  total_ += more;
}

void RunProgress::Clear() {
  std::lock_guard lock(mu_);
  if (drawn_) err_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace arbiter::harness
