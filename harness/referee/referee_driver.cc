// RefereeDriver (referee_driver.h): what every protocol's driver shares (the
// referee's start, the game's limit, the answers' mutations, its stderr, its
// exit and teardown), and MakeRefereeDriver.
#include "referee/referee_driver.h"

#include <algorithm>
#include <utility>

#include "checks/findings.h"
#include "core/parse.h"
#include "process/interrupt.h"
#include "referee/bots_driver.h"
#include "referee/runner_driver.h"

namespace arbiter::harness {
using std::chrono::milliseconds;

std::unique_ptr<RefereeDriver> MakeRefereeDriver(Env& env, const RefereeDriverConfig& config,
                                                 uint64_t seed) {
  switch (config.referee.protocol()) {
    case RefereeProtocol::kRunner:
      return std::make_unique<RunnerDriver>(env, config, seed);
    case RefereeProtocol::kLaunchesBots:
      break;
  }
  return std::make_unique<BotsDriver>(env, config, seed);
}

RefereeDriver::RefereeDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed,
                             int players)
    : env_(env), config_(config), seed_(seed), players_(players) {}

bool RefereeDriver::Start() {
  std::vector<std::string> bots;
  SpawnOptions options;
  options.limits = config_.limits;
  options.env = config_.env;
  options.containment = config_.containment;
  if (!OpenSeats(bots, options)) return false;
  argv_ = config_.referee.Instantiate(seed_, bots);
  options.argv = argv_;
  options.max_line_bytes = config_.one_line_answers ? size_t{1} << 16 : size_t{1} << 20;
  std::string error;
  referee_ = env_.Spawn(options, error);
  if (!referee_) {
    Stopped("referee.exec-failed", error.empty() ? "the referee could not be started" : error);
    return false;
  }
  outcome_.started = true;
  started_at_ = env_.Now();
  Begin();
  return true;
}

void RefereeDriver::Stopped(const std::string& check, const std::string& why) {
  if (!outcome_.fault_check.empty() || outcome_.ended) return;
  outcome_.fault_check = check;
  outcome_.fault = why;
  outcome_.cut_by_limit = check == "referee.hang" && OutOfTime();
}

void RefereeDriver::ReadExit() {
  if (!referee_ || !referee_->exited()) return;
  outcome_.exit_code = referee_->exit_code();
  outcome_.term_signal = referee_->term_signal();
  if (referee_->exit_code()) {
    outcome_.exit_clean = *referee_->exit_code() == 0;
    outcome_.exit_text = "exited with status " + std::to_string(*referee_->exit_code());
  } else if (referee_->term_signal()) {
    outcome_.exit_text = "was killed by signal " + std::to_string(*referee_->term_signal());
  }
  outcome_.stderr_tail = LastLines(referee_->stderr_tail(), 12);
  outcome_.containment = referee_->ContainmentEvidence();  // arbiter.process.contained
}

std::optional<RefereeRequest> RefereeDriver::Next(const NextHint& hint) {
  current_.reset();
  if (!referee_ || outcome_.ended || !outcome_.fault_check.empty()) return std::nullopt;
  // Past the game's limit, no more turns: only what the referee already
  // said (an exit, a runner's queued lines: its ###End) is still read.
  if (OutOfTime() && !referee_->exited() && !HasQueued()) {
    Stopped("referee.hang", OutOfTimeText());
    return std::nullopt;
  }
  auto deadline = env_.Now() + config_.patience;
  if (config_.game_limit.count() > 0)
    deadline = std::min(deadline, started_at_ + config_.game_limit);
  until_ = hint.until;
  if (until_) deadline = std::min(deadline, *until_);
  current_ = Await(deadline, hint.expected_seat);
  if (current_) request_index_ = outcome_.requests++;
  family_.reset();
  family_taken_ = false;
  return current_;
}

std::optional<AnswerFamily> RefereeDriver::Family() {
  if (family_taken_ || !config_.fuzz || !current_) return family_;
  family_taken_ = true;
  const auto at = config_.fuzz->at.find(request_index_);
  if (at == config_.fuzz->at.end()) return family_;
  outcome_.mutated.push_back({request_index_, current_->seat, at->second});
  return family_ = at->second;
}

bool RefereeDriver::OutOfTime() {
  return config_.game_limit.count() > 0 && env_.Now() >= started_at_ + config_.game_limit;
}

std::string RefereeDriver::OutOfTimeText() const {
  const auto ms = config_.game_limit.count();
  return "no end within the per-game time limit of " +
         (ms % 1000 ? std::to_string(ms) + " ms" : std::to_string(ms / 1000) + " s") +
         " (--time-limit)";
}

void RefereeDriver::WaitLate() {
  env_.RunUntil(env_.Now() + milliseconds(config_.fuzz->late_ms), [] { return false; });
}

std::string RefereeDriver::Mutated(AnswerFamily family, const std::string& bytes) const {
  return MutateAnswer(family, bytes, config_.fuzz->salt ^ static_cast<uint64_t>(request_index_),
                      &seen_);
}

