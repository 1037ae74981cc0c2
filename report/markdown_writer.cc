// The Markdown report, fit for a CI job summary (GitHub's
// $GITHUB_STEP_SUMMARY and the like): what was run and how (version, game,
// profile, seeds, command), the verdict, the per-clause table, then every
// finding with its evidence and the command that reproduces it. For `spec`,
// each clause's source sentences, decision and tests with their results.
#include <ostream>
#include <sstream>

#include "core/parse.h"
#include "report/run_report.h"

namespace arbiter::report {
namespace {

// Text inside a table cell: no line breaks, no column separators.
std::string Cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += "<br>";
    else if (c == '\r')
      continue;
    else
      out += c;
  }
  return out;
}

// A fenced block that the text cannot close early.
std::string Fence(const std::string& text) {
  std::string fence = "```";
  while (text.find(fence) != std::string::npos) fence += '`';
  return fence + "text\n" + text + (text.empty() || text.back() == '\n' ? "" : "\n") + fence + "\n";
}

const char* Mark(const std::string& status) {
  if (status == "pass") return "✅ pass";
  if (status == "fail") return "❌ fail";
  if (status == "warn") return "⚠️ warn";
  if (status == "uncovered") return "❓ uncovered";
  if (status == "skipped") return "⏭ skipped";
  return "➖ not run";
}

// What the run exercised (arbiter.check.coverage): a row per seat and
// variant, then the edge states, then each variant's verdict.
void Coverage(const RunReport& r, std::ostream& out) {
  const report::Coverage c = r.CoverageOf();
  if (c.seats.empty()) return;
  out << "## Coverage\n\n"
      << (c.complete ? "Every seat played a game to its end.\n\n"
                     : "**Coverage short:** " + Cell(c.shortfall) + ".\n\n");
  out << "| variant | seat | own turns | deepest own turn | games to the end | whole games |\n"
      << "| --- | --- | --- | --- | --- | --- |\n";
  for (const SeatCoverage& s : c.seats)
    out << "| " << (s.variant.empty() ? "-" : Cell(s.variant)) << " | " << s.seat << " | "
        << s.own_turns << " | " << s.deepest_own_turn
        << (s.own_turn_limit > 0 ? " of " + std::to_string(s.own_turn_limit) : "") << " | "
        << s.games_to_end << " | " << s.whole_games << " |\n";
  out << "\n";
  if (c.edge_states > 0)
    out << "Edge states: " << c.edge_states_reached << " of " << c.edge_states << " reached.\n\n";
  const std::vector<VariantVerdict> verdicts = r.VariantVerdicts();
  if (verdicts.size() < 2) return;
  out << "| variant | verdict | failing checks |\n| --- | --- | --- |\n";
  for (const VariantVerdict& v : verdicts) {
    std::string checks;
    for (const auto& id : v.checks) checks += (checks.empty() ? "`" : ", `") + id + "`";
    out << "| " << Cell(v.variant) << " | " << Mark(v.verdict) << " | " << checks << " |\n";
  }
  out << "\n";
}

std::string Verdict(const RunReport& r) {
  const std::string v = r.Verdict();
  const char* word = v == "interrupted"      ? "**INTERRUPTED**"
                     : v == "error"          ? "**ERROR**"
                     : v == "fail"           ? "**FAIL**"
                     : v == "pass"           ? "**PASS**"
                     : v == "inconclusive"   ? "**INCONCLUSIVE**"
                     : v == "not-reproduced" ? "**NOT REPRODUCED**"
                                             : "**NOT RUN**";
  std::string note = r.CoverageNote();
  if (!r.not_reproduced.empty()) note += (note.empty() ? "" : "; ") + r.not_reproduced;
  if (!r.not_checked.empty()) note += (note.empty() ? "" : "; ") + r.not_checked;
  return word + (": " + r.VerdictSummary()) + (note.empty() ? "" : " (" + Cell(note) + ")");
}

