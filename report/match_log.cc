// One match as a text log a person reads top to bottom (check-bot and play
// --log-dir, arbiter.report.match-log), as cg-brutaltester's -l and
// fastchess's engine logs give: the match, its result and findings, then
// every turn: who played, what the bot was sent ("> "), what it answered
// ("< ") and after how long, what it wrote to stderr ("! "), and the
// engine's events ("= ").
#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "core/parse.h"
#include "report/run_report.h"

namespace arbiter::report {
namespace {

void Prefixed(std::ostream& out, const std::string& text, const char* prefix) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out << prefix << line << "\n";
}

}  // namespace

void WriteMatchLog(const RunReport& r, const harness::MatchResult& m, std::ostream& out) {
  out << "arbiter " << r.tool << " " << r.game << ": " << m.id;
  if (!m.variant.empty()) out << " (" << m.variant << ")";
  out << "\n" << m.description << "\n";
  out << m.turns_played << " turns, "
      << (!m.game_over    ? std::string("not over")
          : m.winner >= 0 ? "won by player " + std::to_string(m.winner)
                          : std::string("a draw"))
      << "\n";
  std::vector<int> bots;
  for (const harness::SeatPlay& p : m.seat_plays) bots.push_back(p.seat);
  out << "bot seat(s):";
  for (int s : bots) out << " " << s;
  out << "\n";
  for (const harness::Finding& f : m.findings)
    out << SeverityLabel(f.severity) << " " << f.check << " [" << f.clause << "]"
        << (f.turn >= 0 ? " turn " + std::to_string(f.turn) : std::string()) << ": " << f.message
        << "\n";
  if (m.findings.empty()) out << "no finding\n";
  for (const harness::TurnRecord& t : m.turns) {
    const bool bot = std::find(bots.begin(), bots.end(), t.player) != bots.end();
    out << "\nturn " << t.turn << ", player " << t.player << (bot ? " (the bot)" : "");
    if (t.elapsed_ms) {
      char ms[32];
      std::snprintf(ms, sizeof ms, "%.3f", *t.elapsed_ms);
      out << ", answered after " << ms << " ms";
    }
    out << "\n";
    if (bot) Prefixed(out, t.input, "> ");
    if (t.silent) {
      out << "< (no answer)\n";
    } else {
      out << "< " << EscapeBytes(t.answer) << "\n";
    }
    Prefixed(out, t.stderr_lines, "! ");
    for (const Event& e : t.events)
      out << "= " << e.kind << " [" << e.clause << "] " << e.detail << "\n";
  }
}

}  // namespace arbiter::report
