// Explanation::ExplainStop (explanation.h): a bot the referee stopped
// though arbiter had answered it (arbiter.referee.load).
//
// A referee stops a bot whose answer comes after its time limit: it kills
// the bot, or closes its stdin, and plays on as if that answer had never
// come. arbiter answers as soon as a message reaches it, but on a busy
// machine the relay (the probe, arbiter, the probe again) may wait for a CPU
// long enough to miss the referee's limit. The message that follows then
// differs from the reference's, which played the answer. Such a divergence
// is explained when both hold: replayed with one bot's last answer as never
// having come, every message matches, and the referee really did stop that
// bot. The game then goes on so (it is still compared), and the stop is
// recorded as a divergence of kind "stopped" with the scheduler evidence;
// the command line confirms it by re-running the same answers and judges
// it (a note on a busy machine, never a rule failure unless it repeats).
//
// A stop may come before the bot's message reached arbiter at all: the
// relay missed the referee's limit with the message still on its way, and
// the referee stopped the bot and sent its next message to another player.
// arbiter had nothing to answer, so there is no answer to undo: the message
// comes where the reference expects the stopped seat's. It is explained
// when the referee did stop the bot of every seat the reference expected
// before the message's, and the message is what the rules send with those
// players doing nothing (ExplainUnseenStop); recorded and judged as any
// stop.
//
// A stop on the last answers of a game may show only in how the game ends
// (a player the answer would have saved falls, and the game is over): no
// message comes after it, and the referee's exit ends every bot, so that
// the stop cannot be told from the exit. Such an end is explained when the
// replay with that answer never having come ends exactly where the referee
// ended, and the bot is gone; the finding says the stop is unconfirmed, and
// is judged as any stop: a rule failure when the same answers repeat it.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/parse.h"
#include "referee/explanation.h"
#include "referee/reference_side.h"

