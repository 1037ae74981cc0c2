// RefereeDriver (referee_driver.h): a game through a real referee, on Env.
#include "referee_driver.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "cg_runner.h"
#include "core/parse.h"
#include "findings.h"
#include "interrupt.h"

namespace arbiter::harness {
namespace {

using std::chrono::milliseconds;

constexpr size_t kStdoutKept = 50;  // the bots protocol: the referee's last stdout lines
constexpr size_t kMaxInput = size_t{16} << 20;  // one turn's input, at most

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The number after `at` (spaces, '#', ':' skipped), or -1.
int NumberAt(const std::string& s, size_t at) {
  while (at < s.size() && (s[at] == ' ' || s[at] == '#' || s[at] == ':')) ++at;
  size_t end = at;
  while (end < s.size() && end - at < 4 && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
  if (end == at || (end < s.size() && std::isalnum(static_cast<unsigned char>(s[end])))) return -1;
  return std::stoi(s.substr(at, end - at));
}

// "###Output 1 2" -> {1, 2}; nullopt when malformed.
std::optional<std::pair<int, int>> TwoNumbers(std::string_view rest) {
  const size_t space = rest.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const auto a = ParseCanonicalInt(rest.substr(0, space));
  const auto b = ParseCanonicalInt(rest.substr(space + 1));
  if (!a || !b || *a < 0 || *a > 1000000 || *b < 0 || *b > 1000000) return std::nullopt;
  return std::pair(static_cast<int>(*a), static_cast<int>(*b));
}

// The integers of the JSON array after `key` in `line` ("[1, 0]"); empty
// when there is none or one is not an integer.
std::vector<int> IntsAfter(const std::string& line, const std::string& key) {
  const size_t at = line.find(key);
  if (at == std::string::npos) return {};
  const size_t open = line.find('[', at), close = line.find(']', at);
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::vector<int> out;
  std::string item;
  for (const char c : line.substr(open + 1, close - open - 1) + ",") {
    if (c != ',') {
      if (c != ' ') item += c;
      continue;
    }
    const auto v = ParseCanonicalInt(item);
    if (!v || *v < -1000 || *v > 1000) return {};
    out.push_back(static_cast<int>(*v));
    item.clear();
  }
  return out;
}

}  // namespace

std::optional<std::vector<std::vector<int>>> ParseRanking(std::string_view rest, int players) {
  std::vector<std::vector<int>> groups;
  std::vector<bool> seen(players, false);
  size_t count = 0;
  for (size_t i = 0; i < rest.size();) {
    if (rest[i] == ' ') {
      ++i;
      continue;
    }
    std::vector<int> group;
    for (; i < rest.size() && rest[i] != ' '; ++i) {
      const int p = rest[i] - '0';
      if (p < 0 || p >= players || p > 9 || seen[p]) return std::nullopt;
      seen[p] = true;
      group.push_back(p);
      ++count;
    }
    groups.push_back(std::move(group));
  }
  if (count != static_cast<size_t>(players)) return std::nullopt;
  return groups;
}

std::vector<std::vector<int>> RankingOfWinner(int winner, int players) {
  std::vector<int> all, rest;
  for (int p = 0; p < players; ++p) {
    all.push_back(p);
    if (p != winner) rest.push_back(p);
  }
  if (winner < 0) return {all};
  if (rest.empty()) return {{winner}};
  return {{winner}, rest};
}

std::string FormatRanking(const std::vector<std::vector<int>>& ranking) {
  std::string out;
  for (const auto& group : ranking) {
    if (!out.empty()) out += ' ';
    for (int p : group) out += std::to_string(p);
  }
  return out;
}

RefereeSaid ReadRefereeLine(const std::string& line, int players) {
  RefereeSaid said;
  said.line = line;
  const std::string low = Lower(line);
  static const std::initializer_list<const char*> kTimeoutWords = {
      "timeout",       "timed out",      "time out",        "too slow",
      "took too long", "did not answer", "did not respond", "no answer"};
  static const std::initializer_list<const char*> kRejectWords = {
      "invalid",      "illegal",         "disqualif",      "kicked",
      "not a valid",  "unknown command", "bad action",     "wrong action",
      "wrong output", "cannot parse",    "could not parse"};
  // Where the complaint is; a count of none ("0 invalid moves", not
  // "player 0 timed out") is none.
  const auto zero_count = [&](size_t i) {
    if (i < 2 || low.compare(i - 2, 2, "0 ") != 0) return false;
    if (i > 2 && std::isdigit(static_cast<unsigned char>(low[i - 3]))) return false;
    std::string_view before = std::string_view(low).substr(0, i - 2);
    while (!before.empty() && (before.back() == ' ' || before.back() == '#'))
      before.remove_suffix(1);
    for (const char* word : {"player", "bot", "joueur", "###error"})
      if (before.ends_with(word)) return false;
    return true;
  };
  size_t at = std::string::npos;
  const auto find = [&](std::initializer_list<const char*> words) {
    bool found = false;
    for (const char* w : words)
      for (size_t i = low.find(w); i != std::string::npos; i = low.find(w, i + 1))
        if (!zero_count(i)) at = std::min(at, i), found = true;
    return found;
  };
  const bool error = low.rfind("###error", 0) == 0;
  if (find(kTimeoutWords) || (error && low.find("timeout") != std::string::npos))
    said.kind = RefereeSaid::kTimeout;
  else if (error || find(kRejectWords))
    said.kind = RefereeSaid::kRejected;
  // The seat: "###Error N", else the player or bot number nearest the
  // complaint ("Player 0 wins; player 1 made an invalid move": 1).
  int seat = error ? NumberAt(low, 8) : -1;
  size_t best = std::string::npos;
  for (const char* word : {"player", "bot", "joueur"}) {
    const size_t n = std::string_view(word).size();
    for (size_t i = low.find(word); !error && i != std::string::npos; i = low.find(word, i + 1)) {
      if (i > 0 && std::isalnum(static_cast<unsigned char>(low[i - 1]))) continue;  // "robot"
      const int number = NumberAt(low, i + n);
      if (number < 0) continue;
      const size_t distance = at == std::string::npos ? 0 : (i > at ? i - at : at - i);
      if (best == std::string::npos || distance < best) best = distance, seat = number;
    }
  }
  said.seat = seat >= 0 && seat < players ? seat : -1;
  return said;
}

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
  }
  argv_ = config_.referee.Instantiate(seed_, bots);
  SpawnOptions options;
  options.argv = argv_;
  options.limits = config_.limits;
  options.env = config_.env;
  options.max_line_bytes = 1 << 20;
  std::string error;
  referee_ = env_.Spawn(options, error);
  if (!referee_) {
    Stopped("referee.exec-failed", error.empty() ? "the referee could not be started" : error);
    return false;
  }
  outcome_.started = true;
  if (config_.referee.protocol() == RefereeProtocol::kRunner)
    referee_->Write("###Seed " + std::to_string(seed_) + "\n###Start " + std::to_string(players_) +
                    "\n");
  return true;
}