void Header(const RunReport& r, std::ostream& out) {
  out << "# arbiter " << r.tool << ": " << r.game << "\n\n" << Verdict(r) << "\n\n";
  out << "| | |\n| --- | --- |\n";
  out << "| arbiter | " << kVersion << " |\n| game | `" << r.game << "` |\n";
  if (r.tool != "spec") {
    out << "| profile | `" << r.profile << "`: " << r.LimitsText() << " |\n";
    out << "| seed | " << r.SeedsText() << " |\n";
    if (!r.bot.empty()) out << "| bot | `" << Cell(r.BotText()) << "` |\n";
    if (const std::string usage = r.UsageText(); !usage.empty())
      out << "| resources | " << usage
          << (r.memory_limits.empty() ? "" : " (" + Cell(r.memory_limits) + ")") << " |\n";
    if (!r.environment.empty()) {
      out << "| bot environment |";
      for (const auto& e : r.environment) out << " `" << Cell(e) << "`";
      out << " |\n";
    }
    if (!r.families_tried.empty() || !r.families_not_tried.empty()) {
      out << "| answer families tried |";
      for (const auto& f : r.families_tried) out << " " << Cell(f) << ";";
      if (!r.families_not_tried.empty()) {
        out << " not tried:";
        for (const auto& f : r.families_not_tried) out << " " << Cell(f) << ";";
      }
      out << " |\n";
    }
    if (r.tool == "fuzz-referee")
      for (const std::string& line : r.CoverageLines())
        out << "| compared | " << Cell(line) << " |\n";
    if (const std::string edges = r.RuleEdgesText(); !edges.empty())
      out << "| rule edges | " << Cell(edges.substr(edges.find(": ") + 2)) << " |\n";
    if (!r.readings.empty()) {
      out << "| referee's readings (adopted) |";
      for (const auto& reading : r.readings) out << " `--rule " << Cell(reading) << "`";
      out << " |\n";
    }
    if (r.interrupt_signal) out << "| interrupted | by " << r.InterruptName() << ": partial |\n";
    out << "| matches | " << r.Games() << " run";
    if (!r.skipped.empty())
      out << ", " << r.skipped.size()
          << (r.interrupt_signal ? " not run (interrupted)"
                                 : " not run (stopped at the first failing match)");
    out << " |\n";
  } else {
    out << "| profile | none (the register holds for every profile) |\n| seed | none |\n";
    std::string files;
    for (const auto& f : r.results_files) files += (files.empty() ? "`" : ", `") + Cell(f) + "`";
    out << "| results | " << (files.empty() ? "none given: every test is listed as not run" : files)
        << " |\n";
  }
  out << "| command | `" << Cell(r.command) << "` |\n\n";
  if (r.tool == "check-bot") Coverage(r, out);
}

void ClauseTable(const RunReport& r, std::ostream& out) {
  out << "## Clauses\n\n| clause | level | status | rule | "
      << (r.tool == "spec" ? "tests" : "checks") << " |\n| --- | --- | --- | --- | --- |\n";
  for (const auto& c : r.clauses) {
    std::string proofs;
    int failing = 0;
    for (const auto& p : c.proofs) failing += p.status == "fail";
    if (r.tool == "spec") {
      proofs = std::to_string(c.proofs.size()) +
               (failing ? " (" + std::to_string(failing) + " failing)" : "");
    } else {
      for (const auto& p : c.proofs) proofs += (proofs.empty() ? "`" : ", `") + p.name + "`";
    }
    out << "| `" << c.id << "` | " << c.level << " | " << Mark(c.status) << " | " << Cell(c.summary)
        << " | " << proofs << " |\n";
  }
  out << "\n";
}

