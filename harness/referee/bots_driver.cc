// BotsDriver (bots_driver.h): a referee that launches its bots, each seat's
// bot one of arbiter's relays. A seat's input is framed into requests (by
// the game's messages on an engine), served in the order it left the
// referee; answers go back through the relay, at once, line by line, or
// late while the other seats play on.
#include "referee/bots_driver.h"

#include <algorithm>
#include <utility>

#include "checks/findings.h"
#include "core/parse.h"
#include "process/interrupt.h"

namespace arbiter::harness {
namespace {

constexpr size_t kResultsKept = 50;  // the referee's last lines that may be results
constexpr size_t kTailKept = 40;     // its last stdout lines, for a CodinGame SDK's scores
constexpr size_t kTailLineKept = 200;

}  // namespace

BotsDriver::BotsDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed)
    : RefereeDriver(env, config, seed, config.referee.seats()) {}

bool BotsDriver::OpenSeats(std::vector<std::string>& bots, SpawnOptions& options) {
  std::string error;
  relay_ = env_.OpenRelay(players_, config_.probe_executable, error);
  if (!relay_) {
    Stopped("referee.exec-failed", "arbiter could not open the bots' relays: " + error);
    return false;
  }
  for (int s = 0; s < players_; ++s) bots.push_back(relay_->ProbeCommand(s));
  readied_.assign(players_, 0);
  if (options.containment.sandbox) options.containment.shared = relay_->shared_paths();
  return true;
}

void BotsDriver::Deliver(const std::string& bytes) { relay_->Send(current_->seat, bytes); }

void BotsDriver::NoAnswer() {
  if (!current_ || !referee_) return;
  relay_->Kill(current_->seat);
  current_.reset();
}

void BotsDriver::StopSeats(bool all) {
  if (!relay_) return;
  for (int s = 0; s < players_; ++s)
    if (all || relay_->ended(s)) relay_->Kill(s);
}

void BotsDriver::KeepLastOutput() {
  if (!relay_) return;  // what it printed last, unfinished line included
  KeepStdout();
  if (outcome_.stdout_head.size() < 4096)
    outcome_.stdout_head += referee_->partial().substr(0, 4096 - outcome_.stdout_head.size());
}

bool BotsDriver::IsOwnProcess(std::string_view name) const {
  return relay_ && !relay_->process_name().empty() && name == relay_->process_name();
}

size_t BotsDriver::Complete(int seat) {
  const std::string& in = relay_->inbox(seat);
  if (config_.frame) return in.empty() ? 0 : config_.frame(in);
  return !in.empty() && in.back() == '\n' ? in.size() : 0;
}

void BotsDriver::KeepStdout() {
  while (referee_->HasLine()) {
    const std::string line = referee_->PopLine().line.text;
    if (outcome_.stdout_head.size() < 4096) outcome_.stdout_head += line + "\n";
    // A CodinGame SDK referee's scores (ReadCgSdkScores) are its last
    // lines, each short: a longer one only stands for a line there.
    stdout_tail_.push_back(line.size() <= kTailLineKept ? line : "\x01long line");
    if (stdout_tail_.size() > kTailKept) stdout_tail_.erase(stdout_tail_.begin());
    if (line.rfind("RESULT ", 0) == 0 || line.find("\"ranks\"") != std::string::npos) {
      result_lines_.push_back(line);
      if (result_lines_.size() > kResultsKept) result_lines_.erase(result_lines_.begin());
    }
  }
}

void BotsDriver::Tend() {
  KeepStdout();
  SeatRelay& relay = *relay_;
  for (int s = 0; s < players_ && config_.ready_line; ++s)
    for (; relay.connections(s) > readied_[s]; ++readied_[s])
      relay.Send(s, *config_.ready_line + "\n");
  // A seat whose input the referee closed: its relay exits, as a bot at
  // the end of its input does (a referee may wait for its bots' exits).
  for (int s = 0; s < players_; ++s)
    if (relay.ended(s) && relay.connected(s) && Complete(s) == 0) relay.Kill(s);
  if (late_ && env_.Now() >= late_->due) {
    relay.Send(late_->seat, late_->bytes);
    late_.reset();
  }
}

bool BotsDriver::AllClosed() {
  for (int s = 0; s < players_; ++s)
    if (!relay_->ended(s) || Complete(s) > 0) return false;
  return true;
}

int BotsDriver::Pick(int expected) {
  SeatRelay& relay = *relay_;
  int best = -1;
  for (int s = 0; s < players_; ++s)
    if (Complete(s) > 0 && (best < 0 || relay.last_arrival(s) < relay.last_arrival(best))) best = s;
  if (best < 0 || expected < 0 || expected >= players_ || expected == best) return best;
  // Messages to two seats that left the referee close together (it read
  // the first player's answer without waiting: a queued line) may cross
  // in two relays: the order they arrive in proves nothing.
  if (Complete(expected) == 0 && relay.connected(expected) && !relay.ended(expected) &&
      config_.reorder_patience.count() > 0)
    env_.RunUntil(env_.Now() + config_.reorder_patience, [&] {
      Tend();
      return Complete(expected) > 0 || referee_->exited() || Interrupted();
    });
  return Complete(expected) > 0 ? expected : best;
}