void RefereeDriver::Stopped(const std::string& check, const std::string& why) {
  if (!outcome_.fault_check.empty() || outcome_.ended) return;
  outcome_.fault_check = check;
  outcome_.fault = why;
}

void RefereeDriver::ReadExit() {
  if (!referee_ || !referee_->exited()) return;
  if (referee_->exit_code()) {
    outcome_.exit_clean = *referee_->exit_code() == 0;
    outcome_.exit_text = "exited with status " + std::to_string(*referee_->exit_code());
  } else if (referee_->term_signal()) {
    outcome_.exit_text = "was killed by signal " + std::to_string(*referee_->term_signal());
  }
  outcome_.stderr_tail = LastLines(referee_->stderr_tail(), 12);
}

std::optional<RefereeRequest> RefereeDriver::Next() {
  current_.reset();
  if (!referee_ || outcome_.ended || !outcome_.fault_check.empty()) return std::nullopt;
  const auto deadline = env_.Now() + config_.patience;
  current_ = config_.referee.protocol() == RefereeProtocol::kRunner ? NextFromRunner(deadline)
                                                                    : NextFromRelay(deadline);
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

std::optional<RefereeRequest> RefereeDriver::NextFromRunner(Clock::time_point deadline) {
  BotProcess& r = *referee_;
  const auto fault = [&](const std::string& why) -> std::optional<RefereeRequest> {
    Stopped("referee.protocol", why);
    return std::nullopt;
  };
  while (env_.Now() < deadline) {
    env_.RunUntil(deadline, [&] { return r.HasLine() || r.stdout_eof() || Interrupted(); });
    if (Interrupted()) return std::nullopt;
    if (!r.HasLine()) break;
    const std::string line = r.PopLine().line.text;
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
      if (pk->second == 0) continue;  // nothing is due
      RefereeRequest q{pk->first, std::move(pending_[pk->first]), pk->second};
      pending_[pk->first].clear();
      return q;
    } else if (line.rfind("###End", 0) == 0) {
      const std::string rest = line.size() > 7 ? line.substr(7) : "";
      auto ranking = ParseRanking(rest, players_);
      if (!ranking)
        return fault("'" + EscapeBytes(line) + "' does not rank each of the " +
                     std::to_string(players_) + " players exactly once");
      outcome_.ranking = std::move(ranking);
      outcome_.result_line = line;
      outcome_.ended = true;
      return std::nullopt;
    } else if (line.rfind("###", 0) == 0) {
      return fault("unknown runner command '" + EscapeBytes(line.substr(0, 120)) + "'");
    } else if (input_seat_ >= 0) {
      pending_[input_seat_] += line + "\n";
      if (pending_[input_seat_].size() > kMaxInput)
        return fault("player " + std::to_string(input_seat_) + "'s input passed " +
                     std::to_string(kMaxInput >> 20) + " MB before its ###Output");
    } else {
      return fault("'" + EscapeBytes(line.substr(0, 120)) +
                   "' came outside any ###Input block (debug output on the runner's stdout?)");
    }
  }
  if (r.stdout_eof() && !r.HasLine()) {
    env_.RunUntil(env_.Now() + milliseconds(500), [&] { return r.exited(); });
    ReadExit();
    Stopped("referee.crash", "the referee " +
                                 (outcome_.exit_text.empty() ? std::string("closed its stdout")
                                                             : outcome_.exit_text) +
                                 " before ###End");
    return std::nullopt;
  }
  const std::string silent =
      "the referee sent nothing for " + std::to_string(config_.patience.count()) + " ms";
  const int asked = static_cast<int>(std::count(last_answer_.begin(), last_answer_.end(), '\n'));
  if (ReadsMoreThanAsked()) {
    Stopped("referee.protocol",
            silent + " after the " + std::to_string(asked) +
                " line(s) its ###Output asked for; given one line more, it went on: it reads "
                "more lines than its ###Output announces");
    return std::nullopt;
  }
  Stopped("referee.hang", silent);
  return std::nullopt;
}

