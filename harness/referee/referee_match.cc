// RefereeState and RunRefereeMatch (referee_match.h): a match through a real
// referee, and the findings of what the referee said and did.
#include "referee/referee_match.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "checks/findings.h"
#include "core/parse.h"

namespace arbiter::harness {
namespace {

constexpr const char* kEvidence = "arbiter.referee-run.evidence";

}  // namespace

RefereeState::RefereeState(Env& env, const RefereeDriverConfig& config, uint64_t seed,
                           std::shared_ptr<RefereeRecord> record)
    : driver_(MakeRefereeDriver(env, config, seed)),
      record_(std::move(record)),
      recorded_(config.recorded) {
  closed_.assign(static_cast<size_t>(std::max(0, driver_->players())), false);
  replayed_.assign(recorded_.size(), 0);
  begun_ = !driver_->Start();
  record_->argv = driver_->argv();
  record_->start_text = driver_->start_text();
  record_->outcome = driver_->outcome();
}

const RefereeState& RefereeState::Begun() const {
  if (!begun_) {
    auto* self = const_cast<RefereeState*>(this);
    self->begun_ = true;
    self->first_events_ = self->Advance();
  }
  return *this;
}

RefereeState::~RefereeState() {
  driver_->Finish();
  record_->outcome = driver_->outcome();
}

std::string RefereeState::InputText(int player) const {
  return request_ && request_->seat == player ? request_->input : std::string();
}

AnswerVerdict RefereeState::ClassifyAnswer(std::string_view text) const {
  for (const std::string_view line : SplitOn(text, '\n')) {
    if (line.empty()) continue;
    const unsigned char first = line.front(), last = line.back();
    if (std::isspace(first) || std::isspace(last)) return AnswerVerdict::kWhitespace;
  }
  return AnswerVerdict::kValid;
}

std::optional<std::string> RefereeState::BuiltinAnswer(std::string_view policy, Rng&) const {
  if (policy != kRecordedPolicy || !request_) return std::nullopt;
  const size_t seat = static_cast<size_t>(request_->seat);
  if (seat >= recorded_.size() || replayed_[seat] >= recorded_[seat].size()) {
    record_->recording_ended = true;
    return std::nullopt;
  }
  return recorded_[seat][replayed_[seat]++];
}

int RefereeState::Winner() const {
  const auto& ranking = record_->outcome.ranking;
  if (!ranking || ranking->empty() || ranking->front().size() != 1) return -1;
  return ranking->front().front();
}

std::string RefereeState::MoreInput(int seat) {
  if (!request_ || request_->seat != seat) return "";
  std::string more = driver_->MoreInput(seat);
  request_->input += more;
  return more;
}

void RefereeState::StreamLine(const std::string& line) {
  if (!request_) return;
  driver_->Stream(line);
  streamed_ = true;
}

std::vector<Event> RefereeState::ApplyLine(std::string_view line) {
  if (!request_) return {};
  if (streamed_) {
    driver_->Answered();
  } else {
    driver_->Answer(SplitOn(line, '\n'));
  }
  return WithFirst(Advance());
}

std::vector<Event> RefereeState::ApplySilence() {
  if (!request_) return {};
  silenced_.insert(request_->seat);
  driver_->NoAnswer();
  return WithFirst(Advance());
}

void RefereeState::SeatStopped(int seat) {
  if (silenced_.insert(seat).second && (!request_ || request_->seat != seat)) driver_->Drop(seat);
}

// The first turn's events start with what the referee said before it.
std::vector<Event> RefereeState::WithFirst(std::vector<Event> events) {
  if (first_events_.empty()) return events;
  first_events_.insert(first_events_.end(), events.begin(), events.end());
  return std::exchange(first_events_, {});
}

// To the referee's next request; what it said meanwhile is this turn's
// evidence (arbiter.referee-run.evidence).
std::vector<Event> RefereeState::Advance() {
  const int played = request_ ? turn_ : -1;
  const int asked = request_ ? request_->seat : -1;
  if (request_) ++turn_;
  streamed_ = false;
  request_ = driver_->Next();
  if (request_ && request_->queued) record_->queued_turns.insert(turn_);
  if (!request_) driver_->Finish();
  record_->outcome = driver_->outcome();
  record_->last_turn = played;
  std::vector<Event> events;
  for (RefereeSaid& said : driver_->TakeSaid()) {
    events.push_back({"referee.stderr", kEvidence, said.line});
    const bool stopped = said.seat >= 0 ? silenced_.count(said.seat) > 0 : silenced_.count(asked);
    record_->said.push_back({played, asked, stopped, std::move(said)});
  }
  for (int s = 0; s < static_cast<int>(closed_.size()); ++s) {
    if (closed_[s] || !driver_->SeatClosed(s)) continue;
    closed_[s] = true;
    record_->closed.emplace_back(s, played);
    events.push_back({"referee.closed", kEvidence,
                      "the referee closed player " + std::to_string(s) + "'s input"});
  }
  return events;
}

}  // namespace arbiter::harness
