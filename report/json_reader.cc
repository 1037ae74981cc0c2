// Reading a JSON report (schema "arbiter-report/1", written by WriteJson)
// back into the event model, for `arbiter merge-reports`: every field the
// other writers need. The per-clause table is not read: the merge recomputes
// it from the checks (FillClausesFromChecks). A bot's latencies are read
// from its turns (each answered turn's elapsed time), which is what the
// writer summarised, or from "latencies" for a match kept as its summary.
#include <nlohmann/json.hpp>

#include "core/parse.h"
#include "report/run_report.h"
#include "report/spec_render.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

template <class T>
std::optional<T> Opt(const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  return j[key].get<T>();
}

harness::Finding FindingOf(const json& j) {
  harness::Finding f;
  f.check = JsonString(j, "check");
  f.clause = JsonString(j, "clause");
  f.severity = harness::SeverityFromName(JsonString(j, "severity"));
  f.match = JsonString(j, "match");
  f.seed = Opt<uint64_t>(j, "seed");
  f.seat = j.value("seat", -1);
  f.entrant = j.value("entrant", "");
  f.turn = Opt<int>(j, "turn").value_or(-1);
  f.elapsed_ms = Opt<double>(j, "elapsed_ms");
  f.limit_ms = Opt<int>(j, "limit_ms");
  f.message = JsonString(j, "message");
  f.received = JsonString(j, "received");
  f.input = JsonString(j, "input");
  f.input_file = JsonString(j, "input_file");
  f.stderr_tail = JsonString(j, "stderr_tail");
  f.advice = JsonString(j, "advice");
  f.reproduce = JsonString(j, "reproduce");
  f.occurrences = j.value("occurrences", 1);
  f.cause = JsonString(j, "cause");
  f.form = JsonString(j, "form");
  return f;
}

harness::MatchResult MatchOf(const json& j) {
  harness::MatchResult m;
  m.id = JsonString(j, "id");
  m.description = JsonString(j, "description");
  m.variant = JsonString(j, "variant");
  m.seed = Opt<uint64_t>(j, "seed");
  m.turns_played = j.value("turns_played", 0);
  m.game_over = j.value("game_over", false);
  m.winner = j.value("winner", -1);
  m.shrunk_from = Opt<std::string>(j, "shrunk_from").value_or("");
  m.interrupted = j.value("interrupted", false);
  m.kind = j.value("kind", std::string("game"));
  for (const auto& p : j.value("seat_plays", json::array()))
    m.seat_plays.push_back({p.value("seat", 0), p.value("own_turns", 0),
                            p.value("own_turn_limit", 0), p.value("to_end", false)});
  m.messages_compared = j.value("messages_compared", 0);
  m.messages_alone = j.value("messages_alone", 0);
  m.unknowable = j.value("unknowable", false);
  m.chance_learnt = j.value("chance_learnt", 0);
  m.finished_ms = j.value("finished_ms", int64_t{-1});
  m.initial_state = JsonString(j, "initial_state");
  for (const auto& u : j.value("usage", json::array()))
    m.usage.push_back({u.value("seat", 0),
                       static_cast<uint64_t>(u.value("peak_rss_mb", 0.0) * 1024.0 + 0.5),
                       u.value("cpu_ms", 0.0)});
  for (const auto& l : j.value("latencies", json::array()))
    if (l.is_number()) m.latencies_ms.push_back(l.get<double>());
  for (const auto& t : j.value("turns", json::array())) {
    harness::TurnRecord r;
    r.turn = t.value("turn", 0);
    r.player = t.value("player", 0);
    r.input = JsonString(t, "input");
    r.answer = UnescapeBytes(JsonString(t, "answer")).value_or(JsonString(t, "answer"));
    r.silent = t.value("silent", false);
    r.elapsed_ms = Opt<double>(t, "elapsed_ms");
    r.stderr_lines = JsonString(t, "stderr");
    if (r.elapsed_ms) m.latencies_ms.push_back(*r.elapsed_ms);
    for (const auto& e : t.value("events", json::array()))
      r.events.push_back({JsonString(e, "kind"), JsonString(e, "clause"), JsonString(e, "detail")});
    m.turns.push_back(std::move(r));
  }
  return m;
}

