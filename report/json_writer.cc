// The JSON report (schema "arbiter-report/1", documented in
// docs/report-schema.md): everything in the event model, for CI and tools.
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/parse.h"
#include "report/run_report.h"

namespace arbiter::report {
namespace {

using nlohmann::ordered_json;

ordered_json FindingJson(const harness::Finding& f) {
  ordered_json j;
  j["check"] = f.check;
  j["clause"] = f.clause;
  j["severity"] = harness::SeverityName(f.severity);
  j["match"] = f.match;
  j["seed"] = f.seed ? ordered_json(*f.seed) : ordered_json(nullptr);
  j["seat"] = f.seat;
  if (!f.entrant.empty()) j["entrant"] = f.entrant;
  j["turn"] = f.turn >= 0 ? ordered_json(f.turn) : ordered_json(nullptr);
  if (f.own_turn > 0) j["own_turn"] = f.own_turn;
  j["elapsed_ms"] = f.elapsed_ms ? ordered_json(*f.elapsed_ms) : ordered_json(nullptr);
  j["limit_ms"] = f.limit_ms ? ordered_json(*f.limit_ms) : ordered_json(nullptr);
  j["message"] = f.message;
  j["received"] = f.received;
  j["input"] = f.input;
  j["input_file"] = f.input_file;
  j["stderr_tail"] = f.stderr_tail;
  j["advice"] = f.advice;
  j["reproduce"] = f.reproduce;
  j["occurrences"] = f.occurrences;
  if (!f.cause.empty()) j["cause"] = f.cause;
  if (!f.form.empty()) j["form"] = f.form;
  return j;
}

ordered_json MatchJson(const harness::MatchResult& m, bool referee) {
  ordered_json j;
  j["id"] = m.id;
  j["description"] = m.description;
  j["variant"] = m.variant;
  j["seed"] = m.seed ? ordered_json(*m.seed) : ordered_json(nullptr);
  j["turns_played"] = m.turns_played;
  j["game_over"] = m.game_over;
  j["winner"] = m.winner;
  j["shrunk_from"] = m.shrunk_from.empty() ? ordered_json(nullptr) : ordered_json(m.shrunk_from);
  j["latency_ms"] = {{"count", m.latencies_ms.size()},
                     {"median", Percentile(m.latencies_ms, 50)},
                     {"p99", Percentile(m.latencies_ms, 99)},
                     {"max", Percentile(m.latencies_ms, 100)}};
  // A match kept as its summary (arbiter.report.bounded): its latencies
  // alone, which its turns would otherwise carry, so that merge-reports
  // counts and summarises them as the whole run did.
  if (m.turns.empty() && !m.latencies_ms.empty()) j["latencies"] = m.latencies_ms;
  ordered_json usage = ordered_json::array();
  for (const auto& u : m.usage)
    usage.push_back({{"seat", u.seat},
                     {"peak_rss_mb", static_cast<double>(u.peak_rss_kb) / 1024.0},
                     {"cpu_ms", u.cpu_ms}});
  j["usage"] = usage;
  j["interrupted"] = m.interrupted;
  j["kind"] = m.kind;
  ordered_json plays = ordered_json::array();
  for (const auto& p : m.seat_plays)
    plays.push_back({{"seat", p.seat},
                     {"own_turns", p.own_turns},
                     {"own_turn_limit", p.own_turn_limit},
                     {"to_end", p.to_end}});
  j["seat_plays"] = plays;
  if (referee) {  // fuzz-referee: what the game compared (arbiter.referee.compared)
    j["messages_compared"] = m.messages_compared;
    j["messages_alone"] = m.messages_alone;
    j["unknowable"] = m.unknowable;
    j["chance_learnt"] = m.chance_learnt;
    if (m.finished_ms >= 0) j["finished_ms"] = m.finished_ms;
  }
  j["initial_state"] = m.initial_state;
  ordered_json turns = ordered_json::array();
  for (const auto& t : m.turns) {
    ordered_json tj;
    tj["turn"] = t.turn;
    tj["player"] = t.player;
    tj["input"] = t.input;
    tj["answer"] = EscapeBytes(t.answer);  // bytes from a bot: escaped, always valid UTF-8
    tj["silent"] = t.silent;
    tj["elapsed_ms"] = t.elapsed_ms ? ordered_json(*t.elapsed_ms) : ordered_json(nullptr);
    ordered_json events = ordered_json::array();
    for (const auto& e : t.events)
      events.push_back({{"kind", e.kind}, {"clause", e.clause}, {"detail", e.detail}});
    tj["events"] = events;
    if (!t.stderr_lines.empty()) tj["stderr"] = t.stderr_lines;  // as stderr_tail: raw
    turns.push_back(tj);
  }
  j["turns"] = turns;
  return j;
}

// One coverage row (arbiter.check.coverage), in "coverage" and "folded".
ordered_json SeatJson(const SeatCoverage& s) {
  return {{"variant", s.variant},
          {"seat", s.seat},
          {"own_turns", s.own_turns},
          {"deepest_own_turn", s.deepest_own_turn},
          {"own_turn_limit", s.own_turn_limit},
          {"whole_games", s.whole_games},
          {"whole_games_to_end", s.games_to_end}};
}

// The passing matches summed up rather than listed (arbiter.report.bounded).
ordered_json FoldedJson(const FoldedMatches& f) {
  ordered_json seats = ordered_json::array();
  for (const SeatCoverage& s : f.seats) seats.push_back(SeatJson(s));
  const RefereeComparison& c = f.comparison;
  return {
      {"matches", f.matches},
      {"turns", f.turns},
      {"bot_answers", f.bot_answers},
      {"variants", f.variants},
      {"seats", seats},
      {"comparison",
       {{"games", c.games},
        {"messages", c.messages},
        {"alone", c.alone},
        {"games_compared", c.games_compared},
        {"games_alone", c.games_alone},
        {"games_blind", c.games_blind},
        {"chance_learnt", c.chance_learnt}}},
      {"usage", f.any_usage
                    ? ordered_json{{"peak_rss_mb", static_cast<double>(f.peak_rss_kb) / 1024.0},
                                   {"cpu_ms", f.cpu_ms}}
                    : ordered_json(nullptr)},
      {"latencies",
       {{"count", f.latencies.count}, {"max", f.latencies.max}, {"sample", f.latencies.values}}}};
}

}  // namespace

void WriteMatchJson(const RunReport& r, const harness::MatchResult& m, std::ostream& out) {
  out << MatchJson(m, r.tool == "fuzz-referee")
             .dump(1, ' ', false, ordered_json::error_handler_t::replace)
      << "\n";
}

namespace {

ordered_json CoverageJson(const RunReport& r) {
  const Coverage c = r.CoverageOf();
  ordered_json seats = ordered_json::array();
  for (const SeatCoverage& s : c.seats) seats.push_back(SeatJson(s));
  return {{"seats", seats},
          {"edge_states", c.edge_states},
          {"edge_states_reached", c.edge_states_reached},
          {"edge_states_missed", c.edge_states_missed},
          {"complete", c.complete},
          {"shortfall", c.shortfall}};
}

}  // namespace

void WriteJson(const RunReport& r, std::ostream& out) {
  ordered_json j;
  j["schema"] = kJsonSchema;
  j["tool"] = r.tool;
  j["version"] = kVersion;
  j["game"] = r.game;
  j["profile"] = r.profile;
  j["limits"] = {
      {"ready_ms", r.ready_ms}, {"first_action_ms", r.first_action_ms}, {"action_ms", r.action_ms}};
  j["seed"] = r.seed ? ordered_json(*r.seed) : ordered_json(nullptr);
  j["bot"] = r.bot;
  j["command"] = r.command;
  j["verdict"] = r.Verdict();
  j["harness_error"] = r.harness_error;
  j["interrupted_by"] =
      r.interrupt_signal ? ordered_json(r.InterruptName()) : ordered_json(nullptr);
  j["environment"] = r.environment;
  j["memory_limits"] = r.memory_limits;
  if (r.tool == "fuzz-referee") {
    j["engineless"] = r.engineless;
    j["readings_adopted"] = r.readings;
    j["answer_families"] = {{"tried", r.families_tried}, {"not_tried", r.families_not_tried}};
    j["rule_edges_games"] = r.rule_edge_games;
    j["rule_edges"] = ordered_json::array();
    for (const RunReport::RuleEdge& e : r.rule_edges)
      j["rule_edges"].push_back({{"clause", e.clause},
                                 {"told_apart", e.told_apart},
                                 {"not_told_apart", e.not_told_apart},
                                 {"out_of_play", e.out_of_play}});
    const RefereeComparison c = r.ComparisonOf();
    j["compared"] = {{"messages", c.messages},
                     {"messages_alone", c.alone},
                     {"games", c.games},
                     {"games_compared", c.games_compared},
                     {"games_unknowable", c.games_alone},
                     {"games_blind", c.games_blind},
                     {"chance_learnt", c.chance_learnt}};
    if (!r.not_reproduced.empty()) j["not_reproduced"] = r.not_reproduced;
  }
  if (!r.not_checked.empty()) j["not_checked"] = r.not_checked;
  j["counts"] = {{"fail", r.Count(harness::Severity::kFail)},
                 {"warn", r.Count(harness::Severity::kWarn)},
                 {"info", r.Count(harness::Severity::kInfo)},
                 {"fail_entries", r.Entries(harness::Severity::kFail)},
                 {"warn_entries", r.Entries(harness::Severity::kWarn)},
                 {"info_entries", r.Entries(harness::Severity::kInfo)},
                 {"bot_turns", r.BotTurns()},
                 {"bot_answers", r.BotAnswers()},
                 {"matches", r.Games()}};
  // play: the win/draw/loss table (arbiter.play.table).
  if (!r.standings.empty()) {
    ordered_json rows = ordered_json::array();
    const int games = static_cast<int>(r.Games());
    for (const RunReport::Standing& s : r.standings)
      rows.push_back({{"entrant", s.entrant},
                      {"won", s.won},
                      {"drawn", s.drawn},
                      {"lost", s.lost},
                      {"not_over", s.not_over},
                      {"win_rate", WinRateText(s.won, games)}});
    j["standings"] = std::move(rows);
  }
  if (r.tool == "check-bot") {
    j["coverage"] = CoverageJson(r);
    ordered_json verdicts = ordered_json::array();
    for (const VariantVerdict& v : r.VariantVerdicts())
      verdicts.push_back({{"variant", v.variant}, {"verdict", v.verdict}, {"checks", v.checks}});
    j["verdicts_by_variant"] = verdicts;
  }
  if (r.calibration) {
    j["calibration"] = {{"samples", r.calibration->samples},
                        {"median_ms", r.calibration->median_ms},
                        {"p99_ms", r.calibration->p99_ms},
                        {"max_ms", r.calibration->max_ms}};
  } else {
    j["calibration"] = nullptr;
  }
  ordered_json checks = ordered_json::array();
  for (const auto& c : r.checks) {
    int n = 0;
    for (const auto& m : r.matches)
      for (const auto& f : m.findings) n += harness::Belongs(f, c);
    checks.push_back({{"id", c.id},
                      {"clause", c.clause},
                      {"severity", harness::SeverityName(c.severity)},
                      {"title", c.title},
                      {"findings", n},
                      {"status", n == 0 ? "pass" : harness::SeverityName(c.severity)}});
  }
  j["checks"] = checks;
  ordered_json clauses = ordered_json::array();
  for (const auto& c : r.clauses) {
    ordered_json proofs = ordered_json::array();
    for (const auto& p : c.proofs)
      proofs.push_back(
          {{"name", p.name}, {"kind", p.kind}, {"status", p.status}, {"message", p.message}});
    clauses.push_back({{"id", c.id},
                       {"level", c.level},
                       {"section", c.section},
                       {"summary", c.summary},
                       {"en", c.en},
                       {"ja", c.ja},
                       {"decision", c.decision},
                       {"status", c.status},
                       {"proofs", proofs}});
  }
  j["clauses"] = clauses;
  j["results_files"] = r.results_files;
  ordered_json findings = ordered_json::array();
  for (const RunReport::FindingRef& ref : r.SortedFindings())  // failures first
    findings.push_back(FindingJson(r.matches[ref.match].findings[ref.index]));
  j["findings"] = findings;
  j["skipped"] = r.skipped;
  ordered_json matches = ordered_json::array();
  for (const auto& m : r.matches) matches.push_back(MatchJson(m, r.tool == "fuzz-referee"));
  j["matches"] = matches;
  if (r.tool != "spec") j["folded"] = FoldedJson(r.folded);
  out << j.dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
}

}  // namespace arbiter::report
