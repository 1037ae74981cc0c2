// FuzzRun (fuzz_run.h): plays the planned games and turns each result into
// findings, in plan order: the readings a game adopted, the referee's
// faults, and its divergences (fuzz_run_divergence.cc).
#include "runs/fuzz_run.h"

#include <algorithm>
#include <iostream>

#include "core/deviations.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "report/registers.h"
#include "report/rule_options.h"

namespace arbiter::harness {

FuzzRun::FuzzRun(const FuzzPlan& plan, report::RunReport rep, std::ostream& err,
                 FuzzEnvFactory make_env)
    : o_(plan.settings),
      plan_(plan),
      err_(err),
      rep_(std::move(rep)),
      make_env_(std::move(make_env)),
      run_rules_(plan.config.rules),
      shrink_config_(plan.config),
      deviations_(plan.prepared.game ? plan.prepared.game->deviations
                                     : std::span<const Deviation>()),
      progress_(plan.settings.quiet, err, "fuzz-referee",
                static_cast<long long>(plan.games.size())) {
  shrink_config_.told_apart = nullptr;  // a shrink's runs tell nothing apart
  const auto arbiter_reg = nlohmann::json::parse(report::RegisterJson("arbiter"));
  catalog_ = CatalogFromRegister(arbiter_reg);
  rep_.checks.clear();
  for (const auto& c : arbiter_reg["checks"]) rep_.checks.push_back(*catalog_.Find(c["id"]));
  for (const auto& c : plan.game_register["clauses"])
    rep_.checks.push_back({c["id"], c["id"], Severity::kFail, c["summary"]});
}

RefereeGameResult FuzzRun::PlayOne(EventLoop& loop, const RefereeFuzzConfig& config,
                                   const RefereeGamePlan& game) const {
  const std::unique_ptr<Env> env = make_env_(loop);
  return RunFuzzGame(*env, config, game);
}

bool FuzzRun::Play() {
  const auto play = [&](EventLoop& game_loop, size_t index) {
    return PlayOne(game_loop, plan_.config, plan_.games[index].second);
  };
  PlayGames(plan_.jobs, plan_.games.size(), play,
            [&](size_t index, RefereeGameResult r) { Consume(index, std::move(r)); });
  if (o_.replay_path.empty()) {
    const auto& names = plan_.prepared.game->referee_fuzzing->answer_families;
    for (size_t f = 0; f < names.size(); ++f)
      (families_played_ >> f & 1 ? rep_.families_tried : rep_.families_not_tried)
          .emplace_back(names[f]);
    RuleEdges();
  }
  if (!arbiter_error_.empty()) {
    progress_.Clear();
    err_ << "arbiter fuzz-referee: " << arbiter_error_ << "\n";
    return false;
  }
  rep_.interrupt_signal = InterruptSignal();
  const int mb = plan_.config.limits.memory_mb;
  rep_.memory_limits =
      mb > 0 ? "referee resident memory limit " + std::to_string(mb) + " MB (--referee-memory-mb)"
             : "no referee memory limit";
  progress_.Clear();
  return true;
}

// Each game's result, in plan order (harness/referee/game_pool.h).
void FuzzRun::Consume(size_t index, RefereeGameResult r) {
  const std::string& id = plan_.games[index].first;
  const RefereeGamePlan& plan = plan_.games[index].second;
  if (auto tick = progress_.Callback()) tick(id, 0);
  if (r.interrupted) {  // an abandoned game says nothing about the referee
    rep_.skipped.push_back(id);
    return;
  }
  if (plan.fuzz_after_script) families_played_ |= plan.swarm;
  told_apart_ |= r.told_apart;
  rep_.rule_edge_games += r.edges_measured ? 1 : 0;
  if (id == "replay") rep_.not_reproduced = NotReproduced(plan_.replay_doc, r);
  if (!o_.expect.empty() && std::none_of(r.faults.begin(), r.faults.end(),
                                         [&](const auto& f) { return f.check == o_.expect; }))
    rep_.not_reproduced = "the " + o_.expect + " it reproduces was not seen in " + id +
                          " this time (a referee that draws its own game may play another)";
  Found found;
  Shrunk shrunk;  // the shrunk reproducers' games, each with its finding
  ReadingFindings(id, plan, r, found);
  if (!FaultFindings(id, plan, r, found, shrunk)) return;
  DivergenceFindings(id, plan, r, found, shrunk);
  MatchResult played = MatchOf(id, plan, r);
  played.finished_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - run_start_)
                           .count();
  AddMatch(std::move(played), std::move(found));
  for (auto& [m, fs] : shrunk) AddMatch(std::move(m), std::move(fs));
  progress_.Finished(static_cast<int>(by_cause_.size()));
}

