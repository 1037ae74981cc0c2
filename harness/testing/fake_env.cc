#include "testing/fake_env.h"

#include <algorithm>

#include "checks/silence.h"

namespace arbiter::harness::testing {

FakeBot::FakeBot(FakeEnv& env, FakeScript script)
    : env_(env),
      script_(std::move(script)),
      started_(env.Now()),
      framer_(script_.max_line_bytes, script_.max_queued_lines) {
  Schedule(script_.on_start);
}

FakeBot::~FakeBot() {
  if (env_.relay && env_.relay->referee == this) env_.relay->referee = nullptr;
  auto& v = env_.bots;
  v.erase(std::remove(v.begin(), v.end(), this), v.end());
}

void FakeBot::Schedule(const std::vector<Emit>& emits) {
  for (const Emit& e : emits) pending_.emplace(env_.Now() + e.delay, e);
}

void FakeBot::Write(std::string_view bytes) {
  write_done_ = env_.Now();
  if (exited() || stdin_closed_) return;
  if (!script_.every_write_is_input && bytes == std::string(kMoreInputLine) + "\n")
    return Schedule(script_.on_more_input);
  const int index = inputs_++;
  if (script_.on_input) Schedule(script_.on_input(index, std::string(bytes)));
}

void FakeBot::SeatAnswer(int seat, const std::string& answer) {
  if (exited()) return;
  Schedule(script_.on_seat_answer(seat, answer));
}

void FakeBot::SeatGone(int seat) {
  if (exited() || !script_.on_seat_gone) return;
  Schedule(script_.on_seat_gone(seat));
}

void FakeBot::CloseStdin() {
  if (stdin_closed_) return;
  stdin_closed_ = true;
  if (!exited()) Schedule(script_.on_eof);
}

std::optional<LauncherRun> FakeBot::launcher() const {
  if (script_.launcher.empty()) return std::nullopt;
  if (!script_.launcher_children_ms.empty()) {
    LauncherRun run{script_.launcher, std::nullopt, false};
    for (int ms : script_.launcher_children_ms)
      if (env_.Now() >= started_ + milliseconds(ms))
        run.interpreter_at = started_ + milliseconds(ms);
    return run;
  }
  const Clock::time_point at = started_ + milliseconds(script_.launcher_ms);
  return LauncherRun{script_.launcher,
                     env_.Now() >= at ? std::optional<Clock::time_point>(at) : std::nullopt};
}

ProcProbe FakeBot::Probe() const {
  ProcProbe p;
  p.alive = !exited();
  p.waiting_for_stdin = p.alive && script_.waiting_for_stdin;
  p.cpu_ticks = script_.burns_cpu
                    ? static_cast<uint64_t>((env_.Now() - started_) / std::chrono::milliseconds(10))
                    : 0;
  return p;
}

// A referee that launched its bots is gone: their pipes close with it.
void FakeBot::EndSeats() {
  if (!env_.relay || env_.relay->referee != this) return;
  for (int seat = 0; seat < static_cast<int>(env_.relay->seats()); ++seat)
    env_.relay->CloseSeat(seat);
}

TeardownReport FakeBot::Terminate(Clock::duration) {
  TeardownReport r;
  r.exited_before = exited();
  if (!terminated_) r.leftovers = script_.leftovers, r.leftover_names = script_.leftover_names;
  terminated_ = true;
  if (!exited()) {
    signal_ = 15;
    exited_at_ = env_.Now();
    EndSeats();
  }
  pending_.clear();
  return r;
}

std::optional<Clock::time_point> FakeBot::NextEventTime() const {
  if (pending_.empty()) return std::nullopt;
  return pending_.begin()->first;
}

void FakeBot::DeliverDue() {
  while (!pending_.empty() && pending_.begin()->first <= env_.Now()) {
    const Emit e = pending_.begin()->second;
    pending_.erase(pending_.begin());
    if (exited()) continue;
    switch (e.kind) {
      case Emit::kStdout: {
        if (stdout_eof_) break;
        const uint64_t before = framer_.total_lines();
        framer_.Feed(e.bytes);
        for (uint64_t i = before; i < framer_.total_lines(); ++i) arrivals_.push_back(env_.Now());
        while (arrivals_.size() > framer_.queued()) arrivals_.pop_front();
        break;
      }
      case Emit::kStderr:
        stderr_bytes_ += e.bytes.size();
        stderr_ += e.bytes;
        if (stderr_.size() > 4096) stderr_.erase(0, stderr_.size() - 4096);
        break;
      case Emit::kExit:
        exit_code_ = e.code;
        exited_at_ = env_.Now();
        stdout_eof_ = true;
        EndSeats();
        break;
      case Emit::kSignal:
        signal_ = e.code;
        exited_at_ = env_.Now();
        stdout_eof_ = true;
        EndSeats();
        break;
      case Emit::kToSeat:
        if (env_.relay && env_.relay->referee == this) env_.relay->ToSeat(e.code, e.bytes);
        break;
      case Emit::kCloseSeat:
        if (env_.relay && env_.relay->referee == this) env_.relay->CloseSeat(e.code);
        break;
      case Emit::kCall:
        Schedule(e.call());
        break;
      case Emit::kCloseStdout:
        stdout_eof_ = true;
        break;
    }
  }
}

bool FakeEnv::RunUntil(Clock::time_point deadline, const std::function<bool()>& done) {
  while (true) {
    if (done()) return true;
    std::optional<Clock::time_point> next;
    for (FakeBot* b : bots) {
      const auto t = b->NextEventTime();
      if (t && (!next || *t < *next)) next = t;
    }
    if (relay) {
      const auto t = relay->NextEventTime();
      if (t && (!next || *t < *next)) next = t;
    }
    if (!next || *next > deadline) {
      now_ = std::max(now_, deadline);
      return done();
    }
    now_ = std::max(now_, *next);
    for (FakeBot* b : bots) b->DeliverDue();
    if (relay) relay->DeliverDue();
  }
}

std::unique_ptr<SeatRelay> FakeEnv::OpenRelay(int seats, const std::string&, std::string& error) {
  if (!relay_script && !referees_launch_bots) {
    error = "no relay in this fake";
    return nullptr;
  }
  auto r = std::make_unique<FakeRelay>(*this, seats, relay_script.value_or(FakeRelayScript{}));
  relay_script.reset();
  relay = r.get();
  return r;
}

FakeRelay::FakeRelay(FakeEnv& env, int seats, FakeRelayScript script)
    : env_(env),
      script_(std::move(script)),
      inbox_(seats),
      ended_(seats),
      killed_(seats),
      connections_(seats, 1),
      arrived_(seats) {
  Schedule(script_.on_open);
}

FakeRelay::~FakeRelay() {
  if (env_.relay == this) env_.relay = nullptr;
}

void FakeRelay::Schedule(const std::vector<RelayEmit>& emits) {
  for (const RelayEmit& e : emits) pending_.emplace(env_.Now() + e.delay, e);
}

void FakeRelay::ToSeat(int seat, const std::string& bytes) {
  if (ended_.at(seat)) return;
  inbox_.at(seat) += bytes;
  arrived_.at(seat) = env_.Now();
}

void FakeRelay::Kill(int seat) {
  if (killed_.at(seat)) return;
  killed_.at(seat) = true;
  if (referee) referee->SeatGone(seat);
}

void FakeRelay::Send(int seat, std::string_view bytes) {
  sent.push_back(std::to_string(seat) + ":" + std::string(bytes));
  if (killed_.at(seat)) return;
  if (referee) referee->SeatAnswer(seat, std::string(bytes));
  if (script_.on_answer) Schedule(script_.on_answer(seat, std::string(bytes)));
}

std::optional<Clock::time_point> FakeRelay::NextEventTime() const {
  if (pending_.empty()) return std::nullopt;
  return pending_.begin()->first;
}

void FakeRelay::DeliverDue() {
  while (!pending_.empty() && pending_.begin()->first <= env_.Now()) {
    const RelayEmit e = pending_.begin()->second;
    pending_.erase(pending_.begin());
    if (e.close) {
      ended_.at(e.seat) = true;
    } else if (e.reopen) {
      ended_.at(e.seat) = killed_.at(e.seat) = false;
      ++connections_.at(e.seat);
    } else {
      inbox_.at(e.seat) += e.bytes;
      arrived_.at(e.seat) = env_.Now();
    }
  }
}

std::unique_ptr<BotProcess> FakeEnv::Spawn(const SpawnOptions& options, std::string& error) {
  spawned_argv.push_back(options.argv);
  spawned_env.push_back(options.env);
  FakeScript script = !scripts.empty() ? std::move(scripts.front())
                      : script_for     ? script_for(options.argv)
                                       : FakeScript{};
  if (!scripts.empty()) scripts.pop_front();
  if (script.spawn_fails) {
    error = "cannot execute '" + options.argv[0] + "': No such file or directory";
    return nullptr;
  }
  auto bot = std::make_unique<FakeBot>(*this, std::move(script));
  bots.push_back(bot.get());
  if (relay && !relay->referee && bot->plays_referee()) relay->referee = bot.get();
  return bot;
}

}  // namespace arbiter::harness::testing