std::optional<RefereeRequest> RefereeDriver::NextFromRelay(Clock::time_point deadline) {
  BotProcess& r = *referee_;
  SeatRelay& relay = *relay_;
  const auto ready = [&](int s) {
    const std::string& in = relay.inbox(s);
    return !in.empty() && in.back() == '\n';
  };
  const auto keep_stdout = [&] {
    while (r.HasLine()) {
      stdout_lines_.push_back(r.PopLine().line.text);
      if (stdout_lines_.size() > kStdoutKept) stdout_lines_.erase(stdout_lines_.begin());
    }
  };
  const auto all_closed = [&] {
    for (int s = 0; s < players_; ++s)
      if (!relay.ended(s) || !relay.inbox(s).empty()) return false;
    return true;
  };
  std::vector<bool> queued(players_);
  for (int s = 0; s < players_; ++s) queued[s] = ready(s);
  env_.RunUntil(deadline, [&] {
    keep_stdout();
    // A seat whose input the referee closed: its relay exits, as a bot at
    // the end of its input does (a referee may wait for its bots' exits).
    for (int s = 0; s < players_; ++s)
      if (relay.ended(s) && relay.inbox(s).empty()) relay.Kill(s);
    for (int s = 0; s < players_; ++s)
      if (ready(s)) return true;
    return r.exited() || all_closed() || Interrupted();
  });
  if (Interrupted()) return std::nullopt;
  for (int s = 0; s < players_; ++s) {
    if (!ready(s)) continue;
    // A turn written in pieces: the later ones reach the bot as they come
    // (MoreInput), its time counted from the last.
    RefereeRequest q{s, std::move(relay.inbox(s)), 0, queued[s]};
    relay.inbox(s).clear();
    ended_at_request_.assign(players_, false);
    inbox_at_request_.assign(players_, 0);
    for (int t = 0; t < players_; ++t) {
      ended_at_request_[t] = relay.ended(t);
      inbox_at_request_[t] = relay.inbox(t).size();
    }
    return q;
  }
  if (!r.exited() && all_closed())  // its bots' input closed: the game is over
    env_.RunUntil(env_.Now() + config_.exit_grace, [&] { return r.exited(); });
  if (!r.exited()) {
    Stopped("referee.hang", all_closed() ? "the referee closed every bot's input but did not exit "
                                           "within " +
                                               std::to_string(config_.exit_grace.count()) + " ms"
                                         : "the referee wrote nothing to any bot for " +
                                               std::to_string(config_.patience.count()) + " ms");
    return std::nullopt;
  }
  keep_stdout();
  ReadExit();
  ResultFromStdout();
  if (outcome_.ranking || outcome_.exit_clean) {
    outcome_.ended = true;
  } else {
    Stopped("referee.crash", "the referee " + outcome_.exit_text + " with no result line");
  }
  return std::nullopt;
}