// arbiter.referee.edges: per clause of the catalogue, in its order, the
// deviations the games told apart from the rules and those none did.
void FuzzRun::RuleEdges() {
  const auto catalogue = plan_.prepared.game->deviations;
  // The deviations the user's rules say the referee has: not edges.
  const uint32_t given = DeviationBitsOf(catalogue, plan_.config.rules);
  for (size_t i = 0; i < catalogue.size() && i < 31; ++i) {
    if (HasDeviation(given, i)) continue;
    const std::string clause(catalogue[i].clause), name(catalogue[i].name);
    auto edge = std::find_if(rep_.rule_edges.begin(), rep_.rule_edges.end(),
                             [&](const auto& e) { return e.clause == clause; });
    if (edge == rep_.rule_edges.end()) edge = rep_.rule_edges.insert(edge, {clause, {}, {}});
    const bool told = HasDeviation(told_apart_, i);
    (told ? edge->told_apart : edge->not_told_apart).push_back(name);
    const auto out_of_play = plan_.prepared.game->deviation_out_of_play;
    if (!told && out_of_play) edge->out_of_play = out_of_play(catalogue[i], run_rules_);
  }
}

// The readings the game adopted: a note each, once, and the run's rules
// from now on (arbiter.referee.readings).
void FuzzRun::ReadingFindings(const std::string& id, const RefereeGamePlan& plan,
                              const RefereeGameResult& r, Found& found) {
  for (const ReadingFound& reading : r.readings) {
    const std::string rule = reading.reading.key + "=" + reading.reading.value;
    const std::string cause = "reading " + rule;
    std::string narrowed;  // the run's value of the option this one replaces
    const bool adopt = AdoptableForRun(rep_.readings, reading, narrowed);
    if (!narrowed.empty()) {
      if (Finding* before = Known("reading " + narrowed))
        before->advice = "narrowed later in the run to --rule " + rule +
                         ", which a game played under it showed (" + id + ")";
      std::erase(rep_.readings, narrowed);
    }
    // The game again under the run's readings before this one: it shows it.
    const std::string reproduce =
        o_.self + " fuzz-referee --game " + o_.game + SameReferee() + ThisGame(id);
    if (adopt &&
        std::find(rep_.readings.begin(), rep_.readings.end(), rule) == rep_.readings.end()) {
      Adopt(run_rules_, reading.reading);
      shrink_config_.rules = run_rules_;
      rep_.readings.push_back(rule);
    }
    const std::string advice =
        adopt ? "adopted for the rest of the run, so that a real bug behind it still shows; "
                "--strict-readings reports it as a failure instead"
              : "not adopted for the run, which had adopted another value of " +
                    reading.reading.key + " that this game was not played under";
    if (Finding* seen = Known(cause)) {
      ++seen->occurrences;
      if (adopt) seen->advice = advice;
      continue;
    }
    const Divergence& d = reading.divergence;
    // The register's severity; the clause is the one the reading is of.
    Finding f = NewFinding(catalog_, "referee.reading");
    f.clause = reading.reading.clause;
    f.match = id;
    f.seed = plan.seed;
    f.seat = reading.seat;
    f.turn = reading.turn;
    std::string meaning = reading.reading.meaning;
    while (!meaning.empty() && (meaning.back() == '.' || meaning.back() == ' ')) meaning.pop_back();
    f.message = "the referee follows another reading of " + reading.reading.clause + ": " +
                meaning + " (--rule " + rule + "); under the text's reading " + d.field +
                " was expected " + d.expected + " and the referee sent " + d.actual +
                ", and under this one every message of the game matches";
    if (d.kind == "variant-shown")  // arbiter.referee.variant
      f.message = "the referee plays " + reading.reading.key + " " + reading.reading.value +
                  ": its first message shows " + d.actual + " (--rule " + rule +
                  "); its games are played under it";
    f.advice = advice;
    f.reproduce = reproduce;
    found.emplace_back(cause, std::move(f));
  }
}