RefereeRequest BotsDriver::Take(int seat, bool queued) {
  SeatRelay& relay = *relay_;
  // A turn written in pieces: the later ones reach the bot as they come
  // (MoreInput), its time counted from the last.
  const size_t n = Complete(seat);
  RefereeRequest q{seat, relay.inbox(seat).substr(0, n), 0, queued};
  relay.inbox(seat).erase(0, n);
  ended_at_request_.assign(players_, false);
  inbox_at_request_.assign(players_, 0);
  for (int t = 0; t < players_; ++t) {
    ended_at_request_[t] = relay.ended(t);
    inbox_at_request_[t] = relay.inbox(t).size();
  }
  return q;
}

void BotsDriver::Drain() {
  if (drained_ || config_.drain_after_exit.count() <= 0) return;
  drained_ = true;
  // Until every relay has gone (a message still in flight arrives before
  // its relay's end): on a busy machine a relay can take far longer than
  // the referee's exit to pass on its last message.
  env_.RunUntil(env_.Now() + config_.drain_after_exit, [&] {
    KeepStdout();
    for (int s = 0; s < players_; ++s)
      if (relay_->connected(s) && !relay_->ended(s)) return false;
    return true;
  });
}

std::optional<RefereeRequest> BotsDriver::Await(Clock::time_point deadline, int expected) {
  held_.clear();  // the last request's streamed answer
  first_line_.clear();
  mutated_sent_ = false;
  BotProcess& r = *referee_;
  SeatRelay& relay = *relay_;
  const auto overflow = [&] {
    for (int s = 0; s < players_ && config_.frame; ++s)
      if (relay.inbox(s).size() > (size_t{1} << 16) && Complete(s) == 0) return s;
    return -1;
  };
  const auto any_complete = [&] {
    for (int s = 0; s < players_; ++s)
      if (Complete(s) > 0) return true;
    return false;
  };
  std::vector<bool> queued(players_);
  for (int s = 0; s < players_; ++s) queued[s] = Complete(s) > 0;
  for (bool reopened = true; reopened;) {
    for (;;) {
      const auto wake = late_ ? std::min(deadline, late_->due) : deadline;
      env_.RunUntil(wake, [&] {
        Tend();
        return any_complete() || overflow() >= 0 || r.exited() || AllClosed() || Interrupted() ||
               (late_ && env_.Now() >= late_->due);
      });
      Tend();
      if (Interrupted()) return std::nullopt;
      if (any_complete() || overflow() >= 0 || r.exited() || AllClosed() || env_.Now() >= deadline)
        break;
    }
    if (const int s = overflow(); s >= 0) {
      Stopped("referee.garbage",
              "more than 64 KiB sent to bot " + std::to_string(s) +
                  " without a complete message: " + EscapeBytes(relay.inbox(s).substr(0, 120)));
      return std::nullopt;
    }
    if (r.exited() && !any_complete()) Drain();
    if (const int s = Pick(expected); s >= 0) return Take(s, queued[s]);
    reopened = false;
    if (r.exited() || !AllClosed()) break;
    // Its bots' input closed: the game is over, unless it starts a bot
    // again (a referee that starts a bot for every turn).
    env_.RunUntil(std::min(env_.Now() + config_.exit_grace, deadline), [&] {
      Tend();
      return r.exited() || !AllClosed() || Interrupted();
    });
    if (Interrupted()) return std::nullopt;
    reopened = !r.exited() && !AllClosed() && env_.Now() < deadline;
  }
  if (!r.exited()) {
    Stopped("referee.hang", OutOfTime() ? OutOfTimeText()
                            : AllClosed()
                                ? "the referee closed every bot's input but did not exit within " +
                                      std::to_string(config_.exit_grace.count()) + " ms"
                            : until_ && env_.Now() >= *until_
                                ? "the referee made no progress in the time arbiter gave it"
                                : "the referee wrote nothing to any bot for " +
                                      std::to_string(config_.patience.count()) + " ms");
    return std::nullopt;
  }
  KeepStdout();
  ReadExit();
  ResultFromStdout();
  if (outcome_.ranking || outcome_.exit_clean) {
    outcome_.ended = true;
  } else {
    Stopped("referee.crash", "the referee " + outcome_.exit_text + " with no result line");
  }
  return std::nullopt;
}