namespace arbiter::harness {

namespace {

// The scheduler evidence of a stop, as words added to its message: how long
// arbiter waited for a CPU over `span`, and the machine's CPU pressure.
std::string EvidenceWords(const StopEvidence& evidence, const std::string& span) {
  std::string out;
  if (evidence.sched_valid) {
    char waited[32];
    std::snprintf(waited, sizeof waited, "%.1f", evidence.self_wait_ms);
    out += std::string("; arbiter waited ") + waited + " ms for a CPU " + span;
  }
  if (evidence.cpu_pressure >= 0) {
    char pressure[32];
    std::snprintf(pressure, sizeof pressure, "%.0f", evidence.cpu_pressure);
    out += std::string("; over the last 10 s some task waited for a CPU ") + pressure +
           " % of the time";
  }
  return out;
}

// The stop of `step`'s bot, on the evidence, said as the divergence `d` was.
void SayStopped(Divergence& d, const ReferenceSide::Step& step, const StopEvidence& evidence,
                bool at_end) {
  const std::string bot = "bot " + std::to_string(step.seat);
  d.kind = "stopped";
  d.field = bot + " on turn " + std::to_string(step.turn);
  d.expected = "its answer '" + EscapeBytes(step.text) + "' played";
  d.actual = "the referee played on without it and stopped " + bot;
  d.fields.clear();
  d.display = d.listing_only = false;
  d.clauses.insert(d.clauses.begin(), "arbiter.referee.load");
  d.message = "the referee played on as if " + bot + " had not answered on turn " +
              std::to_string(step.turn) + ", and stopped it, though arbiter answered as soon " +
              "as the message reached it";
  if (at_end) {
    d.actual = "the referee ended the game as if " + bot + " had been stopped";
    d.message = "the referee ended the game as if " + bot + " had not answered on turn " +
                std::to_string(step.turn) + ", though arbiter answered as soon as the " +
                "message reached it (no message came after that turn, and the referee's " +
                "exit ended every bot: that it stopped " + bot + " is the only reading " +
                "arbiter finds of this end, not one it saw)";
  }
  d.message += EvidenceWords(evidence, "from its answer before that message until this one");
}

// The stops of `stopped`, made before their messages
// reached arbiter, said as the divergence `d` at the message to `seat` was.
void SayUnseen(Divergence& d, int seat, const std::vector<BotStopped>& stopped) {
  std::string bots;
  for (size_t i = 0; i < stopped.size(); ++i)
    bots += (i == 0                    ? ""
             : i + 1 == stopped.size() ? " and "
                                       : ", ") +
            std::string("bot ") + std::to_string(stopped[i].seat) + " on turn " +
            std::to_string(stopped[i].turn);
  d.kind = "stopped";
  d.field = bots;
  d.expected = "its input relayed to arbiter and answered";
  d.actual = "the referee stopped it before its input reached arbiter";
  d.fields.clear();
  d.display = d.listing_only = false;
  d.clauses.insert(d.clauses.begin(), "arbiter.referee.load");
  d.message = "the referee stopped " + bots + " before its input reached arbiter (arbiter " +
              "never saw it, so had nothing to answer), and played on without it: its next " +
              "message went to player " + std::to_string(seat) + ", as the rules send it with " +
              (stopped.size() == 1 ? "that player" : "those players") + " doing nothing";
  d.message += EvidenceWords(stopped.front().evidence,
                             "from its answer before that bot's last message (or the game's "
                             "start) until this one");
}

}  // namespace

bool Explanation::ExplainUnseenStop(Divergence& d, int seat, const std::string& text) {
  ReferenceSide& side = side_;
  if (!enabled_ || !side.stop_probe_ || !side.ref_ || side.stand_in_ || side.partial_ || seat < 0 ||
      seat >= side.seats_ || side.stopped_[seat] || side.steps_.empty() ||
      side.steps_.back().kind != ReferenceSide::Step::kReceive)
    return false;
  // At the game's first message the reference was learnt from it, as if the
  // message were the first the rules send: arbiter's seeded start, with the
  // stopped players doing nothing, may show it instead.
  const bool first = side.steps_.size() == 1;
  const GameState& base = first && side.seeded_ ? *side.seeded_ : *side.ref_;
  // The seats the reference expects before the message's, each stopped.
  const bool may_wait = !side.result_.divergence;
  std::vector<bool> stopped = side.stopped_;
  std::vector<BotStopped> stops;
  std::unique_ptr<GameState> trial = base.Clone();
  const auto silent = [&] {
    return !trial->IsTerminal() &&
           (!trial->CurrentPlayerReceivesInput() || stopped[trial->current_player()]);
  };
  while (silent()) trial->ApplySilence();
  while (!trial->IsTerminal() && trial->current_player() != seat) {
    const int expected = trial->current_player();
    const auto evidence = side.stop_probe_(expected, may_wait, /*at_end=*/false);
    if (!evidence) return false;
    stops.push_back({expected, trial->turn(), *evidence});
    stopped[expected] = true;
    trial->ApplySilence();
    while (silent()) trial->ApplySilence();
  }
  if (stops.empty() || trial->IsTerminal()) return false;
  if (first && side.seeded_) {
    if (text != trial->InitText(seat) + trial->InputText(seat)) {
      const auto again = side.fuzzing_.compare(*trial, {}, text, seat);
      if (again && !again->listing_only) return false;
    }
  } else {
    const auto again = side.fuzzing_.compare(*trial, side.result_.history, text, seat);
    if (again && !again->listing_only) return false;
  }
  // The stops become the game's, before the message at hand.
  ReferenceSide::Step current = std::move(side.steps_.back());
  side.steps_.pop_back();
  if (first && side.seeded_) {  // the seeded start replaces the one learnt
    side.ref_ = std::move(side.seeded_);
    side.result_.scenario = side.fuzzing_.scenario_of(*side.ref_);
    side.result_.history.clear();
    side.result_.answers.clear();
    side.result_.inputs.clear();
  }
  for (const BotStopped& stop : stops) {
    side.AdvanceSilent();
    side.Stop(stop.seat, "");
    side.result_.stopped_by_referee.push_back(stop);
  }
  side.steps_.push_back(std::move(current));
  side.AdvanceSilent();
  SayUnseen(d, seat, stops);
  side.record_.Record(side.Located(Divergence(d), seat, text));
  return true;
}

bool Explanation::ExplainStop(Divergence& d, int seat, const std::string& text, bool at_end) {
  using Step = ReferenceSide::Step;
  ReferenceSide& side = side_;
  if (!enabled_ || !side.stop_probe_ || !side.ref_) return false;
  const std::vector<Step>& steps = side.steps_;
  // Each seat's last answer, the latest first, when the referee has sent
  // that seat nothing since: a stopped bot gets no more messages.
  std::vector<size_t> candidates;
  std::vector<bool> seen(side.seats_, false);
  for (size_t i = steps.size(); i-- > 0;) {
    const Step& step = steps[i];
    if (step.seat < 0 || step.seat >= side.seats_ || seen[step.seat]) continue;
    seen[step.seat] = true;
    if (step.kind == Step::kPlay && !side.stopped_[step.seat]) candidates.push_back(i);
  }
  // Only a bot the referee did stop: asked first, since a replay of the
  // game costs time while the referee waits for the answer to this message.
  // A stop still in flight is waited for, briefly, at the game's first
  // divergence only: a referee that differs on every message must not lose
  // that time on each.
  const bool may_wait = !side.result_.divergence && !at_end;
  std::vector<std::pair<size_t, StopEvidence>> stopped;
  for (const size_t at : candidates)
    if (auto evidence = side.stop_probe_(steps[at].seat, may_wait, at_end))
      stopped.emplace_back(at, *evidence);
  for (const auto& [at, evidence] : stopped) {
    RefereeGameResult replayed;
    ReferenceSide replay(*side.config_, side.plan_, replayed);
    replay.explanation_.Disable();
    if (!replay.Start()) return false;
    if (!ReplaySteps(replay, replayed, d, at_end, text, 0, at) || replay.stand_in_) continue;
    const Step step = steps[at];
    TakeReplay(replay, replayed);
    // The answers as sent, so that a re-run sends the same ones.
    RefereeGameResult& result = side.result_;
    for (size_t t = 0; t < result.history.size(); ++t)
      if (result.history[t].turn == step.turn && result.history[t].player == step.seat)
        result.answers[t] = step.text;
    result.stopped_by_referee.push_back({step.seat, step.turn, evidence});
    SayStopped(d, step, evidence, at_end);
    side.record_.Record(side.Located(Divergence(d), seat, text));
    return true;
  }
  return false;
}

}  // namespace arbiter::harness
