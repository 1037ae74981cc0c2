// RunnerDriver (runner_driver.h): the runner protocol, as cg-brutaltester
// speaks it (arbiter.referee.runner-protocol), held, on an engine, to a game
// whose answer is one line (RefereeDriverConfig::one_line_answers).
#include "referee/runner_driver.h"

#include <algorithm>
#include <utility>

#include "checks/findings.h"
#include "core/parse.h"
#include "process/interrupt.h"

namespace arbiter::harness {
namespace {

using std::chrono::milliseconds;

constexpr size_t kMaxInput = size_t{16} << 20;  // one turn's input, at most

// "###Output 1 2" -> {1, 2}; nullopt when malformed.
std::optional<std::pair<int, int>> TwoNumbers(std::string_view rest) {
  const size_t space = rest.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const auto a = ParseCanonicalInt(rest.substr(0, space));
  const auto b = ParseCanonicalInt(rest.substr(space + 1));
  if (!a || !b || *a < 0 || *a > 1000000 || *b < 0 || *b > 1000000) return std::nullopt;
  return std::pair(static_cast<int>(*a), static_cast<int>(*b));
}

}  // namespace

RunnerDriver::RunnerDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed)
    : RefereeDriver(env, config, seed, config.players) {
  pending_.assign(players_, "");
}

void RunnerDriver::Begin() {
  // cg-brutaltester's start: "###Start P" alone unless the seed line is
  // asked for (arbiter.referee.runner-protocol).
  if (config_.seed_line == SeedLine::kAlways) {
    const uint64_t n = config_.seed_line_value.value_or(seed_);
    start_text_ = "###Seed " + std::to_string(n) + "\n";
  }
  start_text_ += "###Start " + std::to_string(players_) + "\n";
  referee_->Write(start_text_);
}

void RunnerDriver::Deliver(const std::string& bytes) {
  referee_->Write(bytes);
  last_answer_ += bytes;
}

void RunnerDriver::NoAnswer() {
  last_answer_.clear();
  if (!current_ || !referee_) return;
  referee_->Write(std::string(static_cast<size_t>(current_->lines), '\n'));
  current_.reset();
}

void RunnerDriver::CloseInput() {
  if (referee_) referee_->CloseStdin();
}

bool RunnerDriver::ReadsMoreThanAsked() {
  if (last_answer_.empty() || referee_->exited()) return false;
  std::string line = last_answer_.substr(0, last_answer_.find('\n') + 1);
  last_answer_.clear();
  referee_->Write(line);
  env_.RunUntil(env_.Now() + milliseconds(2000),
                [&] { return referee_->HasLine() || referee_->exited() || Interrupted(); });
  return referee_->HasLine();
}