// The ranking a bot-launching referee prints: its last result line
// (ReadResultLine), else a CodinGame SDK referee's scores.
void BotsDriver::ResultFromStdout() {
  for (auto l = result_lines_.rbegin(); l != result_lines_.rend(); ++l) {
    auto result = ReadResultLine(*l, players_);
    if (!result) continue;
    outcome_.ranking = std::move(result->ranking);
    outcome_.errors = std::move(result->errors);
    outcome_.result_line = *l;
    return;
  }
  // No result line: a referee started as cg-brutaltester starts a CodinGame
  // SDK referee prints its players' scores instead (arbiter.referee.result).
  if (!LaunchedLikeTheCgSdk(config_.referee.argv(), players_)) return;
  if (auto scores = ReadCgSdkScores(stdout_tail_, players_)) {
    outcome_.ranking = std::move(scores->ranking);
    outcome_.scores = std::move(scores->scores);
    outcome_.result_line = std::move(scores->text);
  }
}

// A streamed answer (the bots protocol) goes line by line as the bot
// writes it; a late one is held back until it is over (Answered), and the
// extra lines follow it, as a real pipe would carry them.
void BotsDriver::Stream(const std::string& line) {
  if (!current_ || !relay_) return;
  const std::optional<AnswerFamily> family = Family();
  const std::string bytes = line + "\n";
  if (first_line_.empty()) {
    first_line_ = bytes;
    if (config_.fuzz) seen_.See(bytes);  // the bot's own, before any mutation
  }
  if (!family || *family == AnswerFamily::kExtra) {
    Deliver(bytes);
  } else if (*family == AnswerFamily::kLate) {
    held_ += bytes;
  } else if (*family == AnswerFamily::kCrash) {
    if (!std::exchange(mutated_sent_, true)) Drop(current_->seat);
  } else if (*family != AnswerFamily::kMissing) {
    if (std::exchange(mutated_sent_, true)) return Deliver(bytes);
    const std::string mutated = Mutated(*family, bytes);
    if (!outcome_.mutated.empty()) outcome_.mutated.back().bytes = mutated.substr(0, 200);
    Deliver(mutated);
  }
}

void BotsDriver::AnswerAfter(const std::vector<std::string_view>& lines,
                             std::chrono::milliseconds delay) {
  if (!current_ || !relay_) return;
  std::string bytes;
  for (const std::string_view l : lines) (bytes += l) += '\n';
  late_ = Late{current_->seat, std::move(bytes), env_.Now() + delay};
  current_.reset();
}

bool BotsDriver::Stall() {
  if (!current_ || !relay_) return false;
  const bool wrote =
      relay_->WriteStderr(current_->seat, "arbiter-probe: a line without its newline");
  current_.reset();
  return wrote;
}

void BotsDriver::Answered() {
  if (current_ && family_ == AnswerFamily::kLate && !held_.empty()) {
    WaitLate();
    Deliver(held_);
  } else if (current_ && family_ == AnswerFamily::kExtra && !first_line_.empty()) {
    Deliver(first_line_ + first_line_);
  }
  current_.reset();
}

void BotsDriver::Handshake(int seat, const std::string& line) {
  if (relay_ && seat >= 0 && seat < players_) relay_->Send(seat, line + "\n");
}

bool BotsDriver::Moved() const {
  if (!referee_ || referee_->exited()) return true;
  if (!relay_) return false;
  // What was already waiting for another seat is not a move (a referee
  // that writes to every seat before it reads any).
  for (int s = 0; s < players_ && s < static_cast<int>(ended_at_request_.size()); ++s)
    if (relay_->inbox(s).size() > inbox_at_request_[s] || relay_->ended(s) != ended_at_request_[s])
      return true;
  return false;
}

bool BotsDriver::OthersWaiting() const {
  if (!current_) return false;
  for (int s = 0; s < static_cast<int>(inbox_at_request_.size()); ++s)
    if (s != current_->seat && inbox_at_request_[s] > 0) return true;
  return false;
}

void BotsDriver::Drop(int seat) {
  if (relay_ && seat >= 0 && seat < players_) relay_->Kill(seat);
}

std::string BotsDriver::MoreInput(int seat) {
  if (!relay_ || seat < 0 || seat >= players_) return "";
  std::string more = std::move(relay_->inbox(seat));
  relay_->inbox(seat).clear();
  return more;
}

bool BotsDriver::SeatStopped(int seat) const {
  return relay_ && seat >= 0 && seat < players_ &&
         (!relay_->connected(seat) || relay_->ended(seat));
}

int BotsDriver::Connections(int seat) const {
  return relay_ && seat >= 0 && seat < players_ ? relay_->connections(seat) : 0;
}

bool BotsDriver::SeatClosed(int seat) const {
  return relay_ && seat >= 0 && seat < players_ && relay_->ended(seat) && !outcome_.ended;
}

}  // namespace arbiter::harness
