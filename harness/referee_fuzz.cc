// PlanGame, RunRefereeGame and Shrink (referee_fuzz.h).
#include "referee_fuzz.h"

#include <algorithm>

#include "core/parse.h"
#include "core/rng.h"
#include "probe_hub.h"

namespace arbiter::harness {
namespace {

using std::chrono::milliseconds;

std::vector<std::string> Instantiate(const std::vector<std::string>& tmpl, const ProbeHub& hub,
                                     uint64_t seed) {
  std::vector<std::string> argv;
  for (std::string arg : tmpl) {
    for (int s = 0; s < hub.seats(); ++s) {
      const std::string key = "{bot" + std::to_string(s) + "}";
      for (size_t at; (at = arg.find(key)) != std::string::npos;)
        arg.replace(at, key.size(), hub.ProbeCommand(s));
    }
    for (size_t at; (at = arg.find("{seed}")) != std::string::npos;)
      arg.replace(at, 6, std::to_string(seed));
    argv.push_back(arg);
  }
  return argv;
}

class RefereeGame {
 public:
  RefereeGame(EventLoop& loop, const RefereeFuzzConfig& c, const RefereeGamePlan& p,
              RefereeGameResult& r)
      : loop_(loop), config_(c), plan_(p), result_(r), rng_(p.rng_seed) {}
  void Run();

 private:
  bool Message(int seat, const std::string& text);  // false: stop the game
  void AdvanceSilent();
  void Log(int turn, int player, std::string answer, bool silent, std::vector<Event> events,
           std::string input) {
    result_.history.push_back({turn, player, answer, silent, std::move(events)});
    result_.answers.push_back(silent ? "N" : std::move(answer));
    result_.inputs.push_back(std::move(input));
  }
  void Diverge(Divergence d, int seat, std::string actual) {
    result_.divergence = std::move(d);
    result_.divergence_turn = ref_ ? ref_->turn() : 0;
    result_.divergence_seat = seat;
    result_.actual_text = std::move(actual);
    if (ref_ && !ref_->IsTerminal() && seat >= 0)
      result_.expected_text = ref_->InputText(ref_->current_player());
  }