// The ranking a bot-launching referee prints: the last "RESULT W" line (W
// the winner, -1 a draw) or JSON line with "ranks" (psyleague's: each
// player's rank, 0 best).
void RefereeDriver::ResultFromStdout() {
  for (auto l = stdout_lines_.rbegin(); l != stdout_lines_.rend(); ++l) {
    if (l->rfind("RESULT ", 0) == 0) {
      const size_t end = l->find(' ', 7);
      const auto w = ParseCanonicalInt(std::string_view(*l).substr(7, end - 7));
      if (!w || *w < -1 || *w >= players_) continue;
      outcome_.ranking = RankingOfWinner(static_cast<int>(*w), players_);
      outcome_.result_line = *l;
      return;
    }
    if (l->find('{') == std::string::npos || l->find("\"ranks\"") == std::string::npos) continue;
    const std::vector<int> ranks = IntsAfter(*l, "\"ranks\"");
    bool ok = true;
    for (int r : ranks) ok = ok && r >= 0 && r < players_;
    if (!ok || static_cast<int>(ranks.size()) != players_) continue;
    std::vector<std::vector<int>> groups;
    for (int rank = 0; rank < players_; ++rank) {
      std::vector<int> group;
      for (int p = 0; p < players_; ++p)
        if (ranks[p] == rank) group.push_back(p);
      if (!group.empty()) groups.push_back(std::move(group));
    }
    outcome_.ranking = std::move(groups);
    outcome_.result_line = *l;
    outcome_.errors = IntsAfter(*l, "\"errors\"");
    if (static_cast<int>(outcome_.errors.size()) != players_) outcome_.errors.clear();
    return;
  }
}

void RefereeDriver::Answer(const std::vector<std::string_view>& lines) {
  if (!current_ || !referee_) return;
  std::string bytes;
  for (const std::string_view l : lines) (bytes += l) += '\n';
  last_answer_.clear();
  const std::optional<AnswerFamily> family = Family();
  if (!family) {
    Deliver(bytes);
  } else if (*family == AnswerFamily::kCrash) {
    if (relay_) relay_->Kill(current_->seat);
  } else if (*family == AnswerFamily::kLate) {
    env_.RunUntil(env_.Now() + milliseconds(config_.fuzz->late_ms), [] { return false; });
    Deliver(bytes);
  } else if (*family != AnswerFamily::kMissing) {
    Deliver(
        MutateAnswer(*family, bytes, config_.fuzz->salt ^ static_cast<uint64_t>(request_index_)));
  }
  current_.reset();
}