bool FuzzRun::FaultFindings(const std::string& id, const RefereeGamePlan& plan,
                            const RefereeGameResult& r, Found& found, Shrunk& shrunk) {
  for (const RefereeFault& fault : r.faults) {
    if (fault.check == "arbiter.error") {
      if (arbiter_error_.empty()) arbiter_error_ = fault.message;
      return false;
    }
    const std::string cause = fault.check;
    if (Finding* earlier = Seen(cause, found, shrunk)) {
      ++earlier->occurrences;
      // Every game the limit cut is named: its rules went unchecked (a
      // bounded list).
      if (cause == "referee.unfinished" && earlier->occurrences <= 20)
        earlier->message += "; also " + id + " at turn " + std::to_string(fault.turn);
      else if (cause == "referee.unfinished" && earlier->occurrences == 21)
        earlier->message += "; and more";
      continue;
    }
    Finding f = NewFinding(catalog_, fault.check);
    f.match = id;
    f.seed = plan.seed;
    f.turn = fault.turn;
    f.message = fault.message;
    f.stderr_tail = LastLines(r.referee_stderr, 10);
    f.received = EscapeBytes(r.referee_stdout.substr(0, 300));
    f.advice = r.referee_containment;  // arbiter.process.contained
    f.reproduce = o_.self + " fuzz-referee --game " + o_.game + SameReferee() + ThisGame(id);
    // A failure's command says what it reproduces: never a silent PASS.
    if (f.severity == Severity::kFail) f.reproduce += " --expect " + fault.check;
    found.emplace_back(cause, std::move(f));
  }
  return true;
}

Finding* FuzzRun::Known(const std::string& cause) {
  const auto it = by_cause_.find(cause);
  return it == by_cause_.end() ? nullptr
                               : &rep_.matches[it->second.first].findings[it->second.second];
}

Finding* FuzzRun::Seen(const std::string& cause, Found& found, Shrunk& shrunk) {
  if (Finding* f = Known(cause)) return f;
  for (auto& [c, f] : found)
    if (c == cause) return &f;
  for (auto& [m, fs] : shrunk)
    for (auto& [c, f] : fs)
      if (c == cause) return &f;
  return nullptr;
}

// Adds a match with its findings (each with its root cause) to the report.
void FuzzRun::AddMatch(MatchResult m, Found findings) {
  for (auto& [cause, f] : findings) {
    by_cause_[cause] = {rep_.matches.size(), m.findings.size()};
    f.cause = deviations_.ReportedCause(cause);  // what merge-reports counts it under
    m.findings.push_back(std::move(f));
  }
  if (o_.transcript) o_.transcript(rep_, m);
  rep_.Add(std::move(m));
}

// The referee, the protocol, everything that changes its games (timing,
// limits), and the rules, readings adopted so far included.
std::string FuzzRun::SameReferee() const {
  return o_.same_referee ? o_.same_referee(run_rules_) : std::string();
}

std::string FuzzRun::ThisGame(const std::string& id) const {
  if (!o_.replay_path.empty()) {
    std::string s = " --seed " + std::to_string(o_.seed) + " --replay " + QuoteArg(o_.replay_path);
    if (o_.late_turn >= 0) s += " --late-turn " + std::to_string(o_.late_turn);
    if (o_.kill_turn >= 0) s += " --kill-turn " + std::to_string(o_.kill_turn);
    if (o_.stall_turn >= 0) s += " --stall-turn " + std::to_string(o_.stall_turn);
    return s;
  }
  return " --seed " + std::to_string(o_.seed) + " --match " + id;
}

std::vector<RuleReading> Readings(std::string_view game) {
  std::vector<RuleReading> out;
  for (const report::RuleOption& o : report::RuleOptionsOf(game)) {
    if (o.value.empty() || o.value.find("..") != std::string::npos) continue;
    out.push_back({o.key, o.value, o.clause,
                   o.is_default ? "the text's reading, arbiter's default" : o.meaning,
                   o.is_default});
  }
  return out;
}

}  // namespace arbiter::harness