void Findings(const RunReport& r, std::ostream& out) {
  int n = 0;
  for (const auto& m : r.matches) n += static_cast<int>(m.findings.size());
  if (n == 0) return;
  out << "## Findings\n\n";
  // Failures first; findings that say the same thing once, with where else.
  for (const RunReport::FindingGroup& g : r.GroupedFindings()) {
    const harness::Finding& f = r.matches[g.first.match].findings[g.first.index];
    out << "### " << SeverityLabel(f.severity) << ": `" << f.check << "` ("
        << "`" << f.clause << "`)\n\n"
        << f.message << "\n\n";
    out << "- match `" << f.match << "`";
    if (f.seed) out << ", seed " << *f.seed;
    if (f.seat >= 0) out << ", seat " << harness::SeatText(f);
    if (f.turn >= 0) out << ", turn " << f.turn;
    out << "\n";
    if (f.elapsed_ms) out << "- elapsed " << *f.elapsed_ms << " ms";
    if (f.limit_ms) out << (f.elapsed_ms ? ", " : "- ") << "limit " << *f.limit_ms << " ms";
    if (f.elapsed_ms || f.limit_ms) out << "\n";
    if (f.occurrences > 1) out << "- " << f.occurrences << " occurrences in this match\n";
    if (g.others > 0)
      out << "- " << RunReport::SameText(g, [](const std::string& id) { return "`" + id + "`"; })
          << "\n";
    if (!f.advice.empty()) out << "- fix: " << f.advice << "\n";
    out << "\n";
    const bool referee = f.check.rfind("referee.", 0) == 0;
    if (!f.received.empty())
      out << (referee ? "The referee sent (escaped):\n\n" : "Received (escaped):\n\n")
          << Fence(f.received) << "\n";
    if (!f.input.empty())
      out << (f.check == "referee.divergence" ? "The reference engine sends:\n\n"
              : referee                       ? "The input of that request:\n\n"
                                              : "The input of that turn:\n\n")
          << Fence(f.input) << "\n";
    if (!f.input_file.empty())
      out << "The whole input up to this turn (pipe it into the bot): `" << f.input_file << "`\n\n";
    if (!f.stderr_tail.empty()) out << "Last lines of stderr:\n\n" << Fence(f.stderr_tail) << "\n";
    out << "Reproduce:\n\n" << Fence(f.reproduce) << "\n";
  }
}

void SpecDetails(const RunReport& r, std::ostream& out) {
  out << "## Failing and uncovered clauses\n\n";
  bool any = false;
  for (const auto& c : r.clauses) {
    if (c.status != "fail" && c.status != "uncovered") continue;
    any = true;
    out << "### `" << c.id << "`: " << Mark(c.status) << "\n\n" << c.summary << "\n\n";
    if (c.proofs.empty()) out << "No test or check cites this clause.\n\n";
    for (const auto& p : c.proofs) {
      if (p.status != "fail") continue;
      out << "- `" << p.name << "` failed:\n\n" << Fence(p.message) << "\n";
    }
  }
  if (!any) out << "None.\n\n";
  out << "## Clause texts, decisions and proofs\n\n";
  for (const auto& c : r.clauses) {
    out << "### `" << c.id << "` (" << c.level << ", " << c.section << "): " << Mark(c.status)
        << "\n\n";
    out << c.summary << "\n\n- en: " << c.en << "\n";
    if (!c.ja.empty()) out << "- ja: " << c.ja << "\n";
    if (!c.decision.empty()) out << "- decision: " << c.decision << "\n";
    if (c.proofs.empty()) out << "- proofs: none (uncovered)\n";
    for (const auto& p : c.proofs)
      out << "- " << p.kind << " `" << p.name << "`: " << Mark(p.status) << "\n";
    out << "\n";
  }
}

}  // namespace

void WriteMarkdown(const RunReport& r, std::ostream& out) {
  Header(r, out);
  ClauseTable(r, out);
  if (r.tool == "spec") {
    SpecDetails(r, out);
  } else {
    Findings(r, out);
  }
}

}  // namespace arbiter::report