// A streamed answer (the bots protocol) goes line by line as the bot
// writes it; a late one is held back until it is over (Answered), and the
// extra lines follow it, as a real pipe would carry them.
void RefereeDriver::Stream(const std::string& line) {
  if (!current_ || !relay_) return;
  const std::optional<AnswerFamily> family = Family();
  const std::string bytes = line + "\n";
  if (first_line_.empty()) first_line_ = bytes;
  if (!family || *family == AnswerFamily::kExtra) {
    Deliver(bytes);
  } else if (*family == AnswerFamily::kLate) {
    held_ += bytes;
  } else if (*family == AnswerFamily::kCrash) {
    if (!std::exchange(mutated_sent_, true)) relay_->Kill(current_->seat);
  } else if (*family != AnswerFamily::kMissing) {
    Deliver(std::exchange(mutated_sent_, true)
                ? bytes
                : MutateAnswer(*family, bytes,
                               config_.fuzz->salt ^ static_cast<uint64_t>(request_index_)));
  }
}

void RefereeDriver::Answered() {
  if (current_ && family_ == AnswerFamily::kLate && !held_.empty()) {
    env_.RunUntil(env_.Now() + milliseconds(config_.fuzz->late_ms), [] { return false; });
    Deliver(held_);
  } else if (current_ && family_ == AnswerFamily::kExtra && !first_line_.empty()) {
    Deliver(first_line_ + first_line_);
  }
  current_.reset();
}

void RefereeDriver::Handshake(int seat, const std::string& line) {
  if (relay_ && seat >= 0 && seat < players_) relay_->Send(seat, line + "\n");
}

bool RefereeDriver::Moved() const {
  if (!referee_ || referee_->exited()) return true;
  if (!relay_) return false;
  // What was already waiting for another seat is not a move (a referee
  // that writes to every seat before it reads any).
  for (int s = 0; s < players_ && s < static_cast<int>(ended_at_request_.size()); ++s)
    if (relay_->inbox(s).size() > inbox_at_request_[s] || relay_->ended(s) != ended_at_request_[s])
      return true;
  return false;
}

bool RefereeDriver::OthersWaiting() const {
  if (!current_) return false;
  for (int s = 0; s < static_cast<int>(inbox_at_request_.size()); ++s)
    if (s != current_->seat && inbox_at_request_[s] > 0) return true;
  return false;
}

void RefereeDriver::Drop(int seat) {
  if (relay_ && seat >= 0 && seat < players_) relay_->Kill(seat);
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

std::string RefereeDriver::MoreInput(int seat) {
  if (!relay_ || seat < 0 || seat >= players_) return "";
  std::string more = std::move(relay_->inbox(seat));
  relay_->inbox(seat).clear();
  return more;
}

bool RefereeDriver::SeatClosed(int seat) const {
  return relay_ && seat >= 0 && seat < players_ && relay_->ended(seat) && !outcome_.ended;
}

std::vector<RefereeSaid> RefereeDriver::TakeSaid() {
  std::vector<RefereeSaid> said;
  if (!referee_) return said;
  // What came with the request (a complaint written just before it) is read
  // now, so that it is this turn's, not the next one's.
  env_.RunUntil(env_.Now(), [] { return false; });
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

void RefereeDriver::Finish() {
  if (finished_ || !referee_) return;
  finished_ = true;
  if (relay_)  // the referee may wait for its bots to exit
    for (int s = 0; s < players_; ++s)
      if (relay_->ended(s)) relay_->Kill(s);
  if (outcome_.ended && !referee_->exited() && !Interrupted())
    env_.RunUntil(env_.Now() + config_.exit_grace, [&] { return referee_->exited(); });
  ReadExit();
  if (outcome_.ended && !referee_->exited()) {
    outcome_.exit_hung = true;
    outcome_.exit_text = "did not exit within " + std::to_string(config_.exit_grace.count()) +
                         " ms of its game's end (arbiter stopped it)";
  }
  referee_->Terminate(milliseconds(Interrupted() ? 0 : 200));
  if (outcome_.stderr_tail.empty()) outcome_.stderr_tail = LastLines(referee_->stderr_tail(), 12);
}

}  // namespace arbiter::harness
