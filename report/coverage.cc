// What a run exercised. check-bot (arbiter.check.coverage): per bot seat and
// rule variant, the bot's own turns, the deepest own turn one game reached
// against the game's limit, and the games that ran to their end with the bot
// still playing; the edge states the bot answered; and each variant's own
// verdict. A run whose plan left a seat without a game to its end says so on
// its verdict line: a PASS never claims more than was played. fuzz-referee
// (arbiter.referee.compared): the referee's turn messages compared with a
// reference that follows the game, per game; a run that compared none is
// inconclusive, never a PASS.
#include <algorithm>
#include <map>
#include <set>

#include "report/run_report.h"

namespace arbiter::report {

void AddSeatCoverage(std::vector<SeatCoverage>& seats, const SeatCoverage& add) {
  SeatCoverage* s = nullptr;
  for (SeatCoverage& x : seats) s = x.variant == add.variant && x.seat == add.seat ? &x : s;
  if (!s) s = &seats.emplace_back(SeatCoverage{add.variant, add.seat});
  s->own_turns += add.own_turns;
  s->own_turn_limit = std::max(s->own_turn_limit, add.own_turn_limit);
  s->deepest_own_turn = std::max(s->deepest_own_turn, add.deepest_own_turn);
  s->whole_games += add.whole_games;
  s->games_to_end += add.games_to_end;
}

void CountCompared(RefereeComparison& c, const harness::MatchResult& m) {
  ++c.games;
  c.messages += m.messages_compared;
  c.alone += m.messages_alone;
  c.chance_learnt += m.chance_learnt;
  if (m.messages_compared > 0) {
    ++c.games_compared;
  } else if (m.unknowable || m.messages_alone > 0) {
    ++c.games_alone;
  } else {
    ++c.games_blind;
  }
}

Coverage RunReport::CoverageOf() const {
  Coverage c;
  for (const auto& [variant, seat] : planned_seats) AddSeatCoverage(c.seats, {variant, seat});
  for (const SeatCoverage& f : folded.seats) AddSeatCoverage(c.seats, f);
  for (const harness::MatchResult& m : matches) {
    if (!m.shrunk_from.empty()) continue;
    if (m.kind == "edge") {
      ++c.edge_states;
      bool answered = false;
      for (const harness::SeatPlay& p : m.seat_plays) answered = answered || p.own_turns > 0;
      if (answered) {
        ++c.edge_states_reached;
      } else {
        c.edge_states_missed.push_back(m.id);
      }
    }
    for (const harness::SeatPlay& p : m.seat_plays)  // an edge state is no game from its start
      AddSeatCoverage(c.seats, {m.variant, p.seat, p.own_turns, m.kind != "edge" ? p.own_turns : 0,
                                p.own_turn_limit, m.kind == "whole", p.to_end});
  }
  std::string missing;
  int short_seats = 0;
  for (const SeatCoverage& s : c.seats) {
    if (s.games_to_end > 0) continue;
    if (++short_seats <= 4)
      missing += (missing.empty() ? "" : ", ") + std::string("seat ") + std::to_string(s.seat) +
                 (s.variant.empty() ? "" : " (" + s.variant + ")");
  }
  if (short_seats > 4) missing += " and " + std::to_string(short_seats - 4) + " more";
  if (short_seats > 0) {
    c.complete = false;
    c.shortfall = "the bot never played a game to its end in " + missing;
  }
  return c;
}

RefereeComparison RunReport::ComparisonOf() const {
  RefereeComparison c = folded.comparison;
  for (const harness::MatchResult& m : matches)
    if (m.shrunk_from.empty()) CountCompared(c, m);
  return c;
}

namespace {

// 18344 -> "18,344".
std::string Thousands(long long n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// fuzz-referee's words for the verdict line: a run that compared no turn
// message says so and why; one that left games uncompared says how many.
std::string ComparisonNote(const RefereeComparison& c) {
  if (c.games == 0) return "";
  const std::string why =
      c.games_alone > 0 && c.games_blind == 0
          ? std::string("arbiter could not learn what the referee drew (referee.unknowable)") +
                (c.alone > 0 ? ", so its messages were checked one by one only" : "")
      : c.games_alone > 0
          ? "no game got past what the referee drew (referee.unknowable) or its first message"
          : "no game got past the referee's first message";
  if (c.messages == 0) return "compared no turn message: " + why;
  const int uncompared = c.games - c.games_compared;
  if (uncompared == 0) return "";
  return std::to_string(uncompared) + " of " + std::to_string(c.games) + " games not compared (" +
         (c.games_blind == 0   ? "referee.unknowable"
          : c.games_alone == 0 ? "stopped at the referee's first message"
                               : "unknowable or stopped at the first message") +
         ")";
}

}  // namespace

std::string RunReport::CoverageNote() const {
  if (Engineless())
    return families_tried.empty() ? "no broken answer reached the referee: its games ended first"
                                  : "";
  if (tool == "fuzz-referee") return ComparisonNote(ComparisonOf());
  if (tool != "check-bot" || planned_seats.empty()) return "";
  const Coverage c = CoverageOf();
  return c.complete ? "" : "coverage short: " + c.shortfall;
}

std::vector<std::string> RunReport::CoverageLines() const {
  std::vector<std::string> lines;
  if (Engineless()) return lines;  // the answer families say what was tried
  if (tool == "fuzz-referee") {
    const RefereeComparison c = ComparisonOf();
    if (c.games == 0) return lines;
    std::string line = "compared " + Thousands(c.messages) + " turn messages in " +
                       Thousands(c.games_compared) + " of " + Thousands(c.games) + " games; " +
                       Thousands(c.games_alone) + " games unknowable";
    if (c.alone > 0) line += " (" + Thousands(c.alone) + " messages checked one by one)";
    if (c.chance_learnt > 0)
      line += "; " + Thousands(c.chance_learnt) + " outcomes of the referee's own draws learnt";
    if (c.games_blind > 0)
      line += "; " + Thousands(c.games_blind) + " games stopped at the first message";
    lines.push_back(line);
    return lines;
  }
  if (tool != "check-bot") return lines;
  const Coverage c = CoverageOf();
  std::string variant = "?";
  for (const SeatCoverage& s : c.seats) {
    if (s.variant != variant) {
      variant = s.variant;
      lines.push_back("coverage" + (variant.empty() ? "" : " " + variant) + ":");
    } else {
      lines.back() += ";";
    }
    std::string& line = lines.back();
    line += " seat " + std::to_string(s.seat) + " " + std::to_string(s.own_turns) +
            " turns, deepest " + std::to_string(s.deepest_own_turn);
    if (s.own_turn_limit > 0) line += " of " + std::to_string(s.own_turn_limit);
    line += ", " + std::to_string(s.games_to_end) + " game(s) to the end";
  }
  if (c.edge_states > 0) {
    std::string line = "edge states: " + std::to_string(c.edge_states_reached) + " of " +
                       std::to_string(c.edge_states) + " reached";
    for (size_t i = 0; i < c.edge_states_missed.size() && i < 5; ++i)
      line += (i == 0 ? " (not: " : ", ") + c.edge_states_missed[i];
    if (!c.edge_states_missed.empty()) line += c.edge_states_missed.size() > 5 ? ", ...)" : ")";
    lines.push_back(line);
  }
  return lines;
}

std::vector<VariantVerdict> RunReport::VariantVerdicts() const {
  std::vector<VariantVerdict> out;
  for (const harness::MatchResult& m : matches) {
    VariantVerdict* v = nullptr;
    for (VariantVerdict& x : out) v = x.variant == m.variant ? &x : v;
    if (!v) {
      out.push_back({m.variant, "pass", {}});
      v = &out.back();
    }
    for (const harness::Finding& f : m.findings) {
      if (f.severity != harness::Severity::kFail) continue;
      v->verdict = "fail";
      if (std::find(v->checks.begin(), v->checks.end(), f.check) == v->checks.end())
        v->checks.push_back(f.check);
    }
  }
  for (const std::string& variant : folded.variants) {
    bool seen = false;
    for (const VariantVerdict& x : out) seen = seen || x.variant == variant;
    if (!seen) out.push_back({variant, "pass", {}});
  }
  return out;
}

// arbiter.referee.edges: "rule edges: measured in 30 of 30 games, 12 of 14
// clauses exercised (...); never exercised: C (d1, d2); partly: C (d3 not);
// not in play (why): C"; or, when no game could be replayed, that they were
// not measured.
std::string RunReport::RuleEdgesText() const {
  if (rule_edges.empty()) return "";
  const int games = ComparisonOf().games;
  if (rule_edge_games == 0)
    return "rule edges: not measured (no game was followed to its end with every divergence "
           "explained, so none was replayed under the deviations)";
  size_t exercised = 0, in_play = 0;
  std::string never, partly;
  std::map<std::string, std::string> out;  // why -> the clauses it keeps out of play
  const auto join = [](const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  };
  for (const RuleEdge& e : rule_edges) {
    if (!e.out_of_play.empty() && e.told_apart.empty()) {
      std::string& clauses = out[e.out_of_play];
      clauses += (clauses.empty() ? "" : ", ") + e.clause;
      continue;
    }
    ++in_play;
    if (e.not_told_apart.empty()) {
      ++exercised;
    } else if (e.told_apart.empty()) {
      never += (never.empty() ? "" : "; ") + e.clause + " (" + join(e.not_told_apart) + ")";
    } else {
      partly += (partly.empty() ? "" : "; ") + e.clause + " (" + join(e.not_told_apart) + " not)";
    }
  }
  std::string text = "rule edges: measured in " + std::to_string(rule_edge_games) + " of " +
                     std::to_string(games) + " games, " + std::to_string(exercised) + " of " +
                     std::to_string(in_play) +
                     " clauses exercised (a game told each of their deviations apart from the "
                     "rules)";
  if (!never.empty()) text += "; never exercised: " + never;
  if (!partly.empty()) text += "; partly: " + partly;
  for (const auto& [why, clauses] : out) text += "; not in play (" + why + "): " + clauses;
  return text;
}

}  // namespace arbiter::report
