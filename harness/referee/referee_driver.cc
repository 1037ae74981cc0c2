// RefereeDriver (referee_driver.h): a game through a real referee, on Env.
#include "referee/referee_driver.h"

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

RefereeDriver::RefereeDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed)
    : env_(env), config_(config), seed_(seed) {
  players_ = config.referee.protocol() == RefereeProtocol::kRunner ? config.players
                                                                   : config.referee.seats();
  pending_.assign(players_, "");
}

RefereeDriver::~RefereeDriver() { Finish(); }

bool RefereeDriver::Start() {
  std::vector<std::string> bots;
  if (config_.referee.protocol() == RefereeProtocol::kLaunchesBots) {
    std::string error;
    relay_ = env_.OpenRelay(players_, config_.probe_executable, error);
    if (!relay_) {
      Stopped("referee.exec-failed", "arbiter could not open the bots' relays: " + error);
      return false;
    }
    for (int s = 0; s < players_; ++s) bots.push_back(relay_->ProbeCommand(s));
    readied_.assign(players_, 0);
  }
  argv_ = config_.referee.Instantiate(seed_, bots);
  SpawnOptions options;
  options.argv = argv_;
  options.limits = config_.limits;
  options.env = config_.env;
  options.containment = config_.containment;
  if (relay_ && options.containment.sandbox) options.containment.shared = relay_->shared_paths();
  options.max_line_bytes = config_.one_line_answers ? size_t{1} << 16 : size_t{1} << 20;
  std::string error;
  referee_ = env_.Spawn(options, error);
  if (!referee_) {
    Stopped("referee.exec-failed", error.empty() ? "the referee could not be started" : error);
    return false;
  }
  outcome_.started = true;
  started_at_ = env_.Now();
  if (config_.referee.protocol() == RefereeProtocol::kRunner) {
    // cg-brutaltester's start: "###Start P" alone unless the seed line is
    // asked for (arbiter.referee.runner-protocol).
    if (config_.seed_line == SeedLine::kAlways) {
      const uint64_t n = config_.seed_line_value.value_or(seed_);
      start_text_ = "###Seed " + std::to_string(n) + "\n";
    }
    start_text_ += "###Start " + std::to_string(players_) + "\n";
    referee_->Write(start_text_);
  }
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
  const bool runner = config_.referee.protocol() == RefereeProtocol::kRunner;
  if (OutOfTime() && !referee_->exited() && !(runner && referee_->HasLine())) {
    Stopped("referee.hang", OutOfTimeText());
    return std::nullopt;
  }
  auto deadline = env_.Now() + config_.patience;
  if (config_.game_limit.count() > 0)
    deadline = std::min(deadline, started_at_ + config_.game_limit);
  until_ = hint.until;
  if (until_) deadline = std::min(deadline, *until_);
  current_ = runner ? NextFromRunner(deadline) : NextFromRelay(deadline, hint.expected_seat);
  if (current_) request_index_ = outcome_.requests++;
  family_.reset();
  family_taken_ = mutated_sent_ = false;
  held_.clear();
  first_line_.clear();
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

void RefereeDriver::Deliver(const std::string& bytes) {
  if (relay_) {
    relay_->Send(current_->seat, bytes);
  } else {
    referee_->Write(bytes);
    last_answer_ += bytes;
  }
}

bool RefereeDriver::ReadsMoreThanAsked() {
  if (last_answer_.empty() || referee_->exited()) return false;
  std::string line = last_answer_.substr(0, last_answer_.find('\n') + 1);
  last_answer_.clear();
  referee_->Write(line);
  env_.RunUntil(env_.Now() + milliseconds(2000),
                [&] { return referee_->HasLine() || referee_->exited() || Interrupted(); });
  return referee_->HasLine();
}

bool RefereeDriver::RunnerLine(const TimedLine& timed, std::optional<RefereeRequest>& request) {
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

std::optional<RefereeRequest> RefereeDriver::NextFromRunner(Clock::time_point deadline) {
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
    if (!RunnerLine(r.PopLine(), request) || request) return request;
  }
  RunnerStopped();
  return std::nullopt;
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

void RefereeDriver::RunnerStopped() {
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
  for (const std::string_view l : lines) (bytes += l) += '\n';
  last_answer_.clear();
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

void RefereeDriver::NoAnswer() {
  last_answer_.clear();
  if (!current_ || !referee_) return;
  if (relay_) {
    relay_->Kill(current_->seat);
  } else {
    referee_->Write(std::string(static_cast<size_t>(current_->lines), '\n'));
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

void RefereeDriver::CloseInput() {
  if (referee_ && !relay_) referee_->CloseStdin();
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
  if (relay_)
    for (int s = 0; s < players_; ++s) relay_->Kill(s);
  // The same processes teardown will count, arbiter's relays aside.
  const Clock::time_point until = env_.Now() + milliseconds(1000);
  for (auto step = milliseconds(2); env_.Now() < until && !Interrupted();
       step = std::min(step * 2, milliseconds(50))) {
    bool others = false;
    for (const auto& [pid, name] : referee_->LiveMembers()) others = others || !IsRelay(name);
    if (!others) return;
    env_.RunUntil(std::min(until, env_.Now() + step), [] { return false; });
  }
}

bool RefereeDriver::IsRelay(std::string_view name) const {
  return relay_ && !relay_->process_name().empty() && name == relay_->process_name();
}

void RefereeDriver::NoteLeftovers(const TeardownReport& t) {
  for (size_t i = 0; i < t.leftovers.size() && outcome_.leftovers.size() < 20; ++i) {
    const std::string name = i < t.leftover_names.size() ? t.leftover_names[i] : "";
    if (IsRelay(name)) continue;  // arbiter's own
    outcome_.leftovers.push_back(std::to_string(t.leftovers[i]) +
                                 (name.empty() ? "" : " (" + name + ")"));
  }
}

void RefereeDriver::Finish() {
  if (finished_ || !referee_) return;
  finished_ = true;
  if (relay_)  // the referee may wait for its bots to exit
    for (int s = 0; s < players_; ++s)
      if (relay_->ended(s)) relay_->Kill(s);
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
  if (relay_) {  // what it printed last, unfinished line included
    KeepStdout();
    if (outcome_.stdout_head.size() < 4096)
      outcome_.stdout_head += referee_->partial().substr(0, 4096 - outcome_.stdout_head.size());
  }
  if (outcome_.stderr_tail.empty()) outcome_.stderr_tail = LastLines(referee_->stderr_tail(), 12);
}

}  // namespace arbiter::harness