bool RunnerDriver::Line(const TimedLine& timed, std::optional<RefereeRequest>& request) {
  const auto fault = [&](const std::string& why, const char* check = "referee.protocol") {
    Stopped(check, why);
    return false;
  };
  const std::string& line = timed.line.text;
  if (outcome_.stdout_head.size() < 4096) outcome_.stdout_head += line + "\n";
  const bool strict = config_.one_line_answers;
  if (strict && timed.line.truncated)
    return fault("a line of " + std::to_string(timed.line.length) +
                     " bytes: " + EscapeBytes(line.substr(0, 120)),
                 "referee.garbage");
  if (line.rfind("###Input ", 0) == 0) {
    const auto p = ParseCanonicalInt(std::string_view(line).substr(9));
    if (!p || *p < 0 || *p >= players_)
      return fault("'" + EscapeBytes(line) + "' names no player of " + std::to_string(players_));
    input_seat_ = static_cast<int>(*p);
  } else if (line.rfind("###Output ", 0) == 0) {
    const auto pk = TwoNumbers(std::string_view(line).substr(10));
    if (!pk || pk->first < 0 || pk->first >= players_ || pk->second < 0 || pk->second > 1000)
      return fault("'" + EscapeBytes(line) + "' is not '###Output <player> <lines>'");
    input_seat_ = -1;
    if (strict && pk->second != 1)
      return fault("'" + EscapeBytes(line) + "' asks for " + std::to_string(pk->second) +
                   " lines; a turn answer is one line");
    if (pk->second == 0) return true;  // nothing is due
    request = RefereeRequest{pk->first, std::move(pending_[pk->first]), pk->second};
    pending_[pk->first].clear();
  } else if (line == "###End" || line.rfind("###End ", 0) == 0) {
    auto ranking = ParseRanking(line.size() > 7 ? line.substr(7) : "", players_);
    if (!ranking)
      return fault("'" + EscapeBytes(line) + "' does not rank each of the " +
                   std::to_string(players_) + " players exactly once");
    for (int s = 0; strict && s < players_; ++s)
      if (!pending_[s].empty())
        return fault("input for player " + std::to_string(s) + " without ###Output before ###End");
    outcome_.ranking = std::move(ranking);
    outcome_.result_line = line;
    outcome_.ended = true;
    return false;
  } else if (line.rfind("###", 0) == 0) {
    return fault("unknown runner command '" + EscapeBytes(line.substr(0, 120)) + "'");
  } else if (input_seat_ >= 0) {
    const size_t cap = strict ? size_t{1} << 16 : kMaxInput;
    pending_[input_seat_] += line + "\n";
    if (pending_[input_seat_].size() > cap)
      return fault("player " + std::to_string(input_seat_) + "'s input passed " +
                       (strict ? "64 KiB" : std::to_string(kMaxInput >> 20) + " MB") +
                       " before its ###Output",
                   strict ? "referee.garbage" : "referee.protocol");
  } else {
    return fault("'" + EscapeBytes(line.substr(0, 120)) +
                 "' came outside any ###Input block (debug output on the runner's stdout?)");
  }
  return true;
}

std::optional<RefereeRequest> RunnerDriver::Await(Clock::time_point deadline, int) {
  BotProcess& r = *referee_;
  std::optional<RefereeRequest> request;
  // The lines already queued are read even past the deadline (an ###End
  // that came while arbiter was busy); then each wait is to the deadline.
  while (r.HasLine() || env_.Now() < deadline) {
    // A flood: lines dropped while the queue was full, seen once it drains.
    if (!r.HasLine() && config_.one_line_answers && r.dropped_lines() > 0) {
      Stopped("referee.garbage", "more lines than arbiter keeps queued (a flood)");
      return std::nullopt;
    }
    env_.RunUntil(deadline, [&] { return r.HasLine() || r.stdout_eof() || Interrupted(); });
    if (Interrupted()) return std::nullopt;
    if (!r.HasLine()) break;
    if (!Line(r.PopLine(), request)) return request;
    if (request) {
      last_answer_.clear();  // this request's answer is the one ReadsMoreThanAsked resends
      return request;
    }
  }
  Silent();
  return std::nullopt;
}

void RunnerDriver::Silent() {
  BotProcess& r = *referee_;
  if (r.stdout_eof() && !r.HasLine()) {
    env_.RunUntil(env_.Now() + config_.exit_grace, [&] { return r.exited(); });
    ReadExit();
    if (!outcome_.exit_text.empty() && !outcome_.exit_clean)
      return Stopped("referee.crash", "the referee " + outcome_.exit_text + " before ###End");
    if (!r.partial().empty())
      return Stopped("referee.protocol",
                     "an unfinished last line: " + EscapeBytes(r.partial().substr(0, 120)));
    return Stopped(outcome_.exit_clean ? "referee.protocol" : "referee.crash",
                   "the referee " +
                       (outcome_.exit_clean ? outcome_.exit_text : "closed its stdout") +
                       " without ###End");
  }
  const bool out_of_time = OutOfTime();
  const std::string silent = out_of_time ? OutOfTimeText()
                                         : "the referee sent nothing for " +
                                               std::to_string(config_.patience.count()) + " ms";
  const int asked = static_cast<int>(std::count(last_answer_.begin(), last_answer_.end(), '\n'));
  // Only a referee silent for the whole patience is probed: one cut off by
  // the game's limit hangs, whatever a line more would make it do.
  if (!out_of_time && ReadsMoreThanAsked())
    return Stopped("referee.protocol",
                   silent + " after the " + std::to_string(asked) +
                       " line(s) its ###Output asked for; given one line more, it went on: it "
                       "reads more lines than its ###Output announces");
  Stopped("referee.hang", silent);
}

}  // namespace arbiter::harness