FoldedMatches FoldedOf(const json& j) {
  FoldedMatches f;
  f.matches = j.value("matches", 0);
  f.turns = j.value("turns", 0LL);
  f.bot_answers = j.value("bot_answers", 0LL);
  f.variants = j.value("variants", std::vector<std::string>());
  for (const auto& s : j.value("seats", json::array()))
    f.seats.push_back({JsonString(s, "variant"), s.value("seat", 0), s.value("own_turns", 0),
                       s.value("deepest_own_turn", 0), s.value("own_turn_limit", 0),
                       s.value("whole_games", 0), s.value("whole_games_to_end", 0)});
  const json c = j.value("comparison", json::object());
  f.comparison.games = c.value("games", 0);
  f.comparison.messages = c.value("messages", 0LL);
  f.comparison.alone = c.value("alone", 0LL);
  f.comparison.games_compared = c.value("games_compared", 0);
  f.comparison.games_alone = c.value("games_alone", 0);
  f.comparison.games_blind = c.value("games_blind", 0);
  f.comparison.chance_learnt = c.value("chance_learnt", 0LL);
  if (const auto u = j.find("usage"); u != j.end() && u->is_object()) {
    f.any_usage = true;
    f.peak_rss_kb = static_cast<uint64_t>(u->value("peak_rss_mb", 0.0) * 1024.0 + 0.5);
    f.cpu_ms = u->value("cpu_ms", 0.0);
  }
  const json l = j.value("latencies", json::object());
  for (const auto& v : l.value("sample", json::array()))
    if (v.is_number() && f.latencies.values.size() < LatencySample::kCap)
      f.latencies.values.push_back(v.get<double>());
  f.latencies.count =
      std::max(l.value("count", 0LL), static_cast<long long>(f.latencies.values.size()));
  f.latencies.max = l.value("max", 0.0);
  return f;
}

}  // namespace

std::optional<RunReport> ReadJson(const json& j, std::string& error) {
  if (!j.is_object() || JsonString(j, "schema") != kJsonSchema) {
    error = std::string("not an arbiter report (schema ") + kJsonSchema + ")";
    return std::nullopt;
  }
  try {
    RunReport r;
    r.tool = JsonString(j, "tool");
    r.game = JsonString(j, "game");
    r.profile = JsonString(j, "profile");
    const json limits = j.value("limits", json::object());
    if (!limits.is_object()) {
      error = "'limits' is not an object";
      return std::nullopt;
    }
    r.ready_ms = limits.value("ready_ms", 0);
    r.first_action_ms = limits.value("first_action_ms", 0);
    r.action_ms = limits.value("action_ms", 0);
    r.seed = Opt<uint64_t>(j, "seed");
    r.bot = j.value("bot", std::vector<std::string>());
    r.command = JsonString(j, "command");
    r.harness_error = JsonString(j, "harness_error");
    r.environment = j.value("environment", std::vector<std::string>());
    r.memory_limits = JsonString(j, "memory_limits");
    r.readings = j.value("readings_adopted", std::vector<std::string>());
    r.not_reproduced = JsonString(j, "not_reproduced");
    r.not_checked = JsonString(j, "not_checked");
    // A report written before the flag: only a run without an engine said
    // what it did not check.
    r.engineless = j.contains("engineless")
                       ? j["engineless"].is_boolean() && j["engineless"].get<bool>()
                       : !r.not_checked.empty();
    if (const auto c = j.find("calibration"); c != j.end() && c->is_object()) {
      Calibration cal;
      cal.samples = c->value("samples", 0);
      cal.median_ms = c->value("median_ms", 0.0);
      cal.p99_ms = c->value("p99_ms", 0.0);
      cal.max_ms = c->value("max_ms", 0.0);
      r.calibration = cal;
    }
    r.version = JsonString(j, "version");
    if (j.contains("answer_families")) {
      r.families_tried = j["answer_families"].value("tried", std::vector<std::string>());
      r.families_not_tried = j["answer_families"].value("not_tried", std::vector<std::string>());
    }
    r.rule_edge_games = j.value("rule_edges_games", 0);
    for (const auto& e : j.value("rule_edges", json::array()))
      r.rule_edges.push_back(
          {JsonString(e, "clause"), e.value("told_apart", std::vector<std::string>()),
           e.value("not_told_apart", std::vector<std::string>()), JsonString(e, "out_of_play")});
    for (const auto& c : j.value("checks", json::array()))
      r.checks.push_back({JsonString(c, "id"), JsonString(c, "clause"),
                          harness::SeverityFromName(JsonString(c, "severity")),
                          JsonString(c, "title")});
    r.skipped = j.value("skipped", std::vector<std::string>());
    if (const auto c = j.find("coverage"); c != j.end() && c->is_object())
      for (const auto& s : c->value("seats", json::array()))
        r.planned_seats.emplace_back(JsonString(s, "variant"), s.value("seat", 0));
    for (const auto& m : j.value("matches", json::array())) r.matches.push_back(MatchOf(m));
    if (const auto f = j.find("folded"); f != j.end() && f->is_object()) r.folded = FoldedOf(*f);
    // Findings are listed once, at the top; each goes back to its match.
    for (const auto& fj : j.value("findings", json::array())) {
      harness::Finding f = FindingOf(fj);
      harness::MatchResult* home = nullptr;
      for (auto& m : r.matches) home = m.id == f.match ? &m : home;
      if (!home) {
        error = "finding of match '" + f.match + "', which the report does not list";
        return std::nullopt;
      }
      home->findings.push_back(std::move(f));
    }
    const std::string by = JsonString(j, "interrupted_by");
    r.interrupt_signal = by == "SIGINT" ? 2 : by == "SIGTERM" ? 15 : by == "SIGHUP" ? 1 : 0;
    return r;
  } catch (const json::exception& e) {
    error = std::string("malformed report: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace arbiter::report