void RefereeDriver::Answer(const std::vector<std::string_view>& lines) {
  if (!current_ || !referee_) return;
  std::string bytes;
  for (std::string_view l : lines) {
    if (DropsCrBeforeNewline() && l.ends_with('\r')) l.remove_suffix(1);
    (bytes += l) += '\n';
  }
  if (config_.fuzz) seen_.See(bytes);  // the bot's own, before any mutation
  const std::optional<AnswerFamily> family = Family();
  if (!family) {
    Deliver(bytes);
  } else if (*family == AnswerFamily::kCrash) {
    Drop(current_->seat);
  } else if (*family == AnswerFamily::kLate) {
    WaitLate();
    Deliver(bytes);
  } else if (*family != AnswerFamily::kMissing) {
    const std::string mutated = Mutated(*family, bytes);
    if (!outcome_.mutated.empty()) outcome_.mutated.back().bytes = mutated.substr(0, 200);
    Deliver(mutated);
  }
  current_.reset();
}

bool RefereeDriver::WaitForExit(std::chrono::milliseconds grace) {
  if (!referee_) return false;
  if (!referee_->exited() && !Interrupted())
    env_.RunUntil(env_.Now() + grace, [&] { return referee_->exited() || Interrupted(); });
  return referee_->exited();
}

std::vector<RefereeSaid> RefereeDriver::TakeSaid() {
  std::vector<RefereeSaid> said;
  if (!referee_) return said;
  // What came with the request (a complaint written just before it) is read
  // now, so that it is this turn's, not the next one's.
  env_.Poll();
  const std::string fresh = StderrSince(*referee_, stderr_seen_);
  if (fresh.empty()) return said;
  std::string text = stderr_partial_ + fresh;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    std::string line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && said.size() < 200) said.push_back(ReadRefereeLine(line, players_));
  }
  stderr_partial_ = text.substr(start, 4096);
  return said;
}

std::string LeftoversText(const RefereeOutcome& o) {
  if (o.leftovers.empty()) return "";
  std::string text = "the referee left " + std::to_string(o.leftovers.size()) +
                     (o.leftovers.size() >= 20 ? " or more" : "") +
                     " process(es) running a second after its exit:";
  for (size_t i = 0; i < o.leftovers.size(); ++i) text += (i ? ", " : " ") + o.leftovers[i];
  return text + "; arbiter killed them";
}

void RefereeDriver::SettleAfterExit() {
  // Its bots are arbiter's relays, ended with its game; then what the
  // referee started is given up to a second to follow it (a shell around a
  // bot exits once its bot has).
  StopSeats(true);
  // The same processes teardown will count, arbiter's relays aside.
  const Clock::time_point until = env_.Now() + milliseconds(1000);
  for (auto step = milliseconds(2); env_.Now() < until && !Interrupted();
       step = std::min(step * 2, milliseconds(50))) {
    bool others = false;
    for (const auto& [pid, name] : referee_->LiveMembers()) others = others || !IsOwnProcess(name);
    if (!others) return;
    env_.RunUntil(std::min(until, env_.Now() + step), [] { return false; });
  }
}

std::string RunnerExitAfterEndText(const RefereeOutcome& o) {
  if (o.exit_text.empty() || o.exit_clean) return "";
  const std::string end = o.ranking ? "'###End " + FormatRanking(*o.ranking) + "'" : "###End";
  return "the referee ended its game with " + end + ", then " + o.exit_text +
         "; cg-brutaltester stops a referee at ###End, so no game is lost to it";
}

void RefereeDriver::NoteLeftovers(const TeardownReport& t) {
  for (size_t i = 0; i < t.leftovers.size() && outcome_.leftovers.size() < 20; ++i) {
    const std::string name = i < t.leftover_names.size() ? t.leftover_names[i] : "";
    if (IsOwnProcess(name)) continue;  // arbiter's own
    outcome_.leftovers.push_back(std::to_string(t.leftovers[i]) +
                                 (name.empty() ? "" : " (" + name + ")"));
  }
}

void RefereeDriver::Finish() {
  if (finished_ || !referee_) return;
  finished_ = true;
  StopSeats(false);  // the referee may wait for its bots to exit
  if (outcome_.ended && !referee_->exited() && !Interrupted())
    env_.RunUntil(env_.Now() + config_.exit_grace, [&] { return referee_->exited(); });
  ReadExit();
  if (outcome_.ended && !referee_->exited() && !Interrupted()) {
    outcome_.exit_hung = true;
    outcome_.exit_text = "did not exit within " + std::to_string(config_.exit_grace.count()) +
                         " ms of its game's end (arbiter stopped it)";
  }
  // Leftovers of a referee that exited cleanly: one that crashed or
  // failed left them because it did (one cause, one finding).
  const bool exited_clean = referee_->exited() && outcome_.exit_clean;
  if (exited_clean && !Interrupted()) SettleAfterExit();
  const TeardownReport t = referee_->Terminate(milliseconds(Interrupted() ? 0 : 200));
  if (exited_clean && t.exited_before && !Interrupted()) NoteLeftovers(t);
  KeepLastOutput();
  if (outcome_.stderr_tail.empty()) outcome_.stderr_tail = LastLines(referee_->stderr_tail(), 12);
}

}  // namespace arbiter::harness