  EventLoop& loop_;
  const RefereeFuzzConfig& config_;
  const RefereeGamePlan& plan_;
  RefereeGameResult& result_;
  Rng rng_;
  std::unique_ptr<GameState> ref_;
  std::unique_ptr<ProbeHub> hub_;
  std::vector<bool> stopped_;
  // A late answer, sent after the referee's limit has passed.
  int late_seat_ = -1;
  std::string late_answer_;
  std::optional<Clock::time_point> late_due_;
};

void RefereeGame::AdvanceSilent() {
  while (ref_ && !ref_->IsTerminal() &&
         (!ref_->CurrentPlayerReceivesInput() || stopped_[ref_->current_player()])) {
    const int turn = ref_->turn(), player = ref_->current_player();
    Log(turn, player, "", true, ref_->ApplySilence(), "");
  }
}

bool RefereeGame::Message(int seat, const std::string& text) {
  const GameInfo& game = *config_.game;
  if (!ref_) {
    Divergence why;
    ref_ = game.state_from_first_message(text, config_.rules, why);
    if (!ref_) {
      Diverge(why, seat, text);
      return false;
    }
    result_.scenario = game.scenario_of(*ref_);
  }
  AdvanceSilent();
  if (auto d = game.compare(*ref_, result_.history, text, seat)) {
    Diverge(*d, seat, text);
    return false;
  }
  const int turn = ref_->turn();
  if (turn == plan_.kill_turn || turn == plan_.late_turn) {
    // A bot that dies, or one that answers too late: the referee must go on
    // without it, its player doing nothing (the rules stop a late program).
    stopped_[seat] = true;
    if (turn == plan_.kill_turn) {
      hub_->Kill(seat);
    } else {
      late_seat_ = seat;
      late_answer_ = "U";
      late_due_ = Clock::now() + milliseconds(config_.referee_action_ms + 100);
    }
    Log(turn, seat, "", true, ref_->ApplySilence(), text);
    return true;
  }
  std::string answer;
  if (static_cast<size_t>(turn) < plan_.script.size()) {
    answer = plan_.script[turn];
  } else if (plan_.fuzz_after_script) {
    answer = game.fuzz_answer(*ref_, plan_.swarm, plan_.targeted, rng_);
  } else {
    answer = std::string(game.ok_answer);
  }
  hub_->Send(seat, answer + "\n");
  Log(turn, seat, answer, false, ref_->ApplyLine(answer), text);
  return true;
}

void RefereeGame::Run() {
  const GameInfo& game = *config_.game;
  std::string error;
  const auto probe_state = game.new_game(plan_.seed, config_.rules, error);
  if (!probe_state) {
    result_.faults.push_back({"arbiter.error", "rules: " + error});
    return;
  }
  const int seats = probe_state->num_players();
  stopped_.assign(seats, false);
  hub_ = std::make_unique<ProbeHub>(loop_, config_.probe_executable, seats, error);
  if (!hub_->ok()) {
    result_.faults.push_back({"arbiter.error", error});
    return;
  }
  result_.argv = Instantiate(config_.referee_template, *hub_, plan_.seed);
  SpawnOptions so;
  so.argv = result_.argv;
  so.limits = config_.limits;
  auto referee = SpawnBot(loop_, so, error);
  if (!referee) {
    result_.faults.push_back({"referee.exec-failed", error});
    return;
  }
  const auto deadline = Clock::now() + config_.game_time_limit;
  std::vector<int> readied(seats, 0);
  auto complete = [&](int s) { return game.frame_message(hub_->inbox(s)) > 0; };
  auto ready_to_act = [&] {
    if (late_due_ && Clock::now() >= *late_due_) return true;
    for (int s = 0; s < seats; ++s)
      if (hub_->connections(s) > readied[s] || complete(s) ||
          (hub_->ended(s) && hub_->connected(s)))
        return true;
    return referee->exited();
  };
  bool stop = false;
  while (!stop) {
    loop_.RunUntil(late_due_ ? std::min(deadline, *late_due_) : deadline, ready_to_act);
    for (int s = 0; s < seats; ++s) {
      while (hub_->connections(s) > readied[s]) {
        if (game.ready_line) hub_->Send(s, std::string(*game.ready_line) + "\n");
        ++readied[s];
      }
    }
    // A bot whose stdin the referee closed exits at once, as a well-behaved
    // bot does at end of input.
    for (int s = 0; s < seats; ++s)
      if (hub_->ended(s) && hub_->connected(s)) hub_->Kill(s);
    if (late_due_ && Clock::now() >= *late_due_) {
      hub_->Send(late_seat_, late_answer_ + "\n");
      late_due_.reset();
    }
    int best = -1;
    for (int s = 0; s < seats; ++s) {
      if (complete(s) && (best < 0 || hub_->last_arrival(s) < hub_->last_arrival(best))) best = s;
      if (hub_->inbox(s).size() > (1u << 16) && !complete(s)) {
        result_.faults.push_back(
            {"referee.garbage",
             "more than 64 KiB sent to bot " + std::to_string(s) +
                 " without a complete message: " + EscapeBytes(hub_->inbox(s).substr(0, 120)),
             ref_ ? ref_->turn() : 0});
        stop = true;
      }
    }
    if (stop) break;
    if (best >= 0) {
      std::string& inbox = hub_->inbox(best);
      const size_t n = game.frame_message(inbox);
      const std::string message = inbox.substr(0, n);
      inbox.erase(0, n);
      stop = !Message(best, message);
      continue;
    }
    if (referee->exited()) break;
    if (Clock::now() >= deadline) {
      result_.faults.push_back({"referee.hang",
                                "no progress within the per-game time limit of " +
                                    std::to_string(config_.game_time_limit.count() / 1000) + " s",
                                ref_ ? ref_->turn() : 0});
      stop = true;
    }
  }
  if (!stop) {
    // The referee has exited: any message still in flight, then the end.
    // At most 50 ms, and no longer than until every probe has gone: a
    // message still in flight arrives before its probe's end.
    loop_.RunUntil(Clock::now() + milliseconds(50), [&] {
      for (int s = 0; s < seats; ++s)
        if (hub_->connected(s) && !hub_->ended(s)) return false;
      return true;
    });
    for (int s = 0; s < seats && !result_.divergence; ++s) {
      while (!result_.divergence && complete(s)) {
        std::string& inbox = hub_->inbox(s);
        const size_t n = game.frame_message(inbox);
        const std::string message = inbox.substr(0, n);
        inbox.erase(0, n);
        Message(s, message);
      }
    }
    if (!result_.divergence && ref_) {
      AdvanceSilent();
      if (auto d = game.compare(*ref_, result_.history, "", -1)) Diverge(*d, -1, "");
    }
  }
  if (!ref_ && result_.faults.empty() && !result_.divergence) {
    int connected = 0;
    for (int s = 0; s < seats; ++s) connected += hub_->connections(s) > 0;
    result_.faults.push_back({"referee.bot-not-started",
                              connected == 0 ? "the referee started no bot"
                                             : "the referee started bots but sent them no input"});
  }
  for (int s = 0; s < seats && ref_; ++s) {
    if (hub_->connections(s) == 0)
      result_.faults.push_back(
          {"referee.bot-not-started", "the referee never started bot " + std::to_string(s)});
  }
  if (!referee->exited() && ref_ && ref_->IsTerminal() && !result_.divergence)
    loop_.RunUntil(Clock::now() + std::chrono::seconds(2), [&] { return referee->exited(); });
  if (referee->exited()) {
    if (referee->term_signal() || referee->exit_code().value_or(0) != 0) {
      result_.faults.push_back(
          {"referee.crash",
           referee->term_signal()
               ? "the referee was killed by signal " + std::to_string(*referee->term_signal())
               : "the referee exited with status " + std::to_string(*referee->exit_code()),
           ref_ ? ref_->turn() : 0});
    }
  } else if (!stop && !result_.divergence) {
    result_.faults.push_back(
        {"referee.hang", "the referee did not exit after the game ended", ref_ ? ref_->turn() : 0});
  }
  result_.exit_code = referee->exit_code();
  result_.term_signal = referee->term_signal();
  referee->Terminate(milliseconds(300));
  while (referee->HasLine()) {
    if (result_.referee_stdout.size() < 4096)
      result_.referee_stdout += referee->PopLine().line.text + "\n";
    else
      referee->PopLine();
  }
  result_.referee_stdout += referee->partial();
  result_.referee_stderr = referee->stderr_tail();
  result_.game_over = ref_ && ref_->IsTerminal();
  result_.winner = ref_ ? ref_->Winner() : -1;
}

}  // namespace

RefereeGamePlan PlanGame(uint64_t base_seed, int index) {
  RefereeGamePlan p;
  p.seed = base_seed + index;
  p.rng_seed = base_seed * 0x9E3779B97F4A7C15ull + index;
  Rng r(p.rng_seed ^ 0x5eedull);
  p.swarm = 0;
  for (int f = 0; f < 6; ++f)
    if (r.Chance(3, 4)) p.swarm |= 1ull << f;
  if ((p.swarm & 0x3f) == 0) p.swarm |= 1ull << r.Uniform(6);
  for (int f = 6; f < 9; ++f)
    if (r.Chance(1, 4)) p.swarm |= 1ull << f;
  p.targeted = r.Chance(1, 2);
  if (r.Chance(1, 6)) p.late_turn = 4 + static_cast<int>(r.Uniform(120));
  if (r.Chance(1, 6)) p.kill_turn = 4 + static_cast<int>(r.Uniform(120));
  return p;
}

RefereeGameResult RunRefereeGame(EventLoop& loop, const RefereeFuzzConfig& config,
                                 const RefereeGamePlan& plan) {
  RefereeGameResult result;
  RefereeGame(loop, config, plan, result).Run();
  return result;
}

std::string Signature(const Divergence& d) {
  return d.kind + "|" + (d.clauses.empty() ? std::string() : d.clauses.front());
}

ShrinkResult Shrink(EventLoop& loop, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                    const RefereeGameResult& failing, int max_runs) {
  return Shrink([&](const RefereeGamePlan& q) { return RunRefereeGame(loop, config, q); }, config,
                plan, failing, max_runs);
}

ShrinkResult Shrink(const GameRunner& run, const RefereeFuzzConfig& config,
                    const RefereeGamePlan& plan, const RefereeGameResult& failing, int max_runs) {
  ShrinkResult out;
  out.game = failing;
  if (!failing.divergence) return out;
  const std::string sig = Signature(*failing.divergence);
  RefereeGamePlan p = plan;
  p.fuzz_after_script = false;
  std::vector<std::string> script(
      failing.answers.begin(),
      failing.answers.begin() +
          std::min<size_t>(failing.answers.size(), failing.divergence_turn + 1));
  auto test = [&](const std::vector<std::string>& candidate, const RefereeGamePlan& base) {
    RefereeGamePlan q = base;
    q.script = candidate;
    ++out.runs;
    RefereeGameResult r = run(q);
    if (r.divergence && Signature(*r.divergence) == sig) {
      out.game = std::move(r);
      return true;
    }
    return false;
  };
  if (!test(script, p)) return out;  // not reproducible: keep the original
  out.reproduced = true;
  // Late answers and killed bots after the divergence do not matter.
  if (p.late_turn >= 0 || p.kill_turn >= 0) {
    RefereeGamePlan q = p;
    q.late_turn = q.kill_turn = -1;
    if (out.runs < max_runs && test(script, q)) p = q;
  }
  const std::string neutral(config.game->ok_answer);
  std::vector<size_t> live;
  for (size_t i = 0; i < script.size(); ++i)
    if (script[i] != neutral) live.push_back(i);
  size_t n = 2;
  while (!live.empty() && out.runs < max_runs) {
    const size_t chunk = (live.size() + n - 1) / n;
    bool reduced = false;
    for (size_t start = 0; start < live.size() && out.runs < max_runs; start += chunk) {
      std::vector<std::string> candidate = script;
      const size_t end = std::min(live.size(), start + chunk);
      for (size_t k = start; k < end; ++k) candidate[live[k]] = neutral;
      if (test(candidate, p)) {
        script = std::move(candidate);
        live.erase(live.begin() + start, live.begin() + end);
        n = std::max<size_t>(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= live.size()) break;
      n = std::min(live.size(), n * 2);
    }
  }
  // Leading rounds where every answer is neutral only delay the divergence:
  // drop whole rounds (so every answer stays with its player) while it holds.
  std::string error;
  const auto probe = config.game->new_game(p.seed, config.rules, error);
  const size_t players = probe ? static_cast<size_t>(probe->num_players()) : 1;
  size_t leading = 0;
  while (leading < script.size() && script[leading] == neutral) ++leading;
  for (size_t step = leading / players * players; step >= players && out.runs < max_runs;) {
    std::vector<std::string> candidate(script.begin() + step, script.end());
    if (test(candidate, p)) {
      script = std::move(candidate);
      leading -= step;
      step = leading / players * players;
    } else {
      step = step / 2 / players * players;
    }
  }
  // Answers after the (possibly earlier) divergence are irrelevant.
  script.resize(std::min<size_t>(script.size(), out.game.divergence_turn + 1));
  out.script = script;
  return out;
}

}  // namespace arbiter::harness
